/// Recognises a bookkeeping tool's own ledger file by its first lines: a ledger/hledger journal
/// (`2024-05-02 * Corner Grocery` and postings indented under it, `    expenses:food  84.37 EUR`)
/// or beancount's (`2024-01-01 open Assets:Checking`, `2024-05-02 * "Corner Grocery"`,
/// `option "title" …`). pfin reads such books as CSV, one row per posting (`hledger print -O csv`).
///
/// A line that starts with a date followed by a space, never a delimiter, and an indented line
/// under it naming an account path: no CSV, QIF or bank statement has that shape.
enum BookkeepingText {
    /// Whether the text is a ledger file: beancount's or not, and the line of the first evidence.
    static func find(_ head: ArraySlice<UInt8>, line firstLine: Int) -> (beancount: Bool, line: Int)? {
        var lineNumber = firstLine
        var datedLine: Int?
        var postings = 0
        var start = head.startIndex
        var lines = 0
        while start < head.endIndex, lines < 200 {
            let end = head[start...].firstIndex(of: 0x0A) ?? head.endIndex
            var text = head[start..<end]
            if text.last == 0x0D { text = text.dropLast() }
            defer {
                start = end < head.endIndex ? head.index(after: end) : end
                lineNumber += 1
                lines += 1
            }
            if text.isEmpty || text.first == UInt8(ascii: ";") || text.first == UInt8(ascii: "#") { continue }
            if text.starts(with: Array("option \"".utf8)) || text.starts(with: Array("plugin \"".utf8)) {
                return (true, lineNumber)
            }
            if let rest = afterDate(text) {
                if beancountWords.contains(where: { rest.starts(with: $0) }) { return (true, lineNumber) }
                datedLine = lineNumber
                postings = 0
                continue
            }
            if let dated = datedLine, text.first == 0x20 || text.first == 0x09 {
                // A comment under the transaction (`    ; id: …`) keeps it open.
                let first = text.first { $0 != 0x20 && $0 != 0x09 }
                if first == UInt8(ascii: ";") || first == UInt8(ascii: "#") { continue }
                if isPosting(text) {
                    postings += 1
                    if postings == 2 { return (false, dated) }
                    continue
                }
            }
            datedLine = nil
        }
        return nil
    }

    /// Beancount's directives and transaction flags with a quoted payee after a date.
    private static let beancountWords: [[UInt8]] = [
        "open ", "close ", "balance ", "pad ", "commodity ", "price ", "note ", "document ", "event ",
        "custom ", "query ", "* \"", "! \"", "txn \"",
    ].map { Array($0.utf8) }

    /// What follows `YYYY-MM-DD` or `YYYY/MM/DD` (an `=DATE` second date allowed) and a space.
    private static func afterDate(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let digits = Array(text.prefix(10))
        guard digits.count == 10 else { return nil }
        for (k, byte) in digits.enumerated() {
            let isDigit = byte >= 0x30 && byte <= 0x39
            if k == 4 || k == 7 {
                guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "."), byte == digits[4] else { return nil }
            } else if !isDigit {
                return nil
            }
        }
        var rest = text.dropFirst(10)
        if rest.first == UInt8(ascii: "=") { rest = rest.drop { $0 != 0x20 && $0 != 0x09 } }
        guard let space = rest.first, space == 0x20 || space == 0x09 else { return nil }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 }
        return rest.isEmpty ? nil : rest
    }

    /// An indented posting: an account path (`expenses:food`, `Assets:Bank Account`), then two
    /// spaces or a tab before its amount, or nothing.
    private static func isPosting(_ text: ArraySlice<UInt8>) -> Bool {
        var rest = text.drop { $0 == 0x20 || $0 == 0x09 }
        if rest.first == UInt8(ascii: "*") || rest.first == UInt8(ascii: "!") { rest = rest.dropFirst().drop { $0 == 0x20 } }
        guard let first = rest.first, first != UInt8(ascii: ";"), first != UInt8(ascii: "#") else { return false }
        var account = rest.prefix { $0 != 0x09 }
        if let gap = account.indices.first(where: {
            account[$0] == 0x20 && account.index(after: $0) < account.endIndex && account[account.index(after: $0)] == 0x20
        }) {
            account = account[..<gap]
        }
        guard let colon = account.firstIndex(of: UInt8(ascii: ":")), colon > account.startIndex, colon < account.index(before: account.endIndex) else {
            return false
        }
        // `Time: 10:00` or a URL is no account path: the root is one word of letters.
        return account[..<colon].allSatisfy { $0 >= 0x80 || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == UInt8(ascii: "_") }
    }
}
