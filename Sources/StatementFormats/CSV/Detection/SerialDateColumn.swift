import FinanceCore

/// A date column written as Excel serial day numbers (`45383` for 2024-04-01): a spreadsheet whose
/// date cells have no date format (General, as some banks' and tools' exports leave them) shows
/// the bare serial, in the workbook and in a CSV saved from it.
///
/// Numbers are read as dates only in a column a header names as a date (`Date`, `Buchungstag`,
/// `Fecha`, `日期`…) or a profile names: an amount column holds numbers too. Nearly every value
/// must then be a serial of a plausible day (`ExcelSerialDate.plausible`).
enum SerialDateColumn {
    /// The share of a column's values that must be serials: a header has named the column, but a
    /// number is weaker evidence of a date than a layout, so more must agree than for a layout.
    static let minimumShare = 0.9

    /// Whether `values` (a column's non-empty cells) are serial days. Detection asks it of a
    /// column a header names as a date whose values are no dates in a layout, so its edges are
    /// the 1900 system's: the 1904 system's move them four years, past any statement's days.
    static func holdsSerials(_ values: some Collection<String>, date1904: Bool = false) -> Bool {
        guard !values.isEmpty else { return false }
        var hits = 0
        for value in values {
            // A serial starts with a digit from 1: most other values are refused by their first byte.
            guard let first = value.utf8.first, first &- UInt8(ascii: "1") < 9 || first == 0x20 else { continue }
            if value.withUTF8Bytes({ ExcelSerialDate.parse(CSVRecord.trimmed($0), date1904: date1904) }) != nil { hits += 1 }
        }
        return Double(hits) >= Double(values.count) * minimumShare
    }

    /// The layout of a date column of serials, `excel-serial` or `excel-serial-1904`.
    static func format(_ values: some Collection<String>, date1904: Bool) -> DateFormat? {
        holdsSerials(values, date1904: date1904) ? DateFormat.excelSerial(date1904: date1904) : nil
    }

    /// The warning that the dates were read from serials (`csv.lenient.serial-dates`), with the
    /// first value as an example.
    static func warning(column: String, values: [String], format: DateFormat, at location: SourceLocation) -> Diagnostic {
        let example = values.lazy.compactMap { value in format.parse(value).map { (value, $0) } }.first
        let shown = example.map { " (\($0.0) is \(DialectDetector.longDate($0.1)))" } ?? ""
        let system = format.serialDate1904 == true ? "the workbook's 1904 date system" : "Excel's 1900 date system"
        return Diagnostic(
            .warning, code: "csv.lenient.serial-dates", at: location,
            "the dates in column \(column) are Excel serial day numbers, written without a date format\(shown); read as dates in \(system)",
            notes: [
                "pfin reads numbers as dates only under a header that names a date, and only days from 1970 through 2099",
                "put 'date-format \(format.pattern)' in a profile to read them so without this warning, or give the column a date format in the spreadsheet",
            ])
    }
}
