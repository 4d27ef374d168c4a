import FinanceCore

/// Bills not paid yet (`ColumnRole.unpaid`). Cashew lists its upcoming bills and subscriptions
/// among the transactions, with what is owed in `amount unpaid` and the `amount` cell empty
/// (`HDFC Bank,,-299,INR,YouTube Premium,…`): no money moved, so the row is no transaction, and
/// it is skipped (`unpaid`) with one warning per file naming the lines.
extension CSVRowMapper {
    static let unpaidCode = "csv.lenient.unpaid-rows"

    /// Whether the row has no amount and an amount still owed.
    func isUnpaid(_ record: borrowing CSVRecord, _ unpaid: Int) -> Bool {
        guard let amount = columns.amount, amount < record.count, unpaid < record.count else { return false }
        return record.withField(amount) { CSVRecord.trimmed($0).isEmpty } && !record.withField(unpaid) { CSVRecord.trimmed($0).isEmpty }
    }

    /// Skips a bill not paid yet, noting its line for the warning; `false`, as it is no transaction.
    func skipUnpaid(_ record: borrowing CSVRecord, into sink: inout some ActivitySink) throws -> Bool {
        unpaidLines.note(record.line)
        try sink.skipped(SkippedLines(.unpaid, file: file, line: record.line))
        return false
    }

    /// The one warning for the bills not paid yet that were skipped.
    func unpaidWarning() -> Diagnostic? {
        let one = unpaidLines.count == 1
        return unpaidLines.warning(
            Self.unpaidCode, file: file,
            {
                "\($0) \(one ? "is a bill" : "are bills") not paid yet (an amount unpaid, no amount): "
                    + "no money moved, so \(one ? "it was" : "they were") skipped"
            },
            note: "once paid, the app writes the amount and the row is read")
    }
}
