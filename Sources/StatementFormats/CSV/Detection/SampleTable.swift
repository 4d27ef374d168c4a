/// The first records of a file, as strings: what dialect detection looks at.
struct SampleRecord {
    var line: Int
    var fields: [String]
    /// For a record with more than `CSVRecord.maxFields` fields, how many it has; its `fields`
    /// are then left empty (it reads as blank), so that detection costs no more than for others.
    var tooWide: Int?

    /// No text, or a rule line (`CSVRecord.isBlank`).
    var isBlank: Bool { fields.allSatisfy { $0.isEmpty || ($0.utf8.count >= 3 && RuleLine.isRule($0.utf8)) } }
    var nonEmptyCount: Int { fields.reduce(0) { $0 + ($1.isEmpty ? 0 : 1) } }
}

enum SampleTable {
    /// Tokenizes up to `limit` records of `text` with `delimiter`. Unless `isComplete`, the last,
    /// possibly cut-off record is left out. Tokenizer problems are ignored here; the reader reports them.
    /// With `singleQuotes`, fields between apostrophes are read without them, as the reader does.
    static func records(_ text: [UInt8], delimiter: UInt8, isComplete: Bool, limit: Int, singleQuotes: Bool = false) -> [SampleRecord] {
        let tokenizer = CSVTokenizer(delimiter: delimiter, singleQuotes: singleQuotes)
        var records: [SampleRecord] = []
        struct Enough: Error {}
        text.withUnsafeBufferPointer { bytes in
            _ = try? tokenizer.tokenize(
                bytes, isFinal: isComplete,
                onRecord: { record in
                    if record.count > CSVRecord.maxFields {
                        records.append(SampleRecord(line: record.line, fields: [], tooWide: record.count))
                    } else {
                        records.append(SampleRecord(line: record.line, fields: record.strings))
                    }
                    if records.count >= limit { throw Enough() }
                }, onProblem: { _ in })
        }
        return records
    }

    /// The first record of the first `limit` with more than `CSVRecord.maxFields` fields for any
    /// candidate delimiter: why no delimiter or table was found. The record cut off at the end of
    /// an incomplete `text` counts too (`isCut`: it has at least that many fields).
    static func firstTooWide(_ text: [UInt8], delimiters: [UInt8], isComplete: Bool, limit: Int = 200)
        -> (record: SampleRecord, delimiter: UInt8, isCut: Bool)?
    {
        for delimiter in delimiters {
            let sample = records(text, delimiter: delimiter, isComplete: true, limit: limit)
            if let index = sample.firstIndex(where: { $0.tooWide != nil }) {
                return (sample[index], delimiter, !isComplete && index == sample.count - 1 && sample.count < limit)
            }
        }
        return nil
    }
}
