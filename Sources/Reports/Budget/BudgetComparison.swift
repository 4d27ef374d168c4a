import FinanceCore

extension MonthlyReport {
    /// Budget vs actual of every budget of `file` over the report's months.
    ///
    /// The actual amounts are the report's rolled-up category sums in the budget's currency, so a
    /// line for `Food` covers `Food:Groceries`, refunds lower spending, and transfers count nowhere
    /// (`AccountingModel`). Categories are compared ignoring case. `rollover` carries what a month
    /// leaves unspent (never an overspending) into the next month of the same year; a year starts
    /// afresh, so a month's figures depend only on its own year. Give the report every month of
    /// the year up to the first one shown (as the CLI does) for carries and years to date that do
    /// not depend on where the report starts.
    public func comparing(with file: BudgetFile) -> [BudgetReport] {
        file.budgets.map { budget in
            var comparison = BudgetComparison(budget: budget, report: self)
            return comparison.run()
        }
    }
}

/// The computation behind `MonthlyReport.comparing(with:)` for one budget.
struct BudgetComparison {
    let budget: Budget
    let report: MonthlyReport
    private var warnings: [Diagnostic] = []
    private var saturated = false

    init(budget: Budget, report: MonthlyReport) {
        self.budget = budget
        self.report = report
    }

    /// A budget line that compares with something, in tree order.
    private struct Entry {
        let line: BudgetLine
        let kind: BudgetResult.Kind
        /// The category lowercased, then split into components.
        let key: String
        let components: [Substring]
        var depth = 0
        /// How many leading characters of the category its nearest enclosing line names, with
        /// the colon after them (0 at depth 0).
        var enclosingCount = 0
    }

    /// What a line has accumulated in the year so far.
    private struct Running {
        var year = Int.min
        var from = YearMonth(ordinal: 0)
        var carry: Int128 = 0
        var targets: Int128 = 0
        var actual: Int128 = 0
    }

    mutating func run() -> BudgetReport {
        let summaries = report.summaries.filter { $0.currency == budget.currency }
        var byMonth: [YearMonth: MonthlySummary] = [:]
        for summary in summaries { byMonth[summary.month] = summary }
        let entries = self.entries(known: summaries)

        var running = Array(repeating: Running(), count: entries.count)
        var months: [BudgetMonth] = []
        months.reserveCapacity(report.months.count)
        for month in report.months {
            months.append(self.month(month, summary: byMonth[month], entries: entries, running: &running))
        }
        return BudgetReport(
            name: budget.name, currency: budget.currency, source: budget.source, months: months, warnings: warnings,
            isSaturated: saturated)
    }

    /// The lines that compare with something, in tree order with their depths; a warning for
    /// each that does not.
    private mutating func entries(known summaries: [MonthlySummary]) -> [Entry] {
        var paths: Set<String> = []
        var spelled: [String] = []
        for summary in summaries {
            for line in summary.expenseCategories + summary.incomeCategories where !line.isUncategorized {
                if paths.insert(line.path.lowercased()).inserted { spelled.append(line.path) }
            }
        }
        if summaries.isEmpty && !report.summaries.isEmpty {
            let others = report.currencies.map { $0?.description ?? "no currency" }
            warn(
                at: budget.source, code: "budget.no-data",
                "no transaction of the report is \(currencyPhrase(budget.currency)), the currency of \"\(budget.name)\"",
                note: "the report has amounts in \(others.joined(separator: ", ")); give the budget that currency (budget \"\(budget.name)\" currency CODE)"
            )
        }

        var entries: [Entry] = []
        for line in budget.lines {
            let kind: BudgetResult.Kind
            switch AccountingModel.kind(ofCategory: line.category) {
            case .spending?: kind = .spending
            case .income?: kind = .income
            case .transfer?, nil:
                warn(
                    at: line.source, code: "budget.transfer",
                    "\"\(line.category)\" is a transfer category: transfers are neither income nor spending, so this line compares with nothing",
                    note: "budget the spending or income categories instead; transfers between your own accounts are kept apart in every total")
                continue
            }
            let key = line.category.lowercased()
            if !summaries.isEmpty && !paths.contains(key) {
                let closest = Spelling.closest(to: line.category, in: spelled)
                warn(
                    at: line.source, code: "budget.unknown-category",
                    "no transaction \(currencyPhrase(budget.currency)) has the category \"\(line.category)\" in the months of the report",
                    note: closest.map { "did you mean \"\($0)\"?" } ?? "its actual amount is zero; check the spelling against 'pfin report'")
            }
            entries.append(Entry(line: line, kind: kind, key: key, components: key.split(separator: ":", omittingEmptySubsequences: false)))
        }
        entries.sort { a, b in
            if a.kind != b.kind { return a.kind == .spending }
            return a.components.lexicographicallyPrecedes(b.components)
        }
        for i in entries.indices {
            let enclosing = entries.indices.filter { j in
                j != i && entries[j].kind == entries[i].kind && entries[i].key.hasPrefix(entries[j].key + ":")
            }
            entries[i].depth = enclosing.count
            entries[i].enclosingCount = enclosing.map { entries[$0].components.count }.max() ?? 0
        }
        return entries
    }

    private mutating func month(
        _ month: YearMonth, summary: MonthlySummary?, entries: [Entry], running: inout [Running]
    ) -> BudgetMonth {
        let scale = entries.reduce(max(summary?.expense.scale ?? 0, summary?.income.scale ?? 0, minorDigits)) {
            max($0, $1.line.amount.scale)
        }
        var spent: [String: Int128] = [:], earned: [String: Int128] = [:]
        if let summary {
            for line in summary.expenseCategories { spent[line.path.lowercased(), default: 0] += ExactSum.value(of: line.amount) }
            for line in summary.incomeCategories { earned[line.path.lowercased(), default: 0] += ExactSum.value(of: line.amount) }
        }

        var lines: [BudgetResult] = []
        lines.reserveCapacity(entries.count)
        var spendingBudgeted: Int128 = 0, spendingActual: Int128 = 0
        var incomeBudgeted: Int128 = 0, incomeActual: Int128 = 0
        for (i, entry) in entries.enumerated() {
            if running[i].year != month.year { running[i] = Running(year: month.year, from: month) }
            let target = ExactSum.value(of: entry.line.amount(inMonth: month.month))
            let actual = (entry.kind == .spending ? spent : earned)[entry.key] ?? 0
            let carried = running[i].carry
            let budgeted = add(target, carried)
            let left = add(budgeted, ExactSum.negated(actual))
            running[i].targets = add(running[i].targets, target)
            running[i].actual = add(running[i].actual, actual)
            running[i].carry = entry.line.rollover && left > 0 ? left : 0
            if entry.depth == 0 {
                if entry.kind == .spending {
                    spendingBudgeted = add(spendingBudgeted, budgeted)
                    spendingActual = add(spendingActual, actual)
                } else {
                    incomeBudgeted = add(incomeBudgeted, budgeted)
                    incomeActual = add(incomeActual, actual)
                }
            }
            let status: BudgetResult.Status =
                entry.kind == .spending ? (actual > budgeted ? .over : .within) : (actual < budgeted ? .short : .within)
            let budgetedMoney = money(budgeted, scale)
            let actualMoney = money(actual, scale)
            let toDate = BudgetToDate(
                from: running[i].from, budgeted: money(running[i].targets, scale), actual: money(running[i].actual, scale),
                left: money(add(running[i].targets, ExactSum.negated(running[i].actual)), scale))
            lines.append(
                BudgetResult(
                    category: entry.line.category, name: name(entry), kind: entry.kind, depth: entry.depth, target: money(target, scale),
                    carried: money(carried, scale), budgeted: budgetedMoney, actual: actualMoney, left: money(left, scale),
                    used: Share(part: actualMoney.units, of: budgetedMoney.units), status: status,
                    rollover: entry.line.rollover, yearToDate: toDate, source: entry.line.source))
        }
        let expense = summary.map { ExactSum.value(of: $0.expense) } ?? 0
        return BudgetMonth(
            month: month, lines: lines,
            spending: BudgetTotals(budgeted: money(spendingBudgeted, scale), actual: money(spendingActual, scale)),
            income: BudgetTotals(budgeted: money(incomeBudgeted, scale), actual: money(incomeActual, scale)),
            unbudgeted: money(add(expense, ExactSum.negated(spendingActual)), scale))
    }

    /// The category after the components its nearest enclosing line names.
    private func name(_ entry: Entry) -> String {
        guard entry.enclosingCount > 0 else { return entry.line.category }
        let parts = entry.line.category.split(separator: ":", omittingEmptySubsequences: false)
        return parts.dropFirst(entry.enclosingCount).joined(separator: ":")
    }

    private var minorDigits: UInt8 { UInt8(budget.currency?.minorDigits ?? 2) }

    private mutating func add(_ a: Int128, _ b: Int128) -> Int128 {
        ExactSum.sum(a, b, saturated: &saturated)
    }

    private mutating func money(_ value: Int128, _ scale: UInt8) -> Money {
        ExactSum.money(value, scale: scale, currency: budget.currency, saturated: &saturated)
    }

    private mutating func warn(at location: SourceLocation, code: String, _ message: String, note: String) {
        warnings.append(Diagnostic(.warning, code: code, at: location, message, notes: [note]))
    }

    private func currencyPhrase(_ currency: CurrencyCode?) -> String {
        currency.map { "in \($0)" } ?? "without a currency"
    }
}
