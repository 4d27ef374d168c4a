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
    /// The balance wrote no currency (`C020315105000,00`) and took `fallbackCurrency`.
    var currencyAssumed = false
    /// The balance wrote `EURO` for EUR (`C221004EURO0,00`: LBBW).
    var currencyWrittenOut = false

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

    /// - Parameter fallbackCurrency: the currency of a balance that writes none, the amount right
    ///   after the date (`:62F:C02032495000,00`: old German statements in DEM, whose opening
    ///   balance names it); without one, such a balance is a currency problem.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, fallbackCurrency: CurrencyCode? = nil) -> Result<MT940Balance, Problem> {
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
        var currency = value.count >= 10 ? CurrencyCode(bytes: value[7], value[8], value[9]) : nil
        var amountStart = 10
        if currency == nil, let fallbackCurrency, value.count > 7, value[7] >= 0x30 && value[7] <= 0x39 {
            currency = fallbackCurrency
            amountStart = 7
        }
        guard let currency else { return problem(.currency, 7, 3) }
        // LBBW writes `EURO`: the `O` cannot start an amount, so nothing else reads so.
        let writtenOut =
            amountStart == 10 && value.count > 11 && value[10] == UInt8(ascii: "O") && value[11] >= 0x30 && value[11] <= 0x39
            && currency.description == "EUR"
        if writtenOut { amountStart = 11 }
        let (parsed, end) = MT940Values.amount(value, from: amountStart)
        guard var amount = parsed, end == value.count else { return problem(.amount, amountStart, value.count - amountStart) }
        if mark == UInt8(ascii: "D") { amount.units = -amount.units }
        amount.currency = currency
        return .success(
            MT940Balance(
                amount: amount, date: date, clampedDateOffset: clamped ? lead + 1 : nil, currencyAssumed: amountStart == 7,
                currencyWrittenOut: writtenOut))
    }
}
