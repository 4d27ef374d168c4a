import FinanceCore

extension LineParser {
    /// All field names a condition may test, for suggestions.
    static let conditionFields =
        TextField.allCases.map(\.rawValue) + AmountField.allCases.map(\.rawValue)
        + NumberField.allCases.map(\.rawValue) + ["date"]

    mutating func parseCondition(_ cursor: inout TokenCursor, after keyword: RuleToken) -> Condition? {
        guard var fieldToken = cursor.next() else {
            error(cursor.lastColumn, "expected a condition: FIELD OPERATOR VALUE", note: "example: when name contains \"coffee\"")
            return nil
        }
        var negated = false
        if fieldToken.word == "not" {
            negated = true
            guard let next = cursor.next() else {
                error(cursor.lastColumn, "expected a condition after 'not'")
                return nil
            }
            fieldToken = next
        }
        let at = location(fieldToken.column)
        let name = fieldToken.word ?? fieldToken.text
        let test: Condition.Test?
        if let field = TextField(rawValue: name) {
            test = parseTextTest(field, &cursor, fieldToken)
        } else if let field = AmountField(rawValue: name) {
            test = parseAmountTest(field, &cursor, fieldToken)
        } else if let field = NumberField(rawValue: name) {
            test = parseNumberTest(field, &cursor, fieldToken)
        } else if name == "date" {
            test = parseDateTest(&cursor, fieldToken)
        } else {
            let hint = Spelling.closest(to: name, in: Self.conditionFields).map { "did you mean '\($0)'? " } ?? ""
            error(
                fieldToken.column, "unknown field '\(name)'; expected a field to test",
                note: hint + "fields: " + Self.conditionFields.joined(separator: ", "))
            return nil
        }
        return test.map { Condition(negated: negated, test: $0, location: at) }
    }

    // MARK: Text

    private mutating func parseTextTest(_ field: TextField, _ cursor: inout TokenCursor, _ fieldToken: RuleToken) -> Condition.Test? {
        let operators = TextOperator.allCases.map(\.rawValue) + ["matches"]
        guard let op = cursor.next() else {
            error(cursor.lastColumn, "'\(field.rawValue)' needs an operator; expected \(Self.list(operators))")
            return nil
        }
        if case .symbol(let symbol) = op.kind {
            error(
                op.column, "'\(symbol)' compares numbers and dates; '\(field.rawValue)' is text, expected \(Self.list(operators))",
                note: symbol == "=" || symbol == "==" ? "did you mean 'is'?" : nil)
            return nil
        }
        let word = op.word ?? op.text
        if word == "matches" {
            guard let value = cursor.next() else {
                error(cursor.lastColumn, "'matches' needs a regular expression; expected /PATTERN/")
                return nil
            }
            guard case .regex(let pattern, let raw) = value.kind else {
                error(
                    value.column, "expected a regular expression in slashes after 'matches', found '\(value.text)'",
                    note: "write it as /PATTERN/, or use 'contains' for plain text")
                return nil
            }
            do throws(RegexSyntaxError) {
                return .matches(field, RuleRegexBox(try RuleRegex(pattern)))
            } catch {
                self.error(
                    value.column + 1 + Self.sourceOffset(error.offset, in: raw), "invalid regular expression: \(error.message)",
                    note: error.note)
                return nil
            }
        }
        guard let textOperator = TextOperator(rawValue: word) else {
            let synonyms = [
                "equals": "is", "eq": "is", "equal": "is", "starts": "starts-with", "startswith": "starts-with",
                "begins-with": "starts-with", "ends": "ends-with", "endswith": "ends-with", "has": "contains",
                "includes": "contains", "match": "matches", "like": "contains",
            ]
            let hint = (synonyms[word.lowercased()] ?? Spelling.closest(to: word, in: operators)).map { "did you mean '\($0)'?" }
            error(op.column, "unknown operator '\(word)' for '\(field.rawValue)'; expected \(Self.list(operators))", note: hint)
            return nil
        }
        guard let value = cursor.next() else {
            error(cursor.lastColumn, "'\(field.rawValue) \(word)' needs a value in double quotes")
            return nil
        }
        switch value.kind {
        case .string(let text, _): return .text(field, textOperator, text)
        case .word(let text): return .text(field, textOperator, text)
        case .regex:
            error(value.column, "a regular expression needs 'matches', not '\(word)'", note: "write: \(field.rawValue) matches \(value.text)")
        case .symbol:
            error(value.column, "expected a value in double quotes, found '\(value.text)'")
        }
        return nil
    }

    // MARK: Numbers and dates

    private mutating func comparison(_ cursor: inout TokenCursor, _ fieldToken: RuleToken, field: String) -> (Comparison?, between: Bool)? {
        let symbols = Comparison.allCases.map(\.rawValue) + ["between"]
        guard let op = cursor.next() else {
            error(cursor.lastColumn, "'\(field)' needs an operator; expected \(Self.list(symbols))")
            return nil
        }
        switch op.kind {
        case .symbol(let symbol):
            if symbol == "==" { return (.equal, false) }
            if let comparison = Comparison(rawValue: symbol) { return (comparison, false) }
            error(op.column, "unknown operator '\(symbol)'; expected \(Self.list(symbols))")
        case .word("between"):
            return (nil, true)
        case .word(let word):
            let textHint =
                TextOperator(rawValue: word) != nil || word == "matches"
                ? "'\(word)' tests text; '\(field)' is compared with = != < <= > >= or between" : nil
            error(
                op.column, "unknown operator '\(word)' for '\(field)'; expected \(Self.list(symbols))",
                note: textHint ?? Spelling.closest(to: word, in: symbols).map { "did you mean '\($0)'?" })
        default:
            error(op.column, "expected an operator (\(Self.list(symbols))), found '\(op.text)'")
        }
        return nil
    }

    /// Reads `VALUE` or `VALUE and VALUE` with `read`, reporting what was expected.
    private mutating func values<T>(
        _ between: Bool, _ cursor: inout TokenCursor, field: String, expected: String,
        _ read: (RuleToken) -> T?
    ) -> (T, T?)? {
        guard let first = cursor.next() else {
            error(cursor.lastColumn, "'\(field)' needs a value; expected \(expected)")
            return nil
        }
        guard let low = read(first) else {
            error(first.column, "expected \(expected), found '\(first.text)'", note: Self.numberHint(first.text))
            return nil
        }
        guard between else { return (low, nil) }
        guard cursor.accept(word: "and") else {
            let found = cursor.peek().map { ", found '\($0.text)'" } ?? ""
            error(cursor.peek()?.column ?? cursor.lastColumn, "expected 'and' in 'between A and B'\(found)")
            return nil
        }
        guard let second = cursor.next() else {
            error(cursor.lastColumn, "'between' needs two values; expected \(expected) after 'and'")
            return nil
        }
        guard let high = read(second) else {
            error(second.column, "expected \(expected), found '\(second.text)'", note: Self.numberHint(second.text))
            return nil
        }
        return (low, high)
    }

    private mutating func parseAmountTest(_ field: AmountField, _ cursor: inout TokenCursor, _ fieldToken: RuleToken) -> Condition.Test? {
        guard let (op, between) = comparison(&cursor, fieldToken, field: field.rawValue) else { return nil }
        guard
            let (low, high) = values(
                between, &cursor, field: field.rawValue, expected: "a number such as -12.50",
                { $0.word.flatMap(Self.decimal) })
        else { return nil }
        if let high { return .amountBetween(field, low, high) }
        return .amount(field, op!, low)
    }

    private mutating func parseNumberTest(_ field: NumberField, _ cursor: inout TokenCursor, _ fieldToken: RuleToken) -> Condition.Test? {
        guard let (op, between) = comparison(&cursor, fieldToken, field: field.rawValue) else { return nil }
        let expected: String
        switch field {
        case .day: expected = "a day of the month, 1 to 31"
        case .month: expected = "a month, 1 to 12 or jan to dec"
        case .weekday: expected = "a weekday, mon to sun"
        }
        guard
            let (low, high) = values(
                between, &cursor, field: field.rawValue, expected: expected,
                { Self.small($0.word, field) })
        else { return nil }
        if let high { return .numberBetween(field, low, high) }
        return .number(field, op!, low)
    }

    private mutating func parseDateTest(_ cursor: inout TokenCursor, _ fieldToken: RuleToken) -> Condition.Test? {
        guard let (op, between) = comparison(&cursor, fieldToken, field: "date") else { return nil }
        guard
            let (low, high) = values(
                between, &cursor, field: "date", expected: "a date such as 2024-05-03",
                { $0.word.flatMap { LocalDate(iso: $0) } })
        else { return nil }
        if let high { return .dateBetween(low, high) }
        return .date(op!, low)
    }

    // MARK: Values

    /// `-12.50`, `100`, `+3.5`: exact.
    static func decimal(_ text: String) -> Money? {
        var units: Int64 = 0
        var scale: UInt8 = 0
        var negative = false
        var sawDigit = false, inFraction = false
        for (i, c) in text.enumerated() {
            if i == 0 && (c == "-" || c == "+") { negative = c == "-"; continue }
            if c == "." && !inFraction { inFraction = true; continue }
            guard let digit = c.wholeNumberValue, c.isASCII else { return nil }
            let (shifted, overflow1) = units.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = shifted.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2, scale < 18 else { return nil }
            units = added
            sawDigit = true
            if inFraction { scale += 1 }
        }
        guard sawDigit else { return nil }
        return Money(units: negative ? -units : units, scale: scale)
    }

    /// A day, month or weekday, as a number or a name.
    static func small(_ word: String?, _ field: NumberField) -> Int? {
        guard let word = word?.lowercased() else { return nil }
        let range: ClosedRange<Int>
        switch field {
        case .day: range = 1...31
        case .month:
            range = 1...12
            let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
            if let index = months.firstIndex(where: { word.hasPrefix($0) && word.count >= 3 }) { return index + 1 }
        case .weekday:
            range = 1...7
            let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            if let index = days.firstIndex(where: { word.hasPrefix($0) && word.count >= 3 }) { return index + 1 }
        }
        guard let n = Int(word), range.contains(n) else { return nil }
        return n
    }

    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// The offset in the regex as written (`\/` is two characters there) of `offset` in the
    /// pattern the regex engine saw (where `\/` was one).
    static func sourceOffset(_ offset: Int, in raw: String) -> Int {
        let chars = Array(raw)
        var source = 0
        var pattern = 0
        while pattern < offset, source < chars.count {
            guard chars[source] == "\\", source + 1 < chars.count else {
                source += 1
                pattern += 1
                continue
            }
            let taken = chars[source + 1] == "/" ? 1 : 2
            if pattern + taken > offset { break }
            source += 2
            pattern += taken
        }
        return source + (offset - pattern)
    }

    /// How to write a number that did not read as one.
    static func numberHint(_ text: String) -> String? {
        if text.contains(",") { return "write decimals with a '.' and no thousands separators: 1234.50" }
        if let first = text.first, "$€£¥".contains(first) { return "leave out the currency sign" }
        return nil
    }
}
