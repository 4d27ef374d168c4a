/// Splits template bytes into text and tags, following `{{=<% %>=}}` delimiter changes.
///
/// Text is cut after every newline so the parser can judge each line for the spec's standalone
/// rule; tags may span lines (a multi-line comment is one tag). The tokenizer reports the errors
/// that are about a single tag: unclosed, empty name, bad delimiters.
struct Tokenizer {
    /// What a tag does, from the character after the opening delimiter.
    enum TagKind: Equatable {
        case variable, unescaped, section, inverted, close, partial, parent, block, comment, delimiters

        /// Tags that may stand alone on a line (and then take the line with them).
        var canStandAlone: Bool { self != .variable && self != .unescaped }

        /// Kinds that name something, so an empty name is a mistake.
        var needsName: Bool { self != .comment && self != .delimiters }
    }

    struct Tag {
        var kind: TagKind
        var name: String
        /// Byte offset of the opening delimiter, for error positions.
        var offset: Int
        /// The delimiters in force, to spell tags in error messages as the author wrote them.
        var open: String
        var close: String
    }

    enum Piece {
        /// A byte range of the source containing at most one newline, as its last byte.
        case text(Range<Int>)
        case tag(Tag)
    }

    let source: SourceText
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)

    init(_ source: SourceText) { self.source = source }

    mutating func pieces() throws(MustacheError) -> [Piece] {
        let bytes = source.bytes
        var pieces: [Piece] = []
        var position = 0
        while position < bytes.count {
            let tagStart = find(open, from: position) ?? bytes.count
            appendText(position..<tagStart, to: &pieces)
            guard tagStart < bytes.count else { break }
            let (tag, end) = try readTag(at: tagStart)
            pieces.append(.tag(tag))
            position = end
        }
        return pieces
    }

    private func appendText(_ range: Range<Int>, to pieces: inout [Piece]) {
        var start = range.lowerBound
        var index = start
        while index < range.upperBound {
            if source.bytes[index] == UInt8(ascii: "\n") {
                pieces.append(.text(start..<index + 1))
                start = index + 1
            }
            index += 1
        }
        if start < range.upperBound { pieces.append(.text(start..<range.upperBound)) }
    }

    /// Reads the tag whose opening delimiter starts at `start`; returns it and the offset after it.
    private mutating func readTag(at start: Int) throws(MustacheError) -> (Tag, Int) {
        let bytes = source.bytes
        var contentStart = start + open.count
        var terminator = close
        var kind = TagKind.variable
        if contentStart < bytes.count {
            switch bytes[contentStart] {
            case UInt8(ascii: "{"): kind = .unescaped; terminator = [UInt8(ascii: "}")] + close
            case UInt8(ascii: "&"): kind = .unescaped
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: "="): kind = .delimiters; terminator = [UInt8(ascii: "=")] + close
            default: break
            }
            if kind != .variable { contentStart += 1 }
        }
        let openText = String(decoding: open, as: UTF8.self)
        let closeText = String(decoding: close, as: UTF8.self)
        if kind == .delimiters, find(terminator, from: contentStart) == nil, let end = find(close, from: contentStart) {
            // `{{=<% %>}}`: the closing `=` is missing; say so rather than "never closed".
            throw invalidDelimiters(from: start, to: end + close.count)
        }
        guard let contentEnd = find(terminator, from: contentStart) else {
            let expected = String(decoding: terminator, as: UTF8.self)
            throw source.error(
                .unclosedTag, at: start,
                "tag is never closed: no '\(expected)' before the end of the template",
                note: "end the tag with '\(expected)'; to write '\(openText)' as text, change the delimiters first, e.g. '\(openText)=<% %>=\(closeText)'")
        }
        let content = trimmed(contentStart..<contentEnd)
        let name = String(decoding: bytes[content], as: UTF8.self)
        let tag = Tag(kind: kind, name: name, offset: start, open: openText, close: closeText)
        if kind.needsName && name.isEmpty {
            let written = String(decoding: bytes[start..<contentEnd + terminator.count], as: UTF8.self)
            throw source.error(
                .emptyTagName, at: start, "tag '\(written)' has no name",
                note: "write a name between the delimiters, e.g. '\(openText)payee\(closeText)', or '\(openText).\(closeText)' for the current item")
        }
        if kind == .delimiters { try setDelimiters(from: bytes[content], tagAt: start, end: contentEnd + terminator.count) }
        return (tag, contentEnd + terminator.count)
    }

    /// `{{=<% %>=}}`: two delimiters separated by whitespace, neither empty nor containing `=`.
    private mutating func setDelimiters(from content: ArraySlice<UInt8>, tagAt start: Int, end: Int) throws(MustacheError) {
        let parts = content.split(whereSeparator: { Self.isWhitespace($0) })
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw invalidDelimiters(from: start, to: end)
        }
        open = Array(parts[0])
        close = Array(parts[1])
    }

    private func invalidDelimiters(from start: Int, to end: Int) -> MustacheError {
        let written = String(decoding: source.bytes[start..<end], as: UTF8.self)
        let openText = String(decoding: open, as: UTF8.self)
        let closeText = String(decoding: close, as: UTF8.self)
        return source.error(
            .invalidDelimiters, at: start, "invalid set-delimiters tag '\(written)'",
            note:
                "write the new opening and closing delimiters between '=' signs, separated by a space, neither containing '=' or whitespace, e.g. '\(openText)=<% %>=\(closeText)'"
        )
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Self.isWhitespace(source.bytes[lower]) { lower += 1 }
        while upper > lower, Self.isWhitespace(source.bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// The offset of the first occurrence of `needle` at or after `start`. Templates are small and
    /// parsed once, so a plain scan is enough.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        let bytes = source.bytes
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
