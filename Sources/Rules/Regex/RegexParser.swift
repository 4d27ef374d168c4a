/// Turns a pattern into a `RegexNode` tree, following the grammar in `RuleRegex.swift`.
///
/// Recursive descent over the pattern's `Character`s, so error offsets count characters as an editor
/// does. Nesting is capped (`maximumDepth`) so that a hostile pattern cannot exhaust the stack.
struct RegexParser {
    static let maximumDepth = 100
    static let maximumCount = 1000

    let characters: [Character]
    var index = 0
    private(set) var captureCount = 0
    private var depth = 0

    init(_ pattern: String) {
        characters = Array(pattern)
    }

    /// Parses the whole pattern.
    mutating func parse() throws(RegexSyntaxError) -> RegexNode {
        guard !characters.isEmpty else { throw .emptyPattern() }
        let node = try parseAlternation()
        // parseAlternation stops only at the end or at a ')' that no group opened.
        if index < characters.count { throw .unmatchedParenthesis(at: index) }
        return node
    }

    var peek: Character? {
        index < characters.count ? characters[index] : nil
    }

    func character(at offset: Int) -> Character? {
        offset < characters.count ? characters[offset] : nil
    }

    // alternation := concatenation ('|' concatenation)*
    private mutating func parseAlternation() throws(RegexSyntaxError) -> RegexNode {
        var branches: [RegexNode] = []
        while true {
            let branch = try parseConcatenation()
            guard peek == "|" else {
                branches.append(branch)
                break
            }
            if case .concatenation(let items) = branch, items.isEmpty { throw .emptyAlternative(at: index) }
            branches.append(branch)
            index += 1
            if peek == nil || peek == ")" { throw .emptyAlternative(at: index - 1) }
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    // concatenation := quantified*
    private mutating func parseConcatenation() throws(RegexSyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while let next = peek, next != "|", next != ")" {
            items.append(try parseQuantified())
        }
        return items.count == 1 ? items[0] : .concatenation(items)
    }

    // quantified := atom quantifier?
    private mutating func parseQuantified() throws(RegexSyntaxError) -> RegexNode {
        if let next = peek, Self.startsQuantifier(next) {
            throw .nothingToRepeat(next, at: index, afterAssertion: false)
        }
        let atom = try parseAtom()
        guard let next = peek, Self.startsQuantifier(next) else { return atom }
        if case .assertion = atom { throw .nothingToRepeat(next, at: index, afterAssertion: true) }
        let offset = index
        let quantifier = try parseQuantifier()
        if let after = peek, Self.startsQuantifier(after) {
            throw .nothingToRepeat(after, at: index, afterAssertion: false)
        }
        return .repetition(atom, quantifier, offset: offset)
    }

    private static func startsQuantifier(_ character: Character) -> Bool {
        character == "*" || character == "+" || character == "?" || character == "{"
    }

    // quantifier := ('*' | '+' | '?' | '{' n '}' | '{' n ',' '}' | '{' n ',' m '}') '?'?
    private mutating func parseQuantifier() throws(RegexSyntaxError) -> RegexQuantifier {
        var quantifier: RegexQuantifier
        switch characters[index] {
        case "*": quantifier = RegexQuantifier(minimum: 0, maximum: nil, greedy: true)
        case "+": quantifier = RegexQuantifier(minimum: 1, maximum: nil, greedy: true)
        case "?": quantifier = RegexQuantifier(minimum: 0, maximum: 1, greedy: true)
        default: quantifier = try parseBraces()
        }
        index += 1
        if peek == "?" {
            quantifier.greedy = false
            index += 1
        }
        return quantifier
    }

    /// `{n}`, `{n,}` or `{n,m}`; leaves `index` on the closing brace.
    private mutating func parseBraces() throws(RegexSyntaxError) -> RegexQuantifier {
        let open = index
        index += 1
        guard let minimum = try parseCount() else {
            throw peek == nil ? .unclosedRepetition(at: open) : .expectedCount(after: "{", at: index)
        }
        switch peek {
        case "}":
            return RegexQuantifier(minimum: minimum, maximum: minimum, greedy: true)
        case ",":
            index += 1
            if peek == "}" { return RegexQuantifier(minimum: minimum, maximum: nil, greedy: true) }
            guard let maximum = try parseCount() else {
                throw peek == nil ? .unclosedRepetition(at: open) : .expectedCount(after: ",", at: index)
            }
            guard peek == "}" else {
                throw peek == nil ? .unclosedRepetition(at: open) : .expectedClosingBrace(at: index)
            }
            guard minimum <= maximum else { throw .reversedRepetition(minimum: minimum, maximum: maximum, at: open) }
            return RegexQuantifier(minimum: minimum, maximum: maximum, greedy: true)
        case nil:
            throw .unclosedRepetition(at: open)
        default:
            throw .expectedCommaOrBrace(at: index)
        }
    }

    /// ASCII digits at `index`, or nil if there are none.
    private mutating func parseCount() throws(RegexSyntaxError) -> Int? {
        let start = index
        var value = 0
        while let next = peek, let digit = next.asciiValue, digit >= 0x30, digit <= 0x39 {
            value = min(value * 10 + Int(digit - 0x30), 1_000_000)
            index += 1
        }
        guard index > start else { return nil }
        guard value <= Self.maximumCount else { throw .repetitionTooLarge(value, limit: Self.maximumCount, at: start) }
        return value
    }

    // atom := literal | '.' | '^' | '$' | class | escape | group
    private mutating func parseAtom() throws(RegexSyntaxError) -> RegexNode {
        let character = characters[index]
        switch character {
        case "(":
            return try parseGroup()
        case "[":
            return .set(try parseClass())
        case "\\":
            return try parseEscape()
        case ".":
            index += 1
            return .anyExceptNewline
        case "^":
            index += 1
            return .assertion(.start)
        case "$":
            index += 1
            return .assertion(.end)
        default:
            index += 1
            let scalars = character.unicodeScalars.map { RegexNode.literal(CaseFolding.fold($0.value)) }
            // A character of several scalars (e + combining accent) is repeated as a whole by `é+`.
            return scalars.count == 1 ? scalars[0] : .group(.concatenation(scalars), capture: nil)
        }
    }

    // group := '(' ('?:')? alternation ')'
    private mutating func parseGroup() throws(RegexSyntaxError) -> RegexNode {
        let open = index
        guard depth < Self.maximumDepth else { throw .nestedTooDeeply(limit: Self.maximumDepth, at: open) }
        index += 1
        var capture: Int? = nil
        if peek == "?" {
            guard let kind = character(at: index + 1) else { throw .unclosedGroup(at: open) }
            guard kind == ":" else {
                var syntax = "(?\(kind)"
                if kind == "<", let next = character(at: index + 2), next == "=" || next == "!" { syntax.append(next) }
                throw .unsupportedGroup(syntax, at: open)
            }
            index += 2
        } else {
            captureCount += 1
            capture = captureCount
        }
        depth += 1
        let inner = try parseAlternation()
        depth -= 1
        guard peek == ")" else { throw .unclosedGroup(at: open) }
        if case .concatenation(let items) = inner, items.isEmpty { throw .emptyGroup(at: open) }
        index += 1
        return .group(inner, capture: capture)
    }
}
