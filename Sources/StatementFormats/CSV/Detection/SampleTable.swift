/// The first records of a file, as strings: what dialect detection looks at.
struct SampleRecord {
    var line: Int
    var fields: [String]

    var isBlank: Bool { fields.allSatisfy(\.isEmpty) }
    var nonEmptyCount: Int { fields.reduce(0) { $0 + ($1.isEmpty ? 0 : 1) } }
}

enum SampleTable {
    /// Tokenizes up to `limit` records of `text` with `delimiter`. Unless `isComplete`, the last,
    /// possibly cut-off record is left out. Tokenizer problems are ignored here; the reader reports them.
    static func records(_ text: [UInt8], delimiter: UInt8, isComplete: Bool, limit: Int) -> [SampleRecord] {
        let tokenizer = CSVTokenizer(delimiter: delimiter)
        var records: [SampleRecord] = []
        struct Enough: Error {}
        text.withUnsafeBufferPointer { bytes in
            _ = try? tokenizer.tokenize(bytes, isFinal: isComplete, onRecord: { record in
                records.append(SampleRecord(line: record.line, fields: record.strings))
                if records.count >= limit { throw Enough() }
            }, onProblem: { _ in })
        }
        return records
    }
}
