import FinanceCore
import Reports

/// A monthly report as one JSON document, schema `pfin.report/1` (README "JSON schema").
///
/// Stable by design: keys always present and always in the same order, `null` where the model
/// does not know, amounts as exact decimal strings (`"-54.20"`), shares and changes as decimal
/// strings of percent with two digits (`"12.34"`). The document is indented by two spaces, but
/// records whose values are all scalars (category lines, payees, transfers, transactions) take one
/// line each, written without spaces: a transaction line is exactly a `pfin convert --to jsonl`
/// row, so it can be cut out, grepped, or read back.
///
/// Written straight into the returned array's storage, without Foundation (see `JSONOutput`):
/// a report that keeps a million transactions renders in a fraction of a second.
public struct JSONReportRenderer: ReportRenderer {
    /// The value of the document's `schema` key; a new number for any change that could break a reader.
    public static let schema = "pfin.report/1"

    public struct Options: Sendable {
        /// Whether to write each summary's `transactions` (when false, the key is still there,
        /// an empty array). The other lists are always written.
        public var includeTransactions: Bool

        public init(includeTransactions: Bool = true) {
            self.includeTransactions = includeTransactions
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    public func render(_ report: MonthlyReport) -> [UInt8] {
        let bound = bound(report)
        return [UInt8](unsafeUninitializedCapacity: bound) { storage, count in
            var out = JSONOutput(base: storage.baseAddress!, capacity: bound)
            write(report, to: &out)
            count = out.count
        }
    }

    private func write(_ report: MonthlyReport, to out: inout JSONOutput) {
        out.append("{\n  \"schema\": \"pfin.report/1\",\n  \"conversion\": ")
        if let conversion = report.conversion {
            out.record(maximum: 160 + 6 * (conversion.pricesFile?.utf8.count ?? 0)) { c in
                c.put("{\"currency\":")
                c.putString(conversion.currency.description)
                c.put(",\"prices\":")
                c.putString(conversion.pricesFile)
                c.put(",\"atStatedRates\":")
                c.putInt(conversion.atStatedRates)
                c.put(",\"atPrices\":")
                c.putInt(conversion.atPrices)
                c.put("}")
            }
        } else {
            out.append("null")
        }
        out.append(",\n  \"months\": [")
        for (index, month) in report.months.enumerated() {
            out.append(index == 0 ? "\n    {\n      \"month\": \"" : ",\n    {\n      \"month\": \"")
            out.record(maximum: 16) { c in
                let digits = month.description
                c.advance(digits.withUTF8Bytes { JSONEscaping.write($0, to: c.at) })
            }
            out.append("\",\n      \"summaries\": [")
            let summaries = report.summaries(of: month)
            for (position, summary) in summaries.enumerated() {
                out.append(position == 0 ? "\n        {\n" : ",\n        {\n")
                write(summary, to: &out)
                out.append("\n        }")
            }
            out.append(summaries.isEmpty ? "],\n      \"budgets\": " : "\n      ],\n      \"budgets\": ")
            writeBudgets(report, month: month, to: &out)
            out.append("\n    }")
        }
        out.append(report.months.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    /// At least the size of the document: the fixed text and the records at their `room`, and
    /// the separators and indentation of every list element.
    private func bound(_ report: MonthlyReport) -> Int {
        var total = 512 + 6 * (report.conversion?.pricesFile?.utf8.count ?? 0) + report.months.count * 128
        for budget in report.budgets {
            total += budget.months.reduce(0) { $0 + Self.room(budget, month: $1) + 64 }
        }
        for s in report.summaries {
            total += Self.summaryRoom + 6 * 64
            total += s.incomeCategories.reduce(0) { $0 + Self.room($1) + 16 }
            total += s.expenseCategories.reduce(0) { $0 + Self.room($1) + 16 }
            total += s.topPayees.reduce(0) { $0 + Self.room($1) + 16 }
            total += s.largest.reduce(0) { $0 + Self.room($1) + 16 }
            if options.includeTransactions { total += s.transactions.reduce(0) { $0 + Self.room($1) + 16 } }
        }
        return total
    }

    /// The scalar keys of a summary: fixed text, seven amounts, a share and six counts.
    private static let summaryRoom = 1280

    /// The keys of one summary, ten spaces in.
    private func write(_ s: MonthlySummary, to out: inout JSONOutput) {
        out.record(maximum: Self.summaryRoom) { c in
            c.put("          \"currency\": ")
            if let currency = s.currency {
                c.put(UInt8(ascii: "\""))
                c.put(UInt8(truncatingIfNeeded: currency.packed >> 16))
                c.put(UInt8(truncatingIfNeeded: currency.packed >> 8))
                c.put(UInt8(truncatingIfNeeded: currency.packed))
                c.put(UInt8(ascii: "\""))
            } else {
                c.put("null")
            }
            c.put(",\n          \"income\": ")
            c.putMoney(s.income)
            c.put(",\n          \"expense\": ")
            c.putMoney(s.expense)
            c.put(",\n          \"refunds\": ")
            c.putMoney(s.refunds)
            c.put(",\n          \"net\": ")
            c.putMoney(s.net)
            c.put(",\n          \"savingsRate\": ")
            c.putShare(s.savingsRate)
            c.put(",\n          \"incomeCount\": ")
            c.putInt(s.incomeCount)
            c.put(",\n          \"expenseCount\": ")
            c.putInt(s.expenseCount)
            c.put(",\n          \"refundCount\": ")
            c.putInt(s.refundCount)
            c.put(",\n          \"transfers\": {\"in\":")
            c.putMoney(s.transfers.moneyIn)
            c.put(",\"out\":")
            c.putMoney(s.transfers.moneyOut)
            c.put(",\"count\":")
            c.putInt(s.transfers.count)
            c.put("},\n          \"previous\": ")
            if let previous = s.previous {
                c.put("{\"income\":")
                c.putMoney(previous.income)
                c.put(",\"expense\":")
                c.putMoney(previous.expense)
                c.put(",\"net\":")
                c.putMoney(previous.net)
                c.put("}")
            } else {
                c.put("null")
            }
            c.put(",\n          \"averageMonths\": ")
            c.putInt(s.averageMonths)
            c.put(",\n          \"incomeCategories\": ")
        }
        list(s.incomeCategories, to: &out, write: Self.write)
        out.append(",\n          \"expenseCategories\": ")
        list(s.expenseCategories, to: &out, write: Self.write)
        out.append(",\n          \"topPayees\": ")
        list(s.topPayees, to: &out, write: Self.write)
        out.append(",\n          \"largest\": ")
        list(s.largest, to: &out, write: Self.write)
        out.append(",\n          \"uncategorizedCount\": ")
        out.record(maximum: 21) { $0.putInt(s.uncategorizedCount) }
        out.append(",\n          \"balances\": ")
        list(s.balances, to: &out, write: Self.write)
        out.append(",\n          \"transactions\": ")
        list(options.includeTransactions ? s.transactions : [], to: &out, write: Self.write)
    }

    /// An array of one-line records, twelve spaces in; `[]` when empty.
    private func list<Element>(
        _ elements: [Element], to out: inout JSONOutput,
        write: (Element, inout JSONOutput) -> Void
    ) {
        guard !elements.isEmpty else { return out.append("[]") }
        out.append("[\n            ")
        for index in elements.indices {
            if index > 0 { out.append(",\n            ") }
            write(elements[index], &out)
        }
        out.append("\n          ]")
    }
}
