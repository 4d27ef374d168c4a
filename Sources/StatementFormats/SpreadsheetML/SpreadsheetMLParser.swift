import FinanceCore

/// Reads one worksheet of an Excel 2003 XML spreadsheet (SpreadsheetML, namespace
/// `urn:schemas-microsoft-com:office:spreadsheet`) and renders it as CSV text, one line per row.
///
/// `Worksheet ss:Name` names a sheet; its `Table` holds `Row`s (`ss:Index` skips empty rows) of
/// `Cell`s (`ss:Index` skips to a column, `ss:MergeAcross` spans columns, followed by empty ones)
/// whose `Data ss:Type` is `String`, `Number` (an `xsd:double`: written as plain decimal text,
/// exactly), `DateTime` (`2025-11-03T00:00:00.000`: the date, and the time when it is not
/// midnight), `Boolean` or `Error`. Rich text inside `Data` (`<B>`, `<Font>`) is read as its text;
/// a cell's `Comment` is left out. The XML goes through `XMLSAXDriver` (no DTD, no entities, no
/// network).
final class SpreadsheetMLParser: XMLSAXDriver {
    private(set) var sheet: RenderedSheet
    /// The line each rendered row starts on.
    private(set) var lines: [Int] = []
    /// Every worksheet's name, in order.
    private(set) var sheetNames: [String] = []
    /// The first fatal XML problem, if any.
    private(set) var fatal: XMLProblem?
    /// Numbers written past Excel's 15 significant digits, rounded: the first one's cell.
    private(set) var noise: (written: String, read: String, row: Int)?

    private let wanted: String?
    private var selected = false
    private var done = false
    /// Rows rendered (one per `Row` element).
    private var row = 0
    private var column = 0
    private var inRow = false
    private var inCell = false
    private var merge = 0
    private var type: [UInt8] = []
    private var text: [UInt8] = []
    private var commentDepth = 0
    /// Inside the cell's `Data`: its text, rich-text runs and the text between them, is the cell's.
    private var inData = false

    init(_ input: ByteInput, sheet wanted: String?, limit: Int) {
        sheet = RenderedSheet(limit: limit)
        self.wanted = wanted
        super.init(input: input, maxTextBytes: 1 << 24, trimsLeafText: false, passesAllText: true)
    }

    /// Whether the wanted worksheet (or, without one, any) was found.
    var foundSheet: Bool { done || selected }

    override func startTag(_ name: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?, attributes: XMLAttributes) {
        if Self.is(name, "Worksheet") {
            let sheetName = attributes.value(of: "Name").map { String(decoding: $0, as: UTF8.self) } ?? "Sheet\(sheetNames.count + 1)"
            sheetNames.append(sheetName)
            selected = !done && (wanted == nil || wanted == sheetName)
            return
        }
        guard selected else { return }
        if Self.is(name, "Row") {
            beginRow()
        } else if Self.is(name, "Cell") {
            // A cell outside a row starts one; a cell inside a cell (malformed) ends the outer one.
            if !inRow { beginRow() }
            if inCell { endCell() }
            if let index = Self.number(attributes.value(of: "Index")), index > column + 1 { column = min(index - 1, 16_383) }
            column += 1
            merge = min(Self.number(attributes.value(of: "MergeAcross")) ?? 0, 64)
            inCell = true
            type = []
            text = []
        } else if Self.is(name, "Data"), inCell, commentDepth == 0 {
            type = attributes.value(of: "Type").map(Array.init) ?? []
            inData = true
        } else if Self.is(name, "Comment") {
            commentDepth += 1
        }
    }

    override func opened(_ name: UnsafePointer<UInt8>, line: Int, column: Int) {
        if selected { noteLine(name, line) }
    }

    /// The line of the row being read: its `Row`'s, or for a row a cell started, the cell's.
    private func noteLine(_ name: UnsafePointer<UInt8>, _ line: Int) {
        guard Self.is(name, "Row") || Self.is(name, "Cell"), let last = lines.indices.last, lines[last] == 0 else { return }
        lines[last] = max(1, line)
    }

    override func leaf(_ name: UnsafePointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        guard selected else { return }
        noteLine(name, line)
        ended(name)
    }

    override func allText(_ bytes: UnsafeBufferPointer<UInt8>) {
        if selected, inData, commentDepth == 0, text.count + bytes.count <= maxTextBytes { text.append(contentsOf: bytes) }
    }

    override func closed(_ name: UnsafePointer<UInt8>, line: Int) {
        if Self.is(name, "Worksheet") {
            if selected {
                endRow()
                done = true
            }
            selected = false
        } else if selected {
            ended(name)
        }
    }

    /// An element of the selected worksheet ends (with or without children).
    private func ended(_ name: UnsafePointer<UInt8>) {
        if Self.is(name, "Row") {
            endRow()
        } else if Self.is(name, "Cell") {
            endCell()
        } else if Self.is(name, "Comment") {
            commentDepth = max(0, commentDepth - 1)
        } else if Self.is(name, "Data") {
            inData = false
        }
    }

    private func beginRow() {
        // Rows an `ss:Index` skips are empty: no line of the text (each line is a `Row`'s).
        endRow()
        row += 1
        column = 0
        sheet.beginRow(row)
        lines.append(0)
        inRow = true
    }

    private func endRow() {
        guard inRow else { return }
        endCell()
        sheet.endRow()
        inRow = false
    }

    override func problem(_ problem: XMLProblem) {
        if problem.isFatal, fatal == nil { fatal = problem }
    }

    private func endCell() {
        guard inCell else { return }
        inCell = false
        inData = false
        var value = rendered()
        // A cell's line breaks (Alt+Enter) would split the row: one space instead.
        value = value.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        while value.first == 0x20 { value.removeFirst() }
        while value.last == 0x20 { value.removeLast() }
        if !value.isEmpty { sheet.write(value, column: column) }
        column += merge
    }

    /// The cell's text as a spreadsheet shows it, for its type.
    private func rendered() -> [UInt8] {
        if type.elementsEqual("Number".utf8), var number = XLSXNumber(text[...]) {
            let written = number.plain
            if number.roundToExcelPrecision(), noise == nil {
                noise = (String(decoding: written, as: UTF8.self), String(decoding: number.plain, as: UTF8.self), row)
            }
            return number.plain
        }
        if type.elementsEqual("DateTime".utf8), text.count >= 10 {
            let date = Array(text.prefix(10))
            guard text.count >= 19, text[10] == UInt8(ascii: "T") else { return date }
            let time = Array(text[11..<19])
            return time.elementsEqual("00:00:00".utf8) ? date : date + [0x20] + time
        }
        return text
    }

    private static func `is`(_ name: UnsafePointer<UInt8>, _ wanted: StaticString) -> Bool {
        let w = wanted.utf8Start
        for k in 0..<wanted.utf8CodeUnitCount where name[k] != w[k] { return false }
        return name[wanted.utf8CodeUnitCount] == 0
    }

    /// A positive decimal attribute value (up to seven digits), or `nil`.
    private static func number(_ value: UnsafeBufferPointer<UInt8>?) -> Int? {
        guard let value, !value.isEmpty, value.count <= 7, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return value.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
