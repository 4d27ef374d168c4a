import FinanceCore

/// A balance field, `:60F:`, `:60M:`, `:62F:` or `:62M:` (SWIFT MT940 fields 60a and 62a):
///
///     1!a6!n3!a15d      D/C mark, date YYMMDD, currency, amount
///
/// such as `C231229EUR1234,56`.
struct MT940Balance {
    var amount: Money
    var date: LocalDate
    /// Where the date stands in the field's value when it is past the end of its month (read
    /// as the month's last day, see `MT940Values.date`).
    var clampedDateOffset: Int?

    /// What is wrong with a balance, and where in its value (0-based byte offset).
    struct Problem: Error, Equatable {
        enum Kind: Equatable {
            case mark
            case date
            case currency
            case amount
        }

        var kind: Kind
        var offset: Int
        var text: String
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<MT940Balance, Problem> {
        let value = MT940Values.trimmed(bytes)
        // Columns count from the field's start, leading spaces included.
        var lead = 0
        if let start = value.baseAddress, let outer = bytes.baseAddress { lead = start - outer }
        func problem(_ kind: Problem.Kind, _ from: Int, _ length: Int) -> Result<MT940Balance, Problem> {
            let end = min(value.count, from + length)
            let text = from < end ? String(decoding: UnsafeBufferPointer(rebasing: value[from..<end]), as: UTF8.self) : ""
            return .failure(Problem(kind: kind, offset: lead + from, text: text))
        }
        guard let mark = value.first, mark == UInt8(ascii: "C") || mark == UInt8(ascii: "D") else { return problem(.mark, 0, 1) }
        var clamped = false
        guard let date = MT940Values.date(value, at: 1, clamped: &clamped) else { return problem(.date, 1, 6) }
        guard value.count >= 10, let currency = CurrencyCode(bytes: value[7], value[8], value[9]) else { return problem(.currency, 7, 3) }
        let (parsed, end) = MT940Values.amount(value, from: 10)
        guard var amount = parsed, end == value.count else { return problem(.amount, 10, value.count - 10) }
        if mark == UInt8(ascii: "D") { amount.units = -amount.units }
        amount.currency = currency
        return .success(MT940Balance(amount: amount, date: date, clampedDateOffset: clamped ? lead + 1 : nil))
    }
}
