import FinanceCore
import Glibc

/// A JSON value as `JSONObjectScanner` found it.
enum JSONValue {
    /// Unescaped, well-formed UTF-8. The bytes point into the line or into the scanner's scratch
    /// room, and stay valid while the line is read.
    case string(UnsafeBufferPointer<UInt8>)
    /// The number's text, checked against the JSON grammar; never converted to a float.
    case number(UnsafeBufferPointer<UInt8>)
    case bool(Bool)
    case null
    /// A nested object or array: checked and skipped.
    case object
    case array
}

/// A strict JSON scanner (RFC 8259) over the UTF-8 bytes of one line that holds one object.
///
/// The caller pulls the object's members: `beginObject`, then `nextKey` and `value` until
/// `nextKey` returns `nil`, then `end`. Nothing is built that the caller does
/// not ask for: strings without escapes are returned as slices of the line, and the values of
/// keys the caller ignores are checked and skipped. The first problem is thrown with its offset.
///
///     {"date":"2024-05-03","amount":"-54.20","name":"Caf\u00e9","tags":[1,{"x":null}]}
struct JSONObjectScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var position = 0
    /// Where strings with escapes are unescaped, one after another. It has room for as many bytes
    /// as the line: an unescaped string is shorter than its text in the line, so the strings of
    /// one line always fit and each stays valid while the line is read.
    let scratch: UnsafeMutableBufferPointer<UInt8>
    /// The bytes of `scratch` in use.
    var scratchUsed = 0
    private var afterMember = false
    /// The offset of the opening quote of the last key `nextKey` read.
    private(set) var keyOffset = 0

    /// How deeply skipped values may nest: enough for any real data, and a bound on recursion.
    static let maximumDepth = 64

    init(_ bytes: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>) {
        precondition(scratch.count >= bytes.count, "a JSON scanner needs scratch room for a line's length")
        self.bytes = bytes
        self.scratch = scratch
    }

    /// Runs `body` with a scanner over `line` whose scratch room is taken from `buffer`.
    @inline(__always)
    static func scanning<R, E: Error>(
        _ line: UnsafeBufferPointer<UInt8>, scratch buffer: ByteBuffer, _ body: (inout JSONObjectScanner) throws(E) -> R
    ) throws(E) -> R {
        try buffer.withUnusedCapacity(minimum: line.count) { (room) throws(E) in
            var scanner = JSONObjectScanner(line, scratch: room)
            return try body(&scanner)
        }
    }

    /// Reads the object's `{`, after any whitespace.
    mutating func beginObject() throws(JSONLinesProblem) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else {
            throw JSONLinesProblem(issue: .notAnObject(found: try found(at: position)), offset: position)
        }
        position += 1
    }

    /// The next member's key, with its `:` read; `nil` once the object's `}` is read.
    mutating func nextKey() throws(JSONLinesProblem) -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        if afterMember {
            try separator(closing: UInt8(ascii: "}"))
            if bytes[position - 1] == UInt8(ascii: "}") { return nil }
            skipWhitespace()
        } else if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            return nil
        }
        afterMember = true
        return try key()
    }

    /// Reads the next key and its `:` if they are exactly `key` (`"date":`), straight after the
    /// `{` or `,`: how pfin writes records. `false`, having read nothing, otherwise (and near the
    /// end of the line), for `nextKey` to read whatever is there.
    ///
    /// Compared as one or two 8-byte words: `memcmp` costs a call per key.
    @inline(__always)
    mutating func nextKey(ifExactly key: QuotedKey) -> Bool {
        var i = position
        if afterMember {
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return false }
            i += 1
        }
        guard i + max(key.length, 8) <= bytes.count else { return false }
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let head = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        guard head & key.headMask == key.head else { return false }
        if key.length > 8 {
            let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i + key.length - 8, as: UInt64.self))
            guard tail == key.tail else { return false }
        }
        keyOffset = i
        position = i + key.length
        afterMember = true
        return true
    }

    /// The value after a key, any kind; nested objects and arrays are checked and skipped.
    mutating func value() throws(JSONLinesProblem) -> JSONValue {
        try value(depth: 0)
    }

    /// After the object's `}`: only whitespace may follow.
    mutating func end() throws(JSONLinesProblem) {
        skipWhitespace()
        guard position == bytes.count else {
            throw JSONLinesProblem(issue: .trailingText(found: try found(at: position)), offset: position)
        }
    }

    // MARK: Structure

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            let b = bytes[position]
            guard b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A else { return }
            position += 1
        }
    }

    /// A member's key in quotes and the `:` after it.
    private mutating func key() throws(JSONLinesProblem) -> UnsafeBufferPointer<UInt8> {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw JSONLinesProblem(issue: .expectedKey(found: try found(at: position)), offset: position)
        }
        keyOffset = position
        let key = try string()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            let issue = JSONLinesIssue.expectedColon(key: JSONObjectScanner.display(key), found: try found(at: position))
            throw JSONLinesProblem(issue: issue, offset: position)
        }
        position += 1
        return key
    }

    /// The `,` or closing bracket after a value.
    private mutating func separator(closing: UInt8) throws(JSONLinesProblem) {
        skipWhitespace()
        if position < bytes.count && (bytes[position] == UInt8(ascii: ",") || bytes[position] == closing) {
            position += 1
            return
        }
        let issue = JSONLinesIssue.expectedSeparator(closing: Character(UnicodeScalar(closing)), found: try found(at: position))
        throw JSONLinesProblem(issue: issue, offset: position)
    }

    private mutating func value(depth: Int) throws(JSONLinesProblem) -> JSONValue {
        skipWhitespace()
        guard position < bytes.count else {
            throw JSONLinesProblem(issue: .expectedValue(found: "the end of the line"), offset: position)
        }
        switch bytes[position] {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "{"):
            try skipContainer(closing: UInt8(ascii: "}"), depth: depth + 1)
            return .object
        case UInt8(ascii: "["):
            try skipContainer(closing: UInt8(ascii: "]"), depth: depth + 1)
            return .array
        default:
            throw JSONLinesProblem(issue: .expectedValue(found: try found(at: position)), offset: position)
        }
    }

    /// Checks and skips a nested object or array, from its opening bracket.
    private mutating func skipContainer(closing: UInt8, depth: Int) throws(JSONLinesProblem) {
        guard depth <= JSONObjectScanner.maximumDepth else {
            throw JSONLinesProblem(issue: .tooDeep(limit: JSONObjectScanner.maximumDepth), offset: position)
        }
        position += 1
        skipWhitespace()
        if position < bytes.count && bytes[position] == closing {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            if closing == UInt8(ascii: "}") { _ = try key() }
            _ = try value(depth: depth)
            try separator(closing: closing)
            if bytes[position - 1] == closing { return }
        }
    }

    /// `true`, `false` or `null`, not followed by more letters.
    @inline(__always)
    private mutating func literal(_ word: StaticString) throws(JSONLinesProblem) {
        let length = word.utf8CodeUnitCount
        let end = position + length
        var same = end <= bytes.count
        if same {
            for k in 1..<length where bytes[position + k] != word.utf8Start[k] { same = false }
        }
        if same, end == bytes.count || !JSONObjectScanner.isWordByte(bytes[end]) {
            position = end
            return
        }
        throw JSONLinesProblem(issue: .expectedValue(found: try found(at: position)), offset: position)
    }

    /// A number's text, checked against RFC 8259 §6: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws(JSONLinesProblem) -> UnsafeBufferPointer<UInt8> {
        let start = position
        let n = bytes.count
        var i = start
        @inline(__always) func isDigit(_ j: Int) -> Bool { j < n && bytes[j] &- UInt8(ascii: "0") < 10 }
        func bad() -> JSONLinesProblem {
            JSONLinesProblem(issue: .badNumber(found: JSONObjectScanner.word(in: bytes, at: start)), offset: start)
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { throw bad() }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if isDigit(i) { throw bad() }
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < n && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { throw bad() }
            while isDigit(i) { i += 1 }
        }
        if i < n && bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard isDigit(i) else { throw bad() }
            while isDigit(i) { i += 1 }
        }
        // `12abc`, `1.2.3`: one bad word rather than a confusing "expected ','".
        if i < n && (JSONObjectScanner.isWordByte(bytes[i]) || bytes[i] == UInt8(ascii: ".")) { throw bad() }
        position = i
        return UnsafeBufferPointer(rebasing: bytes[start..<i])
    }

    /// Letters, digits and the characters that continue a number or a bare word.
    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        (b | 0x20) &- UInt8(ascii: "a") < 26 || b &- UInt8(ascii: "0") < 10
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
    }
}
