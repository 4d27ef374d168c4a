import FinanceCore
import StatementFormats

/// The JSON Lines reader's promise that nothing is lost unsaid: every line that is not blank
/// becomes one activity or one error located on it.
///
/// Lines are found again here from the bytes as the reader takes them: UTF-8, a leading
/// byte-order mark dropped, lines ended by LF, blank meaning JSON whitespace only. A record names
/// its own source (pfin's output keeps the bank file's), so activities are counted, not located.
enum JSONLinesRecordCheck {
    static func unaccounted(_ bytes: [UInt8], sink: CollectingSink) -> [String] {
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        var lines: Set<Int> = []
        var number = 1
        var blank = true
        for (i, byte) in zip(text.indices, text) {
            if byte == 0x0A {
                if !blank { lines.insert(number) }
                number += 1
                blank = true
            } else if byte != 0x20 && byte != 0x09 && byte != 0x0D {
                blank = false
            }
            if i == text.index(before: text.endIndex), byte != 0x0A, !blank { lines.insert(number) }
        }
        let errors = sink.diagnostics.filter { $0.severity == .error }
        let errorLines = Set(errors.map(\.location.line))
        var found: [String] = []
        if errorLines.count != errors.count { found.append("a line has \(errors.count - errorLines.count) errors more than one") }
        for line in errorLines.subtracting(lines).sorted() { found.append("an error on line \(line), which is blank or not there") }
        let expected = lines.count - errorLines.intersection(lines).count
        if sink.activities.count != expected {
            found.append("\(lines.count) lines with text, \(errorLines.count) of them in error, but \(sink.activities.count) activities (expected \(expected))")
        }
        return found
    }
}
