import FinanceCore

/// Rows that move no money of the statement: those whose direction cell says they are neither
/// money in nor money out (`DirectionWords.isNeutral`: Alipay's `不计收支`, WeChat Pay's `/`), and
/// those with their amount cells empty under a stated balance (M-Pesa's `Charge` line of a free
/// payment, Degiro's notice of a cash sweep).
extension CSVRowMapper {
    static let neutralRowCode = "csv.neutral-row"
    static let noAmountRowCode = "csv.lenient.no-amount-row"

    /// Whether a row with both its debit and its credit cell empty states a balance: whatever it
    /// moved is then in the balance, which the next row's and `pfin reconcile` check.
    func statesBalanceOnly(_ record: borrowing CSVRecord) -> Bool {
        guard let column = columns.balance, column < record.count, case .success = parseBalance(record, column) else { return false }
        return true
    }

    /// Skips a row with its amount cells empty and a balance stated (M-Pesa writes a `Charge`
    /// line of 0.00 under a free payment; Degiro a notice of money swept from its cash account,
    /// the amount only in the text), with a warning at its line; `--strict` refuses it.
    @inline(never)
    func holdNoAmountRow(_ record: borrowing CSVRecord) {
        let columnsNamed = [columns.amount, columns.debit, columns.credit].compactMap { $0 }.map { columnName($0) }.joined(separator: " and ")
        let leniency = Leniency(
            code: Self.noAmountRowCode,
            "line \(record.line) has nothing in \(columnsNamed) and states a balance: a row of 0.00 (a notice or a free charge), no transaction; it was skipped",
            notes: ["its balance is checked with the others by 'pfin reconcile'; --strict refuses such rows"],
            changesMeaning: true)
        holdBack(leniency, at: SourceLocation(file: file, line: record.line))
    }

    /// Skips a row its bill counts in neither income nor spending, with a warning at its line;
    /// `false`. The bill writes its amount unsigned and states no way for it, so a transaction
    /// of it could only guess the sign: the money moved among the user's own funds (a top-up, a
    /// withdrawal to a card, a fund move, a card repayment, a refund to a card), and the other
    /// side's statement (the card's, the bank's) holds it with its sign. `--strict` refuses it.
    @inline(never)
    func holdNeutralRow(_ record: borrowing CSVRecord, column: Int) -> Bool {
        let at = record.location(ofField: column)
        let leniency = Leniency(
            code: Self.neutralRowCode,
            "the row's \(columnName(column)) is '\(record.string(column))': the bill counts it as neither income nor spending (a top-up, a withdrawal, a fund move, a card repayment or a refund to a card, money moved among your own funds) and states no way for its amount; the row was skipped",
            notes: ["the statement of the card or bank account on its other side holds it with its sign"],
            changesMeaning: true)
        holdBack(leniency, at: SourceLocation(file: file, line: at.line, column: at.column))
        return false
    }
}
