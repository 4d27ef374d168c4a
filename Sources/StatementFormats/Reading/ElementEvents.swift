/// Element events recorded on a parsing thread for replay on the mapping thread: the storage the
/// OFX and CAMT batches share (`OFXEventBatch`, `CAMTEventBatch`). Texts go into one arena, so a
/// batch of thousands of events is three arrays, reused from batch to batch.
struct ElementEvents<Tag: Sendable, Problem: Sendable>: Sendable {
    enum Kind: UInt8, Sendable { case start, leaf, end, problem }

    struct Event: Sendable {
        var kind: Kind
        var tag: Tag
        var line: Int32
        var column: Int32
        /// The event's text in `arena` (`count` -1 when it has none); a problem's index in `problems`.
        var start: Int32
        var count: Int32
        /// A value of the format's own (CAMT: the `Ccy` attribute, packed), or 0.
        var extra: UInt32
    }

    var events: [Event] = []
    var arena: [UInt8] = []
    var problems: [Problem] = []

    init() {}

    /// An empty batch with room for `events` events and `bytes` bytes of text.
    init(reserving events: Int, bytes: Int) {
        self.events.reserveCapacity(events)
        arena.reserveCapacity(bytes)
    }

    var isEmpty: Bool { events.isEmpty }

    /// Empties the batch, keeping its storage.
    mutating func clear() {
        events.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        problems.removeAll(keepingCapacity: true)
    }

    mutating func record(_ kind: Kind, _ tag: Tag, line: Int, column: Int, text: UnsafeBufferPointer<UInt8>? = nil, extra: UInt32 = 0) {
        var start = 0, count = -1
        if let text {
            start = arena.count
            count = text.count
            arena.append(contentsOf: text)
        }
        events.append(
            Event(
                kind: kind, tag: tag, line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column),
                start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: count), extra: extra))
    }

    mutating func record(_ problem: Problem, tag: Tag) {
        events.append(Event(kind: .problem, tag: tag, line: 0, column: 0, start: Int32(problems.count), count: -1, extra: 0))
        problems.append(problem)
    }

    /// Calls `body` with each event and its text (`nil` when it has none), in order.
    func forEach(_ body: (Event, UnsafeBufferPointer<UInt8>?) throws -> Void) rethrows {
        try arena.withUnsafeBufferPointer { arena in
            for event in events {
                let text = event.count < 0 ? nil : UnsafeBufferPointer(rebasing: arena[Int(event.start)..<Int(event.start + event.count)])
                try body(event, text)
            }
        }
    }
}
