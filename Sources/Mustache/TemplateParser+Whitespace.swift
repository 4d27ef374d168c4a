/// The spec's whitespace rules for `TemplateParser`: standalone lines and block indentation.
extension TemplateParser {
    /// The indentation removed from lines at the current depth (non-empty only inside blocks).
    var currentStrip: [UInt8] { frames[frames.count - 1].strip }

    /// The whitespace before the tags when `line` is standalone, nil when it is not.
    ///
    /// Standalone: only spaces and tabs besides the tags, ending in `\n`, `\r\n` or the end of the
    /// template, and either one tag that prints nothing or a run of parent and block tags that pass
    /// blocks to a parent (see the type comment).
    func standaloneIndent(of line: [Piece]) -> [UInt8]? {
        var indent: [UInt8] = []
        var tags: [Tag] = []
        for (position, piece) in line.enumerated() {
            switch piece {
            case .text(let range):
                var end = range.upperBound
                if position == line.count - 1, source.bytes[end - 1] == UInt8(ascii: "\n") {
                    end -= 1
                    if end > range.lowerBound, source.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                }
                guard isBlank(range.lowerBound..<end) else { return nil }
                if tags.isEmpty { indent += source.bytes[range] }
            case .tag(let tag):
                guard tag.kind.canStandAlone else { return nil }
                tags.append(tag)
            }
        }
        guard !tags.isEmpty, tags.count == 1 || onlyPassBlocksToParents(tags) else { return nil }
        return indent
    }

    /// Whether `tags`, in order, only open or close parents and the blocks directly inside them.
    private func onlyPassBlocksToParents(_ tags: [Tag]) -> Bool {
        var kinds = frames.map(\.kind)
        for tag in tags {
            switch tag.kind {
            case .parent:
                kinds.append(.parent)
            case .block:
                guard kinds.last == .parent else { return false }
                kinds.append(.block)
            case .close:
                guard kinds.count > 1, let innermost = kinds.popLast() else { return false }
                let passedBlock = innermost == .block && kinds.last == .parent
                guard innermost == .parent || passedBlock else { return false }
            default:
                return false
            }
        }
        return true
    }

    /// Removes the current block indentation from the start of `line`, as far as it matches.
    func stripped(_ line: [Piece]) -> [Piece] {
        let strip = currentStrip
        guard !strip.isEmpty, case .text(let range)? = line.first else { return line }
        var lower = range.lowerBound
        var matched = 0
        while matched < strip.count, lower < range.upperBound, source.bytes[lower] == strip[matched] {
            lower += 1
            matched += 1
        }
        var result = line
        if lower == range.upperBound { result.removeFirst() } else { result[0] = .text(lower..<range.upperBound) }
        return result
    }

    /// The indentation of the line after a standalone block opening tag, beyond what is already
    /// removed: the spec's "intrinsic indentation" of a block's content.
    func leadingWhitespace(of line: [Piece]?) -> [UInt8] {
        guard let line, case .text(let range)? = line.first else { return [] }
        let strip = currentStrip
        var position = range.lowerBound
        var indent: [UInt8] = []
        while position < range.upperBound, source.bytes[position] == UInt8(ascii: " ") || source.bytes[position] == UInt8(ascii: "\t") {
            indent.append(source.bytes[position])
            position += 1
        }
        guard indent.starts(with: strip) else { return [] }
        return Array(indent.dropFirst(strip.count))
    }

    /// Whether the bytes in `range` are all spaces and tabs.
    func isBlank(_ range: Range<Int>) -> Bool {
        source.bytes[range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}
