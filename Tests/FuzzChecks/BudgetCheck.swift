import FinanceCore
import Reports

/// The budget file check: the parser never traps, every error is located inside the input, and a
/// file read without errors, written back in the syntax (`BudgetWriter`), reads back to the same
/// budgets, with yearly amounts that split into months adding up to the year exactly.
enum BudgetCheck {
    static func run(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let (file, errors) = BudgetParser.parse(text, file: FuzzTarget.inputName)
        let shape = InputShape(bytes)
        var found = shape.problems(withErrors: errors)
        guard errors.isEmpty else { return found }
        for budget in file.budgets {
            for line in budget.lines {
                if let problem = shape.problem(with: line.source) { found.append("line of \"\(line.category)\": \(problem)") }
                if line.amount.units < 0 { found.append("\"\(line.category)\" has a negative amount") }
                if let problem = AmountCheck.problem(with: line.amount) { found.append("\"\(line.category)\": \(problem)") }
                guard case .yearly(let months) = line.period else { continue }
                if months.isEmpty || months != months.sorted() || Set(months).count != months.count || !months.allSatisfy((1...12).contains) {
                    found.append("\"\(line.category)\" has months \(months)")
                }
                let parts = (1...12).map { line.amount(inMonth: $0) }
                if parts.reduce(Int64(0), { $0 + $1.units }) != line.amount.units || parts.contains(where: { $0.scale != line.amount.scale }) {
                    found.append("the months of \"\(line.category)\" do not add up to \(line.amount.decimalString)")
                }
            }
        }
        let (back, backErrors) = BudgetParser.parse(BudgetWriter.text(file), file: "rendered")
        if !backErrors.isEmpty { found.append("the rendered file does not parse: \(backErrors.first!)") }
        if summary(back) != summary(file) { found.append("the rendered file reads back as other budgets") }
        return found
    }

    /// What must survive a round trip: everything but the locations.
    static func summary(_ file: BudgetFile) -> [String] {
        file.budgets.map { budget in
            "\(budget.name)|\(budget.currency?.description ?? "-")|"
                + budget.lines.map { "\($0.category)|\($0.period)|\($0.amount.units)e-\($0.amount.scale)|\($0.rollover)" }.joined(separator: ";")
        }
    }
}
