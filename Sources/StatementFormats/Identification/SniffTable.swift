/// The first records of a delimited text, split the way a spreadsheet splits them (quoted cells,
/// doubled quotes, line breaks inside quotes), for signatures that judge a header together with
/// the rows below it. Bounded by the identification window and `limit` records.
struct SniffTable {
    /// The header's names: trimmed, without quotes, lower case.
    var header: [String]
    /// The header's 1-based line.
    var headerLine: Int
    /// The data records below the header, cells trimmed, up to the first blank line after one.
    var rows: [[String]]

    /// The table from the first record with text at or after `start`; `nil` when that record has
    /// fewer than three cells (no table) or is not cut by `,`, `;`, tab or `|`.
    init?(_ input: SniffInput, from start: Int, limit: Int = 200) {
        let text = input.text
        guard let delimiter = Self.delimiter(text[start...]) else { return nil }
        var records: [(cells: [String], offset: Int)] = []
        var i = start
        while i < text.count, records.count <= limit {
            let begin = i
            let (cells, next) = Self.record(text, from: i, delimiter: delimiter)
            i = next
            if cells.contains(where: { !$0.isEmpty }) {
                records.append((cells, begin))
            } else if records.count > 1 {
                break  // a blank line after rows ends the table (a second section may follow)
            }
        }
        guard let first = records.first, first.cells.count >= 3 else { return nil }
        header = first.cells.map { $0.lowercased() }
        headerLine = input.line(at: first.offset)
        rows = records.dropFirst().map(\.cells)
    }

    /// The index of the first header name that `matches`.
    func column(_ matches: (String) -> Bool) -> Int? { header.firstIndex(where: matches) }

    /// The cells of column `index`, one a row (empty where a row is short).
    func cells(_ index: Int) -> [String] { rows.map { index < $0.count ? $0[index] : "" } }

    /// The cut the first line uses most, outside quotes.
    private static func delimiter(_ text: ArraySlice<UInt8>) -> UInt8? {
        var counts: [UInt8: Int] = [:]
        var quoted = false
        for byte in text {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, byte == 0x0A || byte == 0x0D { break }
            if !quoted, [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")].contains(byte) { counts[byte, default: 0] += 1 }
        }
        return counts.max { $0.value < $1.value }?.key
    }

    /// One record from `start`: its cells and the offset after its line break.
    private static func record(_ text: [UInt8], from start: Int, delimiter: UInt8) -> (cells: [String], next: Int) {
        var cells: [String] = []
        var cell: [UInt8] = []
        var quoted = false
        var i = start
        while i < text.count {
            let byte = text[i]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if i + 1 < text.count, text[i + 1] == UInt8(ascii: "\"") {
                        cell.append(byte)
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(byte)
                }
            } else if byte == UInt8(ascii: "\"") {
                quoted = true
            } else if byte == delimiter {
                cells.append(trimmed(cell))
                cell.removeAll(keepingCapacity: true)
            } else if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, i + 1 < text.count, text[i + 1] == 0x0A { i += 1 }
                i += 1
                break
            } else {
                cell.append(byte)
            }
            i += 1
        }
        cells.append(trimmed(cell))
        return (cells, i)
    }

    private static func trimmed(_ cell: [UInt8]) -> String {
        var slice = cell[...]
        while let b = slice.first, b == 0x20 || b == 0x09 { slice = slice.dropFirst() }
        while let b = slice.last, b == 0x20 || b == 0x09 { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}

/// What a cell says as a number, for signatures: its sign, and its value in millionths for sums.
enum SniffNumber {
    /// -1, 0 or 1 for a cell that is a number (`-$1,234.50`, `(6,148.00)`, `1.5-`, `€3.20`);
    /// `nil` for text or an empty cell.
    static func sign(_ cell: String) -> Int? {
        guard let value = millionths(cell) else { return nil }
        return value < 0 ? -1 : value > 0 ? 1 : 0
    }

    /// The cell's value times a million (exact: digits past the sixth are dropped); `nil` when it
    /// is not a number. A lone `,` with no `.` is a decimal comma; other `,` and `'` group digits.
    static func millionths(_ cell: String) -> Int? {
        var negative = false
        var digits: [UInt8] = []
        var fraction: [UInt8]? = nil
        let bytes = Array(cell.utf8)
        let commas = bytes.filter { $0 == UInt8(ascii: ",") }.count
        let decimalComma = commas == 1 && !bytes.contains(UInt8(ascii: "."))
        var trailingMinus = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard !trailingMinus else { return nil }  // `2024-01-02` is a date
                if fraction != nil { fraction!.append(byte) } else { digits.append(byte) }
            case UInt8(ascii: "-"), UInt8(ascii: "("):
                if !digits.isEmpty { trailingMinus = true }
                negative = true
            case UInt8(ascii: "."):
                guard fraction == nil else { return nil }
                fraction = []
            case UInt8(ascii: ","):
                if decimalComma { fraction = [] }
            case UInt8(ascii: "+"), UInt8(ascii: ")"), UInt8(ascii: " "), UInt8(ascii: "'"), UInt8(ascii: "$"): continue
            case 0x80...0xFF: continue  // a currency sign (€, £, ¥) or U+2212 MINUS SIGN's bytes
            default: return nil
            }
        }
        guard !digits.isEmpty || !(fraction ?? []).isEmpty, digits.count <= 12 else { return nil }
        if cell.contains("\u{2212}") { negative = true }
        let whole = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        var part = 0
        for k in 0..<6 { part = part * 10 + (k < (fraction ?? []).count ? Int(fraction![k] - 0x30) : 0) }
        let value = whole * 1_000_000 + part
        return negative ? -value : value
    }
}
