import FinanceCore
import Reports

/// `--budget FILE`: a budget file read and parsed; every error printed.
enum BudgetLoading {
    static let budget = Option(
        "--budget", value: "FILE", help: "Compare each month with the budget file FILE (see 'Budget files' in CONTRACT.md).")

    /// The budgets of `path`, or `nil` (after printing why) when it cannot be read or has an error.
    static func load(_ path: String, printer: inout DiagnosticPrinter) -> BudgetFile? {
        guard let text = RulesLoading.readText(path, printer: &printer) else { return nil }
        let (file, errors) = BudgetParser.parse(text, file: path)
        for error in errors { printer.print(error) }
        return errors.isEmpty ? file : nil
    }

    /// The builder's months for a budget: the period widened back to January of its first year,
    /// so that carries and years to date do not depend on the first month asked for.
    static func widened(_ months: ClosedRange<YearMonth>?) -> ClosedRange<YearMonth>? {
        months.map { range in YearMonth(year: range.lowerBound.year, month: 1).map { $0...range.upperBound } ?? range }
    }
}
