import FinanceCore
import Testing

@testable import StatementFormats

/// Excel serial day numbers in a date column without a date format (`45383` for 2024-04-01): the
/// conversion of one cell, the `excel-serial` pattern, and detection in CSV text and workbooks,
/// which read them only under a header that names a date (`csv.lenient.serial-dates`).
@Suite struct SerialDateTests {
    static func parse(_ text: String, date1904: Bool = false) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { ExcelSerialDate.parse($0, date1904: date1904) }?.description
    }

    // MARK: One cell and the pattern

    @Test(arguments: [
        ("45383", false, "2024-04-01"), ("45383.5", false, "2024-04-01"), ("45383.000", false, "2024-04-01"),
        ("45383.99999", false, "2024-04-01"), ("45383.999999", false, "2024-04-02"), ("25569", false, "1970-01-01"),
        ("73050", false, "2099-12-31"), ("43921", true, "2024-04-01"), ("43921.75", true, "2024-04-01"),
        ("24107", true, "1970-01-01"),
    ])
    func aSerialIsTheDayItCountsToInItsDateSystem(_ text: String, _ date1904: Bool, _ expected: String) {
        #expect(Self.parse(text, date1904: date1904) == expected, "the time of day is dropped, rounded to the second")
    }

    @Test(arguments: [
        "25568", "73051", "60", "1", "0", "045383", "-45383", "+45383", "4.5383E4", "45,383", "45 383", "45383.", ".5",
        "45383.5x", "12345678", "2024-04-01", "", "20240401",
    ])
    func otherNumbersAndTextAreNoSerialDates(_ text: String) {
        #expect(Self.parse(text) == nil, "'\(text)'")
    }

    @Test func theSerialPatternReadsAndWritesSerials() throws {
        let format = try #require(DateFormat("excel-serial"))
        #expect(format.isExcelSerial)
        #expect(format.parse("45383") == LocalDate(year: 2024, month: 4, day: 1))
        #expect(format.parse("2024-04-01") == nil)
        #expect(format.render(LocalDate(year: 2024, month: 4, day: 1)!) == "45383")
        #expect(format.swapped == nil)
        #expect(format.hasYear)
        let format1904 = try #require(DateFormat("Excel-Serial-1904"))
        #expect(format1904.pattern == "excel-serial-1904")
        #expect(format1904.parse("43921") == LocalDate(year: 2024, month: 4, day: 1))
        #expect(format1904.render(LocalDate(year: 2024, month: 4, day: 1)!) == "43921")
        #expect(DateFormat("excel") == nil)
        #expect(DateFormat("dd.mm.yyyy")?.isExcelSerial == false)
    }

    @Test func aPinnedSerialPatternReadsWithoutTheWarningAndRefusesOtherCells() throws {
        let profile = try csvProfile("date-format excel-serial\ncolumns date=Date name=Description amount=Amount\n")
        let text = "Date,Description,Amount\n45383,Coffee,-3.50\n2024,Salary,2500.00\n45385,Rent,-950.00\n"
        let read = try readCSV(text, options: ReadOptions(csvProfile: profile))
        #expect(read.activities.map(\.date.description) == ["2024-04-01", "2024-04-03"])
        #expect(read.errors.map(\.message) == ["expected a date in the layout excel-serial (like 45415), found '2024'"])
        #expect(read.diagnostics.filter { $0.severity == .warning }.isEmpty)
    }

    // MARK: Detection in CSV text

    @Test func serialsUnderADateHeaderAreDatesWithOneWarning() throws {
        let read = try readCSV(
            "Transaction Date,Description,Amount,Balance\n45383,Coffee,-3.50,996.50\n45384.4166666667,Salary,2500.00,3496.50\n45390,Rent,-950.00,2546.50\n"
        )
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.date.description) == ["2024-04-01", "2024-04-02", "2024-04-08"])
        #expect(read.activities.map(\.amount.decimalString) == ["-3.50", "2500.00", "-950.00"])
        let warnings = read.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.code) == ["csv.lenient.serial-dates"])
        #expect(
            warnings.first?.message
                == "the dates in column 'Transaction Date' are Excel serial day numbers, written without a date format (45383 is 1 April 2024); read as dates in Excel's 1900 date system"
        )
        #expect(warnings.first?.location.line == 1, "at the header")
    }

    @Test func strictReadsSerialDatesToo() throws {
        let read = try readCSV("Datum;Betrag;Text\n45383;-3,50;Kaffee\n45384;12,00;Zinsen\n", options: ReadOptions(strict: true))
        #expect(read.errors.isEmpty, "the reading loses and changes nothing: \(read.errors)")
        #expect(read.activities.map(\.date.description) == ["2024-04-01", "2024-04-02"])
    }

    @Test func wholeNumberAmountsInTheSerialRangeBesideThemStayAmounts() throws {
        let read = try readCSV("Fecha,Concepto,Importe\n45383,Venta coche,45000\n45385,Nómina,30000\n45386,Café,-3\n")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.date.description) == ["2024-04-01", "2024-04-03", "2024-04-04"])
        #expect(read.activities.map(\.amount.decimalString) == ["45000.00", "30000.00", "-3.00"])
    }

    @Test func serialsWithoutADateHeaderAreNoDates() throws {
        let read = try readCSV("Number,Description,Amount\n45383,Coffee,-3.50\n45384,Salary,2500.00\n")
        #expect(read.activities.isEmpty)
        #expect(read.errors.map(\.code) == ["csv.no-date-column"])
        let headerless = try readCSV("45383,Coffee,-3.50\n45384,Salary,2500.00\n45385,Rent,-950.00\n")
        #expect(headerless.activities.isEmpty, "without a header no column names a date")
    }

    @Test func aDateColumnOfDatesBesideSerialLikeNumbersReadsAsBefore() throws {
        let read = try readCSV("Date,Reference,Description,Amount\n2024-04-01,45001,Coffee,-3.50\n2024-04-02,45002,Salary,2500.00\n")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.date.description) == ["2024-04-01", "2024-04-02"])
        #expect(read.diagnostics.filter { $0.severity == .warning }.isEmpty)
    }

    @Test func aDateColumnOfMostlyOtherNumbersIsNoSerialColumn() throws {
        // Two in three values are serials: short of the nine in ten a column of numbers needs.
        let read = try readCSV("Date,Description,Amount\n45383,Coffee,-3.50\n45384,Salary,2500.00\n12,Rent,-950.00\n")
        #expect(read.activities.isEmpty)
        #expect(read.errors.map(\.code) == ["csv.no-date-column"])
    }

    @Test func aDetectedSerialProfileReadsTheSameWhenPinned() throws {
        let text = "Date,Description,Amount\n45383,Coffee,-3.50\n45384,Salary,2500.00\n"
        let dialect = try detectCSV(text).dialect
        let profileText = dialect.profileText(source: "x.csv")
        #expect(profileText.contains("date-format excel-serial\n"))
        let profile = try csvProfile(profileText)
        #expect(profile == CSVProfile(dialect), "\(profileText)")
        let pinned = try readCSV(text, options: ReadOptions(csvProfile: profile))
        #expect(pinned.activities == (try readCSV(text)).activities)
    }

    // MARK: Workbooks

    static func readWorkbook(_ name: String, options: ReadOptions = ReadOptions()) throws -> Collector {
        try XLSXReaderTests.read(name, options: options)
    }

    @Test func generalFormatSerialsInAWorkbookAreDates() throws {
        let read = try Self.readWorkbook("serial-dates.xlsx")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.date.description) == ["2024-04-01", "2024-04-02", "2024-04-08"])
        #expect(read.activities.map(\.amount.decimalString) == ["-950.00", "45000.00", "-3.50"], "a whole number under Amount stays an amount")
        #expect(read.diagnostics.filter { $0.severity == .warning }.map(\.code) == ["csv.lenient.serial-dates"])
        let detection = try XLSXStatementReader().detect(ByteInput(path: XLSXReaderTests.path("serial-dates.xlsx")), options: ReadOptions()).get()
        #expect(detection.dialect.dateFormat.pattern == "excel-serial")
        #expect(detection.dialect.profileText(source: "x.xlsx").contains("date-format excel-serial\n"))
    }

    @Test func aWorkbookInThe1904SystemCountsItsSerialsFrom1904() throws {
        let read = try Self.readWorkbook("serial-dates-1904.xlsx")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.date.description) == ["2024-04-01", "2024-04-02"], "in the 1900 system 2020-03-31 and 2020-04-01")
        let warning = try #require(read.diagnostics.first { $0.code == "csv.lenient.serial-dates" })
        #expect(warning.message.hasSuffix("(43921.5 is 1 April 2024); read as dates in the workbook's 1904 date system"))
        let detection = try XLSXStatementReader().detect(ByteInput(path: XLSXReaderTests.path("serial-dates-1904.xlsx")), options: ReadOptions()).get()
        #expect(detection.dialect.dateFormat.pattern == "excel-serial-1904")
    }

    @Test func serialsInAWorkbookWithoutADateHeaderAreNoDates() throws {
        let read = try Self.readWorkbook("serial-numbers-without-date-header.xlsx")
        #expect(read.activities.isEmpty)
        #expect(read.errors.map(\.code) == ["csv.no-date-column"])
    }

    @Test func dateStyledCellsReadAsBeforeWithoutTheWarning() throws {
        let read = try Self.readWorkbook("date-styled-beside-serial-numbers.xlsx")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.date.description) == ["2024-04-01", "2024-04-02"])
        #expect(read.diagnostics.filter { $0.severity == .warning }.isEmpty)
    }
}
