import FinanceCore

/// Lines noted for one warning at the end of a file: the first ten, and how many in all.
struct NotedLines {
    private(set) var first: [Int] = []
    private(set) var count = 0

    mutating func note(_ line: Int) {
        if first.count < 10 { first.append(line) }
        count += 1
    }

    /// Takes in the lines a later part of the file noted.
    mutating func note(later: NotedLines) {
        first += later.first.prefix(10 - first.count)
        count += later.count
    }

    /// `line 3`, `lines 2, 3, 4`, or `lines 1, 2, … 10 and 5 more`; `nil` when none was noted.
    var described: String? {
        guard !first.isEmpty else { return nil }
        var text = (count == 1 ? "line " : "lines ") + first.map(String.init).joined(separator: ", ")
        if count > first.count { text += " and \(count - first.count) more" }
        return text
    }

    /// One warning at the first line noted, whose message names the lines (`message(described)`);
    /// `nil` when none was noted.
    func warning(_ code: String, file: String, _ message: (String) -> String, note: String) -> Diagnostic? {
        guard let line = first.first, let lines = described else { return nil }
        return Diagnostic(.warning, code: code, at: SourceLocation(file: file, line: line), message(lines), notes: [note])
    }
}
