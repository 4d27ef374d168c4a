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
///
/// Every character with a meaning here is ASCII, so the lexer walks the line's UTF-8 bytes and
/// slices tokens out of them; only the columns it reports count characters (`Columns`). By
/// `Character`, appending one at a time, lexing was a third of parsing a rules file.
enum RulesLexer {
    struct Failure: Error {
        var message: String
        var column: Int
        var note: String?
    }

    static func tokens(_ line: Substring) -> Result<[RuleToken], Failure> {
        var tokens: [RuleToken] = []
        let bytes = Array(line.utf8)
        var columns = Columns(line)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0D { i += 1; continue }
            if c == UInt8(ascii: "#") { break }
            let column = columns.column(at: i)
            if c == UInt8(ascii: "\"") {
                var value: [UInt8] = [], raw: [UInt8] = []
                var j = i + 1
                var closed = false
                while j < bytes.count {
                    let d = bytes[j]
                    if d == UInt8(ascii: "\\") && j + 1 < bytes.count {
                        let e = bytes[j + 1]
                        raw.append(d); raw.append(e)
                        switch e {
                        case UInt8(ascii: "\""), UInt8(ascii: "\\"): value.append(e)
                        case UInt8(ascii: "n"): value.append(0x0A)
                        case UInt8(ascii: "t"): value.append(0x09)
                        default: value.append(d); value.append(e)
                        }
                        j += 2
                        continue
                    }
                    if d == UInt8(ascii: "\"") { closed = true; break }
                    value.append(d); raw.append(d)
                    j += 1
                }
                guard closed else {
                    return .failure(
                        Failure(
                            message: "unterminated string; expected a closing '\"'", column: column,
                            note: "write \\\" for a quote inside a string"))
                }
                tokens.append(
                    RuleToken(
                        kind: .string(text(value[...]), raw: text(raw[...])), column: column,
                        width: columns.column(at: j + 1) - column))
                i = j + 1
                continue
            }
            if c == UInt8(ascii: "/") {
                var pattern: [UInt8] = []
                var j = i + 1
                var closed = false
                while j < bytes.count {
                    let d = bytes[j]
                    if d == UInt8(ascii: "\\") && j + 1 < bytes.count {
                        if bytes[j + 1] == UInt8(ascii: "/") { pattern.append(UInt8(ascii: "/")) } else { pattern.append(d); pattern.append(bytes[j + 1]) }
                        j += 2
                        continue
                    }
                    if d == UInt8(ascii: "/") { closed = true; break }
                    pattern.append(d)
                    j += 1
                }
                guard closed else {
                    return .failure(
                        Failure(
                            message: "unterminated regular expression; expected a closing '/'", column: column,
                            note: "write \\/ for a slash inside the expression"))
                }
                tokens.append(
                    RuleToken(
                        kind: .regex(text(pattern[...]), raw: text(bytes[(i + 1)..<j])), column: column,
                        width: columns.column(at: j + 1) - column))
                i = j + 1
                continue
            }
            if isSymbol(c) {
                var symbol = [c]
                if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "=") { symbol.append(UInt8(ascii: "=")) }
                tokens.append(RuleToken(kind: .symbol(text(symbol[...])), column: column, width: symbol.count))
                i += symbol.count
                continue
            }
            var j = i
            while j < bytes.count, !endsWord(bytes[j]) { j += 1 }
            tokens.append(RuleToken(kind: .word(text(bytes[i..<j])), column: column, width: columns.column(at: j) - column))
            i = j
        }
        return .success(tokens)
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `=`, `!`, `<`, `>`: a symbol, alone or followed by `=` (`==`, `!=`, `<=`, `>=`).
    private static func isSymbol(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "=") || b == UInt8(ascii: "!") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">")
    }

    /// What ends a bare word: white space, a quote, a comment, a symbol.
    private static func endsWord(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0D || b == UInt8(ascii: "\"") || b == UInt8(ascii: "#") || isSymbol(b)
    }

    /// The 1-based column, in characters, of a byte offset of the line: the offset itself on an
    /// ASCII line, otherwise the characters counted from the last offset asked about (callers
    /// ask in increasing order).
    struct Columns {
        private let line: Substring
        private let isASCII: Bool
        private var offset = 0
        private var characters = 0

        init(_ line: Substring) {
            self.line = line
            isASCII = line.utf8.allSatisfy { $0 < 0x80 }
        }

        mutating func column(at byte: Int) -> Int {
            if isASCII { return byte + 1 }
            if byte < offset { offset = 0; characters = 0 }
            let utf8 = line.utf8
            let from = utf8.index(utf8.startIndex, offsetBy: offset), to = utf8.index(utf8.startIndex, offsetBy: byte)
            characters += Substring(utf8[from..<to]).count
            offset = byte
            return characters + 1
        }
    }
}
