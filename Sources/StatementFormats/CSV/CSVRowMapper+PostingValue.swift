import FinanceCore

/// GnuCash's "Export Transactions to CSV" writes each split twice over: `Amount Num.` in the
/// split's account's commodity, `Value Num.` in the transaction's currency, and names only the
/// transaction's currency (`Commodity/Currency`, `CURRENCY::USD`). A split of a EUR account in a
/// USD transaction reads `-930.00` beside a value of `-1000.00`: read as written, it is 930 USD.
///
/// Where the two differ, the account's own currency is found from the file: the symbol GnuCash
/// printed in `Amount With Sym` (`-€930.00`), else the currency of the account's earlier splits
/// whose amount was their value (in the transaction's currency, so the account's own). The
/// split is then that amount in that currency, with the value as its original amount. An account
/// whose commodity is no currency (shares: `10 AAPL`), or one the file does not name, is read at
/// the value in the transaction's currency, with a warning that says so.
extension CSVRowMapper {
    /// The columns of a GnuCash export beside the amount: the split's value and its amount
    /// written with the commodity's symbol.
    struct PostingValueColumns {
        var value: Int
        var amountWithSymbol: Int?

        init?(header: [String]?) {
            guard let header else { return nil }
            let folded = header.map { TextFolding.fold($0) }
            guard let value = folded.firstIndex(of: "value num") else { return nil }
            self.value = value
            amountWithSymbol = folded.firstIndex(of: "amount with sym")
        }
    }

    static let postingCommodityCode = "csv.lenient.posting-commodity"

    /// Puts the split just mapped from `record` (the group's last activity) in its account's
    /// currency, when its amount and its value differ.
    func placePostingInCommodity(_ record: borrowing CSVRecord) throws {
        guard let valueColumns = postingValueColumns,
            let index = postingGroup.events.indices.last, case .activity(var activity) = postingGroup.events[index],
            activity.source.line == record.line, let transactionCurrency = activity.amount.currency,
            case .success(let parsed) = parseAmount(record, valueColumns.value)
        else { return }
        let value = Money(units: parsed.units, scale: parsed.scale, currency: transactionCurrency)
        let account = activity.account ?? ""
        if activity.amount == value {
            // In the transaction's currency: the account's own, for its splits in other currencies.
            if postingCommodities[account] == nil { postingCommodities[account] = transactionCurrency }
            return
        }
        var commodity: CurrencyCode?
        if let column = valueColumns.amountWithSymbol, case .success(let written) = parseAmount(record, column),
            let symbol = written.currency, symbol != transactionCurrency
        {
            commodity = symbol
        } else if let known = postingCommodities[account], known != transactionCurrency {
            commodity = known
        }
        if let commodity {
            activity.amount.currency = commodity
            activity.original = OriginalAmount(currency: transactionCurrency, amount: value)
            postingGroup.events[index] = .activity(activity)
            return
        }
        // No currency to name: the value, in the transaction's currency (refused under --strict).
        let written = valueColumns.amountWithSymbol.map { record.string($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let leniency = Leniency(
            code: Self.postingCommodityCode,
            "the split on line \(record.line) is \(written.map { "'\($0)'" } ?? activity.amount.decimalString) in its account's commodity, which names no currency pfin can tell; read at its value in the transaction's currency, \(value), as are others like it",
            notes: [
                "GnuCash's Amount Num. is in the account's commodity (shares, or a currency the file does not name), Value Num. in the transaction's currency"
            ],
            changesMeaning: true)
        if options.strict {
            postingGroup.events[index] = .diagnostic(leniency.diagnostic(at: activity.source, options: options))
            return
        }
        activity.amount = value
        activity.original = nil
        postingGroup.events[index] = .activity(activity)
        if leniencies.isFirst(Self.postingCommodityCode) {
            postingGroup.events.insert(.diagnostic(leniency.diagnostic(at: activity.source, options: options)), at: index)
        }
    }
}
