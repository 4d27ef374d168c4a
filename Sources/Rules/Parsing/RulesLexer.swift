/// One lexical token of a rules line, with the column it starts at (1-based, in characters).
struct RuleToken: Equatable {
    enum Kind: Equatable {
        /// A bare word: keywords, fields, operators made of letters, numbers, dates, weekday names.
        case word(String)
        /// A double-quoted string, escapes resolved; `raw` keeps the text between the quotes.
        case string(String, raw: String)
        /// `/…/`, with `\/` unescaped to `/`.
        /// The pattern (with `\/` unescaped) and the text between the slashes as written.
        case regex(String, raw: String)
        /// `=`, `!=`, `<`, `<=`, `>`, `>=`.
        case symbol(String)
    }

    var kind: Kind
    var column: Int
    /// Width in characters, for pointing at the end of a token.
    var width: Int

    var word: String? {
        if case .word(let w) = kind { return w }
        return nil
    }

    var text: String {
        switch kind {
        case .word(let w), .symbol(let w): return w
        case .string(_, let raw): return "\"\(raw)\""
        case .regex(_, let raw): return "/\(raw)/"
        }
    }
}

/// Splits one line of a rules file into tokens. `#` outside strings and regexes starts a comment.
enum RulesLexer {
    struct Failure: Error {
        var message: String
        var column: Int
        var note: String?
    }

    static func tokens(_ line: Substring) -> Result<[RuleToken], Failure> {
        var tokens: [RuleToken] = []
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            if c == "#" { break }
            if c == "\"" {
                var value = "", raw = ""
                var j = i + 1
                var closed = false
                while j < chars.count {
                    let d = chars[j]
                    if d == "\\" && j + 1 < chars.count {
                        let e = chars[j + 1]
                        raw.append(d); raw.append(e)
                        switch e {
                        case "\"", "\\": value.append(e)
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        default: value.append(d); value.append(e)
                        }
                        j += 2
                        continue
                    }
                    if d == "\"" { closed = true; break }
                    value.append(d); raw.append(d)
                    j += 1
                }
                guard closed else {
                    return .failure(Failure(message: "unterminated string; expected a closing '\"'", column: column,
                                            note: "write \\\" for a quote inside a string"))
                }
                tokens.append(RuleToken(kind: .string(value, raw: raw), column: column, width: j - i + 1))
                i = j + 1
                continue
            }
            if c == "/" {
                var pattern = ""
                var j = i + 1
                var closed = false
                while j < chars.count {
                    let d = chars[j]
                    if d == "\\" && j + 1 < chars.count {
                        if chars[j + 1] == "/" { pattern.append("/") } else { pattern.append(d); pattern.append(chars[j + 1]) }
                        j += 2
                        continue
                    }
                    if d == "/" { closed = true; break }
                    pattern.append(d)
                    j += 1
                }
                guard closed else {
                    return .failure(Failure(message: "unterminated regular expression; expected a closing '/'", column: column,
                                            note: "write \\/ for a slash inside the expression"))
                }
                tokens.append(RuleToken(kind: .regex(pattern, raw: String(chars[(i + 1)..<j])), column: column, width: j - i + 1))
                i = j + 1
                continue
            }
            if "=!<>".contains(c) {
                var symbol = String(c)
                if i + 1 < chars.count && chars[i + 1] == "=" && c != "=" { symbol.append("=") }
                if c == "=" && i + 1 < chars.count && chars[i + 1] == "=" { symbol = "==" }
                tokens.append(RuleToken(kind: .symbol(symbol), column: column, width: symbol.count))
                i += symbol.count
                continue
            }
            var j = i
            var word = ""
            while j < chars.count, !" \t\r\"#=<>!".contains(chars[j]) {
                word.append(chars[j])
                j += 1
            }
            tokens.append(RuleToken(kind: .word(word), column: column, width: j - i))
            i = j
        }
        return .success(tokens)
    }
}
