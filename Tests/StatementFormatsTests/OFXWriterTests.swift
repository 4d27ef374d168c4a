import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// `OFXWriter`, 2.2 XML and 1.0.2 SGML: what it writes must read back through
/// `OFXStatementReader` to the same activities, and what OFX cannot hold is counted in `notices`.
@Suite struct OFXWriterTests {
    static let usd = CurrencyCode("USD")!
    static let eur = CurrencyCode("EUR")!

    static func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    static func activity(
        _ id: UInt64, account: String? = "Checking 1", date: String = "2024-01-05", name: String, cents: Int64,
        currency: CurrencyCode? = usd, memo: String? = nil, type: PaymentType? = nil, fitid: String? = nil,
        checkNumber: String? = nil
    ) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: id), account: account, date: day(date), name: name,
            amount: Money(units: cents, scale: 2, currency: currency), memo: memo, type: type, fitid: fitid,
            checkNumber: checkNumber, source: SourceLocation(file: "source.csv", line: Int(id) + 1))
    }

    static let longMemo = String(repeating: "é", count: 250) + String(repeating: "x", count: 50)
    static let longCheck = "1234567890123"

    /// Activities with everything OFX makes awkward.
    static let awkward: [PaymentActivity] = [
        activity(0xA1, name: "Marks & Spencer <Food>", cents: -5420, memo: "Café crème brûlée", fitid: "BANK-1"),
        activity(0xA2, date: "2024-01-06", name: "Line one\nLine two", cents: 120_000, memo: "carriage\rreturn"),
        activity(0xA3, date: "2024-01-07", name: "To savings", cents: -10_000, type: .transfer),
        activity(0xA4, date: "2024-01-08", name: "Long memo", cents: -100, memo: longMemo),
        activity(0xA5, date: "2024-01-09", name: "Check with a long number", cents: -200, checkNumber: longCheck),
        activity(0xA6, date: "2024-01-10", name: "Check 1001", cents: -300, checkNumber: "1001"),
        activity(0xA7, account: nil, date: "2024-01-11", name: "Nowhere", cents: -400),
        activity(0xA8, date: "2024-01-12", name: "No currency", cents: -500, currency: nil),
        activity(0xA9, date: "2024-01-13", name: "R&D &amp; 'quotes' \"double\" ]]>", cents: 600, type: .transfer),
        activity(0xAA, date: "2024-01-14", name: "Ünïcödé 日本 😀", cents: -700, memo: "tab\there"),
    ]

    /// Writes `activities` (after `statements`) to a file and returns its bytes and the writer.
    static func write(
        _ activities: [PaymentActivity], statements: [StatementInfo] = [], version: OFXWriter.Version,
        budget: OFXSpoolBudget = OFXSpoolBudget()
    ) throws -> (bytes: [UInt8], writer: OFXWriter) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.ofx").path
        let output = try ByteOutput.atomicFile(path)
        var writer = OFXWriter(output: output, version: version, budget: budget)
        for info in statements { try writer.statement(info) }
        for activity in activities { try writer.write(activity) }
        try writer.finish()
        try output.commit()
        return (Array(try Data(contentsOf: URL(fileURLWithPath: path))), writer)
    }

    /// The activity as it should read back from OFX: account as ACCTID, currency XXX when none,
    /// memo cut at 255 characters, long check numbers left out, the id as FITID when there was none.
    /// OFX 1.x (`sgml`) has line breaks as spaces.
    static func expectedBack(_ a: PaymentActivity, version: OFXWriter.Version) -> PaymentActivity {
        var b = a
        b.account = OFXWriter.accountID(a.account)
        b.amount.currency = a.currency ?? CurrencyCode("XXX")
        b.memo = a.memo.map { String($0.prefix(255)) }
        if version == .sgml {
            func spaced(_ text: String) -> String {
                text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
            }
            b.name = spaced(b.name)
            b.memo = b.memo.map(spaced)
        }
        if let check = a.checkNumber, check.count > 12 { b.checkNumber = nil }
        return b
    }

    /// The fields a round trip keeps, to compare (not the source location).
    static func kept(_ a: PaymentActivity) -> String {
        [
            a.id.description, a.account ?? "-", a.date.description, a.name, a.amount.decimalString, a.currency?.description ?? "-",
            a.memo ?? "-", a.type.rawValue, a.fitid ?? "-", a.checkNumber ?? "-",
        ].joined(separator: "|")
    }

    @Test(
        "round trip: what the writer writes reads back to the same ids, dates, amounts, names, memos and types",
        arguments: [OFXWriter.Version.xml, .sgml])
    func roundTrip(_ version: OFXWriter.Version) throws {
        let (bytes, _) = try Self.write(Self.awkward, version: version)
        let back = try readOFX(bytes)
        #expect(back.diagnostics.isEmpty)
        let byID = Dictionary(uniqueKeysWithValues: back.activities.map { ($0.id, $0) })
        #expect(back.activities.count == Self.awkward.count)
        for original in Self.awkward {
            let read = try #require(byID[original.id], "activity \(original.id) read back")
            #expect(Self.kept(read) == Self.kept(Self.expectedBack(original, version: version)))
        }
    }

    @Test(
        "a payment in another currency keeps its currency and rate as ORIGCURRENCY; the original amount has no place",
        arguments: [OFXWriter.Version.xml, .sgml])
    func originalCurrency(_ version: OFXWriter.Version) throws {
        var foreign = Self.activity(0xB1, name: "NETFLIX.COM", cents: -1107, currency: Self.eur)
        foreign.original = OriginalAmount(currency: Self.usd, amount: Money(units: -1200, scale: 2), rate: ExchangeRate(Money(units: 92250, scale: 5)))
        var rateless = Self.activity(0xB2, date: "2024-01-06", name: "No rate", cents: -500, currency: Self.eur)
        rateless.original = OriginalAmount(currency: Self.usd, amount: Money(units: -550, scale: 2))
        let (bytes, _) = try Self.write([foreign, rateless], version: version)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<CURRATE>0.9225") && text.contains("<CURSYM>USD"))
        #expect(text.components(separatedBy: "<ORIGCURRENCY>").count == 2, "only the activity with a rate")
        let back = try readOFX(bytes)
        #expect(back.diagnostics.isEmpty)
        #expect(back.activities.map(\.original) == [OriginalAmount(currency: Self.usd, rate: ExchangeRate(Money(units: 9225, scale: 4))), nil])
    }

    @Test("what OFX cannot hold is counted once per activity in notices", arguments: [OFXWriter.Version.xml, .sgml])
    func notices(_ version: OFXWriter.Version) throws {
        let (_, writer) = try Self.write(Self.awkward, version: version)
        #expect(
            writer.notes == OFXWriterNotes(missingCurrency: 1, missingAccount: 1, longCheckNumbers: 1, longMemos: 1, lineBreaks: version == .sgml ? 1 : 0))
        let lineBreak = "1 transaction had line breaks in its text, which OFX 1.x cannot hold: written as spaces (--to ofx keeps them)"
        let lineBreaks = version == .sgml ? [lineBreak] : []
        #expect(
            writer.notices == [
                "1 transaction has no currency and was written with CURDEF XXX; pass --currency CODE",
                "1 transaction has no account and was written under ACCTID UNKNOWN; pass --account NAME",
                "1 check number longer than OFX's 12 characters was left out",
            ] + lineBreaks + ["1 memo was cut to OFX's 255 characters"])
    }

    @Test("nothing awkward, nothing noticed")
    func noNotices() throws {
        let (_, writer) = try Self.write([Self.activity(1, name: "Plain", cents: -100)], version: .xml)
        #expect(writer.notices.isEmpty)
    }

    @Test(
        "the memo is cut at 255 characters, not bytes; a long check number is left out of the file",
        arguments: [OFXWriter.Version.xml, .sgml])
    func limitsInFile(_ version: OFXWriter.Version) throws {
        let (bytes, _) = try Self.write(Self.awkward, version: version)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<MEMO>" + String(Self.longMemo.prefix(255)) + (version == .xml ? "</MEMO>" : "\n")))
        #expect(!text.contains(String(repeating: "x", count: 6)))
        #expect(!text.contains(Self.longCheck))
        #expect(text.contains("<CHECKNUM>1001"))
        #expect(text.contains("<ACCTID>UNKNOWN"))
        #expect(text.contains("<CURDEF>XXX"))
    }

    @Test("text is escaped: & < > as entities, a line break as &#13; or &#10; in XML, a space in SGML", arguments: [OFXWriter.Version.xml, .sgml])
    func escaping(_ version: OFXWriter.Version) throws {
        let (bytes, _) = try Self.write(Self.awkward, version: version)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<NAME>Marks &amp; Spencer &lt;Food&gt;"))
        #expect(text.contains("<NAME>R&amp;D &amp;amp; 'quotes' \"double\" ]]&gt;"))
        #expect(text.contains(version == .xml ? "<MEMO>carriage&#13;return</MEMO>" : "<MEMO>carriage return\n"))
        #expect(text.contains(version == .xml ? "<NAME>Line one&#10;Line two</NAME>" : "<NAME>Line one Line two\n"))
    }

    @Test("the output is deterministic: two writes give identical bytes", arguments: [OFXWriter.Version.xml, .sgml])
    func deterministic(_ version: OFXWriter.Version) throws {
        let first = try Self.write(Self.awkward, version: version).bytes
        let second = try Self.write(Self.awkward, version: version).bytes
        #expect(!first.isEmpty)
        #expect(first == second)
    }

    @Test("XML and SGML headers, and DTSERVER from the latest transaction, not the clock")
    func headers() throws {
        let xml = String(decoding: try Self.write(Self.awkward, version: .xml).bytes, as: UTF8.self)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"220\""))
        #expect(xml.contains("<DTSERVER>20240114120000.000[0:GMT]</DTSERVER>"))
        let sgml = String(decoding: try Self.write(Self.awkward, version: .sgml).bytes, as: UTF8.self)
        #expect(sgml.hasPrefix("OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n"))
        #expect(sgml.contains("ENCODING:UTF-8\r\n"))
        #expect(sgml.contains("<DTSERVER>20240114120000.000[0:GMT]\n"))
        #expect(!sgml.contains("</NAME>"), "1.x leaves are not closed")
    }

    @Test("StatementWriters gives the XML writer for ofx and the SGML one for ofx1")
    func registry() throws {
        for (format, prefix) in [(StatementFormat.ofx, "<?xml"), (.ofx1, "OFXHEADER:100")] {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("out.ofx").path
            let output = try ByteOutput.atomicFile(path)
            var writer = try #require(StatementWriters.writer(for: format, to: output))
            try writer.write(Self.activity(1, name: "One", cents: -100))
            try writer.finish()
            try output.commit()
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(String(decoding: bytes.prefix(prefix.utf8.count), as: UTF8.self) == prefix)
            #expect(try readOFX(bytes).activities.map(\.name) == ["One"])
        }
    }

    @Test("no activities: a valid file with the sign-on alone")
    func empty() throws {
        let (bytes, writer) = try Self.write([], version: .xml)
        let back = try readOFX(bytes)
        #expect(back.diagnostics.isEmpty)
        #expect(back.activities.isEmpty)
        #expect(writer.notices.isEmpty)
        #expect(String(decoding: bytes, as: UTF8.self).contains("<ORG>pfin</ORG>"))
    }

    // MARK: Statements

    @Test("a credit-card StatementInfo makes a CCSTMTRS with its balance", arguments: [OFXWriter.Version.xml, .sgml])
    func creditCard(_ version: OFXWriter.Version) throws {
        let info = StatementInfo(
            account: Account(id: "CARD-9", kind: .creditCard), currency: Self.usd,
            ledgerBalance: Balance(amount: Money(units: -25_000, scale: 2, currency: Self.usd), date: Self.day("2024-01-31")),
            source: SourceLocation(file: "card.csv", line: 0))
        let activities = [
            Self.activity(1, account: "CARD-9", name: "Bakery", cents: -2310),
            Self.activity(2, account: "CARD-9", date: "2024-01-20", name: "Payment", cents: 50_000),
        ]
        let (bytes, _) = try Self.write(activities, statements: [info], version: version)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<CREDITCARDMSGSRSV1>") && text.contains("<CCSTMTRS>") && text.contains("<CCACCTFROM>"))
        #expect(!text.contains("<STMTRS>") && !text.contains("<BANKACCTFROM>") && !text.contains("<BANKMSGSRSV1>"))
        let back = try readOFX(bytes)
        #expect(back.diagnostics.isEmpty)
        #expect(back.activities.map(\.account) == ["CARD-9", "CARD-9"])
        #expect(back.statements.map(\.account) == [Account(id: "CARD-9", kind: .creditCard)])
        #expect(back.statements.first?.ledgerBalance == info.ledgerBalance)
    }

    @Test("a bank StatementInfo gives ACCTTYPE, BANKID, both balances and the wider period")
    func bankStatement() throws {
        let info = StatementInfo(
            account: Account(id: "Checking 1", kind: .savings, institution: "121000248"), currency: Self.usd,
            ledgerBalance: Balance(amount: Money(units: 123_456, scale: 2, currency: Self.usd), date: Self.day("2024-01-31")),
            availableBalance: Balance(amount: Money(units: 100_000, scale: 2, currency: Self.usd), date: Self.day("2024-01-30")),
            start: Self.day("2024-01-01"), end: Self.day("2024-01-31"), source: SourceLocation(file: "s", line: 0))
        let (bytes, _) = try Self.write(
            [Self.activity(1, name: "One", cents: -100), Self.activity(2, date: "2024-01-20", name: "Two", cents: -200)],
            statements: [info], version: .xml)
        let back = try readOFX(bytes)
        #expect(back.diagnostics.isEmpty)
        let statement = try #require(back.statements.first)
        #expect(statement.account == Account(id: "Checking1", kind: .savings, institution: "121000248"))
        #expect(statement.ledgerBalance == info.ledgerBalance)
        #expect(statement.availableBalance == info.availableBalance)
        #expect(statement.start == Self.day("2024-01-01"))
        #expect(statement.end == Self.day("2024-01-31"))
    }

    @Test("without a StatementInfo the period is the activities' and the ledger balance is written as zero")
    func noStatementInfo() throws {
        let (bytes, _) = try Self.write(
            [Self.activity(1, name: "One", cents: -100), Self.activity(2, date: "2024-01-20", name: "Two", cents: -200)],
            version: .sgml)
        let statement = try #require(try readOFX(bytes).statements.first)
        #expect(statement.start == Self.day("2024-01-05"))
        #expect(statement.end == Self.day("2024-01-20"))
        #expect(statement.ledgerBalance == Balance(amount: Money(units: 0, scale: 2, currency: Self.usd), date: Self.day("2024-01-20")))
        #expect(statement.account.kind == .checking)
    }

    @Test("an investment account's activities are written as INVBANKTRAN cash lines and read back")
    func investment() throws {
        let info = StatementInfo(
            account: Account(id: "INV-7", kind: .investment, institution: "broker.example"), currency: Self.usd,
            source: SourceLocation(file: "s", line: 0))
        let activities = [Self.activity(1, account: "INV-7", name: "Deposit", cents: 100_000), Self.activity(2, account: "INV-7", name: "Fee", cents: -2500)]
        let (bytes, _) = try Self.write(activities, statements: [info], version: .xml)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<INVSTMTRS>") && text.contains("<INVBANKTRAN>") && text.contains("<BROKERID>broker.example</BROKERID>"))
        let back = try readOFX(bytes)
        #expect(back.diagnostics.isEmpty)
        #expect(back.activities.map(Self.kept) == activities.map { Self.kept(Self.expectedBack($0, version: .xml)) })
        #expect(back.statements.map(\.account) == [Account(id: "INV-7", kind: .investment, institution: "broker.example")])
    }

    @Test("one account in two currencies gives two statements, each with its CURDEF")
    func twoCurrencies() throws {
        let activities = [Self.activity(1, name: "Dollars", cents: -100), Self.activity(2, name: "Euros", cents: -200, currency: Self.eur)]
        let back = try readOFX(try Self.write(activities, version: .xml).bytes)
        #expect(back.statements.map(\.currency) == [Self.usd, Self.eur])
        #expect(back.activities.map { "\($0.name) \($0.currency!)" } == ["Dollars USD", "Euros EUR"])
    }

    // C0 controls (U+0007 and U+001B turn up in names from damaged exports) are not XML characters:
    // the writer replaces them with U+FFFD.
    @Test("control characters in a name do not make the XML unreadable")
    func controlCharacters() throws {
        let (bytes, _) = try Self.write(
            [
                Self.activity(1, name: "Bell\u{7}Esc\u{1B}End", cents: -100),
                Self.activity(2, name: "Next", cents: -200),
            ], version: .xml)
        let back = try readOFX(bytes)
        #expect(back.errors.isEmpty)
        #expect(back.activities.count == 2)
        #expect(back.activities.first.map { $0.name.hasPrefix("Bell") && $0.name.hasSuffix("End") } == true)
    }

    // MARK: Account ids

    struct AccountCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let account: String?
        let expected: String
    }

    static let accountCases: [AccountCase] = [
        .init(
            testDescription: "IBAN with spaces and a label after a slash (DE12 1203 0000 1234 5678 90 / Girokonto)",
            account: "DE12 1203 0000 1234 5678 90 / Girokonto", expected: "DE12120300001234567890"),
        .init(
            testDescription: "a long id keeps its last 22 characters", account: "123456789012345678901234567890",
            expected: "9012345678901234567890"),
        .init(testDescription: "digits, letters, * and - are kept", account: "XXXX-1234*9", expected: "XXXX-1234*9"),
        .init(testDescription: "cut at the first other character", account: "checking.main", expected: "checking"),
        .init(testDescription: "a non-ASCII letter cuts", account: "Épargne 1", expected: "UNKNOWN"),
        .init(testDescription: "no account is UNKNOWN", account: nil, expected: "UNKNOWN"),
        .init(testDescription: "an empty account is UNKNOWN", account: "", expected: "UNKNOWN"),
        .init(testDescription: "nothing usable before the first other character is UNKNOWN", account: "/ Girokonto", expected: "UNKNOWN"),
    ]

    @Test(arguments: accountCases)
    func accountID(_ c: AccountCase) {
        #expect(OFXWriter.accountID(c.account) == c.expected)
        #expect(OFXWriter.accountID(c.account).count <= 22)
    }

    @Test("BANKID: the institution's when it fits in 9 characters, else nine zeros")
    func bankID() {
        #expect(OFXWriter.bankID("121000248") == "121000248")
        #expect(OFXWriter.bankID("1234567890") == "000000000")
        #expect(OFXWriter.bankID(nil) == "000000000")
        #expect(OFXWriter.bankID("") == "000000000")
    }

    @Test("dates are written at noon GMT so that no reader's zone shift changes the day", arguments: [OFXWriter.Version.xml, .sgml])
    func dateTime(_ version: OFXWriter.Version) throws {
        let text = String(
            decoding: try Self.write(
                [
                    Self.activity(1, date: "2024-01-31", name: "a", cents: -1),
                    Self.activity(2, date: "1999-12-01", name: "b", cents: -2),
                ], version: version
            ).bytes, as: UTF8.self)
        let close = version == .xml ? "</DTPOSTED>" : ""
        #expect(text.contains("<DTPOSTED>20240131120000.000[0:GMT]\(close)\n"))
        #expect(text.contains("<DTPOSTED>19991201120000.000[0:GMT]\(close)\n"))
        let (start, end) = version == .xml ? ("</DTSTART>", "</DTEND>") : ("", "")
        #expect(text.contains("<DTSTART>19991201120000.000[0:GMT]\(start)\n<DTEND>20240131120000.000[0:GMT]\(end)\n"))
    }

    @Test("statements spooled to temporary files come out byte for byte as those kept in memory", arguments: [OFXWriter.Version.xml, .sgml])
    func spilledSpools(_ version: OFXWriter.Version) throws {
        // Two accounts interleaved, with records of different sizes, so that spills and the
        // 1 MiB read-back chunks cut records anywhere.
        let activities = (0..<12_000).map { i in
            Self.activity(
                UInt64(i + 1), account: "Account \(i % 2)", date: "2024-0\(i % 9 + 1)-1\(i % 10)",
                name: String(repeating: "n", count: i % 97), cents: Int64(i * 7 - 20_000),
                memo: i % 5 == 0 ? nil : String(repeating: "m", count: i % 300))
        }
        let inMemory = try Self.write(activities, version: version).bytes
        let spilled = try Self.write(activities, version: version, budget: OFXSpoolBudget(limit: 0, spillSize: 1000)).bytes
        #expect(spilled == inMemory)
        #expect(inMemory.count > 3 << 20, "each statement's spool is over the 1 MiB read-back chunk")
    }
}
