import Foundation
import Testing

/// The defects issue 14 opened with, each reproduced end to end with the built pfin: the same
/// data must count the same in `pfin report` and in the journals, under the accounting model.
struct AccountingModelTests {
    /// A card with a purchase and its return in Shopping, a utility's billing credit, a salary, and
    /// a Zelle receipt typed `transfer` with an `Income:` category.
    static let jsonl = """
        {"id":"0000000000000001","account":"Card","date":"2024-05-02","name":"Target","address":null,"amount":"-100.00","currency":"USD","memo":null,"type":"expense","category":"Shopping","fitid":null,"checkNumber":null,"source":"a.jsonl:1"}
        {"id":"0000000000000002","account":"Card","date":"2024-05-09","name":"Target","address":null,"amount":"30.00","currency":"USD","memo":null,"type":"income","category":"Shopping","fitid":null,"checkNumber":null,"source":"a.jsonl:2"}
        {"id":"0000000000000003","account":"Checking","date":"2024-05-10","name":"City Light","address":null,"amount":"12.50","currency":"USD","memo":"billing credit","type":"income","category":"Utilities:Electric","fitid":null,"checkNumber":null,"source":"a.jsonl:3"}
        {"id":"0000000000000004","account":"Checking","date":"2024-05-15","name":"ACME","address":null,"amount":"2000.00","currency":"USD","memo":null,"type":"income","category":"Income:Salary","fitid":null,"checkNumber":null,"source":"a.jsonl:4"}
        {"id":"0000000000000005","account":"Checking","date":"2024-05-20","name":"Zelle from J Doe","address":null,"amount":"400.00","currency":"USD","memo":null,"type":"transfer","category":"Income:From People","fitid":null,"checkNumber":null,"source":"a.jsonl:5"}

        """

    static func summary() throws -> [String: Any] {
        let result = try PfinProcess.run(["report", "-", "--format", "json"], stdin: Data(jsonl.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let month = try #require((document["months"] as? [[String: Any]])?.first)
        return try #require((month["summaries"] as? [[String: Any]])?.first)
    }

    @Test func aRefundLowersSpendingInTheReport() throws {
        let usd = try Self.summary()
        // 100.00 spent, 30.00 back, 12.50 credited: 57.50 of spending, 42.50 of it in refunds.
        #expect(usd["expense"] as? String == "57.50")
        #expect(usd["refunds"] as? String == "42.50")
        #expect(usd["refundCount"] as? Int == 2)
        // Only the salary is income: neither a refund nor the transfer counts.
        #expect(usd["income"] as? String == "2000.00")
        let transfers = try #require(usd["transfers"] as? [String: Any])
        #expect(transfers["in"] as? String == "400.00")
        let lines = try #require(usd["expenseCategories"] as? [[String: Any]])
        #expect(lines.first { $0["path"] as? String == "Shopping" }?["amount"] as? String == "70.00")
    }

    @Test func journalsPostRefundsAsNegativeExpensesAndTransfersOutsideIncome() throws {
        let ledger = try PfinProcess.run(["convert", "-", "--to", "ledger"], stdin: Data(Self.jsonl.utf8))
        #expect(ledger.status == 0, "\(ledger.stderr)")
        let postings = Self.postings(ledger.stdout)
        #expect(postings.contains("Expenses:Shopping -30.00 USD"), "\(ledger.stdout)")
        #expect(postings.contains("Expenses:Utilities:Electric -12.50 USD"))
        #expect(postings.contains("Assets:Transfers:From People -400.00 USD"))
        #expect(!ledger.stdout.contains("Income:Shopping") && !ledger.stdout.contains("Income:From People"))
        let beancount = try PfinProcess.run(["convert", "-", "--to", "beancount"], stdin: Data(Self.jsonl.utf8))
        #expect(Self.postings(beancount.stdout).contains("Expenses:Shopping -30.00 USD"), "\(beancount.stdout)")
        #expect(Self.postings(beancount.stdout).contains("Assets:Transfers:From-People -400.00 USD"))
    }

    /// Each indented line with its runs of spaces squeezed to one (`Expenses:Food 12.00 USD`).
    static func postings(_ journal: String) -> Set<String> {
        Set(
            journal.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { line in
                line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            })
    }

    @Test func hledgerCountsWhatTheReportCounts() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger") else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = directory.appendingPathComponent("model.journal").path
        let convert = try PfinProcess.run(["convert", "-", "--to", "ledger", "-o", journal], stdin: Data(Self.jsonl.utf8))
        #expect(convert.status == 0, "\(convert.stderr)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hledger")
        process.arguments = ["-f", journal, "bal", "^Income", "^Expenses", "--depth", "1", "-N", "-O", "csv"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(output.contains("\"Income\",\"-2000.00 USD\""), "\(output)")
        #expect(output.contains("\"Expenses\",\"57.50 USD\""), "\(output)")
    }

    @Test func aRuleThatContradictsItsCategoryIsReported() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = directory.appendingPathComponent("rules.pfin")
        try """
        rule "Zelle"
          when name starts-with "Zelle"
          set type = transfer
          set category = "Income:From People"

        """.write(to: rules, atomically: true, encoding: .utf8)
        let check = try PfinProcess.run(["rules", "check", rules.path])
        #expect(
            check.stderr.contains(
                "rules.pfin:3:3: warning: rule 'Zelle' sets type 'transfer' with the income category 'Income:From People': counted as a transfer, never as income"
            ),
            "\(check.stderr)")
        // At run time: once per run, however many transactions it hits, in convert and report alike.
        let twice = Self.jsonl + Self.jsonl.replacingOccurrences(of: "00000000000000", with: "10000000000000")
        for command in [["convert", "-"], ["report", "-"]] {
            let run = try PfinProcess.run(command + ["--rules", rules.path], stdin: Data(twice.utf8))
            #expect(run.status == 0, "\(run.stderr)")
            let warnings = run.stderr.components(separatedBy: "warning: a rule set type 'transfer' with the income category 'Income:From People'")
            #expect(warnings.count == 2, "\(command[0]): \(run.stderr)")
        }
    }

    /// A rule that files a transaction the file typed `transfer` (OFX XFER) under Income is warned
    /// about too: the transfer stays a transfer. A refund (a type the sign gave) is not.
    @Test func aRuleCategoryThatContradictsTheFilesTypeIsReported() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = directory.appendingPathComponent("rules.pfin")
        try """
        rule "From people"
          when amount > 0
          set category = "Income:From People"

        """.write(to: rules, atomically: true, encoding: .utf8)
        let run = try PfinProcess.run(["report", "-", "--rules", rules.path], stdin: Data(Self.jsonl.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "a.jsonl:5: warning: a rule set a category the file's type contradicts: type 'transfer' with the income category 'Income:From People'"),
            "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "warning:").count == 2, "only the transfer is warned about: \(run.stderr)")
    }

    /// `pfin report --rules` prints the rules' warnings as `convert` does (it used to drop them),
    /// at most 100 of them, the rest counted.
    @Test func reportPrintsTheRulesWarningsBounded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = directory.appendingPathComponent("slow.pfin")
        try """
        rule "Slow"
          when name matches /(a+)+$/
          set category = "Slow"

        """.write(to: rules, atomically: true, encoding: .utf8)
        let name = String(repeating: "a", count: 40) + "b"
        let rows =
            (1...150).map { n in
                "{\"id\":null,\"account\":\"A\",\"date\":\"2024-05-01\",\"name\":\"\(name)\",\"amount\":\"-\(n).00\",\"currency\":\"EUR\"}"
            }.joined(separator: "\n") + "\n"
        let run = try PfinProcess.run(["report", "-", "--rules", rules.path], stdin: Data(rows.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "gave up on this transaction").count == 101, "\(run.stderr.prefix(400))")
        #expect(run.stderr.contains("pfin: 50 more rule warnings not shown"))
    }
}
