import FinanceCore

/// Reads a worksheet part (`xl/worksheets/sheetN.xml`, ECMA-376 §18.3) cell by cell and renders
/// it as CSV text (`RenderedSheet`): each cell's value as Excel shows it, minus formatting.
///
/// §18.3.1.4 `c`: `r` places the cell (gaps are empty fields), `t` is its type (§18.18.11): `s` a
/// shared string, `inlineStr` text in `<is>`, `str` a formula's text result, `b` a boolean, `e` an
/// error such as `#N/A`, `d` an ISO 8601 date, `n` (the default) a number. A number whose style
/// shows it as a date becomes `yyyy-mm-dd` (or the profile's date layout); other numbers keep the
/// digits the XML writes, exactly. §18.3.1.73 `row`: `r` places the row (gaps are empty lines).
final class XLSXSheetParser: XLSXPartParser {
    private(set) var sheet: RenderedSheet
    /// Leniencies met, each with the first cell where it was (the reader words them).
    private(set) var notes: [(XLSXSheetNote, row: Int, column: Int)] = []
    private var noted: Set<XLSXSheetNote> = []
    /// The first number rounded to Excel's precision, as written and as read.
    private(set) var noise: (written: String, read: String)?

    private let strings: XLSXSharedStrings
    private let styles: XLSXStyles
    private let date1904: Bool
    private let dateFormat: DateFormat?

    private var row = 0
    private var inRow = false
    // The cell being read.
    private var inCell = false
    private var column = 0
    private var type = CellType.number
    private var style = 0
    private var value: [UInt8] = []
    private var hasValue = false
    private var hasFormula = false
    private var inline: [UInt8] = []
    private var phonetic = 0
    private var field: [UInt8] = []

    private static let rowTag = 0, cTag = 1, vTag = 2, tTag = 3, fTag = 4, rPhTag = 5, isTag = 6

    init(_ stream: ZIPMemberStream, strings: XLSXSharedStrings, styles: XLSXStyles, date1904: Bool, dateFormat: DateFormat?, limit: Int) {
        sheet = RenderedSheet(limit: limit)
        self.strings = strings
        self.styles = styles
        self.date1904 = date1904
        self.dateFormat = dateFormat
        super.init(stream, vocabulary: ["row", "c", "v", "t", "f", "rPh", "is"], trimsLeafText: false)
    }

    override func startTag(_ name: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?, attributes: XMLAttributes) {
        switch tag(name) {
        case Self.rowTag:
            if inRow { endRow() }
            var number = attributes.value(of: "r").flatMap { XLSXCellReference.parse($0).row } ?? row + 1
            if number <= row {
                note(.rowOutOfOrder, row: number, column: 1)
                number = row + 1
            }
            row = min(number, XLSXCellReference.maximumRow)
            inRow = true
            sheet.beginRow(row)
        case Self.cTag:
            if !inRow {
                inRow = true
                row += 1
                sheet.beginRow(row)
            }
            var place = attributes.value(of: "r").flatMap { XLSXCellReference.parse($0).column } ?? sheet.currentColumn + 1
            if place <= sheet.currentColumn {
                note(.cellOutOfOrder, row: row, column: place)
                place = sheet.currentColumn + 1
            }
            column = min(place, XLSXCellReference.maximumColumn)
            type = attributes.value(of: "t").map(CellType.init) ?? .number
            style = attributes.value(of: "s").flatMap { Self.integer($0) } ?? 0
            value.removeAll(keepingCapacity: true)
            inline.removeAll(keepingCapacity: true)
            hasValue = false
            hasFormula = false
            inCell = true
        case Self.fTag: hasFormula = true
        case Self.rPhTag: phonetic += 1
        default: break
        }
    }

    override func leaf(_ name: UnsafePointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        switch tag(name) {
        case Self.vTag:
            value.append(contentsOf: text)
            hasValue = true
        case Self.tTag:
            if inCell && phonetic == 0 { inline.append(contentsOf: text) }
        case Self.cTag: endCell()
        case Self.rowTag: endRow()
        case Self.rPhTag: phonetic -= 1
        default: break
        }
    }

    override func closed(_ name: UnsafePointer<UInt8>, line: Int) {
        switch tag(name) {
        case Self.cTag: endCell()
        case Self.rowTag: endRow()
        case Self.rPhTag: phonetic -= 1
        default: break
        }
    }

    override func chunkParsed(isLast: Bool) -> Bool {
        if isLast {
            if inRow { endRow() }
            if !sheet.isOverLimit { sheet.padRows() }
        }
        return !sheet.isOverLimit
    }

    private func endRow() {
        if inCell { endCell() }
        guard inRow else { return }
        inRow = false
        sheet.endRow()
    }

    private func endCell() {
        guard inCell else { return }
        inCell = false
        field.removeAll(keepingCapacity: true)
        render(into: &field)
        if !field.isEmpty { sheet.write(field, column: column) }
    }

    /// The cell's text as Excel shows it, less number formatting.
    private func render(into out: inout [UInt8]) {
        switch type {
        case .shared:
            guard let index = Self.integer(trimmed(value)), strings.withString(index, { out.append(contentsOf: $0) }) != nil else {
                if hasValue { note(.missingSharedString, row: row, column: column) }
                return
            }
        case .inline:
            out.append(contentsOf: hasValue && inline.isEmpty ? value : inline)
        case .boolean:
            let v = trimmed(value)
            out.append(contentsOf: v.elementsEqual("1".utf8) ? Array("TRUE".utf8) : v.elementsEqual("0".utf8) ? Array("FALSE".utf8) : Array(v))
        case .date:
            // §18.17.4.2: an ISO 8601 date (and maybe time); the date is what a statement needs.
            let v = trimmed(value)
            if let date = LocalDate(iso: String(decoding: v.prefix(10), as: UTF8.self)) {
                appendDate(date, to: &out)
            } else {
                out.append(contentsOf: v)
            }
        case .number:
            if !hasValue {
                if hasFormula { note(.formulaWithoutValue, row: row, column: column) }
                return
            }
            renderNumber(trimmed(value), into: &out)
        case .text:
            // `str`, `e`, and types of other writers: the text as written.
            out.append(contentsOf: hasValue ? value : inline)
        }
    }

    private func renderNumber(_ text: ArraySlice<UInt8>, into out: inout [UInt8]) {
        let kind = styles.kind(ofStyle: style)
        if kind == .number, styles.currency(ofStyle: style) == nil, Self.isPlainDecimal(text) {
            out.append(contentsOf: text)
            return
        }
        guard var number = XLSXNumber(text) else {
            out.append(contentsOf: text)
            return
        }
        switch kind {
        case .number:
            let written = number.plain
            if number.roundToExcelPrecision() {
                if noted.insert(.floatingPointNoise).inserted {
                    notes.append((.floatingPointNoise, row, column))
                    noise = (String(decoding: written, as: UTF8.self), String(decoding: number.plain, as: UTF8.self))
                }
            }
            guard let currency = styles.currency(ofStyle: style) else {
                out.append(contentsOf: number.plain)
                return
            }
            var digits = number.plain[...]
            if digits.first == UInt8(ascii: "-") { out.append(digits.removeFirst()) }
            if currency.before {
                out.append(contentsOf: currency.symbol)
                if currency.symbol.count > 1 && currency.symbol.allSatisfy({ $0 < 0x80 }) { out.append(0x20) }
                out.append(contentsOf: digits)
            } else {
                out.append(contentsOf: digits)
                out.append(0x20)
                out.append(contentsOf: currency.symbol)
            }
        case .date:
            guard let (days, _) = number.daysAndSeconds, let date = ExcelSerialDate.date(serialDays: days, date1904: date1904) else {
                note(.notADate, row: row, column: column)
                out.append(contentsOf: number.plain)
                return
            }
            appendDate(date, to: &out)
        case .time:
            guard let (_, seconds) = number.daysAndSeconds else {
                out.append(contentsOf: number.plain)
                return
            }
            func two(_ n: Int) { out.append(UInt8(0x30 + n / 10)); out.append(UInt8(0x30 + n % 10)) }
            two(seconds / 3600); out.append(UInt8(ascii: ":")); two(seconds / 60 % 60); out.append(UInt8(ascii: ":")); two(seconds % 60)
        }
    }

    private func appendDate(_ date: LocalDate, to out: inout [UInt8]) {
        if let dateFormat {
            out.append(contentsOf: dateFormat.render(date).utf8)
        } else {
            date.appendISO(to: &out)
        }
    }

    private func note(_ what: XLSXSheetNote, row: Int, column: Int) {
        if noted.insert(what).inserted { notes.append((what, row, column)) }
    }

    private func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var lo = 0, hi = bytes.count
        while lo < hi, bytes[lo] <= 0x20 { lo += 1 }
        while hi > lo, bytes[hi - 1] <= 0x20 { hi -= 1 }
        return bytes[lo..<hi]
    }

    /// Whether `text` is already plain decimal text as `XLSXNumber.plain` would give it (`-54.2`,
    /// `1234.50`): a sign, digits without a leading zero, a point, at most 15 digits. Most
    /// numbers are, and are copied as they are.
    private static func isPlainDecimal(_ text: ArraySlice<UInt8>) -> Bool {
        var digits = 0, points = 0
        var i = text.startIndex
        if i < text.endIndex, text[i] == UInt8(ascii: "-") { i += 1 }
        let first = i
        while i < text.endIndex {
            let byte = text[i]
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
            } else if byte == UInt8(ascii: ".") && points == 0 && i > first && i + 1 < text.endIndex {
                points += 1
            } else {
                return false
            }
            i += 1
        }
        guard digits > 0, digits <= 15, first < text.endIndex else { return false }
        // `007` and `-0` are not plain; `0.5` is.
        if text[first] == 0x30, first + 1 < text.endIndex, text[first + 1] != UInt8(ascii: ".") { return false }
        return !(first > text.startIndex && digits == text.filter { $0 == 0x30 }.count)
    }

    private static func integer(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 12 else { return nil }
        var n = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            n = n * 10 + Int(byte - 0x30)
        }
        return n
    }
}

/// §18.18.11 `ST_CellType`, as the reader treats it.
private enum CellType {
    case number, shared, inline, boolean, date, text

    /// From the `t` attribute's bytes, without making a string: this runs for every cell.
    init(_ attribute: UnsafeBufferPointer<UInt8>) {
        if attribute.count == 1 {
            switch attribute[0] {
            case UInt8(ascii: "n"): self = .number
            case UInt8(ascii: "s"): self = .shared
            case UInt8(ascii: "b"): self = .boolean
            case UInt8(ascii: "d"): self = .date
            default: self = .text
            }
        } else if attribute.isEmpty {
            self = .number
        } else {
            self = attribute.elementsEqual("inlineStr".utf8) ? .inline : .text
        }
    }
}

/// Something odd about a sheet's cells, noted once per sheet at the first cell where it occurs.
enum XLSXSheetNote: Hashable, Sendable {
    /// A formula cell without a stored result (written by a program that does not compute).
    case formulaWithoutValue
    /// A `t="s"` cell whose index is not in the shared string table.
    case missingSharedString
    /// A date-styled number outside the calendar (negative, serial 60 of 1900, past 9999).
    case notADate
    case rowOutOfOrder
    case cellOutOfOrder
    /// A number with more than 15 significant digits in its fraction: a binary double printed in full.
    case floatingPointNoise
}
