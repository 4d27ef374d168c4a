import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// The XLSX reader on the hand-made workbooks of `Fixtures/quirks/xlsx` (see `make.py` there).
@Suite struct XLSXReaderTests {
    static func path(_ name: String) -> String {
        Repository.fixtures.appendingPathComponent("quirks/xlsx").appendingPathComponent(name).path
    }

    static func read(_ name: String, options: ReadOptions = ReadOptions()) throws -> Collector {
        var collector = Collector()
        try XLSXStatementReader().read(ByteInput(path: path(name)), options: options, into: &collector)
        return collector
    }

    @Test func sharedStringsAndRichTextRunsKeepTheirSpaces() throws {
        let read = try Self.read("shared-strings.xlsx")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.name) == ["REWE Markt", "Gehalt", "REWE Markt"], "runs joined, the phonetic reading left out")
        #expect(read.activities.map(\.memo) == ["Card 1234", "Monthly", "Card 1234"])
    }

    @Test func numbersAreExactAsWrittenEvenInExponentForm() throws {
        let read = try Self.read("shared-strings.xlsx")
        #expect(read.activities.map(\.amount.decimalString) == ["-54.20", "2850.00", "-0.015"])
    }

    @Test func aBuiltInDateStyleMakesSerialsDatesAndDropsTheTime() throws {
        let read = try Self.read("shared-strings.xlsx")
        #expect(read.activities.map(\.date.description) == ["2024-05-21", "2024-05-28", "2024-05-29"])
    }

    @Test func inlineStringsFormulaTextBooleansAndErrors() throws {
        let read = try Self.read("inline-strings.xlsx")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.name) == ["Coffee, Ltd", "RENT", "Refund"])
        #expect(read.activities.map(\.memo) == ["#N/A", "flat \"3b\"", nil])
        #expect(read.activities.map(\.date.description) == ["2024-05-01", "2024-05-02", "2024-05-03"], "custom format dd/mm/yyyy;@")
    }

    @Test func the1904DateSystemAndAQuotedCustomFormat() throws {
        let read = try Self.read("date1904-custom-format.xlsx")
        #expect(read.errors.isEmpty, "\(read.errors)")
        // Serial 43981 counts from 1904-01-01: 2024-05-31 (in the 1900 system it would be 2020-05-30).
        #expect(read.activities.map(\.date.description) == ["2024-05-31", "2024-06-01"])
        #expect(read.activities.map(\.amount.decimalString) == ["-950.00", "3100.25"])
    }

    @Test func theSheetOptionChoosesASheetIgnoringCaseWhenNoneMatchesExactly() throws {
        for name in ["Transactions", "transactions"] {
            let read = try Self.read("two-sheets.xlsx", options: ReadOptions(sheet: name))
            #expect(read.errors.isEmpty, "\(read.errors)")
            #expect(read.activities.map(\.name) == ["Groceries", "Interest"])
        }
    }

    @Test func anUnknownSheetIsAnErrorListingTheSheets() throws {
        let read = try Self.read("two-sheets.xlsx", options: ReadOptions(sheet: "Umsätze"))
        #expect(read.activities.isEmpty)
        #expect(read.errors.map(\.message) == ["the workbook has no sheet 'Umsätze'; its sheets are 'Summary', 'Transactions'"])
    }

    @Test func theFirstSheetIsReadByDefault() throws {
        let read = try Self.read("two-sheets.xlsx")
        #expect(read.activities.isEmpty, "the summary sheet is no table of transactions")
        #expect(read.errors.count == 1)
    }

    @Test func aSparseSheetKeepsRowsAndColumnsInPlace() throws {
        let read = try Self.read("sparse.xlsx")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.name) == ["Bakery", "Pharmacy", "Salary"])
        #expect(read.activities.map(\.amount.decimalString) == ["-4.80", "-19.99", "1500.00"])
        #expect(read.activities.map(\.source.line) == [4, 7, 8], "line N of the CSV is sheet row N")
        #expect(read.activities.allSatisfy { $0.account == "DE12 3456" }, "the preamble row gives the account")
    }

    @Test func diagnosticsNameTheWorkbookRowAndSheetColumn() throws {
        let read = try Self.read("formula-without-value.xlsx")
        let error = try #require(read.errors.first)
        #expect(error.location.description == "\(Self.path("formula-without-value.xlsx")):3:3", "row 3, column C")
        #expect(read.activities.first?.source.description == "\(Self.path("formula-without-value.xlsx")):2")
    }

    @Test func aZIPBombIsRefusedBeforeItInflates() throws {
        let read = try Self.read("bomb.xlsx")
        #expect(read.activities.isEmpty)
        let error = try #require(read.errors.first)
        #expect(error.code == "xlsx.too-large")
        #expect(error.message.contains("refused as a possible ZIP bomb"))
    }

    @Test func aMemberInflatingPastItsDeclaredSizeIsRefused() throws {
        let read = try Self.read("bomb-lying-size.xlsx")
        #expect(read.activities.isEmpty)
        #expect(read.errors.map(\.code) == ["xlsx.bad-zip"])
        #expect(read.errors.first?.message.contains("its directory entry says 1000") == true)
    }

    @Test func aTruncatedZIPIsAnErrorPointingToIdentify() throws {
        let read = try Self.read("truncated.xlsx")
        #expect(read.activities.isEmpty)
        let error = try #require(read.errors.first)
        #expect(error.message.contains("no end-of-central-directory record"))
        #expect(error.notes.last == "'pfin identify \(Self.path("truncated.xlsx"))' shows what each reader saw")
    }

    @Test func aDamagedMemberFailsItsCRCCheck() throws {
        let read = try Self.read("crc-mismatch.xlsx")
        #expect(read.activities.isEmpty)
        #expect(read.errors.first?.message.contains("fails its CRC check") == true)
    }

    @Test func zip64RecordsAndExtraFieldsAreRead() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.path("zip64.xlsx"))))
        let archive = try ZIPArchive(bytes)
        #expect(archive.entries.count == 6)
        #expect(archive.entries.allSatisfy { $0.compressedSize != 0xFFFF_FFFF && $0.localHeaderOffset != 0xFFFF_FFFF })
        let read = try Self.read("zip64.xlsx")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.amount.decimalString) == ["-7.25"])
    }

    @Test func aDOCTYPEInAPartIsRefusedAndItsEntityNeverLoaded() throws {
        let read = try Self.read("doctype.xlsx")
        #expect(read.activities.isEmpty)
        #expect(read.errors.map(\.code) == ["xlsx.bad-xml"])
        #expect(read.errors.first?.message.contains("holds a DOCTYPE declaration") == true)
    }

    @Test func aLineBreakInACellKeepsDiagnosticsOnTheSheetRow() throws {
        let read = try Self.read("line-break-in-cell.xlsx")
        #expect(read.activities.map(\.memo) == ["first line\nsecond line", "y"])
        #expect(read.activities.map(\.source.line) == [2, 4])
        #expect(read.errors.map { "\($0.location.line):\($0.location.column ?? 0)" } == ["3:3"], "row 3, column C")
    }

    @Test(arguments: ["shared-strings.xlsx", "inline-strings.xlsx", "date1904-custom-format.xlsx", "truncated.xlsx", "bomb.xlsx"])
    func workbooksAreIdentifiedAsXLSXNotAsZIP(_ name: String) throws {
        let identification = try StatementIdentification.identify(ByteInput(path: Self.path(name)))
        #expect(identification.format == .xlsx)
        #expect(identification.foreign == nil)
        #expect(identification.chosen?.sniff.score == 95)
    }

    @Test func aZIPOfStatementsIsStillNamedAsOne() throws {
        let zip = Repository.fixtures.appendingPathComponent("quirks/foreign/statements.zip").path
        let identification = try StatementIdentification.identify(ByteInput(path: zip))
        #expect(identification.format == nil)
        #expect(identification.candidates.first { $0.format == .xlsx }?.sniff.score == 0)
    }

    @Test func aWorkbookFromMemoryReadsAsFromAFile() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.path("sparse.xlsx"))))
        var collector = Collector()
        try XLSXStatementReader().read(ByteInput(bytes: bytes, displayName: "<stdin>"), options: ReadOptions(), into: &collector)
        #expect(collector.activities.map(\.source.description) == ["<stdin>:4", "<stdin>:7", "<stdin>:8"])
    }

    @Test func aWorkbookLargerThanTheBufferCapIsRefusedWithAClearError() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.path("sparse.xlsx"))))
        var collector = Collector()
        try XLSXStatementReader(sizeLimit: 1024).read(ByteInput(bytes: bytes, displayName: "<stdin>"), options: ReadOptions(), into: &collector)
        #expect(collector.activities.isEmpty)
        #expect(collector.errors.map(\.message) == ["the workbook is larger than 1 KiB, the most pfin reads into memory"])
    }

    @Test func detectionGivesTheSheetsCSVProfile() throws {
        let detection = try XLSXStatementReader().detect(ByteInput(path: Self.path("sparse.xlsx")), options: ReadOptions()).get()
        #expect(detection.dialect.skip == 2)
        #expect(detection.dialect.hasHeader)
        #expect(detection.dialect.dateFormat.pattern == "yyyy-mm-dd")
    }

    @Test func aPinnedDateFormatRendersDateCellsInIt() throws {
        var profile = CSVProfile()
        profile.dateFormat = DateFormat("dd.mm.yyyy")
        let read = try Self.read("date1904-custom-format.xlsx", options: ReadOptions(csvProfile: profile))
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.date.description) == ["2024-05-31", "2024-06-01"])
    }
}
