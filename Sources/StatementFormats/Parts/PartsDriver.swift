import FinanceCore

/// The file's own reading, in order, as a reading in parts (`PartsDriver`) needs it: where it
/// stands, how to make and ready a mapper for a part, how to take a part in, and how to map what
/// `text` holds when a part must be read again in order.
struct InOrderReading<Sink: ActivitySink, Mapper: PartMapper> {
    /// Bytes read and not yet mapped, the start of a record (or of a line) first.
    let text: ByteBuffer
    /// The line the next record starts on.
    var line: () -> Int
    /// The reading took in a part's records up to line `line`.
    var setLine: (_ line: Int) -> Void
    /// Whether the reading stands at the start of a record, with nothing held: a part that starts
    /// there can be taken in as it was read.
    var isAtRecordStart: () -> Bool
    /// A mapper for the parts, made once per slot of the ring.
    var makeMapper: () -> Mapper
    /// Readies a part's mapper for its next part, knowing what the file's mapper knows so far.
    var beginPart: (Mapper) -> Void
    /// Takes in a part's records, read only as activities, before they go out: returns the ids
    /// that numbering in file order changed.
    var adopt: (Mapper, inout Sink) throws -> RenumberedIDs
    /// Maps the whole records `text` holds, in order, keeping an incomplete last one.
    var mapText: (inout Sink) throws -> Void
    /// The byte that ends lines in the first part's bytes.
    var lineBreak: (UnsafeBufferPointer<UInt8>) -> UInt8
}

/// The reading thread's loop of a reading in parts (see `PartReading`): it cuts the input into
/// parts, reads parts itself when it has nothing else to do, and takes them in, in file order.
enum PartsDriver {
    /// Reads the rest of `input` in parts, from where `reading` stands, with `text` holding what
    /// was read and not yet mapped. Returns at the end of the input with `text` holding what is
    /// left for the final call.
    static func read<Sink: ActivitySink, Part: AnyObject, Mapper: PartMapper>(
        _ input: ByteInput, into sink: inout Sink, parts plan: PartReading<Sink, Part>, reading: InOrderReading<Sink, Mapper>
    ) throws {
        let workers = (0..<plan.threads).map { plan.makeWorker($0) }
        let ring = PartRing(
            (0..<max(plan.partsAtOnce, 2)).map { _ in
                FilePart(mapper: reading.makeMapper(), rows: plan.makePart(), capacity: plan.partSize + (1 << 16))
            })
        let text = reading.text
        // Bytes read past the last cut, and the line they start on.
        let ahead = ByteBuffer(capacity: 1 << 16)
        text.withBytes { ahead.append($0) }
        text.removeAll()
        var aheadLine = reading.line()
        var atEnd = false
        // Parts are cut, and their lines counted, at the byte the first part ends lines with.
        var lineBreak: UInt8?

        /// Fills `part` with the next bytes of the input, cut after its last line break (a part
        /// without one is cut where it ends); `false` at the end of the input.
        func cut(_ part: FilePart<Mapper>, into sink: inout Sink) throws -> Bool {
            part.bytes.removeAll()
            ahead.withBytes { part.bytes.append($0) }
            ahead.removeAll()
            while part.bytes.count < plan.partSize {
                let before = part.bytes.count
                try part.bytes.fill(maximum: plan.partSize - before) { try input.read(into: $0) }
                if part.bytes.count == before {
                    atEnd = true
                    break
                }
            }
            let breaks = lineBreak ?? part.bytes.withBytes { reading.lineBreak($0) }
            lineBreak = breaks
            var end = part.bytes.withBytes { ByteScan.afterLast(breaks, in: $0) }
            if end == 0 || atEnd { end = part.bytes.count }
            part.bytes.withBytes { ahead.append(UnsafeBufferPointer(rebasing: $0[end...])) }
            part.bytes.removeLast(part.bytes.count - end)
            guard part.bytes.count > 0 else { return false }
            part.startLine = aheadLine
            aheadLine += part.bytes.withBytes { ByteScan.count(breaks, in: $0) }
            reading.beginPart(part.mapper)
            plan.begin(&sink, part.rows as! Part)
            return true
        }

        /// Takes a part in: adopted when it held only rows and starts where the reading in order
        /// is, else read again in order.
        func takeIn(_ part: FilePart<Mapper>, into sink: inout Sink) throws {
            if part.onlyRows && part.startLine == reading.line() && reading.isAtRecordStart() {
                let renumbered = try reading.adopt(part.mapper, &sink)
                try plan.adopt(&sink, part.rows as! Part, part.mapper.partRows, renumbered)
                reading.setLine(part.endLine)
                part.bytes.withBytes { text.append(UnsafeBufferPointer(rebasing: $0[part.consumed...])) }
            } else {
                part.bytes.withBytes { text.append($0) }
                try reading.mapText(&sink)
            }
        }

        for worker in workers.dropFirst() where !ring.startHelper(worker: worker) { break }
        defer { ring.close() }
        // This thread takes in what is read, in order; else cuts parts ahead; else reads one.
        var takenIn = 0
        while true {
            if takenIn < ring.cutCount && ring.isRead(takenIn) {
                try takeIn(ring.parts[takenIn % ring.parts.count], into: &sink)
                takenIn += 1
            } else if !atEnd, let slot = ring.freeSlot(takenIn: takenIn) {
                if try cut(slot, into: &sink) { ring.publish() }
            } else if let part = ring.claim(waits: false) {
                ring.parts[part % ring.parts.count].read(worker: workers[0])
                ring.finished(part)
            } else if takenIn < ring.cutCount {
                ring.waitForRead(takenIn)
            } else {
                break
            }
        }
        // The input ended in the last part: its unfinished line, if any, goes to the final call.
        ahead.withBytes { text.append($0) }
    }
}
