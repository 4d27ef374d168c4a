import FinanceCore

/// Checks whether one column is the running balance of another.
enum RunningBalance {
    /// Two rows are enough when their one step matches to the unit (a two-row export's amount and
    /// balance columns are otherwise told apart only by their signs).
    static func matches(amount: ColumnStats, balance: ColumnStats) -> Bool {
        guard amount.values.count == balance.values.count, amount.values.count >= 2 else { return false }
        let mark = AmountFormat.detectDecimalMark(amount.values + balance.values) ?? UInt8(ascii: ".")
        return runs(amount.values.map { micros($0, mark) }, balance.values.map { micros($0, mark) }, minimumRows: 2)
    }

    /// Whether `balance` is the balance before each row's amount: the next row's balance is this
    /// row's plus its amount (in either direction of the file).
    static func matches(amount: ColumnStats, balanceBefore balance: ColumnStats) -> Bool {
        guard amount.values.count == balance.values.count, amount.values.count >= 3 else { return false }
        let mark = AmountFormat.detectDecimalMark(amount.values + balance.values) ?? UInt8(ascii: ".")
        let amounts = amount.values.map { micros($0, mark) }
        // Shifted by a row, a balance before is a balance after of the previous row's amount.
        return runs(Array(amounts.dropLast()), Array(balance.values.map { micros($0, mark) }.dropFirst()))
            || runs(Array(amounts.dropFirst()), Array(balance.values.map { micros($0, mark) }.dropLast()))
    }

    /// Whether `balance` runs as the total of a debit and a credit column that never both hold a
    /// value in a row and between them fill nearly every row: each row's amount the credit, or the
    /// debit taken as money out, whichever sign the debits are written with. A balance of money
    /// owed (a card's), which runs the other way, counts too. Two rows are enough here: the two
    /// columns' shape (each half empty, never both filled) already says debit and credit, and
    /// their one step must match the balance's to the unit; otherwise a two-row file's balance
    /// would be taken for its amount.
    static func matches(debit: ColumnStats, credit: ColumnStats, balance: ColumnStats) -> Bool {
        let rows = balance.rowCount
        guard rows >= 2, balance.values.count == rows else { return false }
        let mark = AmountFormat.detectDecimalMark(debit.values + credit.values + balance.values) ?? UInt8(ascii: ".")
        var amounts = [Int64?](repeating: nil, count: rows)
        var filled = 0
        for (column, sign) in [(debit, Int64(-1)), (credit, Int64(1))] {
            for (k, row) in column.valueRows.enumerated() where Int(row) < rows {
                guard amounts[Int(row)] == nil, let value = micros(column.values[k], mark), value != .min else { return false }
                amounts[Int(row)] = sign * abs(value)
                filled += 1
            }
        }
        guard filled * 10 >= rows * 9 else { return false }
        let balances = balance.values.map { micros($0, mark) }
        return runs(amounts, balances, minimumRows: 2) || runs(amounts.map { $0.map { -$0 } }, balances, minimumRows: 2)
    }

    /// Whether `balance` runs as the total of the amount less the fee, and not of the amount alone:
    /// a fee the balance shows coming off. An empty fee cell is no fee; rows without an amount or
    /// a balance (a pending one) are passed over, and so are the rows in `unbooked` (a status cell
    /// says the bank did not book them: Revolut's `REVERTED`), which never moved the balance.
    static func matches(amount: ColumnStats, less fee: ColumnStats, balance: ColumnStats, unbooked: Set<Int> = []) -> Bool {
        matches(signed: amount, credit: nil, debit: nil, less: fee, balance: balance, unbooked: unbooked)
    }

    /// The same beside debit and credit columns (Capitec's `Money In`, `Money Out` and `Fee`): a
    /// row's amount is its credit less its debit; a row with only a fee (an ATM fee of its own)
    /// moved the balance by the fee.
    static func matches(debit: ColumnStats?, credit: ColumnStats?, less fee: ColumnStats, balance: ColumnStats, unbooked: Set<Int> = []) -> Bool {
        matches(signed: nil, credit: credit, debit: debit, less: fee, balance: balance, unbooked: unbooked)
    }

    /// A row's amount: the `signed` column's value, or its credit less its debit (both as
    /// magnitudes, as the reader takes them).
    private static func matches(
        signed: ColumnStats?, credit: ColumnStats?, debit: ColumnStats?, less fee: ColumnStats, balance: ColumnStats, unbooked: Set<Int>
    ) -> Bool {
        let rows = balance.rowCount
        guard rows >= 3, balance.values.count >= 3 else { return false }
        let all = [signed, credit, debit].compactMap { $0 }
        let mark = AmountFormat.detectDecimalMark(all.flatMap(\.values) + fee.values + balance.values) ?? UInt8(ascii: ".")
        func aligned(_ column: ColumnStats) -> [Int64?] {
            var cells = [Int64?](repeating: nil, count: rows)
            for (k, row) in column.valueRows.enumerated() where Int(row) < rows { cells[Int(row)] = micros(column.values[k], mark) }
            return cells
        }
        func booked(_ cells: [Int64?]) -> [Int64?] {
            unbooked.isEmpty ? cells : cells.indices.filter { !unbooked.contains($0) }.map { cells[$0] }
        }
        var summed = signed.map(aligned) ?? [Int64?](repeating: nil, count: rows)
        for (column, sign) in [(credit, Int64(1)), (debit, Int64(-1))] {
            guard let column else { continue }
            for (row, value) in aligned(column).enumerated() {
                guard let value, value != .min else { continue }
                let (sum, overflow) = (summed[row] ?? 0).addingReportingOverflow(sign * abs(value))
                guard !overflow else { return false }
                summed[row] = sum
            }
        }
        let amounts = booked(summed), fees = booked(aligned(fee)), balances = booked(aligned(balance))
        var net = amounts
        var charged = 0
        for row in amounts.indices {
            guard let value = fees[row], value != 0, value != .min else { continue }
            let (less, overflow) = (amounts[row] ?? 0).subtractingReportingOverflow(abs(value))
            guard !overflow else { return false }
            charged += 1
            net[row] = less
        }
        return charged > 0 && runs(net, balances) && !runs(amounts, balances)
    }

    /// Whether `b` is the running total of `a`, row after row (in either direction), in at least
    /// 80 % of the rows.
    private static func runs(_ a: [Int64?], _ b: [Int64?], minimumRows: Int = 3) -> Bool {
        guard a.count == b.count, a.count >= minimumRows else { return false }
        var ascending = 0, descending = 0
        for i in 1..<a.count {
            guard let ai = a[i], let bi = b[i], let bp = b[i - 1], let ap = a[i - 1] else { continue }
            // Sums that do not fit count as no match: 18-digit values in a hostile file.
            let up = bp.addingReportingOverflow(ai), down = bi.addingReportingOverflow(ap)
            if !up.overflow && bi == up.partialValue { ascending += 1 }
            if !down.overflow && bp == down.partialValue { descending += 1 }
        }
        return max(ascending, descending) * 10 >= (a.count - 1) * 8
    }

    /// The value in millionths, or nil when it has more decimals or does not fit (an 18-digit
    /// integer): a wrapped value could make a column look like a balance it is not.
    private static func micros(_ text: String, _ mark: UInt8) -> Int64? {
        guard case .success(let parsed) = AmountParser.parse(text, decimalMark: mark), parsed.scale <= 6 else { return nil }
        let scaled = parsed.units.multipliedReportingOverflow(by: Money.powerOfTen(6 - Int(parsed.scale)))
        return scaled.overflow ? nil : scaled.partialValue
    }
}
