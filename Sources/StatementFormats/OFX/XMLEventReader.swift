import FinanceCore

/// Turns an OFX 2.x (XML) body into OFX element events with libxml2 (through `XMLSAXDriver`): for
/// bodies in an encoding pfin does not transcode, and as the reference `XMLBodyParser` is checked
/// against (`OFXStatementReader(xmlParser: .libxml2)`). The events are recorded into batches
/// (`OFXEventRecorder`) that `produce` sends, one per chunk, to the thread that maps them
/// (`OFXEventPipeline`).
final class XMLEventReader: XMLSAXDriver {
    @exclusivity(unchecked) private var recorder = OFXEventRecorder()
    @exclusivity(unchecked) private var channel: OFXBatchChannel?
    /// Tags by the address of libxml2's interned name: names repeat, so each is looked up once.
    @exclusivity(unchecked) private var tagCache = [(UnsafeRawPointer?, OFXTag)](repeating: (nil, .unknown), count: 256)

    /// Reads the whole document, sending a batch of events to `channel` after each chunk; returns
    /// the input error that stopped it, if any. Stops early when the channel is cancelled.
    func produce(into channel: OFXBatchChannel) -> InputError? {
        self.channel = channel
        defer { self.channel = nil }
        return parse(documentName: "ofx.xml")
    }

    override func opened(_ name: UnsafePointer<UInt8>, line: Int, column: Int) {
        recorder.start(lookup(name), at: OFXPosition(line: line, column: 0))
    }

    override func leaf(_ name: UnsafePointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        let tag = lookup(name)
        let start = OFXPosition(line: line, column: 0)
        if tag.isAggregate {
            // An empty aggregate: `<BANKTRANLIST></BANKTRANLIST>`.
            recorder.start(tag, at: start)
            recorder.end(tag, at: start)
        } else {
            recorder.leaf(tag, text, at: start)
        }
    }

    override func closed(_ name: UnsafePointer<UInt8>, line: Int) {
        recorder.end(lookup(name), at: OFXPosition(line: line, column: 0))
    }

    override func problem(_ problem: XMLProblem) {
        let kind: OFXSyntaxProblem.Kind
        switch problem.kind {
        case .malformed(let message): kind = .xml(message)
        case .forbidden(let what): kind = .forbidden(what)
        case .textTooLong(let limit): kind = .textTooLong(limit: limit)
        case .tooDeep(let limit): kind = .tooDeep(limit: limit)
        }
        recorder.problem(
            OFXSyntaxProblem(
                kind: kind, position: OFXPosition(line: problem.line, column: problem.column),
                isFatal: problem.isFatal))
    }

    override func chunkParsed(isLast: Bool) -> Bool {
        guard let channel else { return false }
        return channel.send(recorder.take(reusing: channel.reuse()))
    }

    private func lookup(_ name: UnsafePointer<UInt8>) -> OFXTag {
        let key = UnsafeRawPointer(name)
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: Int(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if tagCache[slot].0 == key { return tagCache[slot].1 }
        var count = 0
        while name[count] != 0 { count += 1 }
        let tag = OFXTag.lookup(UnsafeBufferPointer(start: name, count: count))
        tagCache[slot] = (key, tag)
        return tag
    }
}
