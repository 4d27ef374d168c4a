import Foundation
import Testing

/// The report's totals against an independent recomputation: the samples converted to JSON Lines
/// by `pfin convert` (the same rules), summed here per month, currency and type with plain
/// integer arithmetic. Every format must agree to the cent.
struct ReportTotalsTests {
    /// Income, expense (positive when spent) and transfers of one month in one currency.
    struct Totals: Equatable, CustomStringConvertible {
        var income: Int64 = 0, expense: Int64 = 0, transferIn: Int64 = 0, transferOut: Int64 = 0
        var incomeCount = 0, expenseCount = 0, transferCount = 0
        var net: Int64 { income - expense }
        var description: String { "income \(income) expense \(expense) in \(transferIn) out \(transferOut)" }
    }

    /// `"2024-05 EUR"` (or `"2024-05 -"` without a currency) → totals, from the JSON Lines.
    static func recompute() throws -> [String: Totals] {
        let result = try PfinProcess.run(["convert"] + ReportCommandTests.samplesArguments)
        #expect(result.status == 0, "\(result.stderr)")
        var totals: [String: Totals] = [:]
        for line in result.stdout.split(separator: "\n") {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let date = try #require(row["date"] as? String), type = try #require(row["type"] as? String)
            let key = "\(date.prefix(7)) \(row["currency"] as? String ?? "-")"
            let amount = try micros(try #require(row["amount"] as? String))
            switch side(type: type, category: row["category"] as? String) {
            case "income": totals[key, default: Totals()].income += amount; totals[key, default: Totals()].incomeCount += 1
            case "spending": totals[key, default: Totals()].expense -= amount; totals[key, default: Totals()].expenseCount += 1
            default:
                if amount >= 0 { totals[key, default: Totals()].transferIn += amount } else { totals[key, default: Totals()].transferOut -= amount }
                totals[key, default: Totals()].transferCount += 1
            }
        }
        return totals
    }

    /// The accounting model as CONTRACT.md states it, written out here rather than taken from the
    /// library: type transfer is a transfer; else a category's first component decides (Income,
    /// Revenue(s), Paycheck(s) or a last word Income is income; Transfers, Transfer, Assets,
    /// Liabilities, Equity a transfer; anything else spending); else the type.
    static func side(type: String, category: String?) -> String {
        if type == "transfer" { return "transfer" }
        if let first = category?.split(separator: ":").first?.trimmingCharacters(in: .whitespaces).lowercased(), !first.isEmpty {
            let pay =
                ["salary", "salaries", "wage", "wages", "payroll", "dividend", "dividends", "gehalt", "lohn", "einnahmen", "einkommen"]
                + ["salaire", "salaires", "revenus", "nómina", "nomina", "ingresos", "salario", "stipendio", "entrate", "salaris", "inkomsten"]
                + ["erträge", "receitas"]
            if ["income", "revenue", "revenues", "paycheck", "paychecks", "inflow", "ready to assign", "to be budgeted"].contains(first) || pay.contains(first)
                || first.hasSuffix(" income")
            {
                return "income"
            }
            return ["transfers", "transfer", "assets", "liabilities", "equity"].contains(first) ? "transfer" : "spending"
        }
        return type == "income" ? "income" : "spending"
    }

    /// A decimal string as millionths, exactly (`"-54.2"` → -54_200_000).
    static func micros(_ text: some StringProtocol) throws -> Int64 {
        var negative = false, units: Int64 = 0, decimals = -1
        for character in text {
            switch character {
            case "-": negative = true
            case ",", "+": continue
            case ".": decimals = 0
            case "0"..."9":
                units = units * 10 + Int64(character.wholeNumberValue!)
                if decimals >= 0 { decimals += 1 }
            default: throw CocoaError(.formatting)
            }
        }
        for _ in 0..<(6 - max(decimals, 0)) { units *= 10 }
        return negative ? -units : units
    }

    @Test func jsonTotalsMatch() throws {
        let expected = try Self.recompute()
        let result = try PfinProcess.run(["report"] + ReportCommandTests.samplesArguments + ["--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        var seen: [String: Totals] = [:]
        for month in try #require(document["months"] as? [[String: Any]]) {
            for summary in try #require(month["summaries"] as? [[String: Any]]) {
                let key = "\(month["month"] as! String) \(summary["currency"] as? String ?? "-")"
                let transfers = try #require(summary["transfers"] as? [String: Any])
                let totals = Totals(
                    income: try Self.micros(summary["income"] as! String),
                    expense: try Self.micros(summary["expense"] as! String),
                    transferIn: try Self.micros(transfers["in"] as! String),
                    transferOut: try Self.micros(transfers["out"] as! String),
                    incomeCount: summary["incomeCount"] as! Int, expenseCount: summary["expenseCount"] as! Int,
                    transferCount: transfers["count"] as! Int)
                #expect(try Self.micros(summary["net"] as! String) == totals.net, "\(key)")
                seen[key] = totals
            }
        }
        #expect(seen == expected)
    }

    @Test func csvTotalsMatch() throws {
        let expected = try Self.recompute()
        let result = try PfinProcess.run(["report"] + ReportCommandTests.samplesArguments + ["--format", "csv"])
        var seen: [String: Totals] = [:]
        for line in result.stdout.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            guard cells.count >= 6 else { continue }
            let key = "\(cells[0]) \(cells[1].isEmpty ? "-" : cells[1])"
            switch cells[2] {
            case "income-total":
                seen[key, default: Totals()].income = try Self.micros(cells[4]); seen[key, default: Totals()].incomeCount = Int(cells[5])!
            case "expense-total":
                seen[key, default: Totals()].expense = try Self.micros(cells[4]); seen[key, default: Totals()].expenseCount = Int(cells[5])!
            case "transfer-in": seen[key, default: Totals()].transferIn = try Self.micros(cells[4])
            case "transfer-out": seen[key, default: Totals()].transferOut = try Self.micros(cells[4])
            case "net": #expect(try Self.micros(cells[4]) == expected[key]?.net, "\(key)")
            default: continue
            }
        }
        // The CSV counts transfers only in the JSON; compare the rest.
        #expect(
            seen
                == expected.mapValues {
                    var t = $0; t.transferCount = 0; return t
                })
    }

    @Test func textTotalsMatch() throws {
        let expected = try Self.recompute()
        let result = try PfinProcess.run(["report"] + ReportCommandTests.samplesArguments)
        var key = "", checked = 0
        var labelsSeen: Set<String> = []  // the summary lines come first; later ones are categories
        for line in result.stdout.split(separator: "\n") {
            if line.contains(" · ") {
                // "May 2024 · EUR" → "2024-05 EUR"
                let parts = line.split(separator: " ")
                let month =
                    [
                        "January", "February", "March", "April", "May", "June", "July", "August", "September",
                        "October", "November", "December",
                    ].firstIndex(of: String(parts[0]))! + 1
                let currency = parts.count == 4 ? String(parts[3]) : "-"
                key = "\(parts[1])-\(month < 10 ? "0" : "")\(month) \(currency)"
                labelsSeen = []
                continue
            }
            let words = line.split(separator: " ")
            guard let label = words.first, ["Income", "Spending", "Net"].contains(label),
                labelsSeen.insert(String(label)).inserted,
                let amount = words.dropFirst().first(where: { $0.contains(where: \.isNumber) })
            else { continue }
            let value = try Self.micros(amount.filter { "0123456789.,-".contains($0) })
            let totals = try #require(expected[key], "no recomputed totals for \(key)")
            #expect(value == (label == "Income" ? totals.income : label == "Spending" ? totals.expense : totals.net), "\(key) \(label)")
            checked += 1
        }
        #expect(checked == expected.count * 3)
    }
}
