/// A cell reference such as `C7` (ECMA-376 §18.18.62 `ST_CellRef`): column letters A–XFD, then a row.
enum XLSXCellReference {
    /// The last column (`XFD`) and row of a sheet (§18.3.1.73 and Excel's limits).
    static let maximumColumn = 16_384
    static let maximumRow = 1_048_576

    /// The 1-based column and row of `text`; either is `nil` when absent or out of range (`7` alone
    /// is a row, `C` alone a column).
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> (column: Int?, row: Int?) {
        var i = 0
        var column = 0
        while i < text.count, text[i] | 0x20 >= UInt8(ascii: "a"), text[i] | 0x20 <= UInt8(ascii: "z"), column <= maximumColumn {
            column = column * 26 + Int(text[i] | 0x20) - 0x60
            i += 1
        }
        var row = 0
        let digitsStart = i
        while i < text.count, text[i] >= 0x30, text[i] <= 0x39, row <= maximumRow {
            row = row * 10 + Int(text[i] - 0x30)
            i += 1
        }
        guard i == text.count else { return (nil, nil) }
        return (
            column >= 1 && column <= maximumColumn ? column : nil,
            i > digitsStart && row >= 1 && row <= maximumRow ? row : nil
        )
    }

    /// The column letters of a 1-based column: 1 → `A`, 27 → `AA`.
    static func letters(_ column: Int) -> String {
        var n = column
        var out: [UInt8] = []
        while n > 0 {
            let r = (n - 1) % 26
            out.insert(UInt8(ascii: "A") + UInt8(r), at: 0)
            n = (n - 1) / 26
        }
        return String(decoding: out, as: UTF8.self)
    }
}
