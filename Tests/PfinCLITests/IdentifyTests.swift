import Foundation
import Testing

/// `pfin identify`: the format, encoding, evidence and every reader's score, as golden files; files
/// that are not statements are named and exit 1; `convert` points to `identify` when it cannot read.
struct IdentifyTests {
    static let quirks = "Tests/StatementFormatsTests/Fixtures/quirks"

    @Test(arguments: Repository.samples)
    func everySampleIsIdentifiedAsItIsRead(_ sample: String) throws {
        let result = try PfinProcess.run(["identify", Repository.sample(sample)])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, "identify/\(sample).stdout")
    }

    static let foreign = [
        "login-page-saved-as.ofx", "statement.pdf", "statement-pdfs.zip", "old-excel.xls", "api-response.json", "screenshot.png",
        "quickbooks.iif", "fec-2024.txt", "statement-request-mt920.fin", "interbank-pacs008.xml",
    ]

    @Test(arguments: foreign)
    func aFileOfAnotherKindIsNamedAndExitsOne(_ name: String) throws {
        let path = "\(Self.quirks)/foreign/\(name)"
        let result = try PfinProcess.run(["identify", path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(path): not a statement: "))
        Golden.check(result.stdout, "identify/foreign-\(name).stdout")
    }

    @Test(arguments: foreign)
    func convertNamesTheKindAndPointsToIdentify(_ name: String) throws {
        let path = "\(Self.quirks)/foreign/\(name)"
        let result = try PfinProcess.run(["convert", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(path):1: error: this is "))
        #expect(result.stderr.contains("note: 'pfin identify \(path)' shows what each reader saw"))
    }

    /// A CAMT statement whose only entry cannot be read is identified as CAMT, but `convert` reads
    /// nothing from it: `identify` says so and exits 1.
    @Test func aFileItsReaderCannotReadExitsOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-identify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("order.xml").path
        let statement = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
            <Ntry><Amt Ccy="EUR">12,50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """
        try statement.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try PfinProcess.run(["identify", path])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("  cannot be read: "), "\(result.stdout)")
        let json = try PfinProcess.run(["identify", "--format", "json", path])
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"readError\":\""), "\(json.stdout)")
    }

    /// An ISO 20022 message that is no statement is headlined as what it is, in text and JSON,
    /// from its namespace, whatever the CAMT reader makes of it.
    @Test func aPaymentOrderIsNamedByItsMessageType() throws {
        let path = "\(Self.quirks)/foreign/payment-order-pain001.xml"
        let result = try PfinProcess.run(["identify", path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(path): not a statement: an ISO 20022 pain.001 payment order"), "\(result.stdout)")
        #expect(result.stdout.contains(" 0  the ISO 20022 message type 'pain.001.001.03' at line 2 is no statement"), "\(result.stdout)")
        let json = try PfinProcess.run(["identify", "--format", "json", path])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let object = try #require(objects.first)
        #expect(object["format"] is NSNull)
        let named = try #require(object["notStatement"] as? [String: Any])
        #expect((named["description"] as? String)?.hasPrefix("an ISO 20022 pain.001 payment order") == true)
        #expect(named["evidence"] as? String == "the ISO 20022 message type 'pain.001.001.03' at line 2")
    }

    /// A bookkeeping export read as a statement would invent income and spending: `convert`
    /// and `import` refuse it, with nothing written.
    @Test(arguments: ["quickbooks.iif", "fec-2024.txt", "datev-buchungsstapel.csv", "xero-journal.csv", "cash-management.bai"])
    func aBookkeepingExportIsRefusedWithNothingWritten(_ name: String) throws {
        let path = "\(Self.quirks)/foreign/\(name)"
        let result = try PfinProcess.run(["convert", path, "--to", "csv"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(path):1: error: this is "), "\(result.stderr)")
        #expect(result.stderr.contains(": note: "), "\(result.stderr)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-identify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let imported = try PfinProcess.run(["import", path, "--db", directory.appendingPathComponent("l.sqlite").path])
        #expect(imported.status == 1)
        #expect(imported.stderr.contains("error: this is "), "\(imported.stderr)")
    }

    @Test func importOfAFileOfAnotherKindPointsToIdentify() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-identify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = "\(Self.quirks)/foreign/statement.pdf"
        let result = try PfinProcess.run(["import", path, "--db", directory.appendingPathComponent("l.sqlite").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: this is a PDF document, not a bank statement"))
        #expect(result.stderr.contains("note: 'pfin identify \(path)' shows what each reader saw"))
    }

    @Test func jsonHasOneObjectPerFileWithEveryReader() throws {
        let files = [Repository.sample("nl-ing.csv"), Repository.sample("us-checking-ofx102.ofx"), "\(Self.quirks)/foreign/statement.pdf"]
        let result = try PfinProcess.run(["identify", "--format", "json"] + files)
        #expect(result.status == 1, "the PDF is not a statement")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["file"] as? String } == files)
        #expect(objects.map { $0["format"] as? String } == ["csv", "ofx", nil])
        for object in objects {
            let readers = try #require(object["readers"] as? [[String: Any]])
            #expect(readers.count >= 6)
            #expect(readers.allSatisfy { $0["score"] is Int && $0["evidence"] is [String] })
        }
        #expect((objects[0]["profile"] as? String)?.contains("delimiter") == true)
        #expect(objects[1]["profile"] is NSNull)
        #expect((objects[2]["notStatement"] as? [String: Any])?["description"] as? String == "a PDF document")
        let lines = try #require(objects[0]["lines"] as? [[String: Any]])
        #expect(lines.map { $0["kind"] as? String } == ["header", "transactions"])
        #expect((objects[0]["read"] as? [String: Any])?["errors"] as? Int == 0)
        #expect(objects[1]["lines"] is NSNull, "an OFX file has no table lines")
        Golden.check(result.stdout, "identify/three-files.json")
    }

    /// A ZIP archive of statements (a bank's camt.053 download) is followed by each of its files,
    /// identified as a file of its own; a PDF beside the statements does not make it unreadable.
    @Test func aZIPOfStatementsIsFollowedByEachOfItsFiles() throws {
        let path = "Tests/StatementPipelineTests/Fixtures/archives/statements.zip"
        let members = ["camt/de-sparkasse-camt053.xml", "Kontoauszug.pdf", "camt/ch-zkb-camt053-foreign.xml", "de-dkb-giro.csv"].map { path + "/" + $0 }
        let result = try PfinProcess.run(["identify", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(path): a ZIP archive of 4 files, each read as a file of its own (below)\n"))
        Golden.check(result.stdout, "identify/archive-of-statements.stdout")
        let json = try PfinProcess.run(["identify", "--format", "json", path])
        #expect(json.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["file"] as? String } == [path] + members)
        #expect(objects.map { $0["format"] as? String } == [nil, "camt", nil, "camt", "csv"])
        #expect(objects[0]["members"] as? [String] == members)
        #expect(objects[0]["notStatement"] is NSNull, "the archive is read")
        #expect((objects[2]["notStatement"] as? [String: Any])?["description"] as? String == "a PDF document")
        #expect(objects[1]["members"] is NSNull)
    }

    /// `convert` reads every statement of the archive, named `ARCHIVE/MEMBER`, and warns about
    /// the rest; the output is what the files give one by one.
    @Test func convertReadsEveryStatementOfAZIP() throws {
        let path = "Tests/StatementPipelineTests/Fixtures/archives/statements.zip"
        let result = try PfinProcess.run(["convert", path, "--to", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("\(path)/Kontoauszug.pdf:1: warning: skipped: this is a PDF document, not a bank statement"), "\(result.stderr)")
        let alone = try ["de-sparkasse-camt053.xml", "ch-zkb-camt053-foreign.xml", "de-dkb-giro.csv"].map {
            try PfinProcess.run(["convert", Repository.sample($0), "--to", "jsonl"]).stdout
        }
        let withoutSources = { (text: String) in text.replacingOccurrences(of: #""source":"[^"]*""#, with: "", options: .regularExpression) }
        #expect(withoutSources(result.stdout) == withoutSources(alone.joined()))
        #expect(result.stdout.contains("\"source\":\"\(path)/camt/de-sparkasse-camt053.xml:"))
    }

    /// The name pfin gives a file in an archive, `ARCHIVE/MEMBER`, is a path `identify` and
    /// `convert` take.
    @Test func aFileInAnArchiveIsNamedAsPfinNamesIt() throws {
        let path = "Tests/StatementPipelineTests/Fixtures/archives/statements.zip/camt/de-sparkasse-camt053.xml"
        let identified = try PfinProcess.run(["identify", path])
        #expect(identified.status == 0, "\(identified.stderr)")
        #expect(identified.stdout.hasPrefix("\(path): camt\n"))
        let converted = try PfinProcess.run(["convert", path, "--to", "jsonl"])
        let alone = try PfinProcess.run(["convert", Repository.sample("de-sparkasse-camt053.xml"), "--to", "jsonl"])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stdout == alone.stdout.replacingOccurrences(of: Repository.sample("de-sparkasse-camt053.xml"), with: path))
        let absent = try PfinProcess.run(["identify", "Tests/StatementPipelineTests/Fixtures/archives/statements.zip/absent.xml"])
        #expect(absent.status == 1)
        #expect(absent.stderr.contains("not a directory"), "\(absent.stderr)")
    }

    @Test func standardInputIsIdentifiedToo() throws {
        let result = try PfinProcess.run(["identify"], stdin: Data("!Type:Bank\nD05/14/2024\nT-1.00\nPCoffee\n^\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<stdin>: qif\n"))
    }

    /// What became of every line, read from standard input after detection looked at its start.
    @Test func aCSVShowsWhatBecameOfEachLine() throws {
        let csv = "Bank export\nDate,Description,Amount\n2024-05-01,Rent,-800.00\n2024-05-02,Coffee,lots\n2024-05-03,Lunch,-8.00\nTotal,,-808.00\n"
        let result = try PfinProcess.run(["identify"], stdin: Data(csv.utf8))
        #expect(result.status == 0)
        let text = result.stdout.split(separator: "\n").drop { $0 != "  lines:" }.map(String.init)
        #expect(
            text == [
                "  lines:", "    1  skipped: preamble", "    2  skipped: header", "    3  1 transaction", "    4  1 row in error",
                "    5  1 transaction", "    6  skipped: footer", "  read: 2 transactions, 1 error, 0 warnings",
            ])
    }

    @Test func anUnknownFormatNameIsAUsageError() throws {
        let result = try PfinProcess.run(["identify", "--format", "jsn", Repository.sample("nl-ing.csv")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean 'json'?"))
    }
}
