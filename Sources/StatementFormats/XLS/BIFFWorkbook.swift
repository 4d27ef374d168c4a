import FinanceCore

/// An Excel 97–2003 workbook's `Workbook` stream (BIFF8, [MS-XLS]): the globals (shared strings,
/// number formats, cell styles, the date system, the sheets), and a sheet's cells rendered as CSV
/// text as Excel's "Save as CSV" would give them: numbers in plain decimals, date-formatted numbers
/// as days.
struct BIFFWorkbook {
    struct Sheet {
        var name: String
        var offset: Int
        var visible: Bool
        var isWorksheet: Bool
    }

    let stream: [UInt8]
    private(set) var sheets: [Sheet] = []
    private(set) var date1904 = false
    private var strings: [String] = []
    /// Each cell style's (XF's) number format.
    private var styleFormats: [Int] = []
    private var formatCodes: [Int: String] = [:]
    /// Excel 5.0/95 (BIFF5): strings are bytes in `codePage`, and there are no shared strings.
    private(set) var biff5 = false
    private var codePage = SingleByteTables.table(for: .windows1252) ?? SingleByteTables.latin1

    init(_ stream: [UInt8]) throws(XLSFailure) {
        self.stream = stream
        let records = BIFFRecord.records(stream, from: 0)
        guard let (first, _) = records.first, first.type == BIFFType.bof else {
            throw XLSFailure(detail: "the Workbook stream does not start with a BOF record")
        }
        var reader = BIFFReader(stream, segments: [first.data])
        let version = reader.u16()
        guard version == 0x0600 || version == 0x0500 else {
            throw XLSFailure(
                detail: "the workbook is BIFF version 0x\(String(version, radix: 16)); pfin reads BIFF5 and BIFF8 (Excel 5.0 to 2003)")
        }
        biff5 = version == 0x0500
        for (record, segments) in records.dropFirst() {
            var reader = BIFFReader(stream, segments: segments)
            switch record.type {
            case BIFFType.filePass:
                throw XLSFailure(detail: "the workbook is encrypted (protected with a password)")
            case BIFFType.dateMode:
                date1904 = reader.u16() == 1
            case BIFFType.codePage:
                codePage = Self.table(codePage: reader.u16())
            case BIFFType.format:
                let id = reader.u16()
                formatCodes[id] = text(&reader, count8: biff5)
            case BIFFType.xf:
                reader.skip(2)
                styleFormats.append(reader.u16())
            case BIFFType.sst:
                reader.skip(4)
                let unique = reader.u32()
                strings.reserveCapacity(min(unique, 1 << 16))
                while strings.count < unique, !reader.atEnd, !reader.overran { strings.append(reader.string()) }
            case BIFFType.boundSheet:
                let offset = reader.u32()
                let state = reader.u8(), kind = reader.u8()
                let name = text(&reader, count8: true)
                sheets.append(Sheet(name: name, offset: offset, visible: state == 0, isWorksheet: kind == 0))
            default: break
            }
        }
    }

    /// A string of a record: Unicode in BIFF8, bytes in the code page in BIFF5.
    private func text(_ reader: inout BIFFReader, count8: Bool = false) -> String {
        biff5 ? reader.byteString(count8: count8, table: codePage) : reader.string(rich: false, count8: count8)
    }

    /// The table of a `CODEPAGE` record's code page; Windows-1252 for one pfin has no table of.
    private static func table(codePage: Int) -> [UInt32] {
        let encoding: TextEncoding
        switch codePage {
        case 1250: encoding = .windows1250
        case 1251: encoding = .windows1251
        case 1254: encoding = .windows1254
        case 1257: encoding = .windows1257
        case 28591: encoding = .latin1
        case 28592: encoding = .latin2
        case 28605: encoding = .latin9
        default: encoding = .windows1252
        }
        return SingleByteTables.table(for: encoding) ?? SingleByteTables.latin1
    }

    /// The kind of number a style shows: a date, a time or a number.
    private func kind(ofStyle style: Int) -> XLSXStyles.Kind {
        guard style >= 0, style < styleFormats.count else { return .number }
        let format = styleFormats[style]
        if let code = formatCodes[format] { return XLSXStyles.kind(ofFormatCode: code) }
        return XLSXStyles.builtIn(format)
    }

    private func currency(ofStyle style: Int) -> XLSXStyles.Currency? {
        guard style >= 0, style < styleFormats.count, let code = formatCodes[styleFormats[style]] else { return nil }
        return XLSXStyles.currency(ofFormatCode: code)
    }

    /// A cell's value as `sheet` writes it.
    enum Value {
        case text(String)
        case number(Double)
        /// An RK number that is a whole number of hundredths (`123456` for 1234.56): exact.
        case hundredths(Int)
    }

    /// The cells of the sheet at `offset`, rendered into `sheet` row by row (rows and columns in
    /// the order Excel keeps, sorted again in case a writer did not); `noise` is set when a number
    /// carried binary floating-point noise that was rounded away.
    func render(sheetAt offset: Int, dateFormat: DateFormat?, into sheet: inout RenderedSheet) -> (written: String, read: String)? {
        var cells: [(row: Int, column: Int, style: Int, value: Value)] = []
        var pendingFormula: (row: Int, column: Int, style: Int)?
        for (record, segments) in BIFFRecord.records(stream, from: offset) {
            var reader = BIFFReader(stream, segments: segments)
            switch record.type {
            case BIFFType.labelSST:
                let (row, column, style) = (reader.u16(), reader.u16(), reader.u16())
                let index = reader.u32()
                if index < strings.count { cells.append((row, column, style, .text(strings[index]))) }
            case BIFFType.label, BIFFType.richString:
                let (row, column, style) = (reader.u16(), reader.u16(), reader.u16())
                cells.append((row, column, style, .text(text(&reader))))
            case BIFFType.number:
                let (row, column, style) = (reader.u16(), reader.u16(), reader.u16())
                cells.append((row, column, style, .number(reader.double())))
            case BIFFType.rk:
                let (row, column, style) = (reader.u16(), reader.u16(), reader.u16())
                cells.append((row, column, style, Self.rk(UInt32(truncatingIfNeeded: reader.u32()))))
            case BIFFType.mulRK:
                let row = reader.u16()
                var column = reader.u16()
                // (style, RK) pairs, then the last column.
                let pairs = (record.data.count - 6) / 6
                for _ in 0..<max(0, pairs) {
                    let style = reader.u16()
                    cells.append((row, column, style, Self.rk(UInt32(truncatingIfNeeded: reader.u32()))))
                    column += 1
                }
            case BIFFType.boolErr:
                let (row, column, style) = (reader.u16(), reader.u16(), reader.u16())
                let value = reader.u8(), isError = reader.u8() != 0
                if !isError { cells.append((row, column, style, .text(value != 0 ? "TRUE" : "FALSE"))) }
            case BIFFType.formula:
                let (row, column, style) = (reader.u16(), reader.u16(), reader.u16())
                let result = (0..<8).map { _ in reader.u8() }
                if result[6] == 0xFF && result[7] == 0xFF {
                    // A string result follows in a STRING record; a boolean's is here.
                    if result[0] == 0 { pendingFormula = (row, column, style) }
                    if result[0] == 1 { cells.append((row, column, style, .text(result[2] != 0 ? "TRUE" : "FALSE"))) }
                } else {
                    let bits = result.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
                    cells.append((row, column, style, .number(Double(bitPattern: bits))))
                }
            case BIFFType.string:
                if let (row, column, style) = pendingFormula { cells.append((row, column, style, .text(text(&reader)))) }
                pendingFormula = nil
            default: break
            }
        }
        cells.sort { ($0.row, $0.column) < ($1.row, $1.column) }
        var noise: (String, String)?
        var previous: (row: Int, column: Int) = (-1, -1)
        for cell in cells where (cell.row, cell.column) != previous {
            previous = (cell.row, cell.column)
            if sheet.rowCount < cell.row + 1 { sheet.beginRow(cell.row + 1) }
            let text: [UInt8]
            switch cell.value {
            case .text(let string): text = Array(string.utf8)
            case .hundredths(let value): text = Self.plainHundredths(value, kind: kind(ofStyle: cell.style), date1904: date1904, dateFormat: dateFormat)
            case .number(let value):
                let (rendered, rounded) = self.number(value, style: cell.style, dateFormat: dateFormat)
                if let rounded, noise == nil { noise = rounded }
                text = rendered
            }
            if !text.isEmpty { sheet.write(text, column: cell.column + 1) }
            if sheet.isOverLimit { break }
        }
        sheet.endRow()
        return noise
    }

    /// [MS-XLS] §2.5.217: an RK number is a whole number (bit 1) or the top 30 bits of a double
    /// (bit 1 clear), divided by 100 when bit 0 is set.
    static func rk(_ value: UInt32) -> Value {
        let hundred = value & 1 != 0
        if value & 2 != 0 {
            let whole = Int(Int32(bitPattern: value) >> 2)
            return hundred ? .hundredths(whole) : .hundredths(whole * 100)
        }
        let double = Double(bitPattern: UInt64(value & 0xFFFF_FFFC) << 32)
        return .number(hundred ? double / 100 : double)
    }

    /// A whole number of hundredths as text: plain decimals (`1234.56`, `-0.5`, `12`), or a day.
    private static func plainHundredths(_ value: Int, kind: XLSXStyles.Kind, date1904: Bool, dateFormat: DateFormat?) -> [UInt8] {
        if kind == .date, value % 100 == 0, let date = ExcelSerialDate.date(serialDays: value / 100, date1904: date1904) {
            return dateFormat.map { Array($0.render(date).utf8) } ?? Self.iso(date)
        }
        let magnitude = value.magnitude
        var text = (value < 0 ? "-" : "") + String(magnitude / 100)
        let cents = magnitude % 100
        if cents != 0 { text += cents % 10 == 0 ? ".\(cents / 10)" : (cents < 10 ? ".0\(cents)" : ".\(cents)") }
        return Array(text.utf8)
    }

    /// A double as the sheet shows it: a day for a date format, `hh:mm:ss` for a time, else plain
    /// decimals rounded to Excel's 15 significant digits (with the noise rounded away, if any),
    /// with the currency sign a currency format shows.
    private func number(_ value: Double, style: Int, dateFormat: DateFormat?) -> ([UInt8], (String, String)?) {
        guard value.isFinite, var number = XLSXNumber(Array("\(value)".utf8)[...]) else { return ([], nil) }
        switch kind(ofStyle: style) {
        case .date:
            if let (days, _) = number.daysAndSeconds, let date = ExcelSerialDate.date(serialDays: days, date1904: date1904) {
                return (dateFormat.map { Array($0.render(date).utf8) } ?? Self.iso(date), nil)
            }
            return (number.plain, nil)
        case .time:
            guard let (_, seconds) = number.daysAndSeconds else { return (number.plain, nil) }
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            return (Array("\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))".utf8), nil)
        case .number:
            let written = number.plain
            let rounded = number.roundToExcelPrecision()
            let noise = rounded ? (String(decoding: written, as: UTF8.self), String(decoding: number.plain, as: UTF8.self)) : nil
            guard let currency = currency(ofStyle: style) else { return (number.plain, noise) }
            var digits = number.plain[...]
            var out: [UInt8] = []
            if digits.first == UInt8(ascii: "-") { out.append(digits.removeFirst()) }
            if currency.before {
                out += currency.symbol
                if currency.symbol.count > 1 && currency.symbol.allSatisfy({ $0 < 0x80 }) { out.append(0x20) }
                out += digits
            } else {
                out += digits
                out.append(0x20)
                out += currency.symbol
            }
            return (out, noise)
        }
    }

    private static func iso(_ date: LocalDate) -> [UInt8] {
        var out: [UInt8] = []
        date.appendISO(to: &out)
        return out
    }
}
