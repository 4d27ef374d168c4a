import FinanceCore

/// What pfin makes of an input: the format it will be read as, the encoding, and every reader's
/// score with its evidence. `pfin identify` prints it; `convert` and `import` act on it.
public struct StatementIdentification: Sendable {
    /// One reader's answer.
    public struct Candidate: Sendable, Equatable {
        public var format: StatementFormat
        public var sniff: Sniff
    }

    /// The format the input is read as; `nil` when no reader can read it.
    public var format: StatementFormat?
    /// The encoding the first bytes look like.
    public var encoding: EncodingGuess
    /// The encoding the text is read in, when not the first guess from the bytes' pattern, and
    /// where it comes from: an HTML page's `charset` ("declared by the page"), the code page CSV
    /// reading settles on ("read best").
    public var settledEncoding: (name: String, source: String)?
    /// Whether the first bytes are text at all (not a binary file).
    public var isText = true
    /// Every reader's answer, the surest first (ties in the registry's order).
    public var candidates: [Candidate]
    /// What the input is when it is not a statement at all (a PDF, an HTML page, a ZIP…).
    public var foreign: (kind: ForeignFile, evidence: String)?
    /// Where the first NUL byte of a byte-oriented (not UTF-16) input is, and its line: a binary file.
    public var binaryOffset: (offset: Int, line: Int)?

    /// The winning candidate's sniff.
    public var chosen: Candidate? { candidates.first { $0.format == format } }

    /// Identifies `input` from its first `SniffInput.window` bytes, without consuming them.
    public static func identify(_ input: ByteInput) throws(InputError) -> StatementIdentification {
        let prefix = try input.peek(upTo: SniffInput.window)
        return identify(SniffInput(prefix, isComplete: prefix.count < SniffInput.window))
    }

    /// Identifies an input from its first bytes.
    ///
    /// Every registered reader is asked; the highest score wins. A file that is not a statement
    /// (`ForeignFile`) is read by nobody, whatever the scores: pfin names it instead.
    public static func identify(_ input: SniffInput) -> StatementIdentification {
        var candidates: [Candidate] = []
        for reader in StatementReaders.all {
            candidates.append(Candidate(format: reader.format, sniff: reader.sniff(input)))
        }
        let order = Dictionary(uniqueKeysWithValues: candidates.enumerated().map { ($1.format, $0) })
        candidates.sort { ($0.sniff.score, -order[$0.format]!) > ($1.sniff.score, -order[$1.format]!) }
        var result = StatementIdentification(format: nil, encoding: input.encoding, candidates: candidates, foreign: nil)
        result.isText = input.isText
        if !input.isText, let nul = input.encoding.nulOffset {
            result.binaryOffset = (nul, input.raw[..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) })
        }
        if let best = candidates.first, best.sniff.score > 0 {
            result.format = best.format
        }
        if result.format == .qif || result.format == .mt940, input.encoding.encoding == .windows1252 {
            // What those readers decode a file that is not UTF-8 in (CSV shows its own detection).
            result.encoding.encoding = CodePageDetection.lineReaderEncoding(input.raw)
        }
        // A reader's markers (an XLSX's `xl/` members) win over the foreign kind they look like,
        // except a message's own type (an MT920's block 2 over the MT942 fields it shares).
        if let foreign = ForeignFile.identify(input), (result.chosen?.sniff.score ?? 0) < 60 || foreign.kind.outranksReaders {
            result.foreign = foreign
            result.format = nil
        }
        if result.foreign?.kind.isText ?? true { result.settleEncoding(input) }
        return result
    }

    /// The encoding the text is decoded in, not the first guess: an HTML page's declared (or
    /// overridden) charset; for other text that is not UTF-8, the encoding CSV reading chooses
    /// (Shift_JIS, Windows-1251), which a refusal's message shows its words in.
    private mutating func settleEncoding(_ input: SniffInput) {
        guard input.isText, !encoding.isCertain else { return }
        let start = SniffPrefix.contentStart(input.text)
        if input.text[start...].first == UInt8(ascii: "<"), input.firstOffset(of: "<ofx") == nil,
            input.firstOffset(of: "<html") != nil || input.firstOffset(of: "<table") != nil,
            let (name, source) = HTMLTableParser.pageEncoding(input.raw)
        {
            if let known = TextEncoding(name: name) { encoding.encoding = known }
            settledEncoding = (name, source)
            return
        }
        guard format == .csv || format == nil, encoding.encoding == .windows1252 else { return }
        let chosen = CodePageDetection.choose(input.raw)
        if chosen != .windows1252 {
            encoding.encoding = chosen
            settledEncoding = (chosen.name, "read best")
        }
    }

    /// Why nothing reads the input, for an error's notes: each reader's reason.
    public var reasons: [String] {
        candidates.map { "\($0.format.name): \($0.sniff.evidence.joined(separator: "; "))" }
    }

    /// The error for an input no reader reads: what it is, or what each reader missed.
    public func unreadable(file: String) -> Diagnostic {
        let location = SourceLocation(file: file, line: 1)
        if case .empty = foreign?.kind {
            return Diagnostic(
                .error, code: "input.empty", at: location, "the file is empty; expected a bank statement (CSV, XLSX, OFX, QIF, CAMT, MT940…)",
                notes: ["download the export again; this file has nothing in it"])
        }
        if let (kind, evidence) = foreign {
            return Diagnostic(
                .error, code: "input.foreign", at: location,
                "this is \(kind.description), not a bank statement (\(evidence))",
                notes: [kind.advice, Diagnostic.identifyNote(file)])
        }
        if let nul = binaryOffset {
            return Diagnostic(
                .error, code: "input.binary", at: SourceLocation(file: file, line: nul.line),
                "this looks like a binary file (a NUL byte at offset \(nul.offset)), not a bank statement; expected text",
                notes: [
                    "export the statement from your bank as CSV, OFX, QIF, CAMT or MT940, or pass --from with the right format",
                    Diagnostic.identifyNote(file),
                ])
        }
        return Diagnostic(
            .error, code: "input.unknown-format", at: location,
            "pfin cannot tell what format this file is; expected CSV, XLSX, OFX/QFX, QIF, CAMT, MT940, Norma 43, Santander UK's text download or JSON Lines",
            notes: [Diagnostic.identifyNote(file) + "; if you know the format, pass --from FORMAT"])
    }
}

extension Diagnostic {
    /// The note that ends every error meaning a whole file could not be read: `pfin identify`
    /// shows what each reader saw in it.
    public static func identifyNote(_ file: String) -> String { "'pfin identify \(file)' shows what each reader saw" }

    /// This diagnostic with `identifyNote` at the end of its notes.
    public func notingIdentify() -> Diagnostic {
        var noted = self
        let note = Diagnostic.identifyNote(location.file)
        if !noted.notes.contains(note) { noted.notes.append(note) }
        return noted
    }
}
