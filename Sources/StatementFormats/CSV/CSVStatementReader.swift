import FinanceCore

/// Reads bank CSV exports in any dialect, streaming: bytes are decoded to UTF-8, split into records,
/// and mapped to activities one at a time, so memory stays flat whatever the file's size.
///
/// The dialect comes from the first `detectionWindow` bytes (the whole file, for any real export),
/// unless a profile pins it.
public struct CSVStatementReader: StatementReader {
    public static let format = StatementFormat.csv
    /// How much of the start of a file detection looks at.
    public static let detectionWindow = 2 << 20
    /// Bytes read per chunk.
    static let chunkSize = 1 << 20

    public init() {}

    /// Text with a table shape (lines cut into fields by one delimiter) is possibly CSV; the score
    /// stays low so that specific formats win. pfin's own header is a marker like theirs (60).
    public static func sniff(_ input: SniffInput) -> Sniff {
        guard input.isText else { return .no("the bytes are not text") }
        if let evidence = PfinCSVLayout.evidence(input.text) { return .yes(60, evidence) }
        return CSVTableShape.sniff(input)
    }

    /// Works out the dialect of `input` without consuming it: what `--show-dialect` prints.
    public func detect(_ input: ByteInput, options: ReadOptions) throws(InputError) -> Result<DialectDetection, Diagnostic> {
        let prefix = try input.peek(upTo: Self.detectionWindow)
        let isComplete = prefix.count < Self.detectionWindow
        let file = input.displayName
        guard !prefix.isEmpty else {
            return .failure(
                Diagnostic(
                    .error, code: "csv.empty", at: SourceLocation(file: file, line: 1),
                    "the file is empty; expected a CSV export with a header and rows",
                    notes: [Diagnostic.identifyNote(file)]))
        }
        let foreign = ForeignFile.identify(
            SniffInput(Array(prefix.prefix(SniffInput.window)), isComplete: prefix.count <= SniffInput.window && isComplete))
        if case .empty = foreign?.kind {
            return .failure(
                Diagnostic(
                    .error, code: "csv.empty", at: SourceLocation(file: file, line: 1),
                    "the file is empty (\(foreign?.evidence ?? "")); expected a CSV export with a header and rows",
                    notes: [Diagnostic.identifyNote(file)]))
        }
        if let (kind, _) = foreign, kind != .json, kind != .html {
            return .failure(
                Diagnostic(
                    .error, code: "csv.binary", at: SourceLocation(file: file, line: 1),
                    "this is \(kind.description), not a CSV export\(kind.isText ? "" : "; expected text")",
                    notes: [kind.advice, Diagnostic.identifyNote(file)]))
        }
        let pinned = options.csvProfile
        let guess = TextEncoding.guess(prefix, isComplete: isComplete)
        var encoding = pinned.encoding ?? guess.encoding
        if pinned.encoding == nil, guess.encoding == .windows1252 {
            // Not UTF-8, so one of the single-byte code pages: which one, the decodings tell.
            encoding = CodePageDetection.choose(prefix)
        }
        if let nul = guess.nulOffset, encoding != .utf16LE && encoding != .utf16BE {
            let line = prefix[..<nul].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            return .failure(
                Diagnostic(
                    .error, code: "csv.binary", at: SourceLocation(file: file, line: line),
                    "this looks like a binary file (a NUL byte at offset \(nul)), not a CSV export; expected text",
                    notes: [
                        "export the statement from your bank as CSV, or pass --from with the right format",
                        Diagnostic.identifyNote(file),
                    ]))
        }
        if let reason = encoding.unavailableReason {
            return .failure(CSVIssue.encodingUnavailable(encoding, reason: reason).diagnostic(at: SourceLocation(file: file, line: 1)))
        }
        var transcoder = UTF8Transcoder(encoding: encoding)
        var text: [UInt8] = []
        prefix.withUnsafeBufferPointer { transcoder.decode($0, into: &text, isFinal: isComplete) }
        var detector = DialectDetector(pinned: pinned, file: file)
        detector.serialDates1904 = options.serialDates1904
        detector.statedCurrency = options.currency
        return detector.detect(text, encoding: encoding, isComplete: isComplete)
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        let detection: DialectDetection
        switch try detect(input, options: options) {
        case .failure(let diagnostic):
            try sink.report(diagnostic)
            try sink.skipped(SkippedLines(.unread, at: SourceLocation(file: input.displayName, line: 1), through: nil))
            return
        case .success(let found):
            detection = found
        }
        try read(input, detection: detection, options: options, into: &sink)
    }

    /// Reads `input` with what `detect` found in it: its warnings first, then the rows, exactly as
    /// `read(_:options:into:)` does, without detecting twice.
    public func read(_ input: ByteInput, detection: DialectDetection, options: ReadOptions, into sink: inout some ActivitySink) throws {
        try read(input, detection: detection, options: options, into: &sink, parts: PartReading<_, NoParts>?.none)
    }

    /// The same, a UTF-8 file read past its header in parts on several threads as `parts` says
    /// (the sink sees the same calls; see `PartReading`); other encodings, and a sink that
    /// wants row balances, are read in order.
    public func read<Sink: ActivitySink, Part: AnyObject>(
        _ input: ByteInput, detection: DialectDetection, options: ReadOptions, into sink: inout Sink,
        parts: PartReading<Sink, Part>?
    ) throws {
        for warning in detection.warnings { try sink.report(warning) }
        try read(
            input, dialect: detection.dialect, options: options, checksBalanceRows: detection.hasBalanceRows,
            statedBalances: detection.statedBalances, statementPeriod: detection.statementPeriod, into: &sink, parts: parts)
    }

    /// Reads `input` with a known dialect.
    public func read(_ input: ByteInput, dialect: CSVDialect, options: ReadOptions, into sink: inout some ActivitySink) throws {
        try read(input, dialect: dialect, options: options, checksBalanceRows: true, into: &sink, parts: PartReading<_, NoParts>?.none)
    }

    /// Reads `input` with a known dialect; with `checksBalanceRows`, rows that read as transactions
    /// are checked for balance words too (detection says whether the file has such rows).
    /// `statedBalances` are those detection found around the table, passed on as the statement's;
    /// `statementPeriod` the period stated above it, which gives days without a year theirs.
    /// With `parts`, a UTF-8 file is read in parts past its header.
    func read<Sink: ActivitySink, Part: AnyObject>(
        _ input: ByteInput, dialect: CSVDialect, options: ReadOptions, checksBalanceRows: Bool,
        statedBalances: [CSVStatedBalance] = [], statementPeriod: StatementPeriod? = nil, into sink: inout Sink,
        parts: PartReading<Sink, Part>?
    ) throws {
        let file = input.displayName
        let mapper = CSVRowMapper(
            dialect: dialect, file: file, options: options, checksBalanceRows: checksBalanceRows,
            statedBalances: statedBalances, statementPeriod: statementPeriod)
        let tokenizer = CSVTokenizer(delimiter: dialect.delimiter, singleQuotes: dialect.singleQuotes)
        var transcoder = UTF8Transcoder(encoding: dialect.encoding)
        // UTF-8 is read straight into the tokenizer's buffer; other encodings pass through the
        // transcoder first.
        let passThrough = dialect.encoding == .utf8
        var raw: [UInt8] = []
        if !passThrough { raw.reserveCapacity(Self.chunkSize) }
        let text = ByteBuffer(capacity: Self.chunkSize * 2)
        var atStart = true
        func reportToken(_ problem: CSVTokenProblem, into sink: inout Sink) throws {
            let issue: CSVIssue
            switch problem.kind {
            case .unterminatedQuote: issue = .unterminatedQuote
            case .overlongRecord(let limit): issue = .overlongRecord(limit: limit)
            }
            try sink.report(issue.diagnostic(at: SourceLocation(file: file, line: problem.line, column: problem.column)))
        }
        /// Maps the records `text` holds, keeping an incomplete last one for more input.
        func mapText(isFinal: Bool, into sink: inout Sink) throws {
            let consumed = try text.withBytes { bytes in
                try tokenizer.tokenize(
                    bytes, isFinal: isFinal,
                    onRecord: { record in
                        try mapper.map(record, into: &sink)
                    }, onProblem: { try reportToken($0, into: &sink) })
            }
            text.removeFirst(consumed)
            if !isFinal && text.count > tokenizer.maxRecordBytes {
                let dropped = try text.withBytes { try tokenizer.abandonIncompleteRecord($0, onProblem: { try reportToken($0, into: &sink) }) }
                text.removeFirst(dropped)
            }
        }

        do {
            var isFinal = false
            while !isFinal {
                if let parts, passThrough, mapper.started, !sink.wantsRowBalances, !dialect.continuationRows, !dialect.splitRows, !dialect.postings,
                    !dialect.sections
                {
                    try readParts(
                        input, mapper: mapper, tokenizer: tokenizer, text: text, into: &sink, parts: parts,
                        inOrder: { try mapText(isFinal: false, into: &$0) })
                    isFinal = true
                } else if passThrough {
                    let before = text.count
                    // Read in parts, the header comes in a part's size: the parts start right after it.
                    let chunk = parts.map { mapper.started ? Self.chunkSize : min($0.partSize, Self.chunkSize) } ?? Self.chunkSize
                    try text.fill(maximum: chunk) { try input.read(into: $0) }
                    isFinal = text.count == before
                    if atStart && text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF {
                        text.removeFirst(3)
                    }
                    if text.count >= 3 || isFinal { atStart = false }
                } else {
                    raw.removeAll(keepingCapacity: true)
                    isFinal = try input.read(appendingTo: &raw, maxCount: Self.chunkSize) == 0
                    var decoded: [UInt8] = []
                    raw.withUnsafeBufferPointer { transcoder.decode($0, into: &decoded, isFinal: isFinal) }
                    decoded.withUnsafeBufferPointer { text.append($0) }
                }
                try mapText(isFinal: isFinal, into: &sink)
            }
            if transcoder.replacedCount > 0 {
                if dialect.encoding.isMultiByte {
                    try sink.report(
                        CSVIssue.invalidBytes(dialect.encoding, count: transcoder.replacedCount).diagnostic(at: SourceLocation(file: file, line: 0)))
                } else {
                    try sink.report(
                        Diagnostic(
                            .warning, code: "csv.invalid-utf16", at: SourceLocation(file: file, line: 0),
                            "\(transcoder.replacedCount) unpaired UTF-16 surrogates were replaced with U+FFFD"))
                }
            }
            try mapper.finish(into: &sink)
        } catch is StopReading {
            return
        }
    }
}

/// Thrown inside the reader to stop at a fatal problem that was already reported.
struct StopReading: Error {}
