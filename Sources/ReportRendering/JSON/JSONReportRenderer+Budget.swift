import FinanceCore
import Reports

/// A month's budgets in the JSON report: each month object's `budgets` array (empty without
/// `--budget`), one object per budget with its totals and one-line records for its lines.
extension JSONReportRenderer {
    /// The fixed text and scalars of a budget's month object, its name aside.
    private static let budgetRoom = 1024

    static func room(_ budget: BudgetReport, month: BudgetMonth) -> Int {
        budgetRoom + JSONEscaping.worstCase * budget.name.utf8.count
            + month.lines.reduce(0) { $0 + room($1) + 16 }
    }

    static func room(_ line: BudgetResult) -> Int {
        1024 + JSONEscaping.worstCase * line.category.utf8.count
    }

    /// The value of the budget document's `schema` key (`pfin budget --format json`).
    public static let budgetSchema = "pfin.budget/1"

    /// The budgets alone: `{"schema":"pfin.budget/1","months":[{"month","budgets"}…]}`, each
    /// month's `budgets` as in the report.
    public func renderBudgets(_ report: MonthlyReport) -> [UInt8] {
        var bound = 256 + report.months.count * 128
        for budget in report.budgets {
            bound += budget.months.reduce(0) { $0 + Self.room(budget, month: $1) + 64 }
        }
        return [UInt8](unsafeUninitializedCapacity: bound) { storage, count in
            var out = JSONOutput(base: storage.baseAddress!, capacity: bound)
            out.append("{\n  \"schema\": \"pfin.budget/1\",\n  \"months\": [")
            for (index, month) in report.months.enumerated() {
                out.append(index == 0 ? "\n    {\n      \"month\": \"" : ",\n    {\n      \"month\": \"")
                out.record(maximum: 16) { c in
                    c.advance(month.description.withUTF8Bytes { JSONEscaping.write($0, to: c.at) })
                }
                out.append("\",\n      \"budgets\": ")
                writeBudgets(report, month: month, to: &out)
                out.append("\n    }")
            }
            out.append(report.months.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
            count = out.count
        }
    }

    /// The month's `budgets` array, six spaces in.
    func writeBudgets(_ report: MonthlyReport, month: YearMonth, to out: inout JSONOutput) {
        let budgets = report.budgets.compactMap { budget in budget.month(month).map { (budget, $0) } }
        guard !budgets.isEmpty else { return out.append("[]") }
        for (index, (budget, figures)) in budgets.enumerated() {
            out.append(index == 0 ? "[\n        {" : ",\n        {")
            out.record(maximum: Self.budgetRoom + JSONEscaping.worstCase * budget.name.utf8.count) { c in
                c.put("\"name\":")
                c.putString(budget.name)
                c.put(",\"currency\":")
                c.putString(budget.currency?.description)
                c.put(",\"spending\":")
                Self.put(figures.spending, to: &c)
                c.put(",\"income\":")
                Self.put(figures.income, to: &c)
                c.put(",\"unbudgeted\":")
                c.putMoney(figures.unbudgeted)
                c.put(",\n          \"lines\": ")
            }
            if figures.lines.isEmpty {
                out.append("[]")
            } else {
                out.append("[\n            ")
                for (position, line) in figures.lines.enumerated() {
                    if position > 0 { out.append(",\n            ") }
                    Self.write(line, to: &out)
                }
                out.append("\n          ]")
            }
            out.append("}")
        }
        out.append("\n      ]")
    }

    /// `{"budgeted":…,"actual":…}`.
    private static func put(_ totals: BudgetTotals, to c: inout JSONCursor) {
        c.put("{\"budgeted\":")
        c.putMoney(totals.budgeted)
        c.put(",\"actual\":")
        c.putMoney(totals.actual)
        c.put("}")
    }

    static func write(_ line: BudgetResult, to out: inout JSONOutput) {
        out.record(maximum: room(line)) { c in
            c.put("{\"category\":")
            c.putString(line.category)
            c.put(line.kind == .spending ? ",\"kind\":\"spending\",\"depth\":" : ",\"kind\":\"income\",\"depth\":")
            c.putInt(line.depth)
            c.put(",\"target\":")
            c.putMoney(line.target)
            c.put(",\"carried\":")
            c.putMoney(line.carried)
            c.put(",\"budgeted\":")
            c.putMoney(line.budgeted)
            c.put(",\"actual\":")
            c.putMoney(line.actual)
            c.put(",\"left\":")
            c.putMoney(line.left)
            c.put(",\"used\":")
            c.putShare(line.used)
            switch line.status {
            case .within: c.put(",\"status\":\"within\"")
            case .over: c.put(",\"status\":\"over\"")
            case .short: c.put(",\"status\":\"short\"")
            }
            c.put(line.rollover ? ",\"rollover\":true,\"yearToDate\":{\"from\":\"" : ",\"rollover\":false,\"yearToDate\":{\"from\":\"")
            let from = c.at
            c.advance(line.yearToDate.from.description.withUTF8Bytes { JSONEscaping.write($0, to: from) })
            c.put("\",\"budgeted\":")
            c.putMoney(line.yearToDate.budgeted)
            c.put(",\"actual\":")
            c.putMoney(line.yearToDate.actual)
            c.put(",\"left\":")
            c.putMoney(line.yearToDate.left)
            c.put("}}")
        }
    }
}
