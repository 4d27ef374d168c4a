/// Month names and abbreviations in the languages of the banks we read: English, German, French,
/// Spanish, Dutch and Italian. Keys are lower case with accents folded (`fevr`, `marz`, `aout`).
enum MonthNames {
    /// The month (1...12) a folded name stands for.
    static func month(_ folded: String) -> Int? {
        table[folded]
    }

    private static let table: [String: Int] = {
        let names: [[String]] = [
            ["jan", "january", "januar", "janner", "jaenner", "janv", "janvier", "ene", "enero", "januari", "gen", "gennaio"],
            ["feb", "february", "februar", "fev", "fevr", "fevrier", "febrero", "februari", "febbraio"],
            ["mar", "march", "marz", "maerz", "mrz", "mars", "marzo", "mrt", "maart"],
            ["apr", "april", "avr", "avril", "abr", "abril", "aprile"],
            ["may", "mai", "mayo", "mei", "mag", "maggio"],
            ["jun", "june", "juni", "juin", "junio", "giu", "giugno"],
            ["jul", "july", "juli", "juil", "juillet", "julio", "lug", "luglio"],
            ["aug", "august", "aout", "ago", "agosto", "augustus"],
            ["sep", "sept", "september", "septembre", "septiembre", "setiembre", "set", "settembre"],
            ["oct", "october", "okt", "oktober", "octobre", "octubre", "ott", "ottobre"],
            ["nov", "november", "novembre", "noviembre"],
            ["dec", "december", "dez", "dezember", "decembre", "dic", "diciembre", "dicembre"],
        ]
        var table: [String: Int] = [:]
        for (index, list) in names.enumerated() {
            for name in list { table[name] = index + 1 }
        }
        return table
    }()
}

/// Folding text for matching names: lower case, Latin accents removed, as ASCII.
enum TextFolding {
    /// Folds UTF-8 `bytes` to lower-case ASCII letters and digits; accented Latin letters lose
    /// their accent (`é` → `e`, `ß` → `ss`); with `umlautAsE`, `ä ö ü` become `ae oe ue`, the
    /// German transliteration. Anything else becomes a space; runs of spaces collapse and the
    /// result is trimmed.
    static func fold(_ text: String, umlautAsE: Bool = false) -> String {
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
        case 0x152, 0x153: return "oe"
        default: return nil
        }
    }
}
