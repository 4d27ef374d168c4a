/// Splitting folded payee names into words for `RuleSuggester`.
enum PayeeWords {
    /// The leading words of `name`: runs of letters (and `'`, `&`, `.` inside words) separated by
    /// anything else, up to the first word holding a digit (a card number, date or reference).
    /// Each word comes with the end of its bytes in `name`, so that the text from the first word
    /// to any later one can be taken as it stands.
    static func leading(_ name: [UInt8], limit: Int) -> [PayeeWord] {
        var words: [PayeeWord] = []
        var start = -1
        var hasDigit = false
        func flush(at end: Int) -> Bool {
            defer { start = -1; hasDigit = false }
            guard start >= 0 else { return true }
            if hasDigit { return false }
            var last = end
            while last > start, name[last - 1] == UInt8(ascii: ".") || name[last - 1] == UInt8(ascii: "'") { last -= 1 }
            if last > start { words.append(PayeeWord(bytes: Array(name[start..<last]), start: start, end: last)) }
            return words.count < limit
        }
        for (i, b) in name.enumerated() {
            if isWordByte(b) {
                if b >= 0x30 && b <= 0x39 { hasDigit = true }
                if start < 0 { start = i }
            } else if !flush(at: i) {
                return words
            }
        }
        _ = flush(at: name.count)
        return words
    }

    /// Letters and digits (any non-ASCII byte counts as a letter), and `'`, `&`, `.`.
    private static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80...0xFF: return true
        case UInt8(ascii: "'"), UInt8(ascii: "&"), UInt8(ascii: "."): return true
        default: return false
        }
    }
}

/// A word of a payee name and where it stands.
struct PayeeWord {
    var bytes: [UInt8]
    var start: Int
    var end: Int
}
