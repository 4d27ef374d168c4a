public struct UnterminatedQuote: Error {
    public var column: Int
}

/// One word of a profile line, with the column it starts at. Profiles, budgets and pfin's
/// configuration file share this syntax: words split at spaces, double quotes group (with `\"`
/// and `\\` inside), `#` outside quotes starts a comment.
public struct ProfileWord {
    public var text: String
    public var column: Int
    /// The part after `=` was quoted: `amount="2024"` names a column called 2024, `amount=2024` is
    /// the 2024th column.
    var valueQuoted = false

    /// `ROLE=VALUE` split at the first `=`.
    var pair: (String, String)? {
        let scalars = text.unicodeScalars
        guard let eq = scalars.firstIndex(of: "=") else { return nil }
        return (String(scalars[..<eq]), String(scalars[scalars.index(after: eq)...]))
    }

    /// Splits a line into words; quotes group (and are removed), `#` outside quotes ends the line.
    /// Fails with the column of an unterminated quote. Works on Unicode scalars, not Characters:
    /// a quote, a space or `=` followed by a combining mark is one Character with it, and would
    /// otherwise stop being syntax (a header name that starts with a combining mark, printed by
    /// `profileText`, did not parse back; fuzz fixture `csv/profile-value-starting-with-a-combining-mark`).
    public static func split(_ line: String) -> Result<[ProfileWord], UnterminatedQuote> {
        var words: [ProfileWord] = []
        var current = ""
        var start = 0
        var inWord = false
        var quoteColumn: Int?
        var escaped = false
        var column = 0
        var sawEquals = false
        var valueQuoted = false
        for ch in line.unicodeScalars {
            column += 1
            if let _ = quoteColumn {
                if escaped { current.unicodeScalars.append(ch); escaped = false; continue }
                if ch == "\\" { escaped = true; continue }
                if ch == "\"" { quoteColumn = nil; continue }
                current.unicodeScalars.append(ch)
                continue
            }
            if ch == "#" { break }
            if ch == " " || ch == "\t" {
                if inWord {
                    words.append(ProfileWord(text: current, column: start, valueQuoted: valueQuoted))
                    current = ""; inWord = false; sawEquals = false; valueQuoted = false
                }
                continue
            }
            if !inWord { inWord = true; start = column }
            if ch == "\"" {
                quoteColumn = column
                if sawEquals { valueQuoted = true }
                continue
            }
            if ch == "=" { sawEquals = true }
            current.unicodeScalars.append(ch)
        }
        if let quoteColumn { return .failure(UnterminatedQuote(column: quoteColumn)) }
        if inWord { words.append(ProfileWord(text: current, column: start, valueQuoted: valueQuoted)) }
        return .success(words)
    }

    /// The value as a profile writes it: bare when safe, otherwise in double quotes.
    public static func quoted(_ value: String) -> String {
        let safe =
            !value.isEmpty
            && value.unicodeScalars.allSatisfy {
                $0.value > 0x20 && $0 != "\"" && $0 != "#" && $0 != "\\" && $0 != "="
            }
        if safe { return value }
        var out = "\""
        for ch in value {
            if ch == "\"" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out + "\""
    }
}
