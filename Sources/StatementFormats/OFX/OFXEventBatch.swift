/// Element events recorded for replay: what the parsing thread hands the mapping thread.
typealias OFXEventBatch = ElementEvents<OFXTag, OFXSyntaxProblem>

extension ElementEvents where Tag == OFXTag, Problem == OFXSyntaxProblem {
    /// Sends the recorded events to `handler`, in order.
    func replay(into handler: inout some OFXEventHandler) throws {
        try forEach { event, text in
            let position = OFXPosition(line: Int(event.line), column: Int(event.column))
            switch event.kind {
            case .start: try handler.start(event.tag, at: position)
            case .end: try handler.end(event.tag, at: position)
            case .leaf: try handler.leaf(event.tag, text ?? UnsafeBufferPointer(start: nil, count: 0), at: position)
            case .problem: try handler.problem(problems[Int(event.start)])
            }
        }
    }
}

/// An event handler that records into a batch.
struct OFXEventRecorder: OFXEventHandler {
    private(set) var batch = OFXEventBatch(reserving: 4096, bytes: 1 << 16)
    /// A fatal problem was recorded: the parser should stop.
    private(set) var sawFatal = false

    mutating func start(_ tag: OFXTag, at position: OFXPosition) {
        batch.record(.start, tag, line: position.line, column: position.column)
    }

    mutating func leaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, at position: OFXPosition) {
        batch.record(.leaf, tag, line: position.line, column: position.column, text: value)
    }

    mutating func end(_ tag: OFXTag, at position: OFXPosition) {
        batch.record(.end, tag, line: position.line, column: position.column)
    }

    mutating func problem(_ problem: OFXSyntaxProblem) {
        if problem.isFatal { sawFatal = true }
        batch.record(problem, tag: .unknown)
    }

    /// The batch so far; recording goes on into `next` (an emptied batch to reuse) or a new one.
    mutating func take(reusing next: OFXEventBatch? = nil) -> OFXEventBatch {
        let taken = batch
        if let next {
            batch = next
        } else {
            batch = OFXEventBatch(reserving: taken.events.count, bytes: taken.arena.count)
        }
        return taken
    }
}
