/// A record's bytes and fields copied out of the tokenizer's buffer, to be mapped later or with
/// some fields replaced: a row held until the next shows whether it continues
/// (`CSVRowMapper+Continuation`) or whether a split's parts follow it (`CSVRowMapper+SplitRows`), a posting given its transaction's cells (`CSVRowMapper+Postings`).
struct OwnedCSVRecord {
    /// The record's bytes from its start, then the contents of replaced fields.
    private var bytes: [UInt8]
    private var spans: [CSVFieldSpan]
    let line: Int
    /// Where the record's own bytes end in `bytes`.
    private let end: Int

    init(_ record: borrowing CSVRecord) {
        let start = record.start
        bytes = Array(record.buffer[start..<record.end])
        spans = record.spans.map { CSVFieldSpan(start: $0.start - start, end: $0.end - start, flags: $0.flags) }
        line = record.line
        end = record.end - start
    }

    var count: Int { spans.count }

    /// Field `index`'s content: quotes removed, doubled quotes undoubled, trimmed.
    func field(_ index: Int) -> [UInt8] {
        withRecord { $0.withField(index) { Array(CSVRecord.trimmed($0)) } }
    }

    /// Gives field `index` (one the record has) new content.
    mutating func setField(_ index: Int, to content: [UInt8]) {
        spans[index] = CSVFieldSpan(start: bytes.count, end: bytes.count + content.count, flags: 0)
        bytes += content
    }

    /// Calls `body` with the record, valid only inside it.
    func withRecord<R>(_ body: (borrowing CSVRecord) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { buffer in
            try spans.withUnsafeBufferPointer { spans in
                try body(CSVRecord(buffer: buffer, fields: spans, line: line, start: 0, end: end))
            }
        }
    }
}
