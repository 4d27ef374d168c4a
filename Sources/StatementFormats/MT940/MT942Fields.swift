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
        var count: Int
        var sum: Money
    }

    static func total(_ bytes: UnsafeBufferPointer<UInt8>) -> Total? {
        let value = MT940Values.trimmed(bytes)
        var i = 0
        var count = 0
        while i < value.count, i < 5, value[i] >= 0x30 && value[i] <= 0x39 {
            count = count * 10 + Int(value[i] - 0x30)
            i += 1
        }
        guard i > 0, i + 3 <= value.count, let currency = CurrencyCode(bytes: value[i], value[i + 1], value[i + 2]) else { return nil }
        let (parsed, end) = MT940Values.amount(value, from: i + 3)
        guard var sum = parsed, end == value.count else { return nil }
        sum.currency = currency
        return Total(count: count, sum: sum)
    }
}
