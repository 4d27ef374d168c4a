/// One token of a budget line, with the column it starts at (1-based, in characters).
struct BudgetToken: Equatable {
    enum Kind: Equatable {
        /// A bare word: keywords, amounts, currency codes, months.
        case word(String)
        /// A double-quoted string, `\"` and `\\` resolved.
        case string(String)
        case comma
    }

    var kind: Kind
    var column: Int
    /// Width in characters.
    var width: Int

    var word: String? {
        if case .word(let w) = kind { return w }
        return nil
    }

    /// The token as the user wrote it, quoted for messages.
    var text: String {
        switch kind {
        case .word(let w): return "'\(w)'"
        case .string(let s): return "\"\(s)\""
        case .comma: return "','"
        }
    }

    struct Failure: Error {
        var message: String
        var column: Int
        var note: String?
    }

    /// Splits a line into tokens; `#` outside a string starts a comment. Every character with a
    /// meaning is ASCII, so the line is walked by its UTF-8 bytes; columns count characters, each
    /// stretch between tokens once.
    static func split(_ line: Substring) -> Result<[BudgetToken], Failure> {
        let bytes = Array(line.utf8)
        var tokens: [BudgetToken] = []
        var counted = 0, column = 1
        func columnAt(_ offset: Int) -> Int {
            column += String(decoding: bytes[counted..<offset], as: UTF8.self).count
            counted = offset
            return column
        }
        func width(_ range: Range<Int>) -> Int { String(decoding: bytes[range], as: UTF8.self).count }
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0D {
                i += 1
                continue
            }
            if c == UInt8(ascii: "#") { break }
            let start = columnAt(i)
            if c == UInt8(ascii: ",") {
                tokens.append(BudgetToken(kind: .comma, column: start, width: 1))
                i += 1
                continue
            }
            if c == UInt8(ascii: "\"") {
                var value: [UInt8] = []
                var j = i + 1
                var closed = false
                while j < bytes.count {
                    if bytes[j] == UInt8(ascii: "\\"), j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "\"") || bytes[j + 1] == UInt8(ascii: "\\") {
                        value.append(bytes[j + 1])
                        j += 2
                    } else if bytes[j] == UInt8(ascii: "\"") {
                        closed = true
                        j += 1
                        break
                    } else {
                        value.append(bytes[j])
                        j += 1
                    }
                }
                guard closed else {
                    return .failure(
                        Failure(message: "this string has no closing '\"'", column: start, note: "close it on the same line: a string cannot span lines"))
                }
                tokens.append(BudgetToken(kind: .string(String(decoding: value, as: UTF8.self)), column: start, width: width(i..<j)))
                i = j
                continue
            }
            var j = i
            while j < bytes.count, ![0x20, 0x09, 0x0D, UInt8(ascii: ","), UInt8(ascii: "#"), UInt8(ascii: "\"")].contains(bytes[j]) { j += 1 }
            tokens.append(BudgetToken(kind: .word(String(decoding: bytes[i..<j], as: UTF8.self)), column: start, width: width(i..<j)))
            i = j
        }
        return .success(tokens)
    }
}
