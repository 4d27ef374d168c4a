import FinanceCore
import Testing

@testable import StatementFormats

/// The pieces of a sheet's cells: numbers as written, serial dates, number formats, references,
/// and the CSV text a sheet renders to.
@Suite struct XLSXCellTests {
    static func plain(_ text: String) -> String? {
        XLSXNumber(Array(text.utf8)[...]).map { String(decoding: $0.plain, as: UTF8.self) }
    }

    @Test(arguments: [
        ("-54.2", "-54.2"), ("1234.5", "1234.5"), ("1.50", "1.50"), ("1.5E-2", "0.015"), ("-5.42E1", "-54.2"),
        ("1E+3", "1000"), ("1.50E1", "15.0"), ("0", "0"), ("0.00", "0.00"), ("007", "7"), ("10.05", "10.05"),
        ("2.5e-10", "0.00000000025"), ("-0", "0"),
    ])
    func numbersConvertExactlyWithDecimalArithmetic(_ written: String, _ expected: String) {
        #expect(Self.plain(written) == expected)
    }

    @Test(arguments: ["", "-", "1.2.3", "1e", "abc", "1,5", "NaN", "INF", "1e999"])
    func textThatIsNoNumberIsRefused(_ written: String) {
        #expect(Self.plain(written) == nil)
    }

    @Test(arguments: [
        ("73.45999999999999", "73.46", true), ("-83.29000000000001", "-83.29", true), ("0.30000000000000004", "0.3", true),
        ("1234.5000000000002", "1234.5", true), ("9.9999999999999999", "10", true),
        ("-54.2", "-54.2", false), ("12345678901234567890", "12345678901234567890", false),
    ])
    func floatingPointNoiseIsRoundedToExcelsFifteenDigits(_ written: String, _ expected: String, _ changed: Bool) throws {
        var number = try #require(XLSXNumber(Array(written.utf8)[...]))
        #expect(number.roundToExcelPrecision() == changed)
        #expect(String(decoding: number.plain, as: UTF8.self) == expected)
    }

    @Test(arguments: [
        (1, false, "1900-01-01"), (59, false, "1900-02-28"), (61, false, "1900-03-01"), (45292, false, "2024-01-01"),
        (2_958_465, false, "9999-12-31"), (0, true, "1904-01-01"), (43981, true, "2024-05-31"),
    ])
    func serialNumbersBecomeDates(_ serial: Int, _ date1904: Bool, _ expected: String) {
        #expect(ExcelSerialDate.date(serialDays: serial, date1904: date1904)?.description == expected)
    }

    @Test func lotusLeapDayAndOutOfRangeSerialsAreNoDates() {
        #expect(ExcelSerialDate.date(serialDays: 60, date1904: false) == nil, "29 February 1900 never was")
        #expect(ExcelSerialDate.date(serialDays: 0, date1904: false) == nil)
        #expect(ExcelSerialDate.date(serialDays: 2_958_466, date1904: false) == nil)
    }

    @Test func aSerialsFractionIsItsTimeOfDay() throws {
        let number = try #require(XLSXNumber(Array("45292.75".utf8)[...]))
        #expect(number.daysAndSeconds?.days == 45292)
        #expect(number.daysAndSeconds?.seconds == 64800)
    }

    @Test(arguments: [
        ("yyyy-mm-dd", XLSXStyles.Kind.date), ("dd/mm/yyyy;@", .date), ("[$-407]dd\".\"mm\".\"yyyy", .date),
        ("mmm d, yyyy", .date), ("d-mmm-yy", .date), ("yyyy-mm-dd hh:mm:ss", .date), ("h:mm AM/PM", .time),
        ("mm:ss", .time), ("[h]:mm:ss", .time), ("General", .number), ("#,##0.00", .number),
        ("#,##0.00 \"dr\"", .number), ("0.00\\d", .number), ("[Red]#,##0.00", .number), ("0.00E+00", .number),
        ("\"$\"#,##0.00_);(\"$\"#,##0.00)", .number), ("[$€-407] #,##0.00", .number), ("@", .number),
    ])
    func formatCodesAreDatesOnlyForDayMonthOrYearOutsideQuotesAndBrackets(_ code: String, _ kind: XLSXStyles.Kind) {
        #expect(XLSXStyles.kind(ofFormatCode: code) == kind)
    }

    @Test func builtInFormatsFollowTheStandard() {
        #expect((14...17).allSatisfy { XLSXStyles.builtIn($0) == .date })
        #expect(XLSXStyles.builtIn(22) == .date)
        #expect([18, 19, 20, 21, 45, 46, 47].allSatisfy { XLSXStyles.builtIn($0) == .time })
        #expect([0, 1, 2, 4, 10, 49].allSatisfy { XLSXStyles.builtIn($0) == .number })
    }

    @Test(arguments: [
        ("\"$\"#,##0.00", "$", true), ("[$£-809]#,##0.00", "£", true), ("#,##0.00 [$€-407]", "€", false),
        ("#,##0.00 \"EUR\"", "EUR", false), ("£#,##0.00", "£", true), ("\"RM\"#,##0.00", "RM", true),
        ("#,##0.000 \"KD\"", "KD", false), ("#,##0.00 \"zł\"", "zł", false),
    ])
    func currencyFormatsGiveTheirSymbol(_ code: String, _ symbol: String, _ before: Bool) {
        let currency = XLSXStyles.currency(ofFormatCode: code)
        #expect(currency.map { String(decoding: $0.symbol, as: UTF8.self) } == symbol)
        #expect(currency?.before == before)
    }

    @Test func plainAndDateFormatsHaveNoCurrency() {
        #expect(XLSXStyles.currency(ofFormatCode: "#,##0.00") == nil)
        #expect(XLSXStyles.currency(ofFormatCode: "[$-407]dd.mm.yyyy") == nil)
        #expect(XLSXStyles.currency(ofFormatCode: "0.00;[Red]\"$\"0.00") == nil, "only the first section counts")
        #expect(XLSXStyles.currency(ofFormatCode: "0.00 \"units\"") == nil, "a quoted word is no currency")
    }

    @Test(arguments: [("A1", 1, 1), ("C7", 3, 7), ("AA10", 27, 10), ("XFD1048576", 16384, 1_048_576)])
    func cellReferences(_ text: String, _ column: Int, _ row: Int) {
        let parsed = Array(text.utf8).withUnsafeBufferPointer { XLSXCellReference.parse($0) }
        #expect(parsed.column == column)
        #expect(parsed.row == row)
        #expect(XLSXCellReference.letters(column) + String(row) == text)
    }

    @Test func referencesPastTheSheetsEdgeAreRefused() {
        let parsed = Array("XFE1".utf8).withUnsafeBufferPointer { XLSXCellReference.parse($0) }
        #expect(parsed.column == nil)
        let row = Array("A1048577".utf8).withUnsafeBufferPointer { XLSXCellReference.parse($0) }
        #expect(row.row == nil)
    }

    @Test func theRenderedSheetHasALinePerRowPaddedToTheSheetsWidth() {
        var sheet = RenderedSheet(limit: 1 << 20)
        sheet.beginRow(1); sheet.write(Array("Konto".utf8), column: 1); sheet.endRow()
        sheet.beginRow(3); sheet.write(Array("a".utf8), column: 1); sheet.write(Array("b, c".utf8), column: 3); sheet.endRow()
        sheet.beginRow(4); sheet.write(Array("say \"hi\"".utf8), column: 2); sheet.endRow()
        sheet.padRows()
        #expect(String(decoding: sheet.csv, as: UTF8.self) == "Konto,,\n\na,,\"b, c\"\n,\"say \"\"hi\"\"\",\n")
        #expect(sheet.sheetColumn(row: 3, csvColumn: 4) == 3, "the quoted field starts at character 4")
        #expect(sheet.row(ofLine: 4) == 4)
    }

    @Test func paddingThatWouldPassTheLimitIsRefused() {
        var sheet = RenderedSheet(limit: 1000)
        sheet.beginRow(1); sheet.write(Array("far".utf8), column: 900); sheet.endRow()
        for row in 2...10 { sheet.beginRow(row); sheet.write(Array("a".utf8), column: 1); sheet.endRow() }
        #expect(!sheet.isOverLimit)
        sheet.padRows()
        #expect(sheet.isOverLimit, "nine rows padded by 899 commas each would pass 1000 bytes")
    }

    @Test func aLineBreakInACellKeepsRowsAndLinesApart() {
        var sheet = RenderedSheet(limit: 1 << 20)
        sheet.beginRow(1); sheet.write(Array("two\nlines".utf8), column: 1); sheet.endRow()
        sheet.beginRow(2); sheet.write(Array("x".utf8), column: 1); sheet.endRow()
        #expect(sheet.row(ofLine: 3) == 2, "row 2 starts on line 3")
        #expect(sheet.row(ofLine: 1) == 1)
    }
}
