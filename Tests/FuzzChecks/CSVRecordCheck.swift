import FinanceCore
import StatementFormats

/// The CSV reader's promise that nothing is lost unsaid: every record that is not blank becomes an
/// activity, is inside a diagnostic, or lies in lines the reader says it skipped and why.
///
/// The records are found again here with the public tokenizer over the input's bytes: line breaks,
/// quotes and the delimiter are ASCII, so a single-byte code page splits exactly as its UTF-8
/// decoding does (UTF-16 input is not checked this way). A multi-byte encoding's second bytes may
/// be ASCII (`|` in Shift_JIS `ポ`, 83 7C), so such input is tokenized decoded, as the reader does.
enum CSVRecordCheck {
    static func unaccounted(_ bytes: [UInt8], dialect: CSVDialect, sink: CollectingSink) -> [String] {
        guard dialect.encoding != .utf16LE, dialect.encoding != .utf16BE else { return [] }
        // pfin's own CSV may name another file as a row's source.
        guard dialect.columns[.source] == nil else { return [] }
        var text = bytes[...]
        if dialect.encoding == .utf8, text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        if dialect.encoding.isMultiByte {
            var transcoder = UTF8Transcoder(encoding: dialect.encoding)
            var decoded: [UInt8] = []
            bytes.withUnsafeBufferPointer { transcoder.decode($0, into: &decoded, isFinal: true) }
            text = decoded[...]
        }
        // Each record's first line and whether it is blank; a record runs to the next one's start.
        var records: [(line: Int, blank: Bool)] = []
        let tokenizer = CSVTokenizer(delimiter: dialect.delimiter)
        Array(text).withUnsafeBufferPointer { buffer in
            _ = tokenizer.tokenize(
                buffer, isFinal: true,
                onRecord: { record in
                    records.append((record.line, record.isBlank || record.count > CSVRecord.maxFields))
                },
                onProblem: { problem in
                    records.append((problem.line, true))
                })
        }
        let lines = sink.activities.map(\.source.line) + sink.diagnostics.map(\.location.line).filter { $0 > 0 }
        let covered = Set(lines)
        var found: [String] = []
        for (index, record) in records.enumerated() where !record.blank {
            let last = index + 1 < records.count ? max(record.line, records[index + 1].line - 1) : Int.max
            if (record.line...min(last, record.line + 10_000)).contains(where: covered.contains) { continue }
            if sink.skipped.contains(where: { $0.overlaps(record.line, last) }) { continue }
            found.append("the record on line \(record.line) is neither an activity, nor in a diagnostic, nor in skipped lines")
            if found.count == 3 { break }
        }
        return found
    }
}
