import FinanceCore
import Reports

/// The income lines as a reader wants them: when every income category lives under one top-level
/// `Income` (`Income:Salary`, `Income:From People`, the way rules and budgeting apps name them),
/// that parent says nothing the table's title does not, and its children are shown as the top
/// level instead (`Salary`, `From People`). Only when the parent is exactly its children: money
/// booked to `Income` itself keeps the tree as it is, so no amount is ever left out.
enum IncomeLines {
    static func shown(_ lines: [CategoryLine]) -> [CategoryLine] {
        let tops = lines.indices.filter { lines[$0].depth == 0 && !lines[$0].isUncategorized }
        guard tops.count == 1, let root = tops.first, lines[root].name.lowercased() == "income" else { return lines }
        // The root's subtree: the lines after it, down to the next top-level line.
        let end = lines[(root + 1)...].firstIndex { $0.depth == 0 } ?? lines.endIndex
        let children = lines[(root + 1)..<end].filter { $0.depth == 1 }
        guard !children.isEmpty, lines[root].count == children.reduce(0, { $0 + $1.count }) else { return lines }
        var total = Money(units: 0, scale: lines[root].amount.scale, currency: lines[root].amount.currency)
        for child in children {
            guard let sum = total.adding(child.amount) else { return lines }
            total = sum
        }
        guard total == lines[root].amount else { return lines }
        var shown = lines
        for i in (root + 1)..<end { shown[i].depth -= 1 }
        shown.remove(at: root)
        return shown
    }
}
