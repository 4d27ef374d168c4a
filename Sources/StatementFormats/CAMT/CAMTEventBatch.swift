import FinanceCore

/// Where an element starts: 1-based line and column of its `<` (column 0 when unknown).
struct CAMTPosition: Sendable, Equatable {
    var line: Int
    var column: Int
}

/// What `CAMTParser` hands the mapper: the elements of a CAMT document, in order.
protocol CAMTEventHandler {
    /// An element with child elements starts; `namespace` is given for the root only.
    mutating func start(_ tag: CAMTTag, namespace: UnsafeBufferPointer<UInt8>?, at position: CAMTPosition) throws
    /// A known element without child elements, its trimmed text and its `Ccy` attribute.
    mutating func leaf(_ tag: CAMTTag, _ value: UnsafeBufferPointer<UInt8>, currency: CurrencyCode?, at position: CAMTPosition) throws
    mutating func end(_ tag: CAMTTag, at position: CAMTPosition) throws
    mutating func problem(_ problem: XMLProblem) throws
}

/// Element events recorded on the parsing thread, replayed on the mapping thread.
struct CAMTEventBatch: Sendable {
    enum Kind: UInt8, Sendable { case start, leaf, end, problem }

    struct Event: Sendable {
        var kind: Kind
        var tag: CAMTTag
        var line: Int32
        var column: Int32
        /// A leaf's text (or the root's namespace) in `arena`; a problem's index in `problems`.
        var start: Int32
        var count: Int32
        /// The `Ccy` attribute, `CurrencyCode.packed`, or 0.
        var currency: UInt32
    }

    var events: [Event] = []
    var arena: [UInt8] = []
    var problems: [XMLProblem] = []

    init() {
        events.reserveCapacity(4096)
        arena.reserveCapacity(1 << 16)
    }

    mutating func clear() {
        events.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        problems.removeAll(keepingCapacity: true)
    }

    mutating func record(_ kind: Kind, _ tag: CAMTTag, line: Int, column: Int, text: UnsafeBufferPointer<UInt8>? = nil, currency: UInt32 = 0) {
        var start = 0, count = -1
        if let text {
            start = arena.count
            count = text.count
            arena.append(contentsOf: text)
        }
        events.append(Event(kind: kind, tag: tag, line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column),
                            start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: count), currency: currency))
    }

    mutating func record(_ problem: XMLProblem) {
        events.append(Event(kind: .problem, tag: .unknown, line: 0, column: 0, start: Int32(problems.count), count: 0, currency: 0))
        problems.append(problem)
    }

    /// Sends the recorded events to `handler`, in order.
    func replay(into handler: inout some CAMTEventHandler) throws {
        try arena.withUnsafeBufferPointer { arena in
            for event in events {
                let position = CAMTPosition(line: Int(event.line), column: Int(event.column))
                let text = event.count < 0 ? nil : UnsafeBufferPointer(rebasing: arena[Int(event.start)..<Int(event.start + event.count)])
                switch event.kind {
                case .start: try handler.start(event.tag, namespace: text, at: position)
                case .end: try handler.end(event.tag, at: position)
                case .leaf:
                    let p = event.currency
                    let currency = p == 0 ? nil
                        : CurrencyCode(bytes: UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p >> 8), UInt8(truncatingIfNeeded: p))
                    try handler.leaf(event.tag, text ?? UnsafeBufferPointer(start: nil, count: 0), currency: currency, at: position)
                case .problem: try handler.problem(problems[Int(event.start)])
                }
            }
        }
    }
}
