import FinanceCore

/// The fields of an MT942 interim transaction report that an MT940 statement does not have and
/// pfin reads (SWIFT MT942): the report has no balances, so its currency comes from the floor
/// limit, and its totals check its statement lines as balances check a statement's.
enum MT942Fields {
    /// The currency of a `:34F:` floor limit indicator, `3!a[1!a]15d` (`EURD0,`, `EUR0,`).
    static func floorLimitCurrency(_ bytes: UnsafeBufferPointer<UInt8>) -> CurrencyCode? {
        let value = MT940Values.trimmed(bytes)
        guard value.count >= 3 else { return nil }
        return CurrencyCode(bytes: value[0], value[1], value[2])
    }

    /// A `:90D:` or `:90C:` total, `5n3!a15d`: the number of debit (credit) entries and their sum,
    /// unsigned (`2EUR115,50`).
    struct Total: Equatable {
        /// `nil` when the bank left the number out (`EUR,00`).
        var count: Int?
        var sum: Money
        /// Written as some German banks' MT942 do (a GAD bank's `1EUR,02`, `EUR,00`): no number
        /// of entries, or no digit before the decimal comma.
        var isLenient = false
    }

    static func total(_ bytes: UnsafeBufferPointer<UInt8>) -> Total? {
        let value = MT940Values.trimmed(bytes)
        var i = 0
        var count = 0
        while i < value.count, i < 5, value[i] >= 0x30 && value[i] <= 0x39 {
            count = count * 10 + Int(value[i] - 0x30)
            i += 1
        }
        guard i + 3 <= value.count, let currency = CurrencyCode(bytes: value[i], value[i + 1], value[i + 2]) else { return nil }
        var (parsed, end) = MT940Values.amount(value, from: i + 3)
        var bareComma = false
        if parsed == nil, i + 4 < value.count, value[i + 3] == UInt8(ascii: ",") {
            // `,02`: the zero before the comma left out.
            let rest = [UInt8(ascii: "0")] + value[(i + 3)...]
            (parsed, end) = rest.withUnsafeBufferPointer { MT940Values.amount($0, from: 0) }
            end += i + 2
            bareComma = true
        }
        guard var sum = parsed, end == value.count else { return nil }
        sum.currency = currency
        return Total(count: i > 0 ? count : nil, sum: sum, isLenient: i == 0 || bareComma)
    }
}
