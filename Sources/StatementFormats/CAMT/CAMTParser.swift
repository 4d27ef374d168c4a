import FinanceCore

/// Turns a CAMT document into `CAMTEventBatch`es through `XMLSAXDriver` (libxml2, safe options),
/// one batch per chunk, sent to the mapping thread (`BatchPipeline`).
///
/// Leaves of unknown elements are dropped here (most of a bank's file: agents, purposes, charges'
/// details); their starts and ends are kept, so that the mapper knows what encloses what.
final class CAMTParser: XMLSAXDriver {
    @exclusivity(unchecked) private var batch = CAMTEventBatch(reserving: 4096, bytes: 1 << 16)
    @exclusivity(unchecked) private var channel: BatchChannel<CAMTEventBatch>?
    @exclusivity(unchecked) private var tagCache = [(UnsafeRawPointer?, CAMTTag)](repeating: (nil, .unknown), count: 256)
    /// The `Ccy` attribute of the element being read, packed; 0 for none.
    @exclusivity(unchecked) private var currency: UInt32 = 0
    @exclusivity(unchecked) private var namespace: [UInt8]?
    @exclusivity(unchecked) private var sawRoot = false

    init(input: ByteInput, skip: Int, linesBefore: Int) {
        super.init(input: input, skip: skip, linesBefore: linesBefore, tracksColumns: true)
    }

    /// Reads the whole document into `channel`; returns the input error that stopped it, if any.
    func produce(into channel: BatchChannel<CAMTEventBatch>) -> InputError? {
        self.channel = channel
        defer { self.channel = nil }
        return parse(documentName: "camt.xml")
    }

    override func startTag(_ name: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?, attributes: XMLAttributes) {
        currency = 0
        if attributes.count > 0, let ccy = attributes.value(of: "Ccy"), ccy.count == 3,
            let code = CurrencyCode(bytes: ccy[0], ccy[1], ccy[2])
        {
            currency = code.packed
        }
        if !sawRoot {
            sawRoot = true
            var bytes: [UInt8] = []
            if let namespace {
                var i = 0
                while namespace[i] != 0 && i < 200 { bytes.append(namespace[i]); i += 1 }
            }
            self.namespace = bytes
        }
    }

    override func opened(_ name: UnsafePointer<UInt8>, line: Int, column: Int) {
        if let namespace {
            self.namespace = nil
            namespace.withUnsafeBufferPointer { batch.record(.start, lookup(name), line: line, column: column, text: $0) }
        } else {
            batch.record(.start, lookup(name), line: line, column: column)
        }
    }

    override func leaf(_ name: UnsafePointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        let tag = lookup(name)
        guard tag != .unknown else { return }
        batch.record(.leaf, tag, line: line, column: column, text: text, extra: currency)
        currency = 0
    }

    override func closed(_ name: UnsafePointer<UInt8>, line: Int) {
        batch.record(.end, lookup(name), line: line, column: 0)
    }

    override func problem(_ problem: XMLProblem) {
        batch.record(problem, tag: .unknown)
    }

    override func chunkParsed(isLast: Bool) -> Bool {
        guard let channel else { return false }
        let next = channel.reuse() ?? CAMTEventBatch(reserving: 4096, bytes: 1 << 16)
        let full = batch
        batch = next
        return channel.send(full)
    }

    private func lookup(_ name: UnsafePointer<UInt8>) -> CAMTTag {
        let key = UnsafeRawPointer(name)
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: Int(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if tagCache[slot].0 == key { return tagCache[slot].1 }
        var count = 0
        while name[count] != 0 { count += 1 }
        let tag = CAMTTag.lookup(UnsafeBufferPointer(start: name, count: count))
        tagCache[slot] = (key, tag)
        return tag
    }
}
