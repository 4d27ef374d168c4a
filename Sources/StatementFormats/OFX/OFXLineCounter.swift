/// Lines and columns for a parser that sees its input in buffers, one after another: the line
/// count so far and where the current line starts, in absolute offsets.
///
/// LF, CRLF and a lone CR each end a line, as XML 1.0 §2.11 normalises them; the LF of a CRLF
/// split between two buffers does not count again.
struct OFXLineCounter {
    private(set) var line: Int
    /// The absolute offset where the current line starts.
    private var lineStart: Int
    /// The absolute offset of the first byte of the current buffer.
    private(set) var base = 0
    /// The absolute offset of the last CR counted as a line end.
    private var lastCR = -2

    /// - Parameters:
    ///   - firstLine, firstColumn: where the first byte stands in the file.
    init(firstLine: Int, firstColumn: Int) {
        line = firstLine
        lineStart = 1 - firstColumn
    }

    /// The position of `offset` in the current buffer.
    @inline(__always)
    func position(of offset: Int) -> OFXPosition {
        OFXPosition(line: line, column: base + offset - lineStart + 1)
    }

    /// Moves on to the next buffer, which starts `consumed` bytes after the current one.
    mutating func advance(by consumed: Int) { base += consumed }

    /// Counts the line ends in `bytes[from..<to]` of the current buffer.
    mutating func count(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) {
        let range = UnsafeBufferPointer(rebasing: bytes[..<to])
        var i = from
        while true {
            i = ByteScan.firstOf(UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\r"), in: range, from: i)
            guard i < to else { return }
            if bytes[i] == UInt8(ascii: "\r") {
                line += 1
                lastCR = base + i
            } else if base + i != lastCR + 1 {
                line += 1
            }
            i += 1
            lineStart = base + i
        }
    }
}
