/// An ISO 4217 alphabetic currency code such as `USD` or `EUR`.
///
/// Stored as three packed ASCII bytes so that copying an activity never touches the heap for it.
public struct CurrencyCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The three ASCII letters packed big-endian into the low 24 bits.
    public let packed: UInt32

    /// Creates a code from three ASCII letters (any case); `nil` for anything else.
    ///
    ///     CurrencyCode("eur")?.description == "EUR"
    public init?(_ text: some StringProtocol) {
        var bytes = text.utf8.makeIterator()
        guard let a = bytes.next(), let b = bytes.next(), let c = bytes.next(), bytes.next() == nil,
            let ua = CurrencyCode.upperLetter(a), let ub = CurrencyCode.upperLetter(b),
            let uc = CurrencyCode.upperLetter(c)
        else { return nil }
        packed = UInt32(ua) << 16 | UInt32(ub) << 8 | UInt32(uc)
    }

    /// Creates a code from three bytes of UTF-8 text; `nil` unless they are ASCII letters.
    public init?(bytes a: UInt8, _ b: UInt8, _ c: UInt8) {
        guard let ua = CurrencyCode.upperLetter(a), let ub = CurrencyCode.upperLetter(b),
            let uc = CurrencyCode.upperLetter(c)
        else { return nil }
        packed = UInt32(ua) << 16 | UInt32(ub) << 8 | UInt32(uc)
    }

    private static func upperLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - 32
        default: return nil
        }
    }

    /// The code's three letters, upper case.
    public var description: String {
        String(decoding: utf8, as: UTF8.self)
    }

    /// The code's three letters as UTF-8 bytes.
    public var utf8: [UInt8] {
        [UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8), UInt8(truncatingIfNeeded: packed)]
    }

    /// Digits after the decimal mark in the currency's minor unit (ISO 4217 list one): 2 for most,
    /// 0 for yen or won, 3 for the Gulf dinars.
    public var minorDigits: Int {
        CurrencyCode.minorDigitsByCode[packed] ?? 2
    }

    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool { lhs.packed < rhs.packed }

    /// Exceptions to the two-digit default, from ISO 4217 list one (minor unit column).
    private static let minorDigitsByCode: [UInt32: Int] = {
        let zero = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI",
                    "VND", "VUV", "XAF", "XOF", "XPF"]
        let three = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
        let four = ["CLF", "UYW"]
        var table: [UInt32: Int] = [:]
        for code in zero { table[CurrencyCode(code)!.packed] = 0 }
        for code in three { table[CurrencyCode(code)!.packed] = 3 }
        for code in four { table[CurrencyCode(code)!.packed] = 4 }
        return table
    }()
}
