/// Element events recorded for replay: what the parsing thread hands the mapping thread.
struct OFXEventBatch: Sendable {
    enum Kind: UInt8, Sendable { case start, leaf, end, problem }

    struct Event: Sendable {
        var kind: Kind
        var tag: OFXTag
        var line: Int32
        var column: Int32
        /// For a leaf, its text in `arena`; for a problem, its index in `problems`.
        var start: Int32
        var count: Int32
    }

    var events: [Event] = []
    var arena: [UInt8] = []
    var problems: [OFXSyntaxProblem] = []

    var isEmpty: Bool { events.isEmpty }

    /// Empties the batch, keeping its storage.
    mutating func clear() {
        events.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        problems.removeAll(keepingCapacity: true)
    }

    /// Sends the recorded events to `handler`, in order.
    func replay(into handler: inout some OFXEventHandler) throws {
        try arena.withUnsafeBufferPointer { arena in
            for event in events {
                let position = OFXPosition(line: Int(event.line), column: Int(event.column))
                switch event.kind {
                case .start: try handler.start(event.tag, at: position)
                case .end: try handler.end(event.tag, at: position)
                case .leaf:
                    try handler.leaf(event.tag, UnsafeBufferPointer(rebasing: arena[Int(event.start)..<Int(event.start + event.count)]), at: position)
                case .problem:
                    try handler.problem(problems[Int(event.start)])
                }
            }
        }
    }
}

/// An event handler that records into a batch.
struct OFXEventRecorder: OFXEventHandler {
    private(set) var batch = OFXEventBatch()
    /// A fatal problem was recorded: the parser should stop.
    private(set) var sawFatal = false

    init() {
        batch.events.reserveCapacity(4096)
        batch.arena.reserveCapacity(1 << 16)
    }

    mutating func start(_ tag: OFXTag, at position: OFXPosition) {
        batch.events.append(.init(kind: .start, tag: tag, line: Int32(truncatingIfNeeded: position.line),
                                  column: Int32(truncatingIfNeeded: position.column), start: 0, count: 0))
    }

    mutating func leaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, at position: OFXPosition) {
        let start = batch.arena.count
        batch.arena.append(contentsOf: value)
        batch.events.append(.init(kind: .leaf, tag: tag, line: Int32(truncatingIfNeeded: position.line),
                                  column: Int32(truncatingIfNeeded: position.column), start: Int32(start), count: Int32(value.count)))
    }

    mutating func end(_ tag: OFXTag, at position: OFXPosition) {
        batch.events.append(.init(kind: .end, tag: tag, line: Int32(truncatingIfNeeded: position.line),
                                  column: Int32(truncatingIfNeeded: position.column), start: 0, count: 0))
    }

    mutating func problem(_ problem: OFXSyntaxProblem) {
        if problem.isFatal { sawFatal = true }
        batch.events.append(.init(kind: .problem, tag: .unknown, line: 0, column: 0, start: Int32(batch.problems.count), count: 0))
        batch.problems.append(problem)
    }

    /// The batch so far; recording goes on into `next` (an emptied batch to reuse) or a new one.
    mutating func take(reusing next: OFXEventBatch? = nil) -> OFXEventBatch {
        let taken = batch
        if let next {
            batch = next
        } else {
            batch = OFXEventBatch()
            batch.events.reserveCapacity(taken.events.count)
            batch.arena.reserveCapacity(taken.arena.count)
        }
        return taken
    }
}
