/// The JSON document being written, straight into the storage of the `[UInt8]` it is returned in.
///
/// Writing into a growable buffer and copying it into an array at the end cost a fifth of the
/// time for a million transactions (300 MB copied into freshly faulted pages). Instead the
/// renderer works out an upper bound of the document's size first (`JSONReportRenderer.bound`)
/// and writes into an array of that capacity. The bound counts every string at its worst
/// escaping (six bytes a byte), so it is far larger than the output, but pages that are never
/// written are never backed by memory. Every append still checks the bound.
struct JSONOutput {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0

    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Lets `body` write up to `maximum` bytes through a cursor.
    @inline(__always)
    mutating func record(maximum: Int, _ body: (inout JSONCursor) -> Void) {
        precondition(count + maximum <= capacity, "JSON report larger than its computed bound")
        var cursor = JSONCursor(base + count)
        body(&cursor)
        count = cursor.at - base
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        record(maximum: text.utf8CodeUnitCount) { $0.put(text) }
    }
}
