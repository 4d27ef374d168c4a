import FinanceCore
import StatementFormats

/// The check of a statement reader: read the input as `pfin convert --from FORMAT` does and hold
/// the output to `CollectingSink.violations`.
enum StatementCheck {
    static func run(_ bytes: [UInt8], reader format: StatementFormat, options: ReadOptions = ReadOptions()) -> [String] {
        guard let reader = StatementReaders.reader(for: format) else { return ["no reader for \(format)"] }
        let (sink, thrown) = read(bytes, with: reader, options: options)
        var found = thrown
        // A workbook's locations are sheet rows, not lines of the ZIP or compound-file bytes; a JSON Lines record
        // carries the source it was first read from (pfin's own output keeps it).
        found += sink.violations(in: InputShape(bytes), checksLines: format != .xlsx && format != .xls, checksSources: format != .jsonl)
        if format == .jsonl && thrown.isEmpty {
            found += JSONLinesRecordCheck.unaccounted(bytes, sink: sink)
            // In parts of about a quarter of the input, so that most inputs cross part boundaries.
            found += PartsCheck.differences(jsonLines: bytes, partSize: max(1, bytes.count / 4))
        }
        if format == .qif && thrown.isEmpty { found += QIFRecordCheck.unaccounted(bytes, sink: sink) }
        return found
    }

    /// Reads `bytes` into a `CollectingSink`; what a reader throws is a violation, except a
    /// located `Diagnostic` (readers may stop on one).
    static func read(_ bytes: [UInt8], with reader: some StatementReader, options: ReadOptions) -> (CollectingSink, [String]) {
        var sink = CollectingSink()
        var found: [String] = []
        do {
            try reader.read(ByteInput(bytes: bytes, displayName: FuzzTarget.inputName), options: options, into: &sink)
        } catch let diagnostic as Diagnostic {
            sink.diagnostics.append(diagnostic)
        } catch {
            found.append("the reader threw \(error)")
        }
        return (sink, found)
    }
}

/// The CSV check: dialect detection, then the read with what it found, as `pfin convert` does
/// (detecting once: detection is most of the work). A detected dialect, printed as a profile
/// (`pfin identify --profile`), must parse back to the same settings.
enum CSVCheck {
    static func run(_ bytes: [UInt8]) -> [String] {
        let input = ByteInput(bytes: bytes, displayName: FuzzTarget.inputName)
        let shape = InputShape(bytes)
        let reader = CSVStatementReader()
        var sink = CollectingSink()
        var found: [String] = []
        do {
            switch try reader.detect(input, options: ReadOptions()) {
            case .failure(let diagnostic):
                sink.diagnostics.append(diagnostic)
            case .success(let detection):
                found += ProfileCheck.roundTrip(detection.dialect)
                do {
                    try reader.read(input, detection: detection, options: ReadOptions(), into: &sink)
                } catch let diagnostic as Diagnostic {
                    sink.diagnostics.append(diagnostic)
                }
                found += CSVRecordCheck.unaccounted(bytes, dialect: detection.dialect, sink: sink)
                // In parts of about a quarter of the input, so that most inputs cross part boundaries.
                found += PartsCheck.differences(bytes, detection: detection, partSize: max(1, bytes.count / 4))
            }
        } catch {
            found.append("the reader threw \(error)")
        }
        return found + sink.violations(in: shape)
    }
}
