/// Whether two name columns are a payer's and a payee's with the account's holder on one side of
/// every payment: DKB's `Zahlungspflichtige*r` and `Zahlungsempfänger*in`, Postbank's
/// `Auftraggeber` and `Empfänger`, Venmo's `From` and `To`. Money out names the holder as payer,
/// money in as payee; read as one name column, half the rows are named after the holder.
enum HolderColumns {
    /// The two columns filled in the same rows (four in five of the rows either fills), and one name
    /// (the holder's, ignoring case and accents) in exactly one of the two cells of four in five of
    /// those rows, and in each column at least once (the holder pays and is paid). Wise's `Payer
    /// Name`, filled only for money received, beside its `Merchant`, filled only for card payments,
    /// is no such pair; nor Revolut Business's `Payer`, the team member whose card paid, beside its
    /// `Description`.
    static func pair(payer: ColumnStats, payee: ColumnStats) -> Bool {
        let payers = cells(payer), payees = cells(payee)
        var counts: [String: Int] = [:]
        for value in payers.values { counts[value, default: 0] += 1 }
        for value in payees.values { counts[value, default: 0] += 1 }
        guard let holder = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else { return false }
        var both = 0, oneSide = 0, paying = 0, paid = 0
        for (row, from) in payers {
            guard let to = payees[row] else { continue }
            both += 1
            if (from == holder) != (to == holder) { oneSide += 1 }
            if from == holder { paying += 1 }
            if to == holder { paid += 1 }
        }
        return both >= 2 && both * 5 >= max(payers.count, payees.count) * 4 && oneSide * 5 >= both * 4 && paying > 0 && paid > 0
    }

    /// A column's non-empty values by row, folded.
    private static func cells(_ column: ColumnStats) -> [Int32: String] {
        var cells: [Int32: String] = [:]
        for (k, row) in column.valueRows.enumerated() where k < column.values.count {
            cells[row] = TextFolding.fold(column.values[k])
        }
        return cells
    }
}
