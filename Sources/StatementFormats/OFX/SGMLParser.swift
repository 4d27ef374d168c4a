/// Parses an OFX 1.x body (SGML) into element events, chunk by chunk, in bounded memory.
///
/// OFX 1.x (OFX 1.0.2 §2.3) leaves leaf elements unclosed: `<TRNAMT>-54.20` ends where the next tag
/// begins. Aggregates always close. Leniencies, each for something banks send:
/// - leaves that are closed anyway (`<NAME>Foo</NAME>`);
/// - empty leaves (`<NAME>` then a line break) stay empty instead of swallowing the next element,
///   because the element is known to be a leaf;
/// - an end tag closes every element still open inside it (SGML's omitted end tags);
/// - an end tag that closes nothing, where ignoring it loses nothing, is reported as a stray
///   (`OFXSyntaxProblem.Kind.strayEndTag`, a warning) rather than an error: a leaf's (files
///   re-indented by a tool that closed every leaf as if it were nested, `<CODE>0 <SEVERITY>INFO
///   </SEVERITY></CODE>`), an unknown element's the file opened before, or an aggregate's the file
///   opened before, right after another aggregate closed (`</BANKTRANLIST>` twice); one of an
///   aggregate never opened, or after a leaf that it may have been meant to hold, stays an error;
/// - unknown elements with text are leaves, without text they are containers, so proprietary
///   extensions (`<INTU.BID>`) pass through;
/// - SGML entities (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;`, `&#233;`, `&#xE9;`) are decoded,
///   and a bare `&` (`AT&T`) is kept as written;
/// - no line breaks at all, or CR, LF or CRLF;
/// - several documents one after another (QFX files pasted together): after `</OFX>`, anything up
///   to the next `<OFX>` (a second header, an XML declaration, blank lines) is skipped and the
///   next document read as well;
/// - a body without its `<OFX>` element (from `<SIGNONMSGSRSV1>` or `<STMTTRN>` on): each
///   top-level aggregate is read in turn;
/// - tag names in any case, and a tag name followed by spaces or attributes (`<OFX >`).
/// - comments (`<!-- … -->`) anywhere, over several lines and holding `<` or `>` too, as SGML and
///   XML allow them (the OFX 2.0.1 specification's own example breaks one over two lines).
final class SGMLParser: OFXBodyParser {
    /// The longest text an element may hold; longer ones are reported and skipped.
    let maxTextBytes: Int
    /// The deepest nesting read (libxml2's own limit for XML); deeper stops the parse, so that a
    /// crafted file cannot grow the stack without bound.
    let maxDepth: Int
    /// Open elements; unknown ones keep their name (known ones compare by tag).
    @exclusivity(unchecked) private var stack: [(tag: OFXTag, name: [UInt8], line: Int)] = []
    /// The last leaf, so that an end tag closing it anyway is recognised.
    @exclusivity(unchecked) private var lastLeafTag: OFXTag?
    @exclusivity(unchecked) private var lastLeafName: [UInt8] = []
    /// The known aggregates opened so far, one bit per `OFXTag` raw value.
    @exclusivity(unchecked) private var openedAggregates: UInt64 = 0
    /// Unknown element names opened so far (leaves or containers), up to `maxUnknownNames`, as
    /// written: a stray end tag naming one of them loses nothing.
    @exclusivity(unchecked) private var unknownNames: [[UInt8]] = []
    private static let maxUnknownNames = 32
    /// The last element event was an aggregate's end (explicit), not a start or a leaf.
    @exclusivity(unchecked) private var afterAggregateEnd = false
    /// What is being skipped after a `textTooLong` or over-long tag that ran past the buffer's end.
    @exclusivity(unchecked) private var skipping: Skip?
    private enum Skip { case text, tag }
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    @exclusivity(unchecked) private var tags = OFXTagCache()
    @exclusivity(unchecked) private var leaves: OFXLeafText
    @exclusivity(unchecked) private var lines: OFXLineCounter
    var line: Int { lines.line }
    @exclusivity(unchecked) private(set) var finished = false
    /// After `</OFX>`: skipping up to the next document's `<OFX>`.
    @exclusivity(unchecked) private var betweenDocuments = false

    /// - Parameters:
    ///   - firstLine, firstColumn: where the body starts in the file (a header may end on the body's line).
    ///   - utf8: what says the body is UTF-8, when it is the file's own bytes (`nil` when pfin
    ///     transcoded it): texts that are not are read as Windows-1252 (`OFXLeafText`).
    init(
        firstLine: Int = 1, firstColumn: Int = 1, utf8: OFXLeniency.UTF8Claim? = nil, maxTextBytes: Int = 1 << 20,
        maxDepth: Int = OFXSyntaxProblem.maxDepth
    ) {
        leaves = OFXLeafText(utf8)
        self.lines = OFXLineCounter(firstLine: firstLine, firstColumn: firstColumn)
        self.maxTextBytes = maxTextBytes
        self.maxDepth = maxDepth
    }

    /// Parses the complete units (a tag and the text after it) at the start of `bytes` and returns
    /// how many bytes were consumed; the caller passes the rest again with more input. With
    /// `isFinal`, everything is consumed and unclosed aggregates are reported.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, into handler: inout some OFXEventHandler) throws -> Int {
        let n = bytes.count
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), lf = UInt8(ascii: "\n")
        var p = 0
        defer { lines.advance(by: p) }
        while p < n && !finished {
            if betweenDocuments {
                // Up to the next `<OFX>`; a `<` too near the end to tell waits for more input.
                let next = nextDocument(bytes, from: p, isFinal: isFinal)
                countLines(bytes, from: p, to: next)
                p = next
                if next < n && Self.isDocumentStart(bytes, at: next) { betweenDocuments = false }
                if next < n && !betweenDocuments { continue }
                if !isFinal { return p }
                continue
            }
            if let skip = skipping {
                // The rest of a text (up to `<`) or of a tag (up to `<` or a line break) found too long.
                let next = skip == .text ? ByteScan.firstOf(lt, lt, lt, in: bytes, from: p) : ByteScan.firstOf(lt, lf, lf, in: bytes, from: p)
                countLines(bytes, from: p, to: next)
                p = next
                if next < n { skipping = nil }
                continue
            }
            if bytes[p] != lt {
                // Text outside any leaf (between aggregates): only whitespace is expected.
                let next = ByteScan.firstOf(lt, lt, lt, in: bytes, from: p)
                if next - p > maxTextBytes {
                    // Reported whether or not the text is complete in this buffer, so that chunking does not matter.
                    try handler.problem(OFXSyntaxProblem(kind: .textTooLong(limit: maxTextBytes), position: position(of: p), isFatal: false))
                    if next == n && !isFinal { skipping = .text }
                } else if next == n && !isFinal {
                    return p
                }
                countLines(bytes, from: p, to: next)
                p = next
                continue
            }
            if n - p > 1 && bytes[p + 1] == UInt8(ascii: "!") {
                if n - p < 4 && !isFinal { return p }
                if Self.opensComment(bytes, at: p) {
                    // SGML and XML comments may span lines and hold `<` or `>`: they end at `-->`
                    // (the OFX 2.0.1 specification's own examples break a comment over two lines).
                    if let end = Self.commentEnd(bytes, from: p + 4, limit: min(n, p + maxTextBytes)) {
                        countLines(bytes, from: p, to: end)
                        p = end
                        continue
                    }
                    if n - p <= maxTextBytes && !isFinal { return p }
                    try handler.problem(OFXSyntaxProblem(kind: .unterminatedTag, position: position(of: p), isFatal: false))
                    let next = ByteScan.firstOf(lt, lf, lf, in: bytes, from: p + 1)
                    countLines(bytes, from: p, to: next)
                    p = next
                    if next == n && !isFinal { skipping = .tag }
                    continue
                }
            }
            // A tag: find its end, then the text after it up to the next tag.
            let close = ByteScan.firstOf(gt, lt, lf, in: bytes, from: p + 1)
            if close - p > maxTextBytes {
                // A tag longer than any text may be: unterminated, skipped up to the next tag or line,
                // as if its end had been found, whatever the chunk boundaries.
                try handler.problem(OFXSyntaxProblem(kind: .unterminatedTag, position: position(of: p), isFatal: false))
                let next = ByteScan.firstOf(lt, lf, lf, in: bytes, from: p + 1)
                countLines(bytes, from: p, to: next)
                p = next
                if next == n && !isFinal { skipping = .tag }
                continue
            }
            if close == n {
                if !isFinal { return p }
                try handler.problem(OFXSyntaxProblem(kind: .unterminatedTag, position: position(of: p), isFatal: false))
                countLines(bytes, from: p, to: n)
                p = n
                break
            }
            if bytes[close] != gt {
                // `<` without `>` before the next `<` or line break.
                try handler.problem(OFXSyntaxProblem(kind: .unterminatedTag, position: position(of: p), isFatal: false))
                countLines(bytes, from: p, to: close)
                p = close
                continue
            }
            let textStart = close + 1
            let textEnd = ByteScan.firstOf(lt, lt, lt, in: bytes, from: textStart)
            if textEnd - textStart > maxTextBytes {
                // Reported whether or not the text is complete in this buffer, so that chunking does not matter.
                try handler.problem(OFXSyntaxProblem(kind: .textTooLong(limit: maxTextBytes), position: position(of: p), isFatal: false))
                countLines(bytes, from: p, to: textEnd)
                p = textEnd
                if textEnd == n && !isFinal { skipping = .text }
                continue
            }
            if textEnd == n && !isFinal { return p }
            let at = position(of: p)
            let nameStart = p + 1
            if nameStart < close && (bytes[nameStart] == UInt8(ascii: "!") || bytes[nameStart] == UInt8(ascii: "?")) {
                // Comments, declarations and processing instructions carry no data.
            } else if nameStart < close && bytes[nameStart] == UInt8(ascii: "/") {
                try endTag(UnsafeBufferPointer(rebasing: bytes[(nameStart + 1)..<close]), at: at, into: &handler)
            } else {
                try startTag(
                    UnsafeBufferPointer(rebasing: bytes[nameStart..<close]),
                    text: UnsafeBufferPointer(rebasing: bytes[textStart..<textEnd]), at: at, into: &handler)
            }
            countLines(bytes, from: p, to: textEnd)
            p = textEnd
        }
        if isFinal && !finished {
            if let open = stack.last {
                try handler.problem(
                    OFXSyntaxProblem(
                        kind: .truncated(open.tag == .unknown ? String(decoding: open.name, as: UTF8.self) : open.tag.name, openedOnLine: open.line),
                        position: position(of: p), isFatal: true))
            }
            finished = true
        }
        return p
    }

    private func startTag(
        _ rawName: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, at position: OFXPosition,
        into handler: inout some OFXEventHandler
    ) throws {
        var name = OFXBodyBytes.trimmed(rawName)
        var tag = tags.lookup(name)
        if tag == .unknown, let space = name.firstIndex(where: { $0 <= 0x20 }) {
            // `<OFX VERSION="102">`: the name ends at the first space (looked at only for names
            // unknown as a whole, so that known tags cost nothing more).
            name = UnsafeBufferPointer(rebasing: name[..<space])
            tag = tags.lookup(name)
        }
        let value = OFXBodyBytes.trimmed(text)
        if tag == .unknown { remember(name) }
        afterAggregateEnd = false
        if !value.isEmpty || tag.isLeaf {
            lastLeafTag = tag
            if tag == .unknown {
                lastLeafName.removeAll(keepingCapacity: true)
                lastLeafName.append(contentsOf: name)
            }
            if value.contains(UInt8(ascii: "&")) {
                decodeEntities(value)
                try scratch.withUnsafeBufferPointer {
                    try leaves.leaf(tag, $0, at: position, name: Self.written(tag, name), into: &handler)
                }
            } else {
                try leaves.leaf(tag, value, at: position, name: Self.written(tag, name), into: &handler)
            }
            return
        }
        lastLeafTag = nil
        guard stack.count < maxDepth else {
            try handler.problem(OFXSyntaxProblem(kind: .tooDeep(limit: maxDepth), position: position, isFatal: true))
            finished = true
            return
        }
        stack.append((tag, tag == .unknown ? Array(name) : [], position.line))
        if tag.isAggregate { openedAggregates |= 1 << UInt64(tag.rawValue) }
        try handler.start(tag, at: position)
    }

    private func endTag(
        _ rawName: UnsafeBufferPointer<UInt8>, at position: OFXPosition,
        into handler: inout some OFXEventHandler
    ) throws {
        let name = OFXBodyBytes.trimmed(rawName)
        let tag = tags.lookup(name)
        let index =
            tag != .unknown
            ? stack.lastIndex { $0.tag == tag }
            : stack.lastIndex { $0.tag == .unknown && Self.sameName($0.name, name) }
        if let index {
            while stack.count > index {
                let closed = stack.removeLast()
                try handler.end(closed.tag, at: position)
                // A document ends with its `</OFX>`; another may follow.
                if stack.isEmpty && closed.tag == .ofx { betweenDocuments = true }
            }
            lastLeafTag = nil
            afterAggregateEnd = true
            return
        }
        if let leaf = lastLeafTag, leaf == tag, tag != .unknown || Self.sameName(lastLeafName, name) {
            lastLeafTag = nil  // a leaf closed anyway
            return
        }
        lastLeafTag = nil
        if isHarmless(tag, name) {
            try handler.problem(
                OFXSyntaxProblem(kind: .strayEndTag(Self.written(tag, name)), position: position, isFatal: false))
            return
        }
        try handler.problem(
            OFXSyntaxProblem(
                kind: .unexpectedEndTag(String(decoding: name, as: UTF8.self)),
                position: position, isFatal: false))
    }

    /// Whether ignoring an end tag that closes nothing loses nothing: a known leaf's (its text was
    /// read at its start), an unknown element's the file opened before (pfin reads nothing of
    /// it), or a known aggregate's the file opened before, right after another aggregate closed,
    /// so that no leaf read since may have been meant to be inside it.
    private func isHarmless(_ tag: OFXTag, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if tag.isLeaf { return true }
        if tag == .unknown { return unknownNames.contains { Self.sameName($0, name) } }
        return afterAggregateEnd && openedAggregates & 1 << UInt64(tag.rawValue) != 0
    }

    /// Notes an unknown element's name, up to `maxUnknownNames` of them.
    private func remember(_ name: UnsafeBufferPointer<UInt8>) {
        guard unknownNames.count < Self.maxUnknownNames, name.count <= 64, !unknownNames.contains(where: { Self.sameName($0, name) }) else {
            return
        }
        unknownNames.append(Array(name))
    }

    /// Where the next `<OFX>` starts in `bytes` from `start`, or where scanning must resume once
    /// more bytes came (a `<` near the end), or `bytes.count`.
    private func nextDocument(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool) -> Int {
        var i = start
        while true {
            i = ByteScan.firstOf(UInt8(ascii: "<"), UInt8(ascii: "<"), UInt8(ascii: "<"), in: bytes, from: i)
            if i == bytes.count { return i }
            if Self.isDocumentStart(bytes, at: i) || !isFinal && bytes.count - i < 5 { return i }
            i += 1
        }
    }

    /// `<!--` at `i`.
    private static func opensComment(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        bytes.count - i >= 4 && bytes[i + 1] == UInt8(ascii: "!") && bytes[i + 2] == UInt8(ascii: "-") && bytes[i + 3] == UInt8(ascii: "-")
    }

    /// Where the comment whose text starts at `start` ends (just past its `-->`), if it does before `limit`.
    private static func commentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        let dash = UInt8(ascii: "-"), gt = UInt8(ascii: ">")
        var i = start
        while true {
            i = ByteScan.firstOf(gt, gt, gt, in: bytes, from: i)
            if i >= limit { return nil }
            if i >= start + 2 && bytes[i - 1] == dash && bytes[i - 2] == dash { return i + 1 }
            i += 1
        }
    }

    /// `<OFX>` or `<OFX ` (any case) at `i`.
    private static func isDocumentStart(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard bytes.count - i >= 5 else { return false }
        return bytes[i + 1] | 0x20 == UInt8(ascii: "o") && bytes[i + 2] | 0x20 == UInt8(ascii: "f") && bytes[i + 3] | 0x20 == UInt8(ascii: "x")
            && (bytes[i + 4] == UInt8(ascii: ">") || bytes[i + 4] <= 0x20)
    }

    /// A tag's name as the file writes it, for a message.
    private static func written(_ tag: OFXTag, _ name: UnsafeBufferPointer<UInt8>) -> String {
        tag == .unknown ? String(decoding: name, as: UTF8.self) : tag.name
    }

    private static func sameName(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] | 0x20 != b[i] | 0x20 { return false }
        return true
    }

    private func position(of offset: Int) -> OFXPosition { lines.position(of: offset) }

    private func countLines(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) { lines.count(bytes, from: from, to: to) }

    /// Decodes SGML entities into `scratch`; anything that is not a known entity stays as written.
    private func decodeEntities(_ value: UnsafeBufferPointer<UInt8>) {
        scratch.removeAll(keepingCapacity: true)
        var i = 0
        while i < value.count {
            let b = value[i]
            guard b == UInt8(ascii: "&"), let semicolon = value[(i + 1)...].prefix(10).firstIndex(of: UInt8(ascii: ";")) else {
                scratch.append(b)
                i += 1
                continue
            }
            let entity = String(decoding: value[(i + 1)..<semicolon], as: UTF8.self)
            if let scalar = Self.entityScalar(entity) {
                scratch.append(contentsOf: Array(String(Character(scalar)).utf8))
                i = semicolon + 1
            } else {
                scratch.append(b)
                i += 1
            }
        }
    }

    private static func entityScalar(_ entity: String) -> Unicode.Scalar? {
        switch entity.lowercased() {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard entity.hasPrefix("#") else { return nil }
            let digits = entity.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap { Unicode.Scalar($0) }
        }
    }
}
