/// What `\w`, `\s` and `\d` mean for one Unicode scalar.
///
/// - `\d`: ASCII digits `0-9` only (bank amounts and references are ASCII; a rule that wants other
///   scripts' digits can list them in a class).
/// - `\w`: ASCII letters, digits and `_`, plus every scalar ≥ U+0080 that is Alphabetic, a Mark, a
///   Decimal_Number or Connector_Punctuation, or ZWNJ/ZWJ — ICU's definition, so "Müller", "Zoë" (even
///   with a combining diaeresis) and "東京" are single words.
/// - `\s`: Unicode White_Space: ASCII space, tab, LF, VT, FF, CR, and also NEL, NO-BREAK SPACE and the
///   narrow no-break space French banks put in amounts.
enum ScalarClassification {
    /// `isWord` for U+0080..<`CaseFolding.tableEnd`, built once.
    private static let wordTable: [Bool] = (UInt32(0x80)..<CaseFolding.tableEnd).map(isWordFromProperties)

    /// `isWord` for the rest of the Basic Multilingual Plane, one bit per scalar (8 KB), built on
    /// first use (about 3 ms): CJK, Hangul, U+FFFD from invalid UTF-8… then cost a regex step a
    /// load, not a property lookup a hundred times dearer.
    private static let planeZeroWordBits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        for value in CaseFolding.tableEnd..<0x10000 where isWordFromProperties(value) {
            bits[Int(value >> 6)] |= 1 << UInt64(value & 63)
        }
        return bits
    }()

    @inline(__always)
    static func isDigit(_ scalar: UInt32) -> Bool {
        scalar &- 0x30 < 10
    }

    @inline(__always)
    static func isWord(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return scalar &- 0x30 < 10 || (scalar | 0x20) &- 0x61 < 26 || scalar == 0x5F
        }
        if scalar < CaseFolding.tableEnd {
            return wordTable.withUnsafeBufferPointer { $0[Int(scalar &- 0x80)] }
        }
        if scalar < 0x10000 {
            return planeZeroWordBits.withUnsafeBufferPointer { $0[Int(scalar >> 6)] } & (1 << UInt64(scalar & 63)) != 0
        }
        return isWordFromProperties(scalar)
    }

    /// White_Space is a fixed list (PropList.txt; unchanged since Unicode 6.3, and a test compares
    /// it with the standard library's property for every scalar): a comparison, not a property
    /// lookup, which would cost a regex step a hundred times more.
    @inline(__always)
    static func isSpace(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar == 0x20 || scalar &- 0x09 < 5 }
        switch scalar {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    // The property lookups stay out of line: `Unicode.Scalar.Properties` has no size known at compile
    // time, and inlined into the matcher it costs a stack allocation on every call.

    @inline(never)
    private static func isWordFromProperties(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        if value == 0x200C || value == 0x200D { return true }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }
}
