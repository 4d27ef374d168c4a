/// Parses an OFX 2.x body (XML 1.0, no DTD) into element events, chunk by chunk, on the bytes.
///
/// The events are those `XMLEventReader` makes of libxml2's: an element that holds another is
/// `start`ed when its first child starts and `end`s at its end tag; one that holds only text is a
/// `leaf` with that text trimmed (character data, entity and character references and CDATA
/// sections joined, comments and processing instructions left out, line ends normalised as
/// XML 1.0 §2.11 says); text beside child elements is left out. A test compares the two on every
/// OFX 2.x fixture and generated documents, and a fuzz target on any input libxml2 reads.
///
/// A document libxml2 would stop at stops here too, with an `ofx.xml` error where it is: tags that
/// do not match, a document cut short, an undeclared entity or a bare `&`, a second root, text
/// outside the root. A leaf's text that is not UTF-8 in a UTF-8 body, where libxml2 stops, is read
/// as Windows-1252 with a warning (`OFXLeniency.notUTF8`). Not checked, because they
/// carry no data and no bank writes them: the characters of names, attributes' syntax, `--` in
/// comments. A DOCTYPE stops the parse as forbidden (billion laughs, external entities): nothing in
/// a DTD is ever read.
///
/// Why not libxml2 itself: its callbacks alone took longer than the mapping and the writing of
/// the transactions together (1,000,000 transactions: 1.05 s against this parser's 0.5 s, where
/// libxml2's bare parse with no callbacks takes 0.63 s). libxml2 still reads the bodies in an
/// encoding pfin does not transcode itself.
final class XMLBodyParser: OFXBodyParser {
    let maxTextBytes: Int
    let maxDepth: Int

    private struct Open {
        var tag: OFXTag
        var name: PackedName
        var position: OFXPosition
    }

    /// Open elements. XML compares names byte for byte: each keeps its name packed, and names
    /// longer than 16 bytes back to back in `longNames` too.
    @exclusivity(unchecked) private var stack: [Open] = []
    @exclusivity(unchecked) private var longNames: [UInt8] = []
    /// The innermost open element has no child yet: its text is collected for a leaf.
    @exclusivity(unchecked) private var collecting = false
    /// The text collected: a range of the current buffer while it is one plain run there, else `scratch`.
    @exclusivity(unchecked) private var textRange: Range<Int>?
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    @exclusivity(unchecked) private var textTooLong = false
    @exclusivity(unchecked) private var leaves: OFXLeafText
    @exclusivity(unchecked) private var rootSeen = false
    @exclusivity(unchecked) private var lines: OFXLineCounter
    @exclusivity(unchecked) private var tags = OFXTagCache()
    @exclusivity(unchecked) private(set) var finished = false
    /// The buffer `parse` is reading, for the text ranges into it.
    @exclusivity(unchecked) private var buffer = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// - Parameters:
    ///   - firstLine, firstColumn: where the body starts in the file.
    ///   - utf8: what says the body is UTF-8, when it is the file's own bytes (`nil` when pfin
    ///     transcoded it): texts that are not are read as Windows-1252 (`OFXLeafText`).
    init(
        firstLine: Int = 1, firstColumn: Int = 1, utf8: OFXLeniency.UTF8Claim? = .xmlDeclaration, maxTextBytes: Int = 1 << 20,
        maxDepth: Int = OFXSyntaxProblem.maxDepth
    ) {
        lines = OFXLineCounter(firstLine: firstLine, firstColumn: firstColumn)
        leaves = OFXLeafText(utf8)
        self.maxTextBytes = maxTextBytes
        self.maxDepth = maxDepth
    }

    private static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), amp = UInt8(ascii: "&"), cr = UInt8(ascii: "\r")

    /// Parses what is complete at the start of `bytes` and returns how many bytes were consumed;
    /// the caller passes the rest again with more input. With `isFinal`, everything is consumed.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, into handler: inout some OFXEventHandler) throws -> Int {
        let n = bytes.count
        var p = 0
        buffer = bytes
        defer {
            buffer = UnsafeBufferPointer(start: nil, count: 0)
            // The buffer goes away: a text still collected moves out of it.
            moveTextToScratch(bytes)
            lines.advance(by: p)
        }
        while p < n && !finished {
            let next: Int
            if bytes[p] != Self.lt {
                next = try text(bytes, from: p, isFinal: isFinal, into: &handler)
            } else {
                next = try markup(bytes, at: p, isFinal: isFinal, into: &handler)
            }
            guard next > p else { return p }  // incomplete: more input is needed
            lines.count(bytes, from: p, to: next)
            p = next
        }
        if isFinal && !finished {
            if let open = stack.last {
                try fail("Premature end of data in tag \(name(of: open)) line \(open.position.line)", at: lines.position(of: p), &handler)
            } else if !rootSeen {
                try fail("Start tag expected, '<' not found", at: lines.position(of: p), &handler)
            }
            finished = true
        }
        return p
    }

    // MARK: Text

    /// Reads character data from `start` up to the next `<`, or as far as it is complete; returns
    /// where it stopped (`start` when more input is needed to go on).
    private func text(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool, into handler: inout some OFXEventHandler) throws -> Int {
        let n = bytes.count
        var i = start
        while i < n {
            let next = ByteScan.firstOf(Self.lt, Self.amp, Self.cr, in: bytes, from: i)
            if next > i { try characters(bytes, i..<next, at: start, &handler) }
            guard next < n, !finished else { return next }
            switch bytes[next] {
            case Self.lt:
                return next
            case Self.cr:
                // CRLF and a lone CR are each one LF.
                if next + 1 == n && !isFinal { return next }
                if next + 1 == n || bytes[next + 1] != UInt8(ascii: "\n") { try appendCopy(UInt8(ascii: "\n"), bytes, &handler) }
                i = next + 1
            default:
                guard let end = try reference(bytes, at: next, isFinal: isFinal, into: &handler) else { return next }
                i = end
            }
        }
        return n
    }

    /// A plain run of character data.
    private func characters(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, at start: Int, _ handler: inout some OFXEventHandler) throws {
        guard collecting else {
            // Beside child elements the text carries nothing; outside the root it must be white space.
            if stack.isEmpty, bytes[range].contains(where: { $0 > 0x20 }) {
                try fail(rootSeen ? "Extra content at the end of the document" : "Start tag expected, '<' not found", at: lines.position(of: start), &handler)
            }
            return
        }
        guard !textTooLong else { return }
        if let held = textRange, held.upperBound == range.lowerBound {
            textRange = held.lowerBound..<range.upperBound
        } else if textRange == nil && scratch.isEmpty {
            textRange = range
        } else {
            moveTextToScratch(bytes)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        }
        try checkTextLength(&handler)
    }

    /// Bytes that are not a run of the buffer (a decoded reference, a normalised line end, CDATA).
    private func appendCopy(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ handler: inout some OFXEventHandler) throws {
        guard collecting, !textTooLong else { return }
        moveTextToScratch(bytes)
        scratch.append(byte)
        try checkTextLength(&handler)
    }

    private func moveTextToScratch(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let range = textRange else { return }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        textRange = nil
    }

    /// Reported at the element's start tag, wherever the chunks end.
    private func checkTextLength(_ handler: inout some OFXEventHandler) throws {
        guard (textRange?.count ?? 0) + scratch.count > maxTextBytes, let open = stack.last else { return }
        textTooLong = true
        textRange = nil
        scratch.removeAll(keepingCapacity: true)
        try handler.problem(OFXSyntaxProblem(kind: .textTooLong(limit: maxTextBytes), position: open.position, isFatal: false))
    }

    /// An entity or character reference at `at` (`&`): decoded into the text; returns the offset
    /// after its `;`, or `nil` when the rest of it is still to come.
    private func reference(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, isFinal: Bool, into handler: inout some OFXEventHandler) throws -> Int? {
        let n = bytes.count
        // The longest reference worth reading: `&#x0010FFFF;` with a few leading zeros more.
        let limit = min(n, at + 32)
        var semicolon = at + 1
        while semicolon < limit && bytes[semicolon] != UInt8(ascii: ";") && bytes[semicolon] != Self.lt && bytes[semicolon] > 0x20 { semicolon += 1 }
        guard semicolon < limit, bytes[semicolon] == UInt8(ascii: ";") else {
            if semicolon == n && !isFinal { return nil }
            try fail("xmlParseEntityRef: no name", at: lines.position(of: at), &handler)
            return n
        }
        let name = UnsafeBufferPointer(rebasing: bytes[(at + 1)..<semicolon])
        guard let scalar = OFXBodyBytes.referenced(name) else {
            let text = String(decoding: name, as: UTF8.self)
            try fail(
                text.first == "#" ? "xmlParseCharRef: invalid xmlChar value in '&\(text);'" : "Entity '\(text)' not defined",
                at: lines.position(of: at), &handler)
            return n
        }
        if collecting && !textTooLong {
            for byte in scalar.utf8 { try appendCopy(byte, bytes, &handler) }
        } else if stack.isEmpty {
            try fail(rootSeen ? "Extra content at the end of the document" : "Start tag expected, '<' not found", at: lines.position(of: at), &handler)
        }
        return semicolon + 1
    }

    // MARK: Markup

    /// The tag, comment, CDATA section or processing instruction at `p` (`<`); returns the offset
    /// after it, or `p` when it is not complete in `bytes` yet.
    private func markup(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int, isFinal: Bool, into handler: inout some OFXEventHandler) throws -> Int {
        let n = bytes.count
        guard p + 1 < n else { return try incomplete(bytes, at: p, isFinal: isFinal, "expected a tag after '<'", &handler) }
        switch bytes[p + 1] {
        case UInt8(ascii: "/"):
            let close = ByteScan.firstOf(Self.gt, Self.lt, Self.lt, in: bytes, from: p + 2)
            guard close < n else { return try incomplete(bytes, at: p, isFinal: isFinal, "expected '>' to end the end tag", &handler) }
            guard bytes[close] == Self.gt else {
                try fail("expected '>' to end the end tag", at: lines.position(of: p), &handler)
                return close
            }
            try endTag(OFXBodyBytes.trimmed(UnsafeBufferPointer(rebasing: bytes[(p + 2)..<close])), at: lines.position(of: p), &handler)
            return close + 1
        case UInt8(ascii: "?"):
            guard let end = OFXBodyBytes.find(UInt8(ascii: "?"), UInt8(ascii: ">"), in: bytes, from: p + 2) else {
                return try incomplete(bytes, at: p, isFinal: isFinal, "the processing instruction is not closed with '?>'", &handler)
            }
            return end
        case UInt8(ascii: "!"):
            return try declaration(bytes, at: p, isFinal: isFinal, into: &handler)
        default:
            return try startTag(bytes, at: p, isFinal: isFinal, into: &handler)
        }
    }

    /// `<!--` comments and `<![CDATA[` sections; anything else after `<!` (a DOCTYPE) is refused.
    private func declaration(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int, isFinal: Bool, into handler: inout some OFXEventHandler) throws -> Int {
        let n = bytes.count
        if OFXBodyBytes.starts(bytes, at: p, with: "<!--") {
            guard let end = OFXBodyBytes.find(UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: ">"), in: bytes, from: p + 4) else {
                return try incomplete(bytes, at: p, isFinal: isFinal, "Comment not terminated", &handler)
            }
            return end
        }
        if OFXBodyBytes.starts(bytes, at: p, with: "<![CDATA[") {
            guard let end = OFXBodyBytes.find(UInt8(ascii: "]"), UInt8(ascii: "]"), UInt8(ascii: ">"), in: bytes, from: p + 9) else {
                return try incomplete(bytes, at: p, isFinal: isFinal, "CData section not finished", &handler)
            }
            if !collecting && stack.isEmpty {
                try fail("Start tag expected, '<' not found", at: lines.position(of: p), &handler)
                return end
            }
            if collecting && !textTooLong {
                moveTextToScratch(bytes)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(p + 9)..<(end - 3)]))
                try checkTextLength(&handler)
            }
            return end
        }
        // Too near the end to tell what it is.
        if n - p < 9 && !isFinal { return p }
        if OFXBodyBytes.starts(bytes, at: p, with: "<!DOCTYPE") {
            try handler.problem(OFXSyntaxProblem(kind: .forbidden("a DOCTYPE declaration"), position: lines.position(of: p), isFatal: true))
            finished = true
            return n
        }
        try fail("expected a comment or a CDATA section after '<!'", at: lines.position(of: p), &handler)
        return n
    }

    private func startTag(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int, isFinal: Bool, into handler: inout some OFXEventHandler) throws -> Int {
        let n = bytes.count
        var nameEnd = p + 1
        while nameEnd < n, case let b = bytes[nameEnd], b > 0x20, b != UInt8(ascii: "/"), b != Self.gt, b != Self.lt { nameEnd += 1 }
        guard nameEnd < n else { return try incomplete(bytes, at: p, isFinal: isFinal, "Couldn't find end of Start Tag", &handler) }
        let position = lines.position(of: p)
        var close = nameEnd
        if bytes[nameEnd] != Self.gt {
            // Attributes or `/`: the `>` that ends the tag (one inside an attribute's quotes does not).
            while true {
                close = ByteScan.firstOf(Self.gt, UInt8(ascii: "\""), UInt8(ascii: "'"), in: bytes, from: close)
                guard close < n else { return try incomplete(bytes, at: p, isFinal: isFinal, "Couldn't find end of Start Tag", &handler) }
                if bytes[close] == Self.gt { break }
                let quote = bytes[close]
                close = ByteScan.firstOf(quote, quote, quote, in: bytes, from: close + 1)
                guard close < n else { return try incomplete(bytes, at: p, isFinal: isFinal, "Couldn't find end of Start Tag", &handler) }
                close += 1
            }
            let inside = UnsafeBufferPointer(rebasing: bytes[nameEnd..<close])
            guard ByteScan.firstOf(Self.lt, Self.lt, Self.lt, in: inside, from: 0) == inside.count else {
                try fail("Couldn't find end of Start Tag", at: position, &handler)
                return close + 1
            }
        }
        guard nameEnd > p + 1 else {
            try fail("StartTag: invalid element name", at: position, &handler)
            return close + 1
        }
        let name = UnsafeBufferPointer(rebasing: bytes[(p + 1)..<nameEnd])
        if collecting, let parent = stack.last {
            // The parent holds an element: it is an aggregate, and its text so far is nothing.
            try handler.start(parent.tag, at: parent.position)
            dropText()
        }
        if stack.isEmpty {
            guard !rootSeen else {
                try fail("Extra content at the end of the document", at: position, &handler)
                return close + 1
            }
            rootSeen = true
        }
        guard stack.count < maxDepth else {
            try handler.problem(OFXSyntaxProblem(kind: .tooDeep(limit: maxDepth), position: position, isFatal: true))
            finished = true
            return close + 1
        }
        var tag = tags.lookup(name)
        if tag == .unknown, let colon = name.firstIndex(of: UInt8(ascii: ":")) {
            // `<ofx:STMTTRN>`: the local name says what it is (a prefix is bound to OFX's namespace
            // or to none; the names around it are all OFX's).
            tag = tags.lookup(UnsafeBufferPointer(rebasing: name[(colon + 1)...]))
        }
        stack.append(Open(tag: tag, name: PackedName(name, start: longNames.count), position: position))
        if name.count > PackedName.packed { longNames.append(contentsOf: name) }
        collecting = true
        if bytes[close - 1] == UInt8(ascii: "/") {
            try finishLeaf(UnsafeBufferPointer(start: nil, count: 0), &handler)
            pop()
        }
        return close + 1
    }

    private func endTag(_ name: UnsafeBufferPointer<UInt8>, at position: OFXPosition, _ handler: inout some OFXEventHandler) throws {
        guard let open = stack.last else {
            try fail("StartTag: invalid element name", at: position, &handler)
            return
        }
        guard open.name.matches(name, longNames: longNames) else {
            try fail(
                "Opening and ending tag mismatch: \(self.name(of: open)) line \(open.position.line) and \(String(decoding: name, as: UTF8.self))",
                at: position, &handler)
            return
        }
        if collecting {
            if textTooLong {
            } else if let range = textRange {
                try finishLeaf(UnsafeBufferPointer(rebasing: buffer[range]), &handler)
            } else {
                try scratch.withUnsafeBufferPointer { try finishLeaf($0, &handler) }
            }
            pop()
        } else {
            try handler.end(open.tag, at: position)
            pop()
        }
    }

    /// The innermost element ends holding only `text`: a leaf, or an empty aggregate (the caller pops it).
    private func finishLeaf(_ text: UnsafeBufferPointer<UInt8>, _ handler: inout some OFXEventHandler) throws {
        let open = stack[stack.count - 1]
        let value = OFXBodyBytes.trimmed(text)
        if open.tag.isAggregate {
            try handler.start(open.tag, at: open.position)
            try handler.end(open.tag, at: open.position)
        } else {
            try leaves.leaf(open.tag, value, at: open.position, name: name(of: open), into: &handler)
        }
    }

    private func pop() {
        let open = stack.removeLast()
        if open.name.count > PackedName.packed { longNames.removeLast(longNames.count - open.name.start) }
        dropText()
        collecting = false
    }

    private func dropText() {
        textRange = nil
        scratch.removeAll(keepingCapacity: true)
        textTooLong = false
        collecting = false
    }

    // MARK: Helpers

    /// Markup not complete in `bytes`: more input is awaited, unless the input has ended or the
    /// markup is longer than any text may be.
    private func incomplete(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int, isFinal: Bool, _ message: String, _ handler: inout some OFXEventHandler) throws
        -> Int
    {
        if !isFinal && bytes.count - p <= maxTextBytes { return p }
        try fail(message, at: lines.position(of: p), &handler)
        return bytes.count
    }

    /// Malformed XML: libxml2 stops there, and so does this parser.
    private func fail(_ message: String, at position: OFXPosition, _ handler: inout some OFXEventHandler) throws {
        finished = true
        try handler.problem(OFXSyntaxProblem(kind: .xml(message), position: position, isFatal: true))
    }

    private func name(of open: Open) -> String {
        open.name.text(longNames: longNames)
    }

}
