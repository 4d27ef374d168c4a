import FinanceCore

/// A budget proposed from history (`pfin budget suggest`): per currency, a line per category of
/// the last months' medians, for a person to edit. Reports are data: `text` writes it as a budget
/// file that `BudgetParser` reads.
public struct BudgetSuggestion: Sendable, Equatable {
    public var currency: CurrencyCode?
    /// The months the medians are over (the last ones of the report with data in the currency).
    public var months: ClosedRange<YearMonth>
    public var monthCount: Int
    /// Top-level categories, each followed by its subcategories (`depth` 1); spending first,
    /// then income, each kind by amount, largest first.
    public var lines: [Line]

    public struct Line: Sendable, Equatable {
        public var line: BudgetLine
        public var kind: BudgetResult.Kind
        public var depth: Int
        /// The median of the months (months without the category count as zero).
        public var median: Money
        /// In how many of the months the category had spending (or income).
        public var activeMonths: Int
        /// Over all the months.
        public var total: Money
    }

    /// As a budget file: top-level lines active, subcategories commented out (a parent's line
    /// covers them; uncomment the ones to watch on their own), each with its evidence.
    public var text: String {
        let first = "\(YearMonth.monthNames[months.lowerBound.month - 1].prefix(3)) \(months.lowerBound.year)"
        let last = "\(YearMonth.monthNames[months.upperBound.month - 1].prefix(3)) \(months.upperBound.year)"
        var out = "# Proposed by 'pfin budget suggest' from \(monthCount) months, \(first) to \(last): each amount is the\n"
        out += "# median month, rounded to a whole unit (up for spending, down for income); a category with\n"
        out += "# spending in fewer than half the months gets its yearly total. Edit, then use with --budget.\n"
        out += BudgetWriter.header("Suggested", currency: currency) + "\n"
        let width = lines.map { BudgetWriter.statement($0.line).count + 2 * $0.depth }.max() ?? 0
        for entry in lines {
            var statement = (entry.depth > 0 ? "# " : "") + BudgetWriter.statement(entry.line)
            statement += String(repeating: " ", count: max(1, width + 3 - statement.count))
            let evidence =
                entry.line.period == .monthly
                ? "median \(entry.median.decimalString), in \(entry.activeMonths) of \(monthCount) months"
                : "\(entry.total.decimalString) in \(entry.activeMonths) of \(monthCount) months"
            out += "  " + statement + "# " + evidence + "\n"
        }
        return out
    }
}

extension MonthlyReport {
    /// A budget per currency from the last `monthCount` months of the report that have data in it:
    /// for each category at the top two levels, the median month (rounded to a whole unit, up for
    /// spending and down for income), or the yearly total when the category had activity in fewer
    /// than half of the months. Categories that are all refunds (a negative median) are left out.
    public func suggestedBudgets(monthCount: Int = 12) -> [BudgetSuggestion] {
        currencies.compactMap { currency in
            let withData = summaries.filter { $0.currency == currency }
            guard let last = withData.last?.month else { return nil }
            let firstWithData = withData.first!.month
            let start = YearMonth(ordinal: max(firstWithData.ordinal, last.ordinal - max(1, monthCount) + 1))
            let window = summaries.filter { $0.currency == currency && $0.month >= start }
            let count = last.ordinal - start.ordinal + 1
            let scale = UInt8(currency?.minorDigits ?? 2)
            var lines: [BudgetSuggestion.Line] = []
            for kind in [BudgetResult.Kind.spending, .income] {
                lines += BudgetSuggester(kind: kind, currency: currency, scale: scale, months: count)
                    .lines(window.map { kind == .spending ? $0.expenseCategories : $0.incomeCategories })
            }
            return BudgetSuggestion(currency: currency, months: start...last, monthCount: count, lines: lines)
        }
    }
}

/// The medians behind `suggestedBudgets` for one kind of category.
struct BudgetSuggester {
    let kind: BudgetResult.Kind
    let currency: CurrencyCode?
    let scale: UInt8
    let months: Int

    func lines(_ monthsOfLines: [[CategoryLine]]) -> [BudgetSuggestion.Line] {
        // Each path's value per month with data, in units of 10^-18; a month absent is zero.
        var values: [String: [Int128]] = [:], depths: [String: Int] = [:], order: [String] = []
        for categories in monthsOfLines {
            for line in categories where !line.isUncategorized && line.depth <= 1 {
                if values[line.path] == nil {
                    order.append(line.path)
                    depths[line.path] = line.depth
                }
                values[line.path, default: []].append(ExactSum.value(of: line.amount))
            }
        }
        var suggested: [String: BudgetSuggestion.Line] = [:]
        for path in order {
            guard let line = suggestion(path, depth: depths[path] ?? 0, values: values[path] ?? []) else { continue }
            suggested[path] = line
        }
        // Parents by size, each followed by its children by size.
        func size(_ line: BudgetSuggestion.Line) -> Int64 {
            line.line.period == .monthly ? line.line.amount.units * 12 : line.line.amount.units
        }
        let ranked = suggested.values.sorted { size($0) != size($1) ? size($0) > size($1) : $0.line.category < $1.line.category }
        var result: [BudgetSuggestion.Line] = []
        for parent in ranked where parent.depth == 0 {
            result.append(parent)
            result += ranked.filter { $0.depth == 1 && $0.line.category.hasPrefix(parent.line.category + ":") }
        }
        return result
    }

    private func suggestion(_ path: String, depth: Int, values: [Int128]) -> BudgetSuggestion.Line? {
        let active = values.filter { $0 != 0 }.count
        var all = values + Array(repeating: 0, count: max(0, months - values.count))
        all.sort()
        let middle = all.count / 2
        let median = all.count % 2 == 1 ? all[middle] : ExactSum.roundedQuotient(all[middle - 1] + all[middle], 2)
        let total = all.reduce(Int128(0), +)
        let unit = ExactSum.factors[0]
        var saturated = false
        let monthly = active * 2 >= months
        let base = monthly ? median : total * 12 / Int128(max(1, months))
        guard base > 0 else { return nil }
        // A whole unit: up for spending, down for income (never below one unit).
        let (whole, remainder) = base.quotientAndRemainder(dividingBy: unit)
        let rounded = (kind == .spending && remainder > 0 ? whole + 1 : max(whole, 1)) * unit
        let amount = ExactSum.money(rounded, scale: scale, currency: currency, saturated: &saturated)
        guard !saturated else { return nil }
        let period: BudgetLine.Period = monthly ? .monthly : .yearly(months: Array(1...12))
        return BudgetSuggestion.Line(
            line: BudgetLine(
                category: path, period: period, amount: amount, source: SourceLocation(file: "<suggested>", line: 0)),
            kind: kind, depth: depth,
            median: ExactSum.money(median, scale: scale, currency: currency, saturated: &saturated),
            activeMonths: active,
            total: ExactSum.money(total, scale: scale, currency: currency, saturated: &saturated))
    }
}
