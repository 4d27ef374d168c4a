import FinanceCore

/// The last date cell a file's rows parsed, and its date.
///
/// Statements list many transactions per day, so most rows repeat the previous row's date cell
/// byte for byte; comparing two words is far cheaper than parsing the layout again. Parsing is a
/// pure function of the bytes and the layout, so the answer is the same either way.
struct DateCellCache {
    private var length = 0
    private var head: UInt64 = 0
    private var tail: UInt64 = 0
    private var date: LocalDate?

    /// The date in `cell` (trimmed) under `format`, from the cache when the cell repeats the last one.
    @inline(__always)
    mutating func parse(_ cell: UnsafeBufferPointer<UInt8>, format: DateFormat) -> LocalDate? {
        let n = cell.count
        // 8 to 16 bytes (`20240503` to `2024-05-03 14:22`) are two overlapping word loads.
        guard n >= 8 && n <= 16, let base = cell.baseAddress else { return format.parse(cell) }
        let raw = UnsafeRawPointer(base)
        let head = raw.loadUnaligned(as: UInt64.self)
        let tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        if n == length && head == self.head && tail == self.tail, let date { return date }
        let parsed = format.parse(cell)
        if let parsed {
            length = n
            self.head = head
            self.tail = tail
            date = parsed
        }
        return parsed
    }
}
