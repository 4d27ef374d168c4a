/// The ids of one part of a file read apart from the rest (on another thread), to be numbered
/// later in file order.
///
/// An id depends on every identical row before it in the file (`ActivityIDBuilder` numbers
/// them), which a part read on its own cannot know. So a builder with a log (`ActivityIDBuilder(log:)`)
/// numbers nothing: it hashes each row's text, gives the row that hash (its id when it is the
/// first of its kind, as almost every row is), and logs the hash and the text. The file's own
/// builder then takes the parts in order (`renumber`), counts each row as if it had read it, and
/// names the rows whose id is not that first hash.
public final class ActivityIDLog {
    struct Entry {
        var row: Int32
        var line: Int32
        var base: UInt64
        var date: LocalDate
        var dated: Bool
        var textEnd: Int32
    }

    @exclusivity(unchecked) var entries: [Entry] = []
    let texts = ByteBuffer(capacity: 1 << 16)
    /// The row (counted among the part's activities) and line the next id belongs to.
    @exclusivity(unchecked) var nextRow: Int32 = 0
    @exclusivity(unchecked) var nextLine: Int32 = 0

    public init() {}

    /// Says which row, and on which line, the next id built belongs to.
    @inline(__always)
    public func mark(row: Int, line: Int) {
        nextRow = Int32(truncatingIfNeeded: row)
        nextLine = Int32(truncatingIfNeeded: line)
    }

    /// Empties the log for the next part.
    public func removeAll() {
        entries.removeAll(keepingCapacity: true)
        texts.removeAll()
    }

    @inline(__always)
    func append(base: UInt64, date: LocalDate, dated: Bool, text: UnsafeBufferPointer<UInt8>) {
        texts.append(text)
        entries.append(
            Entry(row: nextRow, line: nextLine, base: base, date: date, dated: dated, textEnd: Int32(truncatingIfNeeded: texts.count)))
    }
}

/// What numbering a part in file order changed: the rows whose id is not the one the part gave
/// them, and the row and line at which the file's builder lost track of a date, if it did there.
public struct RenumberedIDs: Sendable {
    public var changed: [(row: Int, id: ActivityID)] = []
    public var lostTrack: (row: Int, line: Int, date: LocalDate)?

    public init() {}
}
