/// Folding text for matching names: lower case, Latin accents removed, as ASCII; Cyrillic in
/// lower case.
enum TextFolding {
    /// Folds UTF-8 `bytes` to lower-case ASCII letters and digits; accented Latin letters lose
    /// their accent (`é` → `e`, `ß` → `ss`, `ř` → `r`, `ł` → `l`); with `umlautAsE`, `ä ö ü`
    /// become `ae oe ue`, the German transliteration. Cyrillic letters stay Cyrillic, in lower
    /// case (`ё` as `е`); kana, CJK ideographs, Hangul, Hebrew and Thai stay as they are, Arabic and
    /// Persian letters in one spelling of each (`arabicLetter`), their digits and Thai ones as ASCII
    /// digits.
    /// Anything else becomes a space; runs of spaces collapse and the result is trimmed.
    static func fold(_ text: String, umlautAsE: Bool = false) -> String {
        var text = text
        if let ascii = text.withUTF8(foldASCII) { return ascii }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var lastWasSpace = true
        func emit(_ s: String) {
            for b in s.utf8 { out.append(b) }
            lastWasSpace = false
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x30...0x39, 0x61...0x7A:
                out.append(UInt8(v)); lastWasSpace = false
            case 0x41...0x5A:
                out.append(UInt8(v + 32)); lastWasSpace = false
            case 0x400...0x45F, 0x490, 0x491:
                let lower = cyrillicLower(v)
                out.append(0xC0 | UInt8(lower >> 6))
                out.append(0x80 | UInt8(lower & 0x3F))
                lastWasSpace = false
            case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0x5D0...0x5EA, 0x5F0...0x5F2:
                // Kana, CJK ideographs, Hangul syllables and Hebrew letters, which have no case, stay
                // as they are (`交易日期`, `取引日`, `거래일자`, `תאריך`); a Hebrew header was all spaces.
                out.append(contentsOf: String(scalar).utf8)
                lastWasSpace = false
            case 0x300...0x36F:
                // A combining accent (text in decomposed form, `e` + U+0301): the letter before it
                // stands for both, as the composed `é` does.
                continue
            case 0x660...0x669, 0x6F0...0x6F9, 0xE50...0xE59:
                // Arabic-Indic, Persian and Thai digits are digits.
                out.append(UInt8(0x30 + (v & 0xF))); lastWasSpace = false
            case 0xE01...0xE4E:
                // Thai letters and their vowel and tone marks, which have no case, stay as they are.
                out.append(contentsOf: String(scalar).utf8)
                lastWasSpace = false
            case 0x621...0x65F, 0x66E...0x6D3:
                // Arabic and Persian letters stay, in one spelling: alef with hamza or madda as alef,
                // alef maqsura and Persian yeh as yeh, Persian kaf as kaf (`تاریخ` is `تاريخ`);
                // vowel marks and the tatweel are dropped, not spaces.
                if let letter = arabicLetter(v) {
                    out.append(0xC0 | UInt8(letter >> 6))
                    out.append(0x80 | UInt8(letter & 0x3F))
                    lastWasSpace = false
                }
            default:
                if let folded = foldLatin(v, umlautAsE: umlautAsE) {
                    emit(folded)
                } else if !lastWasSpace {
                    out.append(0x20); lastWasSpace = true
                }
            }
        }
        while out.last == 0x20 { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// An Arabic-script letter (U+0621–U+06D3) in the spelling headers are matched in, `nil` for a
    /// vowel mark or the tatweel.
    private static func arabicLetter(_ v: UInt32) -> UInt32? {
        switch v {
        case 0x622, 0x623, 0x625, 0x671: return 0x627
        case 0x649, 0x6CC: return 0x64A
        case 0x6A9: return 0x643
        case 0x640, 0x64B...0x65F, 0x670: return nil
        default: return v
        }
    }

    /// `fold` of text that is all ASCII (most names and headers), straight from its bytes; `nil`
    /// when a byte is not ASCII.
    private static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for byte in bytes where byte >= 0x80 { return nil }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            var count = 0
            var lastWasSpace = true
            for byte in bytes {
                switch byte {
                case 0x30...0x39, 0x61...0x7A:
                    out[count] = byte
                case 0x41...0x5A:
                    out[count] = byte | 0x20
                default:
                    if !lastWasSpace {
                        out[count] = 0x20
                        count += 1
                        lastWasSpace = true
                    }
                    continue
                }
                count += 1
                lastWasSpace = false
            }
            while count > 0 && out[count - 1] == 0x20 { count -= 1 }
            return count
        }
    }

    /// The lower-case form of a Cyrillic letter (U+0400–U+045F, Ґ ґ), `ё` read as `е`.
    private static func cyrillicLower(_ v: UInt32) -> UInt32 {
        switch v {
        case 0x401, 0x451: return 0x435
        case 0x400...0x40F: return v + 0x50
        case 0x410...0x42F: return v + 0x20
        case 0x490: return 0x491
        default: return v
        }
    }

    private static func foldLatin(_ v: UInt32, umlautAsE: Bool) -> String? {
        switch v {
        case 0xC0...0xC3, 0xC5, 0xE0...0xE3, 0xE5: return "a"
        case 0xC4, 0xE4: return umlautAsE ? "ae" : "a"
        case 0xC6, 0xE6: return "ae"
        case 0xC7, 0xE7: return "c"
        case 0xC8...0xCB, 0xE8...0xEB: return "e"
        case 0xCC...0xCF, 0xEC...0xEF: return "i"
        case 0xD1, 0xF1: return "n"
        case 0xD2...0xD5, 0xD8, 0xF2...0xF5, 0xF8: return "o"
        case 0xD6, 0xF6: return umlautAsE ? "oe" : "o"
        case 0xD9...0xDB, 0xF9...0xFB: return "u"
        case 0xDC, 0xFC: return umlautAsE ? "ue" : "u"
        case 0xDD, 0xFD, 0xFF: return "y"
        case 0xDF: return "ss"
        case 0x132, 0x133: return "ij"
        case 0x152, 0x153: return "oe"
        case 0x100...0x17F: return String(UnicodeScalar(latinExtendedA[Int(v - 0x100)]))
        case 0x218, 0x219: return "s"  // Romanian ș
        case 0x21A, 0x21B: return "t"  // Romanian ț
        case 0x1A0, 0x1A1: return "o"  // Vietnamese ơ
        case 0x1AF, 0x1B0: return "u"  // Vietnamese ư
        case 0x1EA0...0x1EF9: return String(UnicodeScalar(vietnamese[Int(v - 0x1EA0)]))
        default: return nil
        }
    }

    /// The base letter of each of U+1EA0–U+1EF9 (the Vietnamese letters of Latin Extended
    /// Additional, `Ạ ạ Ả ả Ấ ấ … Ỹ ỹ`), in order.
    private static let vietnamese: [UInt8] = Array(
        (String(repeating: "a", count: 24) + String(repeating: "e", count: 16) + String(repeating: "i", count: 4)
            + String(repeating: "o", count: 24) + String(repeating: "u", count: 14) + String(repeating: "y", count: 8)).utf8)

    /// The base letter of each of U+0100–U+017F (Latin Extended-A: the letters of Central
    /// European and Baltic languages, `Ā ā Ă ă Ą ą Ć ć …`), in order; ĳ and œ are handled apart.
    private static let latinExtendedA: [UInt8] = Array(
        ("aaaaaa" + "cccccccc" + "dddd" + "eeeeeeeeee" + "gggggggg" + "hhhh" + "iiiiiiiiii" + "??" + "jj" + "kkk"
            + "llllllllll" + "nnnnnnnnn" + "oooooo" + "??" + "rrrrrr" + "ssssssss" + "tttttt" + "uuuuuuuuuuuu" + "ww"
            + "yyy" + "zzzzzz" + "s").utf8)
}
