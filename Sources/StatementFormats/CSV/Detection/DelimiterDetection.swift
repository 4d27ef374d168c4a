/// Picks the delimiter that splits the most records into the same number of fields.
///
/// Each of `,` `;` tab `|` is tried on the first records; the winner is the one whose most common
/// field count (of two or more) is shared by the most records, and on a tie the one giving more
/// fields (a `;` file with decimal commas splits consistently on `,` too, but into fewer fields).
enum DelimiterDetection {
    static let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

    struct Score: Comparable {
        var support: Int
        var width: Int
        static func < (a: Score, b: Score) -> Bool { (a.support, a.width) < (b.support, b.width) }
    }

    static func detect(_ text: [UInt8], isComplete: Bool) -> UInt8? {
        var best: (UInt8, Score)?
        for delimiter in candidates {
            let records = SampleTable.records(text, delimiter: delimiter, isComplete: isComplete, limit: 200)
            guard let score = score(records) else { continue }
            if best == nil || best!.1 < score { best = (delimiter, score) }
        }
        return best?.0
    }

    /// The most common field count of two or more, and how many records have it.
    static func score(_ records: [SampleRecord]) -> Score? {
        var counts: [Int: Int] = [:]
        for record in records where !record.isBlank && record.fields.count >= 2 {
            counts[record.fields.count, default: 0] += 1
        }
        guard let (width, support) = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { return nil }
        return Score(support: support, width: width)
    }
}
