import FinanceCore
import StatementFormats

/// One file's identification as `pfin identify` shows it.
struct FileIdentity {
    let file: String
    let identification: StatementIdentification
    /// For a CSV export, an XLSX workbook's sheet or an HTML page's table: the detected profile, or the error that stopped detection.
    let profile: Result<String, Diagnostic>?
    /// The encoding CSV detection settled on (it weighs code pages the first guess does not).
    private var csvEncoding: TextEncoding?
    /// For a CSV export or a workbook's sheet read with the detected profile: what became of each line.
    private(set) var census: LineCensus?
    /// The most runs of lines the text shows.
    static let shownRuns = 40
    /// Why the file, identified as a format, still cannot be read: detection failed, or reading
    /// gave errors and no transaction (a payment order identified as CAMT, a damaged workbook).
    private(set) var readError: Diagnostic?
    /// For a ZIP archive of files, the members read (`ARCHIVE/MEMBER`), each identified on its own
    /// after the archive; `nil` for any other file.
    var members: [String]?
    /// Whether some member of the archive is a statement: the archive is read.
    var holdsStatements = false
    /// Whether `pfin convert` would read nothing from the file.
    var cannotBeRead: Bool { members != nil ? !holdsStatements : identification.format == nil || readError != nil }

    init(_ input: ByteInput, options: InputOptions) throws(InputError) {
        file = input.displayName
        var identification = try StatementIdentification.identify(input)
        if let pinned = options.format {
            identification.format = pinned
        }
        self.identification = identification
        if identification.format == .csv {
            let reader = CSVStatementReader()
            let detection = try reader.detect(input, options: options.readOptions(for: input.displayName))
            csvEncoding = try? detection.get().dialect.encoding
            profile = detection.map { $0.dialect.profileText(source: input.displayName) }
            if case .success(let found) = detection {
                var census = LineCensus()
                if (try? reader.read(input, detection: found, options: options.readOptions(for: input.displayName), into: &census)) != nil {
                    self.census = census
                }
            }
        } else if let reader = identification.format.flatMap(StatementReaders.renderedTableReader(for:)) {
            // Held here so that detection and the reading each get their own input (a workbook
            // is read whole either way).
            var bytes: [UInt8] = []
            while try input.read(appendingTo: &bytes, maxCount: 1 << 20) > 0, bytes.count <= type(of: reader).maximumInput {}
            let detection = try reader.detect(ByteInput(bytes: bytes, displayName: file), options: options.readOptions(for: input.displayName))
            let name = input.displayName
            profile = detection.map { $0.dialect.profileText(source: name) }
            if case .success = detection {
                var census = LineCensus()
                if (try? reader.read(ByteInput(bytes: bytes, displayName: file), options: options.readOptions(for: input.displayName), into: &census)) != nil {
                    self.census = census
                }
            }
        } else {
            profile = nil
            if let reader = identification.format.flatMap(StatementReaders.reader(for:)) {
                var first = FirstError()
                try? reader.read(input, options: options.readOptions(for: input.displayName), into: &first)
                if first.activities == 0 { readError = first.error }
            }
        }
        if case .failure(let diagnostic) = profile { readError = diagnostic }
        if let census, census.transactions == 0, census.errors > 0, readError == nil {
            readError = Diagnostic(.error, code: "identify.unread", at: SourceLocation(file: file, line: 1), "every row is in error")
        }
    }

    /// The first error of a reading and how many activities it gave.
    private struct FirstError: ActivitySink {
        var activities = 0
        var error: Diagnostic?
        mutating func accept(_ activity: consuming PaymentActivity) throws { activities += 1 }
        mutating func report(_ diagnostic: Diagnostic) throws {
            if error == nil, diagnostic.severity == .error { error = diagnostic }
        }
    }

    private var verdict: String {
        if let format = identification.format { return format.name }
        if let members, holdsStatements {
            return "a ZIP archive of \(members.count) file\(members.count == 1 ? "" : "s"), each read as a file of its own (below)"
        }
        if let foreign = identification.foreign { return "not a statement: \(foreign.kind.description)" }
        return "unknown format"
    }

    /// A workbook is a ZIP archive of UTF-8 XML; a guess about its raw bytes would mislead.
    private var encodingName: String {
        if identification.format == .xlsx { return "utf-8 (the workbook's XML)" }
        if identification.format == .xls { return "utf-16 (the workbook's strings)" }
        if let csvEncoding { return csvEncoding.name }
        return identification.isText ? identification.encoding.encoding.name : "binary"
    }

    var text: String {
        var lines = ["\(file): \(verdict)"]
        let settled =
            identification.encoding.isCertain || !identification.isText || identification.format == .xlsx || identification.format == .xls || csvEncoding != nil
        if csvEncoding == nil, let (name, source) = identification.settledEncoding {
            lines.append("  encoding: \(name) (\(source))")
        } else {
            lines.append("  encoding: \(encodingName)\(settled ? "" : " (guessed)")")
        }
        if let foreign = identification.foreign {
            lines.append("  evidence: \(foreign.evidence)")
            if !holdsStatements { lines.append("  note: \(foreign.kind.advice)") }
        }
        lines.append("  readers:")
        let width = identification.candidates.map(\.format.name.count).max() ?? 0
        for candidate in identification.candidates {
            let name = candidate.format.name + String(repeating: " ", count: width - candidate.format.name.count)
            let score = String(candidate.sniff.score)
            lines.append("    \(name) \(String(repeating: " ", count: 3 - score.count))\(score)  \(candidate.sniff.evidence.joined(separator: "; "))")
        }
        switch profile {
        case .success(let text):
            lines.append("  profile:")
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }.map { "    \($0)" }
        case .failure(let diagnostic):
            lines.append("  profile: none: \(diagnostic.message)")
        case nil:
            if let readError { lines.append("  cannot be read: \(readError.message)") }
        }
        if let census { lines += Self.text(census) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `lines:` and its runs (`8–30  23 transactions`), then the totals.
    private static func text(_ census: LineCensus) -> [String] {
        let runs = census.runs
        let spans = runs.prefix(shownRuns).map { run -> String in
            guard let last = run.last else { return "\(run.first)–end" }
            return last == run.first ? "\(run.first)" : "\(run.first)–\(last)"
        }
        let width = spans.map(\.count).max() ?? 0
        var lines = ["  lines:"]
        for (run, span) in zip(runs, spans) {
            let what: String
            switch run.kind {
            case .transactions: what = run.count == 1 ? "1 transaction" : "\(run.count) transactions"
            case .errors: what = run.count == 1 ? "1 row in error" : "\(run.count) rows in error"
            case .skipped(let reason): what = "skipped: " + reason.rawValue
            }
            lines.append("    \(span)\(String(repeating: " ", count: width - span.count))  \(what)")
        }
        let more = runs.count - spans.count + census.droppedRuns
        if more > 0 { lines.append("    … \(more) more") }
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        lines.append(
            "  read: "
                + [counted(census.transactions, "transaction"), counted(census.errors, "error"), counted(census.warnings, "warning")].joined(separator: ", "))
        return lines
    }

    static func json(_ reports: [FileIdentity]) -> String {
        "[" + reports.map(\.json).joined(separator: ",\n ") + "]\n"
    }

    private var json: String {
        var fields: [String] = []
        fields.append("\"file\":\(Self.quoted(file))")
        fields.append("\"format\":\(identification.format.map { Self.quoted($0.name) } ?? "null")")
        fields.append("\"encoding\":\(Self.quoted(encodingName))")
        if let foreign = identification.foreign, !holdsStatements {
            fields.append(
                "\"notStatement\":{\"description\":\(Self.quoted(foreign.kind.description)),\"evidence\":\(Self.quoted(foreign.evidence)),\"advice\":\(Self.quoted(foreign.kind.advice))}"
            )
        } else {
            fields.append("\"notStatement\":null")
        }
        fields.append("\"members\":\(members.map { "[" + $0.map(Self.quoted).joined(separator: ",") + "]" } ?? "null")")
        let candidates = identification.candidates.map { c in
            "{\"format\":\(Self.quoted(c.format.name)),\"score\":\(c.sniff.score),\"evidence\":[\(c.sniff.evidence.map(Self.quoted).joined(separator: ","))]}"
        }
        fields.append("\"readers\":[\(candidates.joined(separator: ","))]")
        switch profile {
        case .success(let text): fields.append("\"profile\":\(Self.quoted(text))")
        case .failure(let diagnostic): fields.append("\"profile\":null,\"profileError\":\(Self.quoted(diagnostic.message))")
        case nil: fields.append("\"profile\":null")
        }
        fields.append("\"readError\":\(readError.map { Self.quoted($0.message) } ?? "null")")
        if let census {
            let runs = census.runs.map { run in
                "{\"first\":\(run.first),\"last\":\(run.last.map(String.init) ?? "null"),\"kind\":\(Self.quoted(run.kind.name)),\"count\":\(run.count)}"
            }
            fields.append("\"lines\":[\(runs.joined(separator: ","))],\"moreLines\":\(census.droppedRuns)")
            fields.append("\"read\":{\"transactions\":\(census.transactions),\"errors\":\(census.errors),\"warnings\":\(census.warnings)}")
        } else {
            fields.append("\"lines\":null,\"read\":null")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `text` as a JSON string, escaped as every JSON pfin writes is (`JSONEscaping`).
    static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count * JSONEscaping.worstCase + 2) { out in
                out[0] = UInt8(ascii: "\"")
                let count = JSONEscaping.write(bytes, to: out.baseAddress! + 1)
                out[count + 1] = UInt8(ascii: "\"")
                return count + 2
            }
        }
    }
}
