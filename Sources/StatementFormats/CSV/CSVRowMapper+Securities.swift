import FinanceCore

/// A broker's cash statement (`ColumnRole.quantity`, beside a column naming the security): a row
/// with a quantity traded a security, so its cash moved between the account's cash and its
/// holdings, both the user's: a transfer, never spending or income (`YOU BOUGHT … (AAPL)`
/// -1,500.00 is no purchase of goods). A row with a quantity and no cash (Schwab's `Journaled
/// Shares`, a split, an option's expiry) moved no money: skipped with a warning, not an error that
/// would stop a report of the whole file.
extension CSVRowMapper {
    static let sharesOnlyCode = "csv.lenient.shares-only-row"

    /// Whether the row's quantity cell holds a number other than zero.
    func tradesSecurity(_ record: borrowing CSVRecord) -> Bool {
        guard let column = columns.quantity, case .success(let parsed) = parseAmount(record, column) else { return false }
        return parsed.units != 0
    }

    /// Skips a row with a quantity and no cash, with a warning at its line; `--strict` refuses it.
    @inline(never)
    func holdSharesOnlyRow(_ record: borrowing CSVRecord) {
        guard let column = columns.quantity else { return }
        let leniency = Leniency(
            code: Self.sharesOnlyCode,
            "line \(record.line) moves \(record.string(column)) of a security (\(columnName(column))) and no cash: no transaction of the account's money; it was skipped",
            notes: ["journaled shares, splits and expiries change holdings only; --strict refuses such rows"],
            changesMeaning: true)
        holdBack(leniency, at: SourceLocation(file: file, line: record.line))
    }
}

extension CSVRowMapper {
    /// A date cell `07/15/2024 as of 07/12/2024` (Schwab: booked on the first, effective on the
    /// second): the first date, the one the account's cash moved on; `nil` for any other cell.
    func asOfDate(_ record: borrowing CSVRecord, _ column: Int) -> LocalDate? {
        let marker = Array(" as of ".utf8)
        let cell = record.withField(column) { Array(CSVRecord.trimmed($0)) }
        guard cell.count > marker.count else { return nil }
        var cut: Int?
        for start in 1...(cell.count - marker.count) where cell[start] == 0x20 {
            if (0..<marker.count).allSatisfy({ cell[start + $0] | (marker[$0] == 0x20 ? 0 : 0x20) == marker[$0] }) {
                cut = start
                break
            }
        }
        guard let cut else { return nil }
        return cell[..<cut].withUnsafeBufferPointer { dates.parse($0, format: dialect.dateFormat) }
    }
}
