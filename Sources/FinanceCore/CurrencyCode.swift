/// An ISO 4217 alphabetic currency code such as `USD` or `EUR`.
///
/// Stored as three packed ASCII bytes so that copying an activity never touches the heap for it.
public struct CurrencyCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The three ASCII letters packed big-endian into the low 24 bits.
    public let packed: UInt32

    /// Creates a code from three ASCII letters (any case); `nil` for anything else.
    ///
    ///     CurrencyCode("eur")?.description == "EUR"
    ///
    /// Inlinable so that callers get it specialized for their string type: unspecialized, every
    /// byte went through the generic iterator, a thousand instructions for three letters.
    @inlinable
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

    @usableFromInline
    static func upperLetter(_ byte: UInt8) -> UInt8? {
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
    ///
    /// A switch on the packed letters rather than a dictionary: writers and ids ask for every
    /// amount, and hashing the key cost more than the rest of rendering the amount.
    public var minorDigits: Int {
        switch packed {
        // BIF, CLP, DJF, GNF, ISK, JPY, KMF, KRW, PYG, RWF, UGX, UYI, VND, VUV, XAF, XOF, XPF
        case 0x424946, 0x434C50, 0x444A46, 0x474E46, 0x49534B, 0x4A5059, 0x4B4D46, 0x4B5257, 0x505947,
            0x525746, 0x554758, 0x555949, 0x564E44, 0x565556, 0x584146, 0x584F46, 0x585046:
            return 0
        // BHD, IQD, JOD, KWD, LYD, OMR, TND
        case 0x424844, 0x495144, 0x4A4F44, 0x4B5744, 0x4C5944, 0x4F4D52, 0x544E44:
            return 3
        // CLF, UYW
        case 0x434C46, 0x555957:
            return 4
        default:
            return 2
        }
    }

    /// The current code a bank means by this one, when banks still write a withdrawn code for
    /// today's currency: `RUR` (the rouble before its 1998 redenomination) for `RUB`, as Russian
    /// banks' exports do (Alfa-Bank's `Валюта`, VTB's `Валюта счета`); `RMB` (renminbi, no ISO code
    /// at all) for `CNY`, as Chinese banks write it (China Merchants Bank's `币种`). `nil` for any
    /// other code.
    public var bankSynonym: CurrencyCode? {
        switch packed {
        case 0x525552: return CurrencyCode(bytes: 0x52, 0x55, 0x42)  // RUR → RUB
        case 0x524D42: return CurrencyCode(bytes: 0x43, 0x4E, 0x59)  // RMB → CNY
        default: return nil
        }
    }

    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool { lhs.packed < rhs.packed }
}
