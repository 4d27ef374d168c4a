import FinanceCore

/// The balance a row states, signed by the balance's own debit/credit column where the file has
/// one (`ColumnRole.balanceDirection`: Kotak Mahindra Bank's second `Dr / Cr`, after `Balance`,
/// `CR` in credit and `DR` overdrawn). Every reading of the balance column goes through here, so
/// that `pfin reconcile`, the statement's closing balance and the pending-row checks see one number.
extension CSVRowMapper {
    /// What a balance's debit/credit cell says.
    enum BalanceSide {
        /// `CR` (in credit), or an empty cell: the balance as written.
        case asWritten
        /// `DR`: the account is overdrawn, the balance negative.
        case overdrawn
        /// A word that is neither: the row states no balance.
        case unreadable
    }

    /// The row's balance cell as an amount, signed by the balance's debit/credit column; a cell
    /// with a sign or mark of its own (`1,994.00 Dr`, `-1,994.00`) keeps it.
    func parseBalance(_ record: borrowing CSVRecord, _ column: Int) -> Result<ParsedAmount, AmountParseFailure> {
        let parsed = parseAmount(record, column)
        guard let sideColumn = columns.balanceDirection, case .success(var amount) = parsed, !amount.isSigned else { return parsed }
        switch balanceSide(record, sideColumn) {
        case .asWritten: return parsed
        case .overdrawn:
            amount.units = -amount.units
            amount.isSigned = true
            return .success(amount)
        case .unreadable: return .failure(.malformed)
        }
    }

    /// What the balance's debit/credit cell of `record` says; `.asWritten` without such a column.
    /// The column holds two values row after row, so each is folded once (`LastCellMemo`).
    func balanceSide(_ record: borrowing CSVRecord) -> BalanceSide {
        guard let column = columns.balanceDirection else { return .asWritten }
        return balanceSide(record, column)
    }

    /// Notes the row with its balance for the statement (`CSVStatements.note`), in a file whose
    /// balance has a debit/credit column: an unreadable mark states no balance.
    @inline(never)
    func noteSidedBalance(_ record: borrowing CSVRecord, _ column: Int, account: String?, date: LocalDate, currency: CurrencyCode?) -> Bool {
        let side = balanceSide(record)
        if side == .unreadable { return statements.note(account: account, date: date, currency: currency, balance: nil) }
        return record.withField(column) {
            statements.note(account: account, date: date, currency: currency, balance: $0, overdrawn: side == .overdrawn)
        }
    }

    private func balanceSide(_ record: borrowing CSVRecord, _ column: Int) -> BalanceSide {
        guard column < record.count else { return .asWritten }
        return record.withField(column) { raw in
            let cell = CSVRecord.trimmed(raw)
            if cell.isEmpty { return .asWritten }
            if let known = balanceSides.value(of: cell) { return known }
            let side: BalanceSide =
                switch DirectionWords.isMoneyOut(TextFolding.fold(String(decoding: cell, as: UTF8.self))) {
                case true?: .overdrawn
                case false?: .asWritten
                case nil: .unreadable
                }
            balanceSides.store(side, for: cell)
            return side
        }
    }
}
