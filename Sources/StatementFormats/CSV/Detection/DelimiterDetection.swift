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
        var scores: [(UInt8, Score)] = []
        var decimalSplits = 0
        for delimiter in candidates {
            let records = SampleTable.records(text, delimiter: delimiter, isComplete: isComplete, limit: 200)
            guard let score = score(records) else { continue }
            scores.append((delimiter, score))
            if delimiter == UInt8(ascii: ",") { decimalSplits = records.filter(splitsADecimal).count }
        }
        // A `;` file whose preamble states balances (`Alter Kontostand;1.000,00`) splits on `,` as
        // consistently as its rows do on `;`: when another delimiter gives more fields, the
        // records that `,` only splits inside an amount do not count for it.
        if let index = scores.firstIndex(where: { $0.0 == UInt8(ascii: ",") }), decimalSplits > 0,
            scores.contains(where: { $0.1.width > scores[index].1.width })
        {
            scores[index].1.support -= decimalSplits
        }
        return scores.max { $0.1 < $1.1 }?.0
    }

    /// Whether splitting on `,` cut a decimal amount in two: a field ending in a digit followed by
    /// one of two digits, alone or before a space, a quote or another delimiter (`1.000` | `00 EUR`).
    private static func splitsADecimal(_ record: SampleRecord) -> Bool {
        guard record.fields.count >= 2 else { return false }
        for i in 1..<record.fields.count {
            let before = record.fields[i - 1].utf8, after = Array(record.fields[i].utf8.prefix(3))
            guard let last = before.last, last &- UInt8(ascii: "0") < 10, after.count >= 2,
                after[0] &- UInt8(ascii: "0") < 10, after[1] &- UInt8(ascii: "0") < 10
            else { continue }
            // Or before another delimiter: BEC's `-1,00; 343,04` (a `;` file whose short rows split
            // on `,` into as few fields as each other, and outnumber its rows of full width).
            if after.count == 2 || [UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")].contains(after[2]) {
                return true
            }
        }
        return false
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
