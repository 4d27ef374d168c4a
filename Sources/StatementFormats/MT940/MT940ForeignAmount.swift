import FinanceCore

/// A payment in another currency as SWIFT's codewords state it, in a statement line's
/// supplementary details (`:61:` subfield 9, where the German banks' rules put it) or in its
/// narrative (`:86:`, free text, `?`-structured or slash-structured):
///
/// - `/OCMT/` the original ordered amount, currency first: `/OCMT/USD12,00/`;
/// - `/EXCH/` the exchange rate: `/EXCH/0,9225/`;
/// - `/CHGS/` the charges, `/CHGS/EUR0,25/`, which pfin does not keep.
///
/// SWIFT leaves the rate's direction to the bank: the amounts decide it (`RateOrientation`), and a
/// rate that fits neither way is dropped, with the amount kept.
struct MT940ForeignAmount: Equatable {
    var currency: CurrencyCode
    /// The original amount, unsigned.
    var magnitude: Money
    /// The rate as written, when there is one.
    var rate: Money?

    /// The codewords `bytes` holds, and the byte ranges they take (which a name leaves out).
    static func find(in bytes: UnsafeBufferPointer<UInt8>) -> (MT940ForeignAmount?, covered: [Range<Int>]) {
        var covered: [Range<Int>] = []
        var found: (CurrencyCode, Money)?
        var rate: Money?
        var i = 0
        while i + 6 <= bytes.count {
            guard bytes[i] == UInt8(ascii: "/"), bytes[i + 5] == UInt8(ascii: "/"), let word = Codeword(bytes, at: i + 1) else {
                i += 1
                continue
            }
            var j = i + 6
            switch word {
            case .originalAmount, .charges:
                guard j + 3 <= bytes.count, let currency = CurrencyCode(bytes: bytes[j], bytes[j + 1], bytes[j + 2]) else {
                    i += 1
                    continue
                }
                let (amount, end) = MT940Values.amount(bytes, from: j + 3)
                guard let amount else {
                    i += 1
                    continue
                }
                if word == .originalAmount && found == nil { found = (currency, amount) }
                j = end
            case .exchangeRate:
                let (value, end) = MT940Values.amount(bytes, from: j)
                guard let value else {
                    i += 1
                    continue
                }
                if rate == nil { rate = value }
                j = end
            }
            if j < bytes.count && bytes[j] == UInt8(ascii: "/") { j += 1 }
            covered.append(i..<j)
            i = j
        }
        return (found.map { MT940ForeignAmount(currency: $0.0, magnitude: $0.1, rate: rate) }, covered)
    }

    /// The original amount of a payment booked as `booked` (signed, in the account's currency);
    /// `nil` when the codewords name the account's own currency. `droppedRate` tells that a rate
    /// was stated that fits neither way (`RateOrientation`).
    func original(booked: Money) -> (OriginalAmount?, droppedRate: Bool) {
        guard currency != booked.currency else { return (nil, false) }
        let signed = booked.isNegative ? (magnitude.negated ?? magnitude) : magnitude
        guard let rate, rate.units > 0 else { return (OriginalAmount(currency: currency, amount: signed), false) }
        let oriented = RateOrientation.perOriginalUnit(rate, booked: booked, original: magnitude)
        return (OriginalAmount(currency: currency, amount: signed, rate: oriented), oriented == nil)
    }

    private enum Codeword {
        case originalAmount, charges, exchangeRate

        init?(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) {
            let word = UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
            switch word {
            case 0x4F43_4D54: self = .originalAmount  // OCMT
            case 0x4348_4753: self = .charges  // CHGS
            case 0x4558_4348: self = .exchangeRate  // EXCH
            default: return nil
            }
        }
    }
}
