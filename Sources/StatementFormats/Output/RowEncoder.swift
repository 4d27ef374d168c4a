import FinanceCore

/// Encodes a writer's rows apart from its output: a part of a file converted on another thread
/// (`PartReading`), whose bytes the writer appends in file order (`StatementWriter.append`).
/// Only a format whose rows stand alone has one: each row a function of its activity alone, with
/// nothing written between rows for a statement.
public protocol RowEncoder: AnyObject {
    /// Encodes the next row.
    func encode(_ activity: PaymentActivity)
    /// The rows encoded since the last `removeAll`.
    var rows: EncodedRows { get }
    /// Empties `rows` for the next part.
    func removeAll()
}

/// Rows encoded by a `RowEncoder`: their bytes and where each starts, so that an id numbered
/// later (`ActivityIDLog`) can be set in place.
public final class EncodedRows {
    public let bytes: ByteBuffer
    @exclusivity(unchecked) public internal(set) var rowStarts: [Int] = []
    /// Where a row's id (16 hex digits) starts, from the row's start.
    let idOffset: Int

    init(bytes: ByteBuffer, idOffset: Int) {
        self.bytes = bytes
        self.idOffset = idOffset
    }

    public var count: Int { rowStarts.count }

    /// Writes `id` over the id of row `row`.
    public func setID(_ id: ActivityID, row: Int) {
        let at = rowStarts[row] + idOffset
        bytes.withMutableBytes { bytes in _ = id.writeHex(to: bytes.baseAddress! + at) }
    }
}
