import FinanceCore

// The rules file grammar (CONTRACT.md, "Rules files"). One statement per line; `#` starts a comment.
//
//   file       := line*
//   line       := blank | comment | rule | clause | spelling
//   spelling   := 'spelling' STRING (',' STRING)*      how payee normalisation writes a word
//   rule       := 'rule' NAME                          NAME is "quoted" or one bare word
//   clause     := 'when' condition ('or' condition)*   all `when` lines of a rule must hold
//               | 'set' SETTABLE '=' VALUE             SETTABLE: category type name memo address account
//               | 'stop'
//   condition  := 'not'? test
//   test       := TEXTFIELD TEXTOP STRING              TEXTFIELD: name memo address account category
//               | TEXTFIELD 'matches' REGEX                        currency type text
//               | AMOUNTFIELD COMPARE NUMBER           TEXTOP: contains is starts-with ends-with
//               | AMOUNTFIELD 'between' NUMBER 'and' NUMBER        AMOUNTFIELD: amount abs-amount
//               | NUMFIELD COMPARE INT | NUMFIELD 'between' INT 'and' INT   NUMFIELD: day month weekday
//               | 'date' COMPARE DATE | 'date' 'between' DATE 'and' DATE
//   COMPARE    := '=' | '!=' | '<' | '<=' | '>' | '>='
//   STRING     := '"' (char | '\"' | '\\')* '"'        (a bare word is accepted too)
//   REGEX      := '/' (char | '\/')* '/'              case-insensitive; see RuleRegex
//   VALUE      := STRING, in which $1…$9 stand for the captures of the rule's first matching regex
//   NUMBER     := '-'? digits ('.' digits)?   DATE := YYYY-MM-DD   INT := digits, or mon…sun, jan…dec
//
// Clauses belong to the rule above them (indentation is for people). Rules run top to bottom; for
// each field, the first matching rule that sets it wins; `stop` ends the run for the transaction.
// Conditions see the transaction as earlier rules left it.

/// Parses rules files. Every problem in a file is reported, not just the first.
public enum RulesParser {
    /// Parses `text` (the contents of `file`): the rules, or every error found.
    public static func parse(_ text: String, file: String) -> Result<RuleSet, RulesErrors> {
        var parser = LineParser(file: file)
        var lineNumber = 0
        // Lines end at LF or CR LF, found in the UTF-8 bytes: splitting by `Character` was 40 % of
        // parsing a 500-rule file. A lone CR stays in its line (the lexer reads it as a space).
        let utf8 = text.utf8
        var start = utf8.startIndex
        while true {
            let newline = utf8[start...].firstIndex(of: 0x0A)
            var end = newline ?? utf8.endIndex
            if newline != nil, end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
            lineNumber += 1
            var line = Substring(utf8[start..<end])
            if lineNumber == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
            parser.parse(line, number: lineNumber)
            guard let newline else { break }
            start = utf8.index(after: newline)
        }
        parser.finishRule()
        guard !parser.diagnostics.isEmpty else { return .success(RuleSet(rules: parser.rules, spellings: parser.spellings)) }
        // Checks made when a rule ends (its `$N`) come after its later lines: report in file order.
        let ordered = parser.diagnostics.enumerated().sorted {
            ($0.element.location.line, $0.element.location.column ?? 0, $0.offset)
                < ($1.element.location.line, $1.element.location.column ?? 0, $1.offset)
        }
        return .failure(RulesErrors(diagnostics: ordered.map(\.element)))
    }
}

/// Every error of one rules file.
public struct RulesErrors: Error, Sendable {
    public var diagnostics: [Diagnostic]
}

/// The parser's state across the lines of one file.
struct LineParser {
    let file: String
    var rules: [Rule] = []
    var spellings: [String] = []
    var diagnostics: [Diagnostic] = []
    private var current: Rule?
    private var currentLine = 0

    init(file: String) {
        self.file = file
    }

    mutating func parse(_ line: Substring, number: Int) {
        currentLine = number
        let tokens: [RuleToken]
        switch RulesLexer.tokens(line) {
        case .success(let t): tokens = t
        case .failure(let failure):
            error(failure.column, failure.message, note: failure.note)
            if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("rule ") {
                // A rule line that does not lex still opens a rule (see the misspelt keyword below).
                finishRule()
                current = Rule(name: "", location: location(1))
            }
            return
        }
        guard let first = tokens.first else { return }
        var cursor = TokenCursor(tokens: tokens)
        cursor.advance()
        switch first.word {
        case "rule":
            finishRule()
            parseRuleHeader(&cursor, at: first)
        case "spelling":
            finishRule()
            parseSpelling(&cursor, at: first)
        case "when", "set", "stop":
            guard current != nil else {
                error(
                    first.column, "'\(first.text)' outside a rule; expected 'rule NAME' first",
                    note: "every 'when', 'set' and 'stop' belongs to the 'rule' line above it")
                return
            }
            switch first.word {
            case "when": parseWhen(&cursor, at: first)
            case "set": parseSet(&cursor, at: first)
            default:
                current?.stops = true
                expectEnd(&cursor)
            }
        default:
            let keywords = ["rule", "when", "set", "stop", "spelling"]
            let closest = Spelling.closest(to: first.text, in: keywords)
            error(
                first.column, "unknown statement '\(first.text)'; expected rule, when, set, stop or spelling",
                note: closest.map { "did you mean '\($0)'?" })
            if closest == "rule" {
                // Read on as if the rule had been named, so its clauses do not each report
                // "outside a rule"; the placeholder is dropped with the file's other errors.
                finishRule()
                current = Rule(name: first.text, location: location(first.column))
            }
        }
    }

    mutating func finishRule() {
        guard let rule = current else { return }
        current = nil
        checkCaptures(rule)
        rules.append(rule)
    }

    // MARK: Statements

    private mutating func parseRuleHeader(_ cursor: inout TokenCursor, at keyword: RuleToken) {
        guard let token = cursor.next() else {
            error(keyword.column + keyword.width, "rule needs a name; expected rule \"NAME\"")
            current = Rule(name: "", location: location(keyword.column))
            return
        }
        let name: String
        switch token.kind {
        case .string(let value, _): name = value
        case .word(let word): name = word
        default:
            error(token.column, "expected the rule's name in double quotes, found '\(token.text)'")
            name = token.text
        }
        current = Rule(name: name, location: location(keyword.column))
        expectEnd(&cursor)
    }

    /// `spelling "eBay", "KaDeWe"`: words payee normalisation writes as given.
    private mutating func parseSpelling(_ cursor: inout TokenCursor, at keyword: RuleToken) {
        var any = false
        while let token = cursor.next() {
            switch token.kind {
            case .string(let value, _) where !value.isEmpty && !value.contains(" "):
                spellings.append(value)
                any = true
            default:
                if token.text == "," && any { continue }
                error(
                    token.column, "expected a word in double quotes, found '\(token.text)'",
                    note: "write spelling \"eBay\" (one word each, several separated by commas)")
                return
            }
        }
        if !any {
            error(keyword.column + keyword.width, "'spelling' needs a word; expected spelling \"WORD\"", note: "such as spelling \"eBay\"")
        }
    }

    private mutating func parseWhen(_ cursor: inout TokenCursor, at keyword: RuleToken) {
        var alternatives: [Condition] = []
        repeat {
            guard let condition = parseCondition(&cursor, after: keyword) else { return }
            alternatives.append(condition)
        } while cursor.accept(word: "or")
        if let extra = cursor.peek() {
            let hint = extra.word == "and" ? "put each condition that must also hold on a 'when' line of its own" : nil
            error(extra.column, "unexpected '\(extra.text)' after the condition; expected 'or' or the end of the line", note: hint)
            return
        }
        let line = ConditionLine(alternatives: alternatives, location: location(keyword.column))
        current?.conditions.append(line)
    }

    private mutating func parseSet(_ cursor: inout TokenCursor, at keyword: RuleToken) {
        guard let fieldToken = cursor.next() else {
            error(cursor.endColumn, "'set' needs a field; expected set FIELD = VALUE")
            return
        }
        let fields = SettableField.allCases.map(\.rawValue)
        guard let fieldName = fieldToken.word, let field = SettableField(rawValue: fieldName) else {
            let testedOnly = ["amount", "abs-amount", "date", "day", "month", "weekday", "currency", "text"]
            if let word = fieldToken.word, testedOnly.contains(word) {
                error(fieldToken.column, "'\(word)' can be tested but not set; expected one of \(fields.joined(separator: ", "))")
            } else {
                error(
                    fieldToken.column, "'\(fieldToken.text)' cannot be set; expected one of \(fields.joined(separator: ", "))",
                    note: Spelling.closest(to: fieldToken.text, in: fields).map { "did you mean '\($0)'?" })
            }
            return
        }
        let equalsToken = cursor.next()
        guard let equals = equalsToken, equals.kind == .symbol("=") else {
            let found = equalsToken.map { ", found '\($0.text)'" } ?? ""
            let note = equalsToken?.kind == .symbol("==") ? "write a single '='" : "example: set \(fieldName) = \"…\""
            error(equalsToken?.column ?? cursor.lastColumn, "expected '=' after 'set \(fieldName)'\(found)", note: note)
            return
        }
        guard let valueToken = cursor.next() else {
            error(equals.column + 1, "'set \(fieldName) =' needs a value")
            return
        }
        let written: String
        switch valueToken.kind {
        case .string(let value, _): written = value
        case .word(let word): written = word
        default:
            error(valueToken.column, "expected a value in double quotes, found '\(valueToken.text)'")
            return
        }
        var raw = written
        if field == .type, let type = PaymentType(rawValue: raw.lowercased()) { raw = type.rawValue }
        if field == .type && PaymentType(rawValue: raw) == nil {
            let types = PaymentType.allCases.map(\.rawValue)
            error(
                valueToken.column, "'\(raw)' is not a type; expected income, expense or transfer",
                note: Spelling.closest(to: raw, in: types).map { "did you mean '\($0)'?" })
            return
        }
        let action = Action(field: field, value: Self.template(raw), location: location(keyword.column))
        current?.actions.append(action)
        expectEnd(&cursor)
    }

    /// `$1`…`$9` become capture references; `$$` is a dollar sign.
    static func template(_ text: String) -> Template {
        var parts: [Template.Part] = []
        var literal = ""
        var chars = text.makeIterator()
        var pending: Character? = chars.next()
        while let c = pending {
            pending = chars.next()
            if c == "$", let d = pending {
                if let n = d.wholeNumberValue, (1...9).contains(n) {
                    if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                    parts.append(.capture(n))
                    pending = chars.next()
                    continue
                }
                if d == "$" {
                    literal.append("$")
                    pending = chars.next()
                    continue
                }
            }
            literal.append(c)
        }
        if !literal.isEmpty || parts.isEmpty { parts.append(.literal(literal)) }
        return Template(parts: parts)
    }

    private mutating func checkCaptures(_ rule: Rule) {
        let groups = rule.conditions.flatMap(\.alternatives).compactMap { condition -> Int? in
            if case .matches(_, let box) = condition.test, !condition.negated { return box.regex.captureCount }
            return nil
        }
        let negatedOnly = rule.conditions.flatMap(\.alternatives).contains {
            if case .matches = $0.test { return $0.negated } else { return false }
        }
        for action in rule.actions {
            for part in action.value.parts {
                guard case .capture(let n) = part else { continue }
                if groups.isEmpty {
                    diagnostics.append(
                        Diagnostic(
                            .error, code: "rules.capture", at: action.location,
                            "'$\(n)' in rule \"\(rule.name)\" refers to a capture group, but the rule has no 'matches' condition"
                                + (negatedOnly ? " outside 'not' (a regex that must not match captures nothing)" : ""),
                            notes: ["captures come from a condition such as: when name matches /STORE (\\d+)/"]))
                } else if n > groups.max()! {
                    diagnostics.append(
                        Diagnostic(
                            .error, code: "rules.capture", at: action.location,
                            "'$\(n)' in rule \"\(rule.name)\" refers to capture group \(n), but its regular expressions have at most \(groups.max()!)",
                            notes: ["groups are the parenthesised parts of the pattern, counted from the left"]))
                }
            }
        }
    }

    // MARK: Helpers

    func location(_ column: Int?) -> SourceLocation {
        SourceLocation(file: file, line: currentLine, column: column)
    }

    mutating func error(_ column: Int, _ message: String, note: String? = nil) {
        diagnostics.append(Diagnostic(.error, code: "rules.syntax", at: location(column), message, notes: note.map { [$0] } ?? []))
    }

    mutating func expectEnd(_ cursor: inout TokenCursor) {
        if let extra = cursor.peek() {
            error(extra.column, "unexpected '\(extra.text)'; expected the end of the line")
        }
    }

    var currentRule: Rule? { current }
}

/// Walks the tokens of a line.
struct TokenCursor {
    let tokens: [RuleToken]
    private var index = 0

    init(tokens: [RuleToken]) {
        self.tokens = tokens
    }

    mutating func advance() { index += 1 }

    func peek() -> RuleToken? { index < tokens.count ? tokens[index] : nil }

    mutating func next() -> RuleToken? {
        defer { index += 1 }
        return peek()
    }

    mutating func accept(word: String) -> Bool {
        guard peek()?.word == word else { return false }
        index += 1
        return true
    }

    /// Where a missing token should go: one space after the last token read, or just after the
    /// last token of the line (never past a trailing comment or the line's end).
    var lastColumn: Int {
        guard index > 0, index - 1 < tokens.count else { return endColumn }
        let last = tokens[index - 1]
        return min(last.column + last.width + 1, endColumn)
    }

    /// Just after the line's last token.
    var endColumn: Int {
        guard let last = tokens.last else { return 1 }
        return last.column + last.width
    }
}
