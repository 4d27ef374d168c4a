import Testing

@testable import StatementFormats

/// Runs an OFX body parser (`SGMLParser`, `XMLBodyParser`) as `OFXStatementReader` does, whole or
/// chunk by chunk, down to one byte at a time: every chunking must give the very same events at
/// the very same positions.
enum BodyParserHarness {
    /// What a run of the parser gave.
    struct Run {
        var recorder = EventRecorder()
        /// The most bytes the caller had to keep between calls (what the parser left unconsumed).
        var maxBuffered = 0
    }

    /// Parses `bytes` in one final call (`chunk == nil`), or as the reader does: `chunk` new bytes
    /// at a time appended to what the parser left unconsumed, then a final call on the rest.
    static func parse(_ bytes: [UInt8], chunk: Int? = nil, parser make: () -> some OFXBodyParser) throws -> Run {
        let parser = make()
        var run = Run()
        guard let chunk else {
            let consumed = try bytes.withUnsafeBufferPointer { try parser.parse($0, isFinal: true, into: &run.recorder) }
            #expect(consumed == bytes.count || parser.finished, "a final call consumes everything up to the closing </OFX>")
            return run
        }
        var buffer: [UInt8] = []
        var offset = 0
        while offset < bytes.count && !parser.finished {
            let end = min(offset + chunk, bytes.count)
            buffer += bytes[offset..<end]
            offset = end
            let consumed = try buffer.withUnsafeBufferPointer { try parser.parse($0, isFinal: false, into: &run.recorder) }
            #expect(consumed <= buffer.count)
            buffer.removeFirst(consumed)
            run.maxBuffered = max(run.maxBuffered, buffer.count)
        }
        if !parser.finished {
            _ = try buffer.withUnsafeBufferPointer { try parser.parse($0, isFinal: true, into: &run.recorder) }
        }
        return run
    }

    static let chunkSizes = [1, 2, 3, 5, 7, 13, 64, 4096]

    /// A body and the events it must give.
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let events: [String]
    }

    /// Checks that every chunk size gives the events of the whole input; returns those events.
    @discardableResult
    static func eventsInAnyChunks(
        _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation, parser make: () -> some OFXBodyParser
    ) throws -> EventRecorder {
        let whole = try parse(bytes, parser: make).recorder
        for chunk in chunkSizes {
            let chunked = try parse(bytes, chunk: chunk, parser: make).recorder
            #expect(chunked.events == whole.events, "chunks of \(chunk) bytes", sourceLocation: sourceLocation)
            #expect(chunked.leafValues == whole.leafValues, "chunks of \(chunk) bytes", sourceLocation: sourceLocation)
        }
        return whole
    }
}
