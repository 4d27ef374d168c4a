import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// pfin's own CSV (`CSVActivityWriter`) read back by the CSV reader: recognised by its header,
/// every column read, the formula apostrophes taken off exactly where the writer put them.
@Suite struct PfinCSVReadBackTests {
    static let date = LocalDate(year: 2024, month: 5, day: 3)!

    static func activity(
        _ name: String, memo: String? = nil, type: PaymentType? = nil, cents: Int64 = -350,
        line: Int = 7
    ) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: 0x3f2a_9c0d_1e2b_4a5f), account: "Checking 1234", date: date, name: name,
            address: "  12 Main St ", amount: Money(units: cents, scale: 2, currency: CurrencyCode("USD")), memo: memo,
            type: type, category: "Transfers:Savings", fitid: "FIT-1", checkNumber: "0107",
            source: SourceLocation(file: "C:\\exports\\chase, May.csv", line: line))
    }

    static func csv(_ activities: [PaymentActivity]) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-csv-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try ByteOutput.atomicFile(path)
        var writer = CSVActivityWriter(output: output)
        for a in activities { try writer.write(a) }
        try writer.finish()
        try output.commit()
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test(
        "every field comes back, the source, a transfer type against the sign and untrimmed text included",
        arguments: [
            "=HYPERLINK(\"x\")", "+Bonus", "-minus start", "@cmd", "\tTab", "\rCR", "'Tis the season", "''twice", "'=quoted formula",
            "-54.20", "'-54.20", "plain", "", " padded ",
        ])
    func everyFieldComesBack(_ name: String) throws {
        let original = Self.activity(name, memo: name.isEmpty ? "memo stays memo" : name, type: .transfer, cents: 12000)
        let back = try readCSV(try Self.csv([original]), name: "listed.csv")
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        #expect(back.activities == [original])
    }

    @Test(
        "the apostrophe is removed only before what the writer prefixes",
        arguments: [
            ("'=1", "=1"), ("'+Bonus", "+Bonus"), ("'-x", "-x"), ("'@a", "@a"), ("'\tx", "\tx"), ("'\rx", "\rx"), ("''x", "'x"),
            ("'-5", "'-5"), ("'+1.50", "'+1.50"), ("'x", "'x"), ("'", "'"), ("x'=", "x'="), ("=1", "=1"),
        ])
    func apostrophes(_ cell: String, _ read: String) {
        let bytes = Array(cell.utf8)
        let result = bytes.withUnsafeBufferPointer { String(decoding: FormulaDefusing.removingApostrophe($0), as: UTF8.self) }
        #expect(result == read)
    }

    @Test func aFileWithoutTheSourceColumnReadsWithItsOwnLines() throws {
        let text = CSVActivityWriter.headerWithoutSource + "\n3f2a9c0d1e2b4a5f,Checking,2024-05-03,'+Bonus,,100.00,USD,,transfer,,FIT-9,12\n"
        let back = try readCSV(text, name: "old.csv")
        #expect(back.diagnostics.isEmpty)
        let a = try #require(back.activities.first)
        #expect(a.id == ActivityID(hex: "3f2a9c0d1e2b4a5f"))
        #expect(a.fitid == "FIT-9")
        #expect(a.name == "+Bonus")
        #expect(a.type == .transfer)
        #expect(a.checkNumber == "12")
        #expect(a.source == SourceLocation(file: "old.csv", line: 2))
    }

    @Test("a payee named like a balance row stays a transaction")
    func balanceWordsAreNames() throws {
        let back = try readCSV(try Self.csv([Self.activity("Opening balance"), Self.activity("Closing Balance", line: 8)]))
        #expect(back.activities.map(\.name) == ["Opening balance", "Closing Balance"])
    }

    @Test(
        "bad cells in pfin's own columns are errors on their row, and the other rows still read",
        arguments: [
            ("nothex", "expense", "a.csv:2", "csv.bad-id", 1), ("3f2a9c0d1e2b4a5f", "spending", "a.csv:2", "csv.bad-type", 43),
            ("3f2a9c0d1e2b4a5f", "expense", "a.csv", "csv.bad-source", 54),
        ])
    func badCells(_ id: String, _ type: String, _ source: String, _ code: String, _ column: Int) throws {
        // The column is the character column where the bad cell starts.
        let good = "0000000000000001,,2024-05-01,Good,,1.00,,,,,,,x.csv:1\n"
        let text = CSVActivityWriter.headerWithoutOriginal + "\n" + good + "\(id),,2024-05-02,Bad,,-1.00,,,\(type),,,,\(source)\n" + good
        let back = try readCSV(text, name: "t.csv")
        #expect(back.activities.map(\.name) == ["Good", "Good"])
        #expect(back.diagnostics.map { "\($0.code) \($0.location)" } == ["\(code) t.csv:3:\(column)"])
    }

    @Test func identificationNamesPfinsOwnCSV() {
        for header in [CSVActivityWriter.header, CSVActivityWriter.headerWithoutOriginal, CSVActivityWriter.headerWithoutSource] {
            let sniff = CSVStatementReader.sniff(SniffInput(Array((header + "\r\n").utf8), isComplete: true))
            #expect(sniff.score == 60)
            #expect(sniff.evidence.first?.contains("pfin's own CSV") == true)
        }
        let other = CSVStatementReader.sniff(SniffInput(Array((CSVActivityWriter.header + ",extra\n").utf8), isComplete: true))
        #expect(other.score <= 30, "a longer header is somebody else's table")
    }

    @Test func theDetectedProfileReadsEveryColumnAndParsesBack() throws {
        let detection = try CSVStatementReader().detect(
            ByteInput(bytes: try Self.csv([Self.activity("x")]), displayName: "l.csv"),
            options: ReadOptions()
        ).get()
        let dialect = detection.dialect
        #expect(dialect.writtenByPfin)
        #expect(
            Set(dialect.columns.keys) == [
                .id, .account, .date, .name, .address, .amount, .currency, .memo, .type, .category,
                .transactionID, .checkNumber, .source, .originalAmount, .originalCurrency, .exchangeRate, .rawName,
            ])
        let text = dialect.profileText(source: "l.csv")
        #expect(text.contains("written-by pfin"))
        let parsed = try CSVProfile.parse(text, file: "p").get()
        #expect(parsed == CSVProfile(dialect))
    }
}
