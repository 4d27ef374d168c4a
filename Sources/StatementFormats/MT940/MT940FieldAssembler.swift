import FinanceCore
import Glibc

/// What a line of an MT940 file ends or says, in input order.
enum MT940Event {
    /// A field, complete: the next tag, a message end or the end of the input came.
    case field(MT940Field)
    /// A `-` (or `-}`) line: the message ends.
    case endOfMessage(line: Int)
    /// A non-blank line that belongs to no field.
    case strayText(line: Int, column: Int)
    /// A field's value grew past `MT940FieldAssembler.maximumFieldBytes`; the rest was dropped.
    case overlongField(line: Int, limit: Int)
    /// The file writes `@@` for its line breaks, first on this line.
    case atSignLineBreaks(line: Int)
    /// A balance tag without its closing colon (`:62FC221018EUR1,00`: LBBW), read as the field.
    case tagWithoutColon(line: Int, name: String)
    /// The message's `-` followed by FinTS's framing (`-+@446@`): the message ends there.
    case finTSFraming(line: Int)
}

/// Groups lines into fields: a line `:TAG:value` opens a field and the lines after it, up to the
/// next tag, continue its value.
///
/// Tolerates both shapes banks export: SWIFT messages with block headers
/// (`{1:F01…}{2:O940…}{4:` … `-}` and a `{5:…}` trailer), and the bare field lists German
/// online banking writes to `.sta` files, messages separated by a line holding `-`. Blank lines
/// are ignored, and so are the lines some banks put before a message's fields (`MT940Preamble`:
/// their BIC, `940`, `:940:`, a `0000 01…` transmission header), outside a message or right after
/// its closing balance, where they cannot be a field's continuation.
///
/// German banks' MT940 and MT942 (DFÜ-Abkommen, Anlage 3, and FinTS, which took it over) may
/// write `@@` for CR LF, a relic of BTX: some (a GAD bank) send a whole message on one line,
/// `@@:20:STARTUMS@@:25:…@@:86:177?00…@@?21…`. Once a line holds `@@` before a field tag, every
/// `@@` of the file is read as a line break, inside a `:86:` as well.
struct MT940FieldAssembler {
    /// The most a field keeps: SWIFT allows 6 × 65 characters for `:86:`; some banks write more.
    static let maximumFieldBytes = 1 << 16

    /// Continuation lines recorded per field; a longer field's later lines count as one.
    static let maximumLines = 64

    private let value = ByteBuffer(capacity: 1024)
    /// Where the current field's continuation lines start (`lineCount` of them), in a table reused
    /// for every field.
    private let lineStarts = ScratchTable<Int>.make(count: MT940FieldAssembler.maximumLines, repeating: 0)
    private var lineCount = 0
    private var tag: MT940Tag?
    private var packedName: UInt32 = 0
    private var line = 0
    private var column = 0
    private var overlong = false
    /// The open field is a closing or forward balance (`:62a:`, `:64:`, `:65:`): one line, the
    /// last of a message, so a preamble line after it begins the next message.
    private var closesMessage = false
    /// Whether any field was seen: a file without one is not MT940 at all.
    private(set) var sawField = false
    /// Whether the file writes `@@` for its line breaks.
    private var atSignBreaks = false

    init() {}

    /// Takes one line, without its line break.
    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, _ handle: (MT940Event) throws -> Void) rethrows {
        guard atSignBreaks || Self.hasAtSignTag(bytes), let base = bytes.baseAddress else {
            return try takeLine(bytes, number: number, column: 1, handle)
        }
        if !atSignBreaks {
            atSignBreaks = true
            try handle(.atSignLineBreaks(line: number))
        }
        var start = 0
        while let at = Self.atSigns(in: bytes, from: start) {
            try takeLine(UnsafeBufferPointer(start: base + start, count: at - start), number: number, column: start + 1, handle)
            start = at + 2
        }
        try takeLine(UnsafeBufferPointer(rebasing: bytes[start...]), number: number, column: start + 1, handle)
    }

    /// Where the next `@@` at or after `from` starts.
    private static func atSigns(in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = text.baseAddress else { return nil }
        var i = from
        while i + 1 < text.count, let hit = memchr(base + i, 0x40, text.count - i) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at + 1 < text.count && text[at + 1] == 0x40 { return at }
            i = at + 1
        }
        return nil
    }

    /// Whether `text`, after a message's `-`, is FinTS's framing of the data around it: `+@446@`
    /// (the next data element's length, the MT942 that follows an MT940 in one download) or `'`
    /// (the segment's end), as a file cut out of a FinTS (HBCI) response holds them.
    static func isFinTSFraming(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if text.first == UInt8(ascii: "'") { return true }
        guard text.count >= 4, text[0] == UInt8(ascii: "+"), text[1] == UInt8(ascii: "@") else { return false }
        var k = 2
        while k < text.count, text[k] >= 0x30, text[k] <= 0x39 { k += 1 }
        return k > 2 && k < text.count && text[k] == UInt8(ascii: "@")
    }

    /// Whether `text` holds `@@` right before a field tag (`@@:20:`): the mark of a file that
    /// writes `@@` for its line breaks.
    static func hasAtSignTag(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var from = 0
        while let at = atSigns(in: text, from: from) {
            if at + 2 < text.count, text[at + 2] == UInt8(ascii: ":"), tagEnd(UnsafeBufferPointer(rebasing: text[(at + 2)...])) != nil { return true }
            from = at + 2
        }
        return false
    }

    /// Takes one line, or the part of a line between `@@`s that starts at `column`.
    private mutating func takeLine(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, column first: Int, _ handle: (MT940Event) throws -> Void) rethrows {
        var text = bytes
        if let last = text.last, last == 0x0D { text = UnsafeBufferPointer(rebasing: text.dropLast()) }
        var column = first
        if text.first == UInt8(ascii: "{") {
            // `{1:…}{2:…}{4:` then possibly the first field on the same line; `{5:…}` trailers.
            guard let body = Self.find([0x7B, 0x34, 0x3A], in: text) else { return }
            column += body + 3
            text = UnsafeBufferPointer(rebasing: text[(body + 3)...])
        }
        // `-` alone, or `-}` closing block 4 (a `{5:…}` trailer may follow on the same line).
        if text.first == UInt8(ascii: "-") {
            let rest = MT940Values.trimmed(UnsafeBufferPointer(rebasing: text.dropFirst()))
            if rest.first.map({ $0 == UInt8(ascii: "}") }) ?? true {
                try flush(handle)
                try handle(.endOfMessage(line: number))
                return
            }
            if Self.isFinTSFraming(rest) {
                try flush(handle)
                try handle(.endOfMessage(line: number))
                try handle(.finTSFraming(line: number))
                return
            }
        }
        // The tag's end and where the value starts.
        var tagAt: (end: Int, value: Int)?
        if text.first == UInt8(ascii: ":"), let end = Self.tagEnd(text) {
            tagAt = (end, end + 1)
        } else if text.first == UInt8(ascii: ":"), Self.isBalanceWithoutColon(text) {
            tagAt = (4, 4)
            try flush(handle)
            try handle(.tagWithoutColon(line: number, name: String(decoding: text[1..<4], as: UTF8.self)))
        }
        if let (end, valueStart) = tagAt {
            try flush(handle)
            let nameBytes = UnsafeBufferPointer(rebasing: text[1..<end])
            tag = MT940Tag(nameBytes)
            packedName = nameBytes.reduce(0) { $0 << 8 | UInt32($1) }
            line = number
            self.column = column + valueStart
            value.removeAll()
            lineCount = 0
            overlong = false
            closesMessage = tag == .closingBalance || packedName == 0x3634 || packedName == 0x3635
            sawField = true
            append(UnsafeBufferPointer(rebasing: text[valueStart...]))
            return
        }
        if MT940Values.trimmed(text).isEmpty { return }
        // Rare lines only: inside a message, a continuation line is read without a look.
        if tag == nil || closesMessage || text.first == UInt8(ascii: ":"), MT940Preamble.classify(text) != nil {
            try flush(handle)
            return
        }
        guard tag != nil else {
            try handle(.strayText(line: number, column: column))
            return
        }
        if !overlong { startLine() }
        append(text)
    }

    /// Records that a continuation line starts at the end of the value.
    private mutating func startLine() {
        guard lineCount < Self.maximumLines else { return }
        lineStarts.withElements { $0[lineCount] = value.count }
        lineCount += 1
    }

    /// Ends the last field at the end of the input.
    mutating func finish(_ handle: (MT940Event) throws -> Void) rethrows {
        try flush(handle)
    }

    private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard !overlong else { return }
        guard value.count + text.count <= Self.maximumFieldBytes else {
            overlong = true
            return
        }
        // A bare CR inside a line breaks it as a line break would (ABN AMRO writes its `:86:`
        // lines so), and never reaches the text.
        guard let base = text.baseAddress, var hit = memchr(base, 0x0D, text.count) else {
            MT940Values.append(text, to: value)
            return
        }
        var start = 0
        while true {
            let cr = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            MT940Values.append(UnsafeBufferPointer(rebasing: text[start..<cr]), to: value)
            start = cr + 1
            guard start < text.count else { return }
            startLine()
            guard let next = memchr(base + start, 0x0D, text.count - start) else { break }
            hit = next
        }
        MT940Values.append(UnsafeBufferPointer(rebasing: text[start...]), to: value)
    }

    private mutating func flush(_ handle: (MT940Event) throws -> Void) rethrows {
        guard let tag else { return }
        self.tag = nil
        if overlong { try handle(.overlongField(line: line, limit: Self.maximumFieldBytes)) }
        try value.withBytes { bytes in
            try lineStarts.withElements { starts in
                let starts = UnsafeBufferPointer(start: starts, count: lineCount)
                try handle(.field(MT940Field(tag: tag, packedName: packedName, value: bytes, lineStarts: starts, line: line, column: column)))
            }
        }
    }

    /// Where the tag of `:TAG:` ends (the offset of the second colon): two digits and an optional
    /// letter, as SWIFT tags are, or `NS`, the fields some German banks add (read as unknown
    /// tags, so that they do not run into the narrative before them). Other letters are text: a
    /// `:86:` line cut before `:KO:NR:4011…` (Deutsche Bank) goes on with it.
    static func tagEnd(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard text.count >= 4 else { return nil }
        if text[1] == UInt8(ascii: "N") && text[2] == UInt8(ascii: "S") {
            return text[3] == UInt8(ascii: ":") ? 3 : nil
        }
        guard MT940Values.twoDigits(text, 1) != nil else { return nil }
        if text[3] == UInt8(ascii: ":") { return 3 }
        if text.count >= 5, MT940Values.isLetter(text[3]), text[4] == UInt8(ascii: ":") { return 4 }
        return nil
    }

    /// Whether `text` opens with a balance tag that lacks its closing colon, the mark and the
    /// date right after it: `:60F`, `:60M`, `:62F` or `:62M`, then `C` or `D` and six digits.
    static func isBalanceWithoutColon(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= 11, text[1] == UInt8(ascii: "6"), text[2] == UInt8(ascii: "0") || text[2] == UInt8(ascii: "2"),
            text[3] == UInt8(ascii: "F") || text[3] == UInt8(ascii: "M"), text[4] == UInt8(ascii: "C") || text[4] == UInt8(ascii: "D")
        else { return false }
        return text[5..<11].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private static func find(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard text.count >= needle.count else { return nil }
        for i in 0...(text.count - needle.count) where text[i] == needle[0] && text[i..<(i + needle.count)].elementsEqual(needle) {
            return i
        }
        return nil
    }
}
