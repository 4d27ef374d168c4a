import FinanceCore

/// What the scanner found, worded for the "found …" half of a message. Only problems call these.
extension JSONObjectScanner {
    /// What is at offset `i`: `the end of the line`, a word (`'nul'`, `'12abc'`) or one character
    /// (`'}'`, `'é'`, `U+000B`). A NUL byte or ill-formed UTF-8 there is its own, clearer problem.
    func found(at i: Int) throws(JSONLinesProblem) -> String {
        guard i < bytes.count else { return "the end of the line" }
        let b = bytes[i]
        if b == 0 { throw JSONLinesProblem(issue: .nul, offset: i) }
        if b < 0x20 || b == 0x7F { return "U+00" + JSONLinesIssue.hex(b) }
        if b < 0x80 {
            if JSONObjectScanner.isWordByte(b) { return JSONObjectScanner.word(in: bytes, at: i) }
            return "'" + String(UnicodeScalar(b)) + "'"
        }
        let rest = UnsafeBufferPointer(rebasing: bytes[i...])
        if UTF8Validation.firstInvalid(in: rest, allowTruncatedEnd: false) == 0 {
            throw JSONLinesProblem(issue: .invalidUTF8(byte: b), offset: i)
        }
        let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
        return "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]), as: UTF8.self) + "'"
    }

    /// The run of ASCII letters, digits, signs and points at `i`, quoted, cut after 24 bytes.
    static func word(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> String {
        var end = i
        while end < bytes.count, isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
        let shown = min(end, i + 24)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<max(shown, i + 1)]), as: UTF8.self)
        return "'" + text + (shown < end ? "…" : "") + "'"
    }

    /// A value as a message shows it: `'03/05/2024'`, `the number 12.5`, `null`, `an object`.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return "'" + display(text) + "'"
        case .number(let text): return "the number " + String(decoding: text, as: UTF8.self)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .object: return "an object"
        case .array: return "an array"
        }
    }

    /// Unescaped string bytes for a one-line message: control characters escaped again, cut after
    /// 40 characters.
    static func display(_ text: UnsafeBufferPointer<UInt8>) -> String {
        var shown = ""
        var count = 0
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
            if count == 40 {
                shown += "…"
                break
            }
            switch scalar.value {
            case 0x0A: shown += "\\n"
            case 0x0D: shown += "\\r"
            case 0x09: shown += "\\t"
            case 0..<0x20, 0x7F: shown += "\\u00" + JSONLinesIssue.hex(UInt8(scalar.value)).lowercased()
            default: shown.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return shown
    }
}
