import Foundation
import Testing

/// `pfin convert` and `pfin identify` on XLSX workbooks end to end: detected by content,
/// `--sheet`, standard input, and the sheet's CSV profile shown.
struct XLSXInputTests {
    static let workbook = "Tests/StatementFormatsTests/Fixtures/quirks/xlsx/two-sheets.xlsx"

    @Test func theSheetOptionReadsTheNamedSheet() throws {
        let result = try PfinProcess.run(["convert", Self.workbook, "--sheet", "Transactions"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows.first?.contains(#""date":"2024-05-08","name":"Groceries""#) == true)
        #expect(rows.first?.hasSuffix(#""source":"\#(Self.workbook):2"}"#) == true, "source is the workbook and the sheet row")
    }

    @Test func anUnknownSheetListsTheSheets() throws {
        let result = try PfinProcess.run(["convert", Self.workbook, "--sheet", "May"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(Self.workbook):1: error: the workbook has no sheet 'May'; its sheets are 'Summary', 'Transactions'\n"))
    }

    @Test func aWorkbookOnStandardInputIsBuffered() throws {
        let bytes = try Data(contentsOf: Repository.root.appendingPathComponent(Self.workbook))
        let result = try PfinProcess.run(["convert", "--sheet", "Transactions"], stdin: bytes)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stdout.contains(#""source":"<stdin>:3""#))
    }

    @Test func identifyShowsTheSheetsProfile() throws {
        let result = try PfinProcess.run(["identify", Self.workbook, "--sheet", "Transactions"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(Self.workbook): xlsx\n  encoding: utf-8 (the workbook's XML)\n"))
        #expect(result.stdout.contains("    xlsx           95  a ZIP archive with the member 'xl/workbook.xml'\n"))
        #expect(result.stdout.contains("  profile:\n    # pfin CSV profile, detected from \(Self.workbook)\n"))
        #expect(result.stdout.contains("    columns date=Date name=Description amount=Amount\n"))
    }

    @Test func serialDatesReadWithAWarningThatThePinnedPatternSilences() throws {
        let workbook = "Tests/StatementFormatsTests/Fixtures/quirks/xlsx/serial-dates-1904.xlsx"
        let detected = try PfinProcess.run(["convert", workbook])
        #expect(detected.status == 0, "\(detected.stderr)")
        #expect(detected.stderr.hasPrefix("\(workbook):1: warning: the dates in column 'Buchungstag' are Excel serial day numbers"))
        #expect(detected.stdout.contains(#""date":"2024-04-01","name":"Miete""#))
        let pinned = try PfinProcess.run(["convert", workbook, "--date-format", "excel-serial-1904"])
        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(pinned.stderr.isEmpty)
        #expect(pinned.stdout == detected.stdout)
    }

    @Test func showDialectPrintsAProfileThatReadsTheSheetAgain() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-xlsx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let profile = directory.appendingPathComponent("sheet.profile").path
        let shown = try PfinProcess.run(["convert", Self.workbook, "--sheet", "Transactions", "--show-dialect", "-o", profile])
        #expect(shown.status == 0, "\(shown.stderr)")
        let read = try PfinProcess.run(["convert", Self.workbook, "--sheet", "Transactions", "--profile", profile])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.split(separator: "\n").count == 2)
    }
}
