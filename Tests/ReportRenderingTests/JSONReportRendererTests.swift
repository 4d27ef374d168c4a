import FinanceCore
import Foundation
import ReportRendering
import Reports
import Testing

/// The JSON report: golden output, and a document that a standard parser reads back to the model.
@Suite struct JSONReportRendererTests {
    static let rendered = JSONReportRenderer().render(ReportFixture.report)

    static func parsed(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func wholeReportMatchesGolden() {
        GoldenFile.check(Self.rendered, "report.json")
    }

    @Test func oneMonthMatchesGolden() {
        GoldenFile.check(JSONReportRenderer().render(ReportFixture.report, month: ReportFixture.may), "2024-05.json")
    }

    @Test func totalsMatchTheModel() throws {
        let document = try Self.parsed(Self.rendered)
        #expect(document["schema"] as? String == "pfin.report/1")
        let months = try #require(document["months"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == ["2024-04", "2024-05", "2024-06"])
        let summaries = months.flatMap { $0["summaries"] as? [[String: Any]] ?? [] }
        #expect(summaries.count == ReportFixture.report.summaries.count)
        for (json, model) in zip(summaries, ReportFixture.report.summaries) {
            #expect(json["currency"] as? String == model.currency?.description)
            #expect(json["income"] as? String == model.income.decimalString)
            #expect(json["expense"] as? String == model.expense.decimalString)
            #expect(json["net"] as? String == model.net.decimalString)
            #expect(json["incomeCount"] as? Int == model.incomeCount)
            #expect(json["expenseCount"] as? Int == model.expenseCount)
            #expect(json["uncategorizedCount"] as? Int == model.uncategorizedCount)
            let transfers = try #require(json["transfers"] as? [String: Any])
            #expect(transfers["in"] as? String == model.transfers.moneyIn.decimalString)
            #expect(transfers["out"] as? String == model.transfers.moneyOut.decimalString)
            #expect(transfers["count"] as? Int == model.transfers.count)
            let expenses = try #require(json["expenseCategories"] as? [[String: Any]])
            #expect(expenses.map { $0["path"] as? String } == model.expenseCategories.map(\.path))
            #expect(expenses.map { $0["amount"] as? String } == model.expenseCategories.map(\.amount.decimalString))
            let transactions = try #require(json["transactions"] as? [[String: Any]])
            #expect(transactions.map { $0["name"] as? String } == model.transactions.map(\.name))
            #expect(transactions.map { $0["amount"] as? String } == model.transactions.map(\.amount.decimalString))
        }
    }

    @Test func everyKeyIsAlwaysPresent() throws {
        let months = try #require(try Self.parsed(Self.rendered)["months"] as? [[String: Any]])
        let april = try #require((months[0]["summaries"] as? [[String: Any]])?.first)
        #expect(april["previous"] is NSNull)
        #expect(
            april.keys.sorted() == [
                "averageMonths", "balances", "currency", "expense", "expenseCategories", "expenseCount", "income",
                "incomeCategories", "incomeCount", "largest", "net", "previous", "refundCount",
                "refunds", "savingsRate", "topPayees", "transactions", "transfers",
                "uncategorizedCount",
            ])
        let line = try #require((april["expenseCategories"] as? [[String: Any]])?.first)
        #expect(line.count == 11)
        #expect(line["previous"] is NSNull)
        #expect(line["share"] as? String == "56.70")
        let tx = try #require((april["transactions"] as? [[String: Any]])?.first)
        #expect(tx.count == 13)
        #expect(tx["source"] as? String == "statements/bank.csv:4")
    }

    @Test func hostileTextIsEscaped() throws {
        let text = String(decoding: Self.rendered, as: UTF8.self)
        #expect(text.contains(#""name":"=HYPERLINK(\"http://x\")""#))
        #expect(text.contains(#""address":"Line 1\nLine 2""#))
        #expect(text.contains(#""memo":"quote \" backslash \\ tab\t""#))
        var summary = ReportFixture.mayEUR
        summary.topPayees = [PayeeLine(name: "a\u{01}b\u{1F}", amount: ReportFixture.eur("1.00"), count: 1)]
        let output = String(
            decoding: JSONReportRenderer().render(MonthlyReport(months: [ReportFixture.may], summaries: [summary])),
            as: UTF8.self)
        #expect(output.contains(#""name":"a\u0001b\u001f""#))
    }

    @Test func transactionLinesAreJSONLinesRows() {
        let text = String(decoding: Self.rendered, as: UTF8.self)
        let id = ReportFixture.mayEUR.transactions[7].id.description
        let row =
            #"{"id":""# + id
            + #"","account":"Checking 1234","date":"2024-05-03","name":"Whole Foods Market","address":null,"amount":"-300.00","currency":"EUR","memo":null,"type":"expense","category":"Food:Groceries","fitid":"20240503001","checkNumber":null,"source":"statements/bank.csv:19"}"#
        #expect(text.contains("            " + row))
    }

    @Test func emptyMonthAndNoTransactions() throws {
        let june = String(decoding: JSONReportRenderer().render(ReportFixture.report, month: ReportFixture.june), as: UTF8.self)
        #expect(
            june
                == "{\n  \"schema\": \"pfin.report/1\",\n  \"conversion\": null,\n  \"months\": [\n    {\n      \"month\": \"2024-06\",\n"
                + "      \"summaries\": [],\n      \"budgets\": []\n    }\n  ]\n}\n")
        let slim = try Self.parsed(JSONReportRenderer(options: .init(includeTransactions: false)).render(ReportFixture.report))
        let summaries = (slim["months"] as? [[String: Any]] ?? []).flatMap { $0["summaries"] as? [[String: Any]] ?? [] }
        #expect(summaries.allSatisfy { ($0["transactions"] as? [Any])?.isEmpty == true })
        #expect(try Self.parsed(JSONReportRenderer().render(MonthlyReport(months: [], summaries: [])))["months"] as? [Any] != nil)
    }
}

/// The renderer writes into storage sized by a computed bound; text at its worst must still fit.
@Suite struct JSONReportBoundTests {
    @Test func worstCaseEscapingAndExtremeNumbersFit() throws {
        let controls = String(repeating: "\u{01}\"\\", count: 500)
        let extreme = Money(units: .min, scale: 18, currency: nil)
        var summary = ReportFixture.mayEUR
        summary.currency = nil
        summary.income = extreme
        summary.transactions = [
            PaymentActivity(
                id: ActivityID(value: .max), account: controls, date: LocalDate(year: 9999, month: 12, day: 31)!,
                name: controls, address: controls, amount: extreme, memo: controls, type: .transfer, category: controls,
                fitid: controls, checkNumber: controls, source: SourceLocation(file: controls, line: .max))
        ]
        summary.topPayees = [PayeeLine(name: controls, amount: extreme, count: .max)]
        summary.expenseCategories = [
            CategoryLine(
                path: controls, name: controls, depth: .max, amount: extreme, count: .min, share: Share(basisPoints: .min),
                previous: extreme, changeFromPrevious: Share(basisPoints: .max), trailingAverage: extreme,
                changeFromAverage: nil, isUncategorized: true)
        ]
        let output = JSONReportRenderer().render(MonthlyReport(months: [ReportFixture.may], summaries: [summary]))
        let document = try #require(JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
        let months = try #require(document["months"] as? [[String: Any]])
        let parsed = try #require((months.first?["summaries"] as? [[String: Any]])?.first)
        let tx = try #require((parsed["transactions"] as? [[String: Any]])?.first)
        #expect(tx["name"] as? String == controls)
        #expect(tx["amount"] as? String == "-9.223372036854775808")
        #expect(parsed["income"] as? String == "-9.223372036854775808")
    }
}
