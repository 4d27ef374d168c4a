import FinanceCore
import Foundation
import TestSupport
import Testing

@testable import Reports

/// The builder's sums against a plain recomputation: on generated activities (mixed scales, four
/// currency groups, refunds, transfers, nested categories, any order), group by month, currency
/// and type and add `Money` exactly, then compare every summary to the cent. A failure names the
/// seed; the generator replays it.
@Suite struct DifferentialTests {
    struct Run: CustomTestStringConvertible, Sendable {
        var seed: UInt64
        var count: Int
        var keepTransactions: Bool
        var testDescription: String { "seed \(seed), \(count) activities\(keepTransactions ? "" : ", none kept")" }
    }

    static let runs: [Run] = [
        Run(seed: 1, count: 3_000, keepTransactions: true), Run(seed: 2, count: 3_000, keepTransactions: false),
        Run(seed: 3, count: 500, keepTransactions: true), Run(seed: 0xC0FFEE, count: 6_000, keepTransactions: true),
    ]

    @Test(arguments: runs)
    func builderAgreesWithNaiveSums(_ run: Run) throws {
        var generator = ActivityGenerator(seed: run.seed)
        let activities = (0..<run.count).map { generator.activity(line: $0 + 1) }
        let report = ReportTesting.report(activities, ReportOptions(keepTransactions: run.keepTransactions))
        let expected = NaiveTotals(activities)

        #expect(report.summaries.count == expected.groups.count)
        var mismatches: [String] = []
        for summary in report.summaries {
            let key = NaiveTotals.Key(month: summary.month, currency: summary.currency)
            guard let group = expected.groups[key] else {
                mismatches.append("\(key): a summary the data has no activity for")
                continue
            }
            func check(_ what: String, _ actual: some Equatable, _ wanted: some Equatable) {
                if actual as? AnyHashable != wanted as? AnyHashable {
                    mismatches.append("\(key) \(what): \(actual) ≠ \(wanted)")
                }
            }
            check("income", summary.income, group.income)
            check("expense", summary.expense, group.expense)
            check("net", summary.net, group.net)
            check("transfers", summary.transfers, group.transfers)
            check("income count", summary.incomeCount, group.incomeCount)
            check("expense count", summary.expenseCount, group.expenseCount)
            check("refunds", summary.refunds, group.refunds)
            check("refund count", summary.refundCount, group.refundCount)
            check("uncategorized", summary.uncategorizedCount, group.uncategorizedCount)
            // The month's own categories, and a line of zero (gone) for each of the previous
            // month's that has nothing this month.
            let before = expected.groups[NaiveTotals.Key(month: summary.month.previous, currency: summary.currency)]
            for (kind, lines, wanted, earlier) in [
                ("income", summary.incomeCategories, group.incomeCategories, before?.incomeCategories ?? [:]),
                ("expense", summary.expenseCategories, group.expenseCategories, before?.expenseCategories ?? [:]),
            ] {
                let present = lines.filter { $0.count > 0 }, gone = lines.filter { $0.count == 0 }
                check("\(kind) lines", Dictionary(uniqueKeysWithValues: present.map { ($0.path, $0.amount) }), wanted)
                check("gone \(kind) lines", Set(gone.map(\.path)), Set(earlier.keys).subtracting(wanted.keys))
                check("gone \(kind) amounts", gone.filter { !$0.amount.isZero }.count, 0)
            }
            check("transactions", summary.transactions.count, run.keepTransactions ? group.count : 0)
            #expect(!summary.isSaturated)
        }
        #expect(mismatches.count == 0, "seed \(run.seed): \(mismatches.prefix(5).joined(separator: "\n"))")
    }

    @Test func theGeneratorIsDeterministic() {
        var a = ActivityGenerator(seed: 9), b = ActivityGenerator(seed: 9)
        #expect((1...50).map { a.activity(line: $0) } == (1...50).map { b.activity(line: $0) })
    }
}

/// Month totals recomputed the obvious way, for `DifferentialTests`.
struct NaiveTotals {
    struct Key: Hashable, CustomStringConvertible {
        var month: YearMonth
        var currency: CurrencyCode?
        var description: String { "\(month) \(currency?.description ?? "-")" }
    }

    struct Group {
        var income: Money, expense: Money, net: Money
        var transfers: TransferTotals
        var refunds: Money
        var refundCount = 0
        var incomeCount = 0, expenseCount = 0, uncategorizedCount = 0, count = 0
        var incomeCategories: [String: Money] = [:]
        var expenseCategories: [String: Money] = [:]
    }

    private(set) var groups: [Key: Group] = [:]

    init(_ activities: [PaymentActivity]) {
        for activity in activities {
            let key = Key(month: YearMonth(activity.date), currency: activity.currency)
            let zero = Money.zero(activity.currency)
            var group =
                groups[key]
                ?? Group(
                    income: zero, expense: zero, net: zero,
                    transfers: TransferTotals(moneyIn: zero, moneyOut: zero, count: 0), refunds: zero)
            let amount = activity.amount
            let side = NaiveTotals.side(activity)
            // What the summary shows as positive: money earned for income, money spent otherwise.
            let shown = side == .income ? amount : amount.negated!
            let path = activity.category.flatMap { $0.isEmpty ? nil : $0 } ?? MonthlySummary.uncategorizedName
            group.count += 1
            if activity.category?.isEmpty ?? true { group.uncategorizedCount += 1 }
            switch side {
            case .income:
                group.income = group.income.adding(amount)!
                group.incomeCount += 1
                NaiveTotals.addUnderEveryAncestor(shown, path: path, to: &group.incomeCategories)
            case .spending:
                group.expense = group.expense.adding(shown)!
                group.expenseCount += 1
                if amount.units > 0 {
                    group.refunds = group.refunds.adding(amount)!
                    group.refundCount += 1
                }
                NaiveTotals.addUnderEveryAncestor(shown, path: path, to: &group.expenseCategories)
            case .transfer:
                if amount.isNegative {
                    group.transfers.moneyOut = group.transfers.moneyOut.adding(shown)!
                } else {
                    group.transfers.moneyIn = group.transfers.moneyIn.adding(amount)!
                }
                group.transfers.count += 1
            }
            group.net = group.income.adding(group.expense.negated!)!
            groups[key] = group
        }
    }

    /// The accounting model of CONTRACT.md, written out again here from its text rather than taken
    /// from `AccountingModel`: type transfer is a transfer; else the category's first component
    /// decides (Income, Revenue(s), Paycheck(s), Salary and the other pay roots, or a last word
    /// Income; Transfers, Transfer, Assets,
    /// Liabilities, Equity; anything else is spending); else the type.
    static func side(_ activity: PaymentActivity) -> AccountingSide {
        if activity.type == .transfer { return .transfer }
        let first = activity.category?.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let first, !first.isEmpty {
            let roots = ["income", "revenue", "revenues", "paycheck", "paychecks", "inflow", "ready to assign", "to be budgeted"]
            let pay =
                ["salary", "salaries", "wage", "wages", "payroll", "dividend", "dividends", "gehalt", "lohn", "einnahmen", "einkommen"]
                + ["salaire", "salaires", "revenus", "nómina", "nomina", "ingresos", "salario", "stipendio", "entrate", "salaris", "inkomsten"]
                + ["erträge", "receitas"]
            if roots.contains(first) || pay.contains(first) || first.hasSuffix(" income") { return .income }
            if ["transfers", "transfer", "assets", "liabilities", "equity"].contains(first) { return .transfer }
            return .spending
        }
        return activity.type == .income ? .income : .spending
    }

    /// `Food:Groceries` counts under `Food:Groceries` and under `Food`.
    private static func addUnderEveryAncestor(_ amount: Money, path: String, to lines: inout [String: Money]) {
        let parts = path.split(separator: ":", omittingEmptySubsequences: false)
        for end in 1...parts.count {
            let ancestor = parts[..<end].joined(separator: ":")
            lines[ancestor] = (lines[ancestor] ?? Money.zero(amount.currency)).adding(amount)!
        }
    }
}

/// Seeded activities with everything the builder must get right: scales 0 to 4 (and yen written
/// with cents), refunds typed as expense, income typed on negative amounts, transfers, nested and
/// missing categories, four currency groups and dates in any order.
struct ActivityGenerator {
    private var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    private mutating func next() -> UInt64 { random.next() }

    private mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    static let categories: [String?] = [
        nil, "", "Food", "Food:Groceries", "Food:Restaurants", "Food:Restaurants:Lunch", "Home:Rent", "Home:Energy",
        "Salary", "Salary:Bonus", "Fun", "Transport:Fuel", "Income:Salary", "Income:Salary:Bonus", "income:Gifts",
        "Transfers:Savings", "Assets:Cash", " Equity : Opening", "Interest Income", "Revenue:Consulting",
    ]
    static let currencies: [CurrencyCode?] = [CurrencyCode("USD"), CurrencyCode("EUR"), CurrencyCode("JPY"), nil]

    mutating func activity(line: Int) -> PaymentActivity {
        let date = LocalDate(daysSinceEpoch: LocalDate(year: 2022, month: 11, day: 1)!.daysSinceEpoch + below(790))
        let currency = ActivityGenerator.currencies[below(4)]
        var units = Int64(below(2_000_000)) - 1_500_000
        if below(50) == 0 { units *= 1_000_000 }  // now and then a very large amount
        var scale = UInt8([0, 1, 2, 2, 2, 3, 4][below(7)])
        if currency == CurrencyCode("JPY") {
            scale = below(10) == 0 ? 2 : 0
            if scale == 2 { units *= 100 }  // `1200.00` yen
        }
        let type: PaymentType? = [nil, nil, nil, .transfer, .expense, .income][below(6)]
        return PaymentActivity(
            id: ActivityID(value: UInt64(line)), account: "acct", date: date,
            name: "Payee \(below(25))", amount: Money(units: units, scale: scale, currency: currency),
            type: type, category: ActivityGenerator.categories[below(ActivityGenerator.categories.count)],
            source: SourceLocation(file: "generated", line: line))
    }
}
