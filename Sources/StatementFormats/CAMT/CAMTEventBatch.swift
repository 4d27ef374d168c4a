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

/// Element events recorded on the parsing thread, replayed on the mapping thread; a leaf's
/// `extra` is its `Ccy` attribute (`CurrencyCode.packed`), or 0.
typealias CAMTEventBatch = ElementEvents<CAMTTag, XMLProblem>

extension ElementEvents where Tag == CAMTTag, Problem == XMLProblem {
    /// Sends the recorded events to `handler`, in order.
    func replay(into handler: inout some CAMTEventHandler) throws {
        try forEach { event, text in
            let position = CAMTPosition(line: Int(event.line), column: Int(event.column))
            switch event.kind {
            case .start: try handler.start(event.tag, namespace: text, at: position)
            case .end: try handler.end(event.tag, at: position)
            case .leaf:
                let p = event.extra
                let currency =
                    p == 0
                    ? nil
                    : CurrencyCode(bytes: UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p >> 8), UInt8(truncatingIfNeeded: p))
                try handler.leaf(event.tag, text ?? UnsafeBufferPointer(start: nil, count: 0), currency: currency, at: position)
            case .problem: try handler.problem(problems[Int(event.start)])
            }
        }
    }
}
