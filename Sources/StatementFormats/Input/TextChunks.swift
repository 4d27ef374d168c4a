import FinanceCore

/// Reads an input a chunk at a time into a buffer as UTF-8: UTF-8 input as it is, without a
/// leading byte-order mark; any other encoding through a `UTF8Transcoder`. The line readers
/// (JSON Lines, QIF, MT940) fill their `LineSplitter`'s buffer with it.
struct TextChunks {
    private let input: ByteInput
    private let chunkSize: Int
    private var transcoder: UTF8Transcoder?
    private var raw: [UInt8] = []
    private var decoded: [UInt8] = []
    private var atStart = true

    /// `transcoder` is `nil` for UTF-8 input.
    init(_ input: ByteInput, chunkSize: Int, transcoder: UTF8Transcoder? = nil) {
        self.input = input
        self.chunkSize = chunkSize
        self.transcoder = transcoder
    }

    /// Appends the next chunk to `buffer`; returns `true` once the input is exhausted.
    mutating func fill(_ buffer: ByteBuffer) throws -> Bool {
        if transcoder != nil {
            raw.removeAll(keepingCapacity: true)
            decoded.removeAll(keepingCapacity: true)
            let isFinal = try input.read(appendingTo: &raw, maxCount: chunkSize) == 0
            raw.withUnsafeBufferPointer { transcoder!.decode($0, into: &decoded, isFinal: isFinal) }
            decoded.withUnsafeBufferPointer { buffer.append($0) }
            return isFinal
        }
        while true {
            let before = buffer.count
            try buffer.fill(maximum: chunkSize) { try input.read(into: $0) }
            let isFinal = buffer.count == before
            guard atStart else { return isFinal }
            // A byte-order mark is dropped: it is not text. Read on until three bytes tell.
            guard buffer.count >= 3 || isFinal else { continue }
            if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
                buffer.removeFirst(3)
            }
            atStart = false
            return isFinal
        }
    }
}
