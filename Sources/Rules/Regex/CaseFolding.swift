import FinanceCore

/// Simple case folding of single Unicode scalars: the comparison every rule condition makes.
///
/// ASCII folds arithmetically. Other scalars take their lower-case mapping when that mapping is one
/// scalar (É→é, Ä→ä, Σ→σ; İ, whose lower case is two scalars, stays as it is), plus the few scalars
/// whose Unicode simple case folding differs from their lower case (CaseFolding.txt status C/S), so that
/// a Greek export's "ΛΟΓΑΡΙΑΣΜΟΣ" equals a rule's "λογαριασμος" and a micro sign equals a Greek mu.
///
/// Scalars below U+2000 (Latin, Greek, Cyrillic, Armenian, Georgian… everything banks print in names)
/// are looked up in a table built once; the rest ask the standard library's Unicode properties.
enum CaseFolding {
    /// Scalars from U+0080 up to this bound are folded through `table`.
    static let tableEnd: UInt32 = 0x2000

    /// The highest scalar that changes under case folding (ADLAM CAPITAL LETTER SHA, Unicode 16).
    /// Folding the members of a character class range stops here.
    static let lastCasedScalar: UInt32 = 0x1E921

    /// The only non-ASCII scalars that fold to ASCII letters: KELVIN SIGN→k and LATIN SMALL LETTER
    /// LONG S→s. A text byte ≥ 0x80 can therefore still match a pattern's `k` or `s`.
    static let nonASCIIFoldingToASCII: [(scalar: UInt32, folded: UInt8)] = [(0x212A, 0x6B), (0x017F, 0x73)]

    /// Scalars whose simple case folding differs from their lower-case mapping (CaseFolding.txt).
    private static let foldingExceptions: [UInt32: UInt32] = [
        0x00B5: 0x03BC,  // MICRO SIGN → GREEK SMALL LETTER MU
        0x017F: 0x0073,  // LONG S → s
        0x0345: 0x03B9,  // COMBINING GREEK YPOGEGRAMMENI → iota
        0x03C2: 0x03C3,  // FINAL SIGMA → sigma
        0x03D0: 0x03B2, 0x03D1: 0x03B8, 0x03D5: 0x03C6, 0x03D6: 0x03C0,  // Greek symbol variants
        0x03F0: 0x03BA, 0x03F1: 0x03C1, 0x03F5: 0x03B5,
        0x1C80: 0x0432, 0x1C81: 0x0434, 0x1C82: 0x043E, 0x1C83: 0x0441,  // Cyrillic variant forms
        0x1C84: 0x0442, 0x1C85: 0x0442, 0x1C86: 0x044A, 0x1C87: 0x0463, 0x1C88: 0xA64B,
        0x1E9B: 0x1E61,  // LONG S WITH DOT ABOVE
        0x1FBE: 0x03B9,  // GREEK PROSGEGRAMMENI → iota
    ]

    /// `fold` for U+0080..<U+2000, indexed by `scalar - 0x80`.
    private static let table: [UInt32] = (UInt32(0x80)..<tableEnd).map(foldFromProperties)

    /// The folded form of `scalar` (a Unicode scalar value).
    @inline(__always)
    static func fold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return foldASCII(scalar) }
        if scalar < tableEnd { return table.withUnsafeBufferPointer { $0[Int(scalar &- 0x80)] } }
        return mayChange(scalar) ? foldFromProperties(scalar) : scalar
    }

    /// Whether `scalar` (≥ `tableEnd`) lies in a range that holds the scalars whose lower case or
    /// case folding differs from themselves (the standard library's Unicode data in Swift 6.3; gaps under 48 scalars merged): letterlike
    /// symbols and Roman numerals, circled letters, Glagolitic, Latin Extended-C and Coptic,
    /// Cyrillic Extended-B, Latin Extended-D, Cherokee small letters, ligatures, fullwidth Latin,
    /// Deseret, Osage, Vithkuqi, Old Hungarian, Garay, Warang Citi, Medefaidrin, Beria Erfe and
    /// Adlam. Every other scalar (CJK, symbols, U+FFFD from invalid UTF-8…) folds to itself without
    /// the standard library's property lookup, which costs a regex step about a hundred times
    /// more. A test checks the ranges against the standard library's properties for every scalar.
    @inline(__always)
    static func mayChange(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2126...0x2183, 0x24B6...0x24CF, 0x2C00...0x2C2F, 0x2C60...0x2CF2, 0xA640...0xA69A, 0xA722...0xA7F5,
            0xAB70...0xABBF, 0xFB00...0xFB17, 0xFF21...0xFF3A, 0x10400...0x10427, 0x104B0...0x104D3,
            0x10570...0x10595, 0x10C80...0x10CB2, 0x10D50...0x10D65, 0x118A0...0x118BF, 0x16E40...0x16E5F,
            0x16EA0...0x16EB8, 0x1E900...0x1E921:
            true
        default: false
        }
    }

    /// ASCII upper-case letters to lower case; every other value unchanged.
    @inline(__always)
    static func foldASCII(_ scalar: UInt32) -> UInt32 {
        scalar &- 0x41 < 26 ? scalar | 0x20 : scalar
    }

    @inline(never)  // see ScalarClassification.isSpaceFromProperties
    private static func foldFromProperties(_ value: UInt32) -> UInt32 {
        if let exception = foldingExceptions[value] { return exception }
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else { return value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        guard lower.count == 1, let only = lower.first else { return value }
        return foldingExceptions[only.value] ?? only.value
    }

    /// Appends the folded UTF-8 of `text` to `bytes`: the form `RuleRegex.requiredLiteral` is stated in.
    static func appendFolded(_ text: String, to bytes: inout [UInt8]) {
        text.withUTF8Bytes { utf8 in
            bytes.reserveCapacity(bytes.count + utf8.count)
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x80 {
                    bytes.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                    index += 1
                } else {
                    let (scalar, length) = UTF8Scalars.decodeMultibyte(utf8, at: index, lead: UInt32(byte))
                    appendUTF8(fold(scalar), to: &bytes)
                    index += length
                }
            }
        }
    }

    /// Appends the UTF-8 encoding of a valid scalar value.
    static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case ..<0x80:
            bytes.append(UInt8(truncatingIfNeeded: value))
        case ..<0x800:
            bytes.append(UInt8(truncatingIfNeeded: 0xC0 | value >> 6))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(truncatingIfNeeded: 0xE0 | value >> 12))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(truncatingIfNeeded: 0xF0 | value >> 18))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        }
    }
}
