import FinanceCore
import Glibc

/// Reading a JSON Lines file in parts: a mapper for a part read on another thread
/// (`partReader`), and the file's own mapper taking each part in, in file order (`adopt`), as if
/// it had read the part's lines itself.
///
/// A record carries its id, as pfin writes it; one that does not gets an id from its text, which
/// depends on the identical records before it: a part's mapper logs those (`ActivityIDLog`) and
/// `adopt` numbers them in file order. A part whose reading reported anything (a bad line, a line
/// too long) is not adopted: the file's mapper reads it again (see `PartReading`).
extension JSONLinesMapper: PartMapper {
    /// A mapper for the parts of this file, read apart; lines longer than `maximumLineBytes`
    /// send their part back to the reading in order.
    func partReader(maximumLineBytes: Int) -> JSONLinesMapper {
        let part = JSONLinesMapper(file: file, options: options, ids: ActivityIDBuilder(log: ActivityIDLog()))
        part.maximumPartLine = maximumLineBytes
        return part
    }

    /// Readies a part's mapper for its next part.
    func beginPart() {
        partRows = 0
        ids.log?.removeAll()
    }

    /// Maps a part's whole lines, from line `line`.
    func readPart(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, into sink: inout PartRowsSink) throws -> (consumed: Int, endLine: Int) {
        guard let base = bytes.baseAddress else { return (0, line) }
        var start = 0
        var number = line
        while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard end - start <= maximumPartLine else { throw PartRowsSink.NotOnlyRows() }
            try map(UnsafeBufferPointer(rebasing: bytes[start..<end]), number: number, into: &sink)
            start = end + 1
            number += 1
        }
        return (start, number)
    }

    /// Nothing is ever held back: a line is read whole or reported.
    var partEndedClean: Bool { true }

    /// Takes in a part that `part` read (only activities) before its rows go out: its ids are
    /// numbered in file order. Returns the ids that changed, for the caller to set in what it
    /// made of the rows.
    func adopt(_ part: JSONLinesMapper, into sink: inout some ActivitySink) throws -> RenumberedIDs {
        guard part.partRows > 0, let log = part.ids.log else { return RenumberedIDs() }
        let renumbered = ids.renumber(log)
        if !warnedLostTrack, let lost = renumbered.lostTrack {
            warnedLostTrack = true
            try sink.report(lostTrackWarning(lost.date, line: lost.line))
        }
        return renumbered
    }
}
