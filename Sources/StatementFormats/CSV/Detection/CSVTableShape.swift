/// Whether text has the shape of a table: lines cut into the same number of fields by one
/// delimiter. CSV is chosen only for such text, never as a fallback for anything textual.
enum CSVTableShape {
    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

    static func sniff(_ input: SniffInput) -> Sniff {
        let lines = input.lines(limit: 100).filter { line in line.contains { $0 != 0x20 && $0 != 0x09 } }
        guard !lines.isEmpty else { return .no("the text has no lines") }
        var best: (delimiter: UInt8, lines: Int, fields: Int)?
        for delimiter in delimiters {
            var counts: [Int: Int] = [:]
            for line in lines {
                let fields = fieldCount(line, delimiter)
                if fields >= 2 { counts[fields, default: 0] += 1 }
            }
            // The most common field count, and how many lines have at least two fields.
            let tabular = counts.values.reduce(0, +)
            guard let (fields, _) = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { continue }
            if tabular > (best?.lines ?? 0) { best = (delimiter, tabular, fields) }
        }
        guard let best else { return .no("no delimiter (',', ';', tab or '|') cuts the lines into columns") }
        let name = CSVIssue.delimiterName(best.delimiter)
        let evidence = "\(best.lines) of \(lines.count) lines cut by \(name) into columns (most often \(best.fields))"
        if best.lines >= 2 || lines.count == 1 { return .yes(30, evidence) }
        return .yes(10, evidence)
    }

    /// Fields in `line` cut by `delimiter`, delimiters inside double quotes not counting.
    private static func fieldCount(_ line: ArraySlice<UInt8>, _ delimiter: UInt8) -> Int {
        var fields = 1
        var quoted = false
        for byte in line {
            if byte == UInt8(ascii: "\"") { quoted.toggle() } else if byte == delimiter, !quoted { fields += 1 }
        }
        return fields
    }
}
