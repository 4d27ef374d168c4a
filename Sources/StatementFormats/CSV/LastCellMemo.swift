/// The last few distinct cells of one column and what was made of each. A column of a few values
/// repeated row after row (a type, a direction) is folded and looked up once per value, not once
/// a row; a long cell (a text, not a value of such a column) is never kept.
struct LastCellMemo<Value> {
    private var cells: [[UInt8]] = []
    private var values: [Value] = []
    /// The entry the next new cell replaces once all are taken.
    private var next = 0
    private static var capacity: Int { 8 }

    /// What was made of `cell` when it was stored, if it is one of the cells kept.
    func value(of cell: UnsafeBufferPointer<UInt8>) -> Value? {
        for i in cells.indices where Self.same(cell, cells[i]) { return values[i] }
        return nil
    }

    mutating func store(_ value: Value, for cell: UnsafeBufferPointer<UInt8>) {
        guard cell.count <= 64 else { return }
        if cells.count < Self.capacity {
            cells.append(Array(cell))
            values.append(value)
        } else {
            cells[next] = Array(cell)
            values[next] = value
            next = (next + 1) % Self.capacity
        }
    }

    /// Whether `cell` holds `kept`'s bytes: a loop over the two buffers (the generic
    /// `elementsEqual` cost more than the fold it saved).
    private static func same(_ cell: UnsafeBufferPointer<UInt8>, _ kept: [UInt8]) -> Bool {
        guard cell.count == kept.count else { return false }
        return kept.withUnsafeBufferPointer { kept in
            var i = 0
            while i < kept.count && kept[i] == cell[i] { i += 1 }
            return i == kept.count
        }
    }
}

/// What a row's `transfer` cell says (`CSVRowMapper.transferCell`).
struct TransferCell {
    /// The other account it names in an app's words (Monefy's `To 'Cash'`).
    var other: String?
    /// Whether it marks a transfer between the user's accounts.
    var marked = false
    /// Whether it says money in is income (Spendee's `Income`).
    var income = false
    /// Whether its bytes were not valid UTF-8.
    var invalid = false
}
