// Escapes and bracketed character classes.
extension RegexParser {
    /// What a backslash sequence stands for.
    enum Escape {
        case scalar(UInt32)
        case classes(ScalarSet.Classes)
        case assertion(RegexAssertion)
    }

    // escape := '\' (class-escape | 'b' | 'B' | 't' | 'n' | 'r' | punctuation)
    mutating func parseEscape() throws(RegexSyntaxError) -> RegexNode {
        switch try parseEscapeSequence() {
        case .scalar(let scalar): .literal(CaseFolding.fold(scalar))
        case .classes(let classes): .set(ScalarSet(classes))
        case .assertion(let assertion): .assertion(assertion)
        }
    }

    /// Reads `\x` at `index` (which is on the backslash) and steps past it.
    mutating func parseEscapeSequence() throws(RegexSyntaxError) -> Escape {
        let backslash = index
        guard let escaped = character(at: index + 1) else { throw .trailingBackslash(at: backslash) }
        index += 2
        switch escaped {
        case "d": return .classes(.digit)
        case "D": return .classes(.nonDigit)
        case "w": return .classes(.word)
        case "W": return .classes(.nonWord)
        case "s": return .classes(.space)
        case "S": return .classes(.nonSpace)
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "r": return .scalar(0x0D)
        case "1"..."9": throw .backreference(escaped, at: backslash)
        default:
            // Any ASCII punctuation, symbol or space may be escaped to stand for itself.
            guard let ascii = escaped.asciiValue, ascii >= 0x20, ascii < 0x7F, !escaped.isLetter, !escaped.isNumber else {
                throw .unknownEscape(escaped, at: backslash)
            }
            return .scalar(UInt32(ascii))
        }
    }

    // class := '[' '^'? item+ ']'
    // item  := class-escape | bound ('-' bound)?
    // bound := any character but '[', ']' and '\', or an escape standing for one scalar
    mutating func parseClass() throws(RegexSyntaxError) -> ScalarSet {
        let open = index
        index += 1
        let negated = peek == "^"
        if negated { index += 1 }
        if peek == "]" { throw .emptyClass(at: index) }
        var ranges: [ClosedRange<UInt32>] = []
        var classes: ScalarSet.Classes = []
        while true {
            guard let next = peek else { throw .unclosedClass(at: open) }
            if next == "]" {
                index += 1
                break
            }
            let lowOffset = index
            switch try parseClassItem() {
            case .classes(let more):
                classes.formUnion(more)
            case .assertion:
                throw .boundaryInClass(characters[lowOffset + 1], at: lowOffset)
            case .scalar(let low):
                // '-' is a range only between two bounds: "[-a]" and "[a-]" hold a literal '-'.
                guard peek == "-", let after = character(at: index + 1), after != "]" else {
                    ranges.append(low...low)
                    continue
                }
                index += 1
                let highOffset = index
                switch try parseClassItem() {
                case .scalar(let high):
                    guard low <= high else {
                        throw .reversedRange(low, high, at: lowOffset)
                    }
                    ranges.append(low...high)
                case .classes, .assertion:
                    throw .classAsRangeBound(characters[highOffset + 1], at: highOffset)
                }
            }
        }
        return ScalarSet(ranges: ranges, classes: classes, negated: negated)
    }

    /// One bound or class escape inside brackets.
    private mutating func parseClassItem() throws(RegexSyntaxError) -> Escape {
        let character = characters[index]
        switch character {
        case "\\":
            return try parseEscapeSequence()
        case "[":
            throw .nestedBracket(at: index)
        default:
            let scalars = character.unicodeScalars
            guard scalars.count == 1, let only = scalars.first else { throw .multiScalarInClass(character, at: index) }
            index += 1
            return .scalar(only.value)
        }
    }
}
