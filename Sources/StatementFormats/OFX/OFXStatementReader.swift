import FinanceCore

/// Reads OFX and QFX files, 1.x (SGML) and 2.x (XML), in three layers: the header decides syntax
/// and character set, a parser turns the body into element events (`SGMLParser`, `XMLBodyParser`,
/// or libxml2 via `XMLEventReader` for a 2.x body in an encoding pfin does not transcode), and
/// `OFXStatementMapper` turns those into activities.
///
/// What banks send besides the specification is read with a warning each (`OFXLeniency`); see
/// `OFXHeader` for the headers tolerated and `SGMLParser` for the bodies.
public struct OFXStatementReader: StatementReader {
    public static let format = StatementFormat.ofx
    static let chunkSize = 1 << 20

    /// Which parser reads 2.x (XML) bodies.
    public let xmlParser: XMLParser

    public enum XMLParser: Sendable {
        /// pfin's own (`XMLBodyParser`) for bodies in an encoding pfin transcodes (UTF-8 and the
        /// single-byte sets), libxml2 for the others: the default.
        case pfin
        /// libxml2 for every 2.x body: what the tests and the fuzz check compare pfin's with.
        case libxml2
    }

    public init(xmlParser: XMLParser = .pfin) { self.xmlParser = xmlParser }

    /// Sure (90) for an OFX header or an `<OFX>` element, or an XML document with an `<?OFX …?>`
    /// instruction, wherever they stand in the first 64 KiB; less sure (75) for a body without
    /// its `<OFX>` element, found by its message sets or statement aggregates (`<SIGNONMSGSRSV1>`,
    /// `<STMTTRN>`). An XML document without any of these (CAMT) is not OFX.
    public static func sniff(_ input: SniffInput) -> Sniff {
        guard let header = OFXHeader.parse(input.text) else {
            if input.firstOffset(of: "urn:iso:std:iso:20022") != nil {
                return .no("an ISO 20022 XML document, not OFX: no <?OFX …?> instruction and no OFX element")
            }
            return .no("no OFX header, <?OFX …?> instruction or OFX element (<OFX>, <SIGNONMSGSRSV1>, <STMTTRN>…) in the first 64 KiB")
        }
        var evidence = header.markers.map { "'\($0.text)' at line \(input.line(at: $0.offset))" + ($0.remark.map { " (\($0))" } ?? "") }
        if input.encoding.encoding == .utf16LE || input.encoding.encoding == .utf16BE {
            evidence.append("the file is UTF-16, which pfin does not read for OFX")
        }
        let isSure = header.bodyElement == .ofx || header.syntax == .xml && header.markers.first?.text == "<?OFX"
        return Sniff(score: isSure ? 90 : 75, evidence: evidence)
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        let file = input.displayName
        let prefix = try input.peek(upTo: 1 << 16)
        guard var header = OFXHeader.parse(prefix) else {
            let issue: Diagnostic
            if prefix.isEmpty {
                issue = Diagnostic(.error, code: "ofx.empty", at: SourceLocation(file: file, line: 1), "the file is empty; expected an OFX statement")
                    .notingIdentify()
            } else if case let guess = TextEncoding.guess(prefix, isComplete: false).encoding, guess == .utf16LE || guess == .utf16BE {
                issue = Diagnostic(
                    .error, code: "ofx.utf16", at: SourceLocation(file: file, line: 1),
                    "this OFX file is UTF-16; pfin reads OFX in UTF-8 and single-byte character sets",
                    notes: [
                        "save it as UTF-8 (e.g. 'iconv -f UTF-16 -t UTF-8 \(file)') and read that",
                        Diagnostic.identifyNote(file),
                    ])
            } else {
                issue = OFXIssue.notOFX.diagnostic(at: SourceLocation(file: file, line: 1)).notingIdentify()
            }
            try sink.report(issue)
            return
        }
        var mapper = OFXStatementMapper(
            sink: sink, file: file, options: options,
            decimalMark: OFXAmountFormat.decimalMark(prefix, from: header.bodyOffset))
        defer { sink = mapper.sink }
        var syntax = header.syntax
        if syntax == .xml {
            if let (what, position) = Self.forbiddenDeclaration(prefix) {
                try mapper.problem(OFXSyntaxProblem(kind: .forbidden(what), position: position, isFatal: true))
                return
            }
            if let leaf = OFXBodyShape.unclosedLeaf(prefix, from: header.bodyOffset) {
                // Banks that moved to a 2.x header and kept their 1.x body.
                let position = OFXBodyShape.position(of: leaf.offset, in: prefix)
                let diagnostic = OFXLeniency.sgmlBody(element: leaf.name)
                    .diagnostic(at: SourceLocation(file: file, line: position.line, column: position.column), options: options)
                try mapper.sink.report(diagnostic)
                if diagnostic.severity == .error { return }
                syntax = .sgml
            } else if OFXBodyShape.hasSecondDocument(prefix, from: header.bodyOffset)
                || OFXBodyShape.hasTextBeforeRoot(prefix, from: header.bodyOffset)
            {
                // Documents pasted together, or a banner line before `<OFX>`: libxml2 stops at
                // either; the 1.x parser reads closed elements alike, and goes past both.
                syntax = .sgml
            }
            if syntax == .sgml { header.encoding = OFXBodyShape.xmlEncoding(prefix, from: header.bodyOffset) }
        }
        let failure: InputError?
        // libxml2 tells no columns.
        let usesLibXML2 = syntax == .xml && (xmlParser == .libxml2 || !Self.transcodes(OFXBodyShape.xmlEncoding(prefix, from: header.bodyOffset)))
        do {
            if usesLibXML2 {
                let parser = XMLEventReader(input: input, skip: header.bodyOffset, linesBefore: header.linesBeforeBody)
                failure = try OFXEventPipeline.run(into: &mapper) { parser.produce(into: $0) }
            } else {
                if syntax == .xml { header.encoding = OFXBodyShape.xmlEncoding(prefix, from: header.bodyOffset) }
                if let example = Self.utf8UnderSingleByteCharset(header, prefix) {
                    let at = OFXBodyShape.position(of: Self.charsetOffset(prefix, before: header.bodyOffset), in: prefix)
                    try mapper.sink.report(
                        OFXLeniency.utf8DespiteCharset(declared: header.encoding?.name ?? "", example: example)
                            .diagnostic(at: SourceLocation(file: file, line: at.line, column: at.column), options: options))
                    header.encoding = .utf8
                    header.utf8ByItsBytes = true
                }
                failure = try OFXEventPipeline.run(into: &mapper) { [header, syntax] in
                    Self.produce(input, syntax: syntax, header: header, prefix: prefix, into: $0)
                }
            }
        } catch is OFXRefusal {
            return
        }
        if let failure {
            try mapper.sink.report(
                Diagnostic(
                    .error, code: "input.unreadable", at: SourceLocation(file: file, line: 0),
                    "reading stopped: \(failure)"))
        } else {
            let body = OFXBodyShape.position(of: min(header.bodyOffset, prefix.count), in: prefix)
            try mapper.endOfFile(bodyStart: usesLibXML2 ? OFXPosition(line: body.line, column: 0) : body)
        }
    }

    /// For a header naming a single-byte character set over a body whose first 64 KiB are UTF-8
    /// with letters beyond ASCII (and no byte-order mark, which already decides): the first word
    /// holding one, to show in the warning; `nil` otherwise.
    static func utf8UnderSingleByteCharset(_ header: OFXHeader, _ prefix: [UInt8]) -> String? {
        guard let declared = header.encoding, declared.isSingleByte, !prefix.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
        let body = Array(prefix[min(header.bodyOffset, prefix.count)...])
        let guess = TextEncoding.guess(body, isComplete: false)
        guard guess.encoding == .utf8, guess.isCertain, let first = body.firstIndex(where: { $0 >= 0x80 }) else { return nil }
        func isWordByte(_ b: UInt8) -> Bool { b >= 0x80 || b != UInt8(ascii: "<") && b != UInt8(ascii: ">") && b > 0x20 }
        var lower = first, upper = first
        while lower > 0, isWordByte(body[lower - 1]), first - lower < 24 { lower -= 1 }
        while upper < body.count, isWordByte(body[upper]), upper - first < 24 { upper += 1 }
        return String(decoding: body[lower..<upper], as: UTF8.self)
    }

    /// Where the header names its character set (`CHARSET:`, or `encoding=` in the XML declaration
    /// at the body's start), else the file's start.
    static func charsetOffset(_ prefix: [UInt8], before end: Int) -> Int {
        for needle in ["CHARSET:", "encoding="] {
            let pattern = Array(needle.utf8)
            let limit = min(max(end, 256), prefix.count) - pattern.count
            guard limit >= 0 else { continue }
            for i in 0...limit where prefix[i] == pattern[0] && Array(prefix[i..<(i + pattern.count)]) == pattern { return i }
        }
        return 0
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

    /// Whether pfin transcodes a 2.x body in `encoding` itself (UTF-8 and the single-byte sets;
    /// `nil`, a name pfin does not know, is left to libxml2).
    private static func transcodes(_ encoding: TextEncoding?) -> Bool {
        guard let encoding else { return false }
        return encoding != .utf16LE && encoding != .utf16BE
    }

    /// Decodes and parses a body on the pipeline's parsing thread, a batch of events per chunk.
    private static func produce(_ input: ByteInput, syntax: OFXHeader.Syntax, header: OFXHeader, prefix: [UInt8], into channel: OFXBatchChannel) -> InputError?
    {
        // A UTF-8 byte-order mark is written by whatever saved the file last, so it wins over a
        // header's CHARSET:1252 (a template's value) or an XML declaration. CHARSET:NONE (or no
        // header) says nothing reliable: decide from the bytes, as for CSV (Windows-1252 unless
        // a multi-byte encoding reads them better).
        let byteOrderMark = prefix.starts(with: [0xEF, 0xBB, 0xBF])
        let encoding: TextEncoding
        if byteOrderMark {
            encoding = .utf8
        } else if let declared = header.encoding {
            encoding = declared
        } else {
            let body = Array(prefix[header.bodyOffset...])
            let guess = TextEncoding.guess(body, isComplete: false).encoding
            encoding = guess == .windows1252 ? CodePageDetection.lineReaderEncoding(body) : guess
        }
        var transcoder = UTF8Transcoder(encoding: encoding == .utf16LE || encoding == .utf16BE ? .utf8 : encoding)
        // A header without a line break before `<OFX>` puts the body's first tag further right
        // (a byte-order mark takes no column).
        let bodyLineStart =
            prefix[..<header.bodyOffset].lastIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }.map { $0 + 1 }
            ?? (prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        let firstLine = header.linesBeforeBody + 1, firstColumn = header.bodyOffset - bodyLineStart + 1
        // A body pfin does not transcode is meant as UTF-8: its texts that are not are read as
        // Windows-1252, with a warning saying what claimed UTF-8.
        let utf8: OFXLeniency.UTF8Claim? =
            encoding != .utf8
            ? nil
            : byteOrderMark
                ? .byteOrderMark
                : header.utf8ByItsBytes ? .bytesOverHeader : header.form == .xml ? .xmlDeclaration : header.encoding != nil ? .header : .firstBytes
        if syntax == .xml {
            let parser = XMLBodyParser(firstLine: firstLine, firstColumn: firstColumn, utf8: utf8)
            return feed(parser, from: input, skipping: header.bodyOffset, transcoder: &transcoder, into: channel)
        }
        let parser = SGMLParser(firstLine: firstLine, firstColumn: firstColumn, utf8: utf8)
        return feed(parser, from: input, skipping: header.bodyOffset, transcoder: &transcoder, into: channel)
    }

    /// Feeds `parser` the input chunk by chunk (generic, so that each parser's `parse` is
    /// specialised for the recorder).
    private static func feed(
        _ parser: some OFXBodyParser, from input: ByteInput, skipping toSkip: Int, transcoder: inout UTF8Transcoder, into channel: OFXBatchChannel
    ) -> InputError? {
        var toSkip = toSkip
        var recorder = OFXEventRecorder()
        var raw: [UInt8] = []
        var text: [UInt8] = []
        var isFinal = false
        // UTF-8 is read straight into the parser's buffer, without the transcoder's copy.
        let direct = transcoder.encoding == .utf8
        var atStart = true
        while !isFinal && !parser.finished && !recorder.sawFatal {
            do {
                if direct && toSkip == 0 && !atStart {
                    isFinal = try input.read(appendingTo: &text, maxCount: chunkSize) == 0
                } else {
                    raw.removeAll(keepingCapacity: true)
                    isFinal = try input.read(appendingTo: &raw, maxCount: chunkSize) == 0
                }
            } catch {
                _ = channel.send(recorder.take(reusing: channel.reuse()))
                return error
            }
            if !direct || toSkip > 0 || atStart {
                if toSkip > 0 {
                    let dropped = min(toSkip, raw.count)
                    raw.removeFirst(dropped)
                    toSkip -= dropped
                }
                // The transcoder drops a byte-order mark at the start of the body.
                raw.withUnsafeBufferPointer { transcoder.decode($0, into: &text, isFinal: isFinal) }
                if toSkip == 0 && !raw.isEmpty { atStart = false }
            }
            // The recorder never throws.
            let consumed = (try? text.withUnsafeBufferPointer { try parser.parse($0, isFinal: isFinal, into: &recorder) }) ?? text.count
            text.removeFirst(consumed)
            guard channel.send(recorder.take(reusing: channel.reuse())) else { return nil }
        }
        return nil
    }
}
