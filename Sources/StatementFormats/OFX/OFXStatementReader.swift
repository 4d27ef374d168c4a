import FinanceCore

/// Reads OFX and QFX files, 1.x (SGML) and 2.x (XML), in three layers: the header decides syntax
/// and character set, a parser turns the body into element events (`SGMLParser`, or libxml2 via
/// `XMLEventReader`), and `OFXStatementMapper` turns those into activities.
public struct OFXStatementReader: StatementReader {
    public static let format = StatementFormat.ofx
    static let chunkSize = 1 << 20

    public init() {}

    /// Certain for anything with an OFX header or an `<OFX>` body near the start.
    public static func sniff(_ input: SniffInput) -> Sniff {
        OFXHeader.parse(Array(input.text.prefix(4096))) != nil ? .yes(90, "an OFX header or <OFX> element at the start")
            : .no("no OFX header or <OFX> element at the start")
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        let file = input.displayName
        let prefix = try input.peek(upTo: 1 << 16)
        guard let header = OFXHeader.parse(prefix) else {
            let issue = prefix.isEmpty ? Diagnostic(.error, code: "ofx.empty", at: SourceLocation(file: file, line: 1),
                                                    "the file is empty; expected an OFX statement")
                : OFXIssue.notOFX.diagnostic(at: SourceLocation(file: file, line: 1))
            try sink.report(issue)
            return
        }
        var mapper = OFXStatementMapper(sink: sink, file: file, options: options)
        defer { sink = mapper.sink }
        let failure: InputError?
        switch header.syntax {
        case .xml:
            if let (what, position) = Self.forbiddenDeclaration(prefix) {
                try mapper.problem(OFXSyntaxProblem(kind: .forbidden(what), position: position, isFatal: true))
                return
            }
            let parser = XMLEventReader(input: input, skip: header.bodyOffset, linesBefore: header.linesBeforeBody)
            failure = try OFXEventPipeline.run(into: &mapper) { parser.produce(into: $0) }
        case .sgml:
            failure = try OFXEventPipeline.run(into: &mapper) { Self.produceSGML(input, header: header, prefix: prefix, into: $0) }
        }
        if let failure {
            try mapper.sink.report(Diagnostic(.error, code: "input.unreadable", at: SourceLocation(file: file, line: 0),
                                              "reading stopped: \(failure)"))
        }
    }

    /// A DOCTYPE or entity declaration near the start of an XML file, with its position: refused
    /// before libxml2 sees it (billion laughs, external entities).
    static func forbiddenDeclaration(_ prefix: [UInt8]) -> (String, OFXPosition)? {
        for (needle, what) in [("<!DOCTYPE", "a DOCTYPE declaration"), ("<!ENTITY", "an entity declaration")] {
            let pattern = Array(needle.utf8)
            guard prefix.count >= pattern.count else { continue }
            for i in 0...(prefix.count - pattern.count) where prefix[i] == UInt8(ascii: "<") {
                guard zip(pattern, prefix[i...]).allSatisfy({ $0 == ($1 >= 0x61 && $1 <= 0x7A ? $1 - 32 : $1) }) else { continue }
                let line = prefix[..<i].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                let lineStart = prefix[..<i].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                return (what, OFXPosition(line: line, column: i - lineStart + 1))
            }
        }
        return nil
    }

    /// Decodes and parses a 1.x body on the pipeline's parsing thread, a batch of events per chunk.
    private static func produceSGML(_ input: ByteInput, header: OFXHeader, prefix: [UInt8], into channel: OFXBatchChannel) -> InputError? {
        // CHARSET:NONE (or no header) says nothing reliable: decide from the bytes, as for CSV.
        let encoding = header.encoding ?? TextEncoding.guess(Array(prefix[header.bodyOffset...]), isComplete: false).encoding
        var transcoder = UTF8Transcoder(encoding: encoding == .utf16LE || encoding == .utf16BE ? .utf8 : encoding)
        // A header without a line break before `<OFX>` puts the body's first tag further right
        // (a byte-order mark takes no column).
        let bodyLineStart = prefix[..<header.bodyOffset].lastIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }.map { $0 + 1 }
            ?? (prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        let parser = SGMLParser(firstLine: header.linesBeforeBody + 1, firstColumn: header.bodyOffset - bodyLineStart + 1)
        var recorder = OFXEventRecorder()
        var raw: [UInt8] = []
        var text: [UInt8] = []
        var toSkip = header.bodyOffset
        var isFinal = false
        while !isFinal && !parser.finished && !recorder.sawFatal {
            raw.removeAll(keepingCapacity: true)
            do {
                isFinal = try input.read(appendingTo: &raw, maxCount: chunkSize) == 0
            } catch {
                _ = channel.send(recorder.take(reusing: channel.reuse()))
                return error
            }
            if toSkip > 0 {
                let dropped = min(toSkip, raw.count)
                raw.removeFirst(dropped)
                toSkip -= dropped
            }
            raw.withUnsafeBufferPointer { transcoder.decode($0, into: &text, isFinal: isFinal) }
            // The recorder never throws.
            let consumed = (try? text.withUnsafeBufferPointer { try parser.parse($0, isFinal: isFinal, into: &recorder) }) ?? text.count
            text.removeFirst(consumed)
            guard channel.send(recorder.take(reusing: channel.reuse())) else { return nil }
        }
        return nil
    }
}
