import FinanceCore
import Foundation
import TestSupport
import Testing

@testable import StatementFormats

/// `LedgerWriter` and `BeancountWriter`: golden files for activities with everything a journal
/// makes awkward, streaming, and (when the tools are installed) the real tools reading them.
@Suite struct JournalWriterTests {
    static let usd = CurrencyCode("USD"), eur = CurrencyCode("EUR"), jpy = CurrencyCode("JPY"), kwd = CurrencyCode("KWD")

    static func activity(
        _ id: UInt64, account: String? = "Checking 1234", date: String = "2024-05-03", name: String,
        units: Int64, scale: UInt8 = 2, currency: CurrencyCode? = usd, memo: String? = nil,
        type: PaymentType? = nil, category: String? = nil, fitid: String? = nil,
        checkNumber: String? = nil, file: String = "Samples/bank.csv"
    ) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: id), account: account, date: LocalDate(iso: date) ?? LocalDate(daysSinceEpoch: 0),
            name: name, amount: Money(units: units, scale: scale, currency: currency), memo: memo, type: type,
            category: category, fitid: fitid, checkNumber: checkNumber,
            source: SourceLocation(file: file, line: Int(id & 0xFF) + 1))
    }

    /// Special characters in names and categories, several currencies, no currency, transfers,
    /// uncategorised rows, memos, FITIDs and check numbers.
    static let awkward: [PaymentActivity] = [
        activity(
            0x01, date: "2024-05-03", name: "Whole Foods Market", units: -5420, memo: "POS 0503",
            category: "Food:Groceries", fitid: "20240503001"),
        activity(0x02, date: "2024-05-01", name: "ACME Corp Payroll", units: 215_000, category: "Income:Salary"),
        activity(
            0x03, date: "2024-05-04", name: "Café \"Le Zinc\"; Paris | 2e", units: -450, currency: eur,
            memo: "carte; 04/05 | sans contact", category: "food:coffee & snacks"),
        activity(0x04, date: "2024-05-05", name: "(Pending) Amazon", units: -1999, category: "Shopping:Online"),
        activity(0x05, date: "2024-05-06", name: "Check 1001", units: -7500, checkNumber: "1001"),
        activity(0x06, date: "2024-05-07", name: "To savings", units: -10_000, type: .transfer, category: "Transfers:Savings"),
        activity(0x07, date: "2024-05-08", name: "Unknown transfer", units: 2500, type: .transfer),
        activity(0x08, account: nil, date: "2024-05-09", name: "No account, no currency", units: -1005, scale: 3, currency: nil),
        activity(
            0x09, date: "2024-05-10", name: "Line one\nLine two\ttab", units: -300, memo: "back\\slash",
            category: "Travel\t(Work)  [2024]"),
        activity(
            0x0A, account: "Tokyo 口座", date: "2024-05-11", name: "コンビニ", units: -500, scale: 0, currency: jpy,
            category: "日本:食費"),
        activity(
            0x0B, account: "NBK", date: "2024-05-12", name: "Refund", units: 1250, scale: 3, currency: kwd,
            category: "Shopping"),
        activity(
            0x0C, date: "2024-05-13", name: "Fee waived", units: 0, fitid: "F,1 2", checkNumber: "12)3",
            file: "Samples/odd \"name\".csv"),
    ]

    static func write(_ activities: [PaymentActivity], _ format: StatementFormat, statements: [StatementInfo] = []) throws
        -> (text: String, notices: [String])
    {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out").path
        let output = try ByteOutput.atomicFile(path)
        guard var writer = StatementWriters.writer(for: format, to: output) else {
            Issue.record("no writer for \(format)")
            return ("", [])
        }
        for info in statements { try writer.statement(info) }
        for activity in activities { try writer.write(activity) }
        try writer.finish()
        try output.commit()
        return (try String(contentsOfFile: path, encoding: .utf8), writer.notices)
    }

    /// Compares with `Fixtures/journal/NAME` (`TestSupport.Golden`).
    static func checkGolden(_ actual: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        Golden.check(
            actual, at: Repository.fixtures.appendingPathComponent("journal").appendingPathComponent(name),
            shownAs: "Fixtures/journal/\(name)", sourceLocation: sourceLocation)
    }

    @Test("golden output", arguments: [(StatementFormat.ledger, "awkward.journal"), (.beancount, "awkward.beancount")])
    func golden(_ format: StatementFormat, _ file: String) throws {
        let (text, notices) = try Self.write(Self.awkward, format)
        try Self.checkGolden(text, file)
        #expect(notices == ["1 transaction has no currency; written with the commodity XXX (ISO 4217 'no currency'); name one with --currency CODE"])
    }

    @Test(
        "a payment in another currency: the balancing posting carries the original amount at its total cost",
        arguments: [StatementFormat.ledger, .beancount])
    func foreignPaymentsAtCost(_ format: StatementFormat) throws {
        let path = Repository.fixtures.appendingPathComponent("jsonl").appendingPathComponent("foreign-payments.jsonl").path
        var collector = Collector()
        try JSONLinesReader().read(ByteInput(path: path), options: ReadOptions(), into: &collector)
        #expect(collector.diagnostics.isEmpty)
        let text = try Self.write(collector.activities, format).text
        let postings = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
            .filter { $0.hasPrefix("Assets:") || $0.hasPrefix("Expenses:") }
        #expect(
            postings == [
                "Assets:Bank:Card -11.07 EUR", "Expenses:Subscriptions 12.00 USD @@ 11.07 EUR",
                "Assets:Bank:Card 5.00 EUR", "Expenses:Shopping -5.50 CHF @@ 5.00 EUR",
                // Only a rate: nothing to post in GBP.
                "Assets:Bank:Card -3.00 EUR", "Expenses:Uncategorised 3.00 EUR",
                "Assets:Bank:Card -11.20 EUR", "Expenses:Food 1850 JPY @@ 11.20 EUR",
            ])
        if format == .ledger {
            for code in ["CHF", "EUR", "JPY", "USD"] { #expect(text.contains("\ncommodity \(code)\n"), "declared for hledger -s") }
        }
    }

    @Test("each transaction balances: the second posting is the exact negation", arguments: [StatementFormat.ledger, .beancount])
    func postingsBalance(_ format: StatementFormat) throws {
        let extremes = [
            Self.activity(0x21, name: "Largest", units: Int64.max, scale: 2),
            Self.activity(0x22, name: "Smallest", units: Int64.min, scale: 2),
            Self.activity(0x23, name: "Zero", units: 0),
        ]
        let text = try Self.write(extremes, format).text
        #expect(text.contains(" 92233720368547758.07 USD\n") && text.contains(" -92233720368547758.07 USD\n"))
        #expect(text.contains(" -92233720368547758.08 USD\n") && text.contains(" 92233720368547758.08 USD\n"))
        #expect(!text.contains("-0.00"), "zero has no sign")
    }

    @Test(
        "a transfer between two accounts the statements named posts to their pair's clearing account, from either side",
        arguments: [
            (StatementFormat.ledger, "Assets:Transfers:Checking 1234 and Visa Card"),
            (.beancount, "Assets:Transfers:Checking-1234-And-Visa-Card"),
        ])
    func transfersBetweenKnownAccountsMeet(_ format: StatementFormat, _ clearing: String) throws {
        let statements = ["Checking 1234", "Visa Card"].map { StatementInfo(account: Account(id: $0), source: SourceLocation(file: "in.qif", line: 1)) }
        let activities = [
            Self.activity(1, name: "Card payment", units: -50_000, type: .transfer, category: "Transfers:Visa Card"),
            Self.activity(2, account: "Visa Card", name: "Payment, thank you", units: 50_000, type: .transfer, category: "Transfers:Checking 1234"),
            // Not an account of the input: the category's own clearing account, as before.
            Self.activity(3, name: "To savings", units: -10_000, type: .transfer, category: "Transfers:Savings"),
        ]
        let text = try Self.write(activities, format, statements: statements).text
        let postings = text.split(separator: "\n").filter { $0.contains("Assets:Transfers:") && !$0.hasPrefix("account") && !$0.contains(" open ") }
        #expect(postings.count == 3)
        #expect(postings.filter { $0.contains(clearing + " ") }.count == 2, "\(postings)")
        #expect(postings[2].contains("Assets:Transfers:Savings "))
        // Without statements naming them, each side keeps its category's account.
        let unknown = try Self.write(activities, format).text
        #expect(!unknown.contains(clearing))
    }

    @Test("beancount opens every account once, on the day of its first use")
    func beancountOpens() throws {
        let text = try Self.write(Self.awkward, .beancount).text
        let opens = text.split(separator: "\n").filter { $0.contains(" open ") }
        #expect(opens.contains("2024-05-01 open Assets:Bank:Checking-1234"), "the earliest date, not the first written")
        #expect(opens.contains("2024-05-04 open Expenses:Food:Coffee-Snacks"))
        #expect(Set(opens.map { $0.split(separator: " ").last }).count == opens.count)
    }

    @Test("writes as it goes: output reaches the file before finish()", arguments: [StatementFormat.ledger, .beancount])
    func streams(_ format: StatementFormat) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try ByteOutput.atomicFile(directory.appendingPathComponent("out").path)
        defer { output.discard() }
        guard var writer = StatementWriters.writer(for: format, to: output) else { return }
        for i in 0..<2000 {
            try writer.write(Self.activity(UInt64(i), date: "2024-05-03", name: "Row \(i)", units: Int64(-i), category: "Food"))
        }
        let spooled = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let size = try spooled.map { try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path)[.size] as? Int ?? 0 }
        #expect(size.reduce(0, +) > 64 * 1024)
    }

    /// A program on PATH, for tests that run the real tools when they are installed (CI installs
    /// them; `.ci/interop/check_journals.py` is the full check).
    static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool on text written to a file; returns its exit status and everything it printed.
    static func run(_ tool: String, _ arguments: [String], on text: String, named name: String) throws -> (Int32, String) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments.map { $0 == "FILE" ? file.path : $0 }
        let log = directory.appendingPathComponent("log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }

    @Test(.enabled(if: tool("hledger") != nil)) func hledgerReadsTheJournal() throws {
        let text = try Self.write(Self.awkward, .ledger).text
        let (status, out) = try Self.run(
            Self.tool("hledger") ?? "", ["-f", "FILE", "bal", "--flat", "-O", "csv", "--layout", "bare"],
            on: text, named: "a.journal")
        #expect(status == 0, "\(out)")
        #expect(out.contains(#""Expenses:food:coffee & snacks","EUR","4.50""#))
        #expect(out.contains(#""Assets:Bank:Unnamed","XXX","-1.005""#))
    }

    @Test(.enabled(if: tool("ledger") != nil)) func ledgerReadsTheJournal() throws {
        let text = try Self.write(Self.awkward, .ledger).text
        let (status, out) = try Self.run(
            Self.tool("ledger") ?? "", ["-f", "FILE", "reg", "--format", "%(code)|%(payee)|%(tag(\"id\"))\n"],
            on: text, named: "a.journal")
        #expect(status == 0, "\(out)")
        #expect(out.contains("|(Pending) Amazon|0000000000000004"), "the empty code keeps the parenthesis in the payee")
        #expect(out.contains("1001|Check 1001|0000000000000005"))
    }

    @Test(.enabled(if: tool("bean-check") != nil)) func beanCheckAcceptsTheFile() throws {
        let text = try Self.write(Self.awkward, .beancount).text
        let (status, out) = try Self.run(Self.tool("bean-check") ?? "", ["FILE"], on: text, named: "a.beancount")
        #expect(status == 0)
        #expect(out.isEmpty, "\(out)")
    }
}
