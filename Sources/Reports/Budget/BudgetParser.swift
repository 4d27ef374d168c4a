import FinanceCore

/// Reads a budget file:
///
///     file     = { line } ;                      (one statement per line)
///     line     = [ budget | target | rollover ] [ "#" comment ] ;
///     budget   = "budget" string [ "currency" code ] ;
///     target   = ( "monthly" | "yearly" ) string amount [ "in" month { "," month } ] ;
///     rollover = "rollover" string ;
///     string   = '"' { character | '\"' | '\\' } '"' ;
///     amount   = digit { digit } [ "." digit { digit } ] ;    (never negative; its units fit 64 bits at the currency's decimals)
///     code     = three letters (ISO 4217) ;
///     month    = "jan" | "feb" | … | "dec" | "january" | … ;  (any case; `in` only after `yearly`)
///
/// Keywords are in any case; indentation is free. Targets and rollovers belong to the budget
/// above them. A category is budgeted once per budget (compared ignoring case); a rollover names
/// a category the budget has a target for, above or below it.
///
/// Every problem is an error at `FILE:LINE:COLUMN` (columns count characters), with the closest
/// spelling of a misspelt keyword or month. A file with any error is not to be used: `parse`
/// returns the budgets it could read and all the errors, and the caller refuses both.
public enum BudgetParser {
    static let keywords = ["budget", "monthly", "yearly", "rollover"]
    static let monthNames = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        "january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december",
    ]

    public static func parse(_ text: String, file: String) -> (BudgetFile, [Diagnostic]) {
        var state = State(file: file)
        var number = 0
        let text = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
        // "\r\n" is one Character: split on both.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            state.line(line, number: number)
        }
        state.finishBudget()
        return (BudgetFile(budgets: state.budgets), state.errors)
    }

    struct State {
        let file: String
        var budgets: [Budget] = []
        var errors: [Diagnostic] = []
        /// The rollovers of the current budget: category and where it was said.
        var rollovers: [(String, SourceLocation)] = []
        /// Set when a `budget` line failed to lex, until the next header.
        var brokenHeader = false

        init(file: String) {
            self.file = file
        }

        mutating func line(_ text: Substring, number: Int) {
            let tokens: [BudgetToken]
            switch BudgetToken.split(text) {
            case .success(let found): tokens = found
            case .failure(let failure):
                error(failure.message, line: number, column: failure.column, note: failure.note, code: "budget.syntax")
                // A header that could not be read: its lines are not also "before any header".
                if text.drop(while: { $0 == " " || $0 == "\t" }).lowercased().hasPrefix("budget") { brokenHeader = true }
                return
            }
            guard let first = tokens.first else { return }
            guard case .word(let word) = first.kind, Self.isKeyword(word) else {
                let closest = first.word.flatMap { Spelling.closest(to: $0.lowercased(), in: BudgetParser.keywords) }
                error(
                    "expected 'budget', 'monthly', 'yearly' or 'rollover', found \(first.text)", line: number, column: first.column,
                    note: closest.map { "did you mean '\($0)'?" }, code: "budget.syntax")
                return
            }
            var rest = Tokens(tokens: Array(tokens.dropFirst()), end: first.column + first.width, line: number)
            switch word.lowercased() {
            case "budget": budget(&rest, at: first, line: number)
            case "rollover": rollover(&rest, line: number)
            default: target(&rest, yearly: word.lowercased() == "yearly", line: number)
            }
        }

        static func isKeyword(_ word: String) -> Bool { BudgetParser.keywords.contains(word.lowercased()) }

        // MARK: Statements

        mutating func budget(_ rest: inout Tokens, at keyword: BudgetToken, line: Int) {
            guard let name = string(&rest, what: "the budget's name in quotes, like budget \"Household\"") else { return }
            var currency: CurrencyCode?
            if let next = rest.next() {
                guard next.word?.lowercased() == "currency" else {
                    return unexpected(next, expected: "'currency' or the end of the line", line: line)
                }
                let codeColumn = rest.column
                guard let codeToken = rest.next(), let code = codeToken.word, code.utf8.count == 3, let parsed = CurrencyCode(code.uppercased()) else {
                    return error(
                        "expected a currency code like EUR after 'currency'", line: line, column: codeColumn, note: nil, code: "budget.currency")
                }
                currency = parsed
                if let extra = rest.next() { return unexpected(extra, expected: "the end of the line", line: line) }
            }
            finishBudget()
            brokenHeader = false
            if let earlier = budgets.first(where: { $0.name.lowercased() == name.lowercased() }) {
                error(
                    "a budget named \"\(name)\" is already defined", line: line, column: keyword.column,
                    note: "the first is on line \(earlier.source.line); give each budget its own name", code: "budget.duplicate")
            }
            budgets.append(Budget(name: name, currency: currency, lines: [], source: location(line, keyword.column)))
        }

        mutating func target(_ rest: inout Tokens, yearly: Bool, line: Int) {
            guard !budgets.isEmpty, !brokenHeader else {
                guard !brokenHeader else { return }
                return error(
                    "a budget line before any 'budget' header", line: line, column: 1,
                    note: "start the file with a header like budget \"Household\" currency EUR", code: "budget.no-header")
            }
            let categoryColumn = rest.column
            guard let category = string(&rest, what: "a category in quotes, like \"Food:Groceries\"") else { return }
            guard !category.trimmingSpaces.isEmpty else {
                return error("expected a category, found an empty string", line: line, column: categoryColumn, note: nil, code: "budget.syntax")
            }
            guard let amountToken = rest.next() else {
                return error("expected an amount like 450.00 after the category", line: line, column: rest.column, note: nil, code: "budget.amount")
            }
            var tooLarge = false
            guard let word = amountToken.word, let units = BudgetAmount(word, tooLarge: &tooLarge) else {
                if tooLarge {
                    return error(
                        "\(amountToken.text) is too large an amount", line: line, column: amountToken.column,
                        note: "amounts hold 18 digits with their decimals", code: "budget.amount")
                }
                return error(
                    "expected an amount like 450.00 (digits, '.' before the decimals), found \(amountToken.text)",
                    line: line, column: amountToken.column, note: "budgets are amounts to spend or earn, written without a sign or currency",
                    code: "budget.amount")
            }
            var months = Array(1...12)
            if let next = rest.next() {
                guard next.word?.lowercased() == "in" else {
                    return unexpected(next, expected: yearly ? "'in' or the end of the line" : "the end of the line", line: line)
                }
                guard yearly else {
                    return error(
                        "'in' only follows a yearly budget", line: line, column: next.column,
                        note: "write yearly \"\(category)\" AMOUNT in jun, dec to spread a year's amount over some months", code: "budget.syntax")
                }
                guard let listed = monthList(&rest, line: line) else { return }
                months = listed
            }
            let index = budgets.count - 1
            if let earlier = budgets[index].line(for: category) {
                return error(
                    "\"\(category)\" is budgeted twice in \"\(budgets[index].name)\"", line: line, column: categoryColumn,
                    note: "the first is on line \(earlier.source.line); a category has one budget line", code: "budget.duplicate")
            }
            // At least the currency's decimals, as every output shows it: `300` EUR is split into
            // months as 300.00 is, and reads back alike.
            var amount = Money(units: units.units, scale: units.scale, currency: budgets[index].currency)
            if amount.displayScale > amount.scale {
                guard let shown = amount.rescaled(to: amount.displayScale) else {
                    return error(
                        "\(amountToken.text) is too large an amount for \(amount.displayScale) decimals", line: line, column: amountToken.column,
                        note: "amounts hold 18 digits with their decimals", code: "budget.amount")
                }
                amount = shown
            }
            budgets[index].lines.append(
                BudgetLine(category: category, period: yearly ? .yearly(months: months) : .monthly, amount: amount, source: location(line, categoryColumn)))
        }

        mutating func rollover(_ rest: inout Tokens, line: Int) {
            guard !budgets.isEmpty, !brokenHeader else {
                guard !brokenHeader else { return }
                return error(
                    "a rollover before any 'budget' header", line: line, column: 1,
                    note: "put it under the budget whose category it carries over", code: "budget.no-header")
            }
            let column = rest.column
            guard let category = string(&rest, what: "a category in quotes, like rollover \"Food:Groceries\"") else { return }
            if let extra = rest.next() { return unexpected(extra, expected: "the end of the line", line: line) }
            rollovers.append((category, location(line, column)))
        }

        /// Applies the rollovers of the current budget, which may name lines below them.
        mutating func finishBudget() {
            defer { rollovers = [] }
            guard !budgets.isEmpty else { return }
            let index = budgets.count - 1
            for (category, source) in rollovers {
                if let at = budgets[index].lines.firstIndex(where: { $0.category.lowercased() == category.lowercased() }) {
                    budgets[index].lines[at].rollover = true
                } else {
                    errors.append(
                        Diagnostic(
                            .error, code: "budget.rollover", at: source,
                            "rollover of \"\(category)\", which \"\(budgets[index].name)\" has no budget line for",
                            notes: ["add a monthly or yearly line for \"\(category)\", or check its spelling"]))
                }
            }
        }

        // MARK: Pieces

        mutating func string(_ rest: inout Tokens, what: String) -> String? {
            guard let token = rest.next() else {
                error("expected \(what)", line: rest.line, column: rest.column, note: nil, code: "budget.syntax")
                return nil
            }
            guard case .string(let value) = token.kind else {
                error("expected \(what), found \(token.text)", line: rest.line, column: token.column, note: nil, code: "budget.syntax")
                return nil
            }
            return value
        }

        mutating func monthList(_ rest: inout Tokens, line: Int) -> [Int]? {
            var months: [Int] = []
            while true {
                guard let token = rest.next() else {
                    error("expected a month like jun after 'in'", line: line, column: rest.column, note: nil, code: "budget.month")
                    return nil
                }
                guard let word = token.word, let month = BudgetParser.month(word) else {
                    let closest = token.word.flatMap { Spelling.closest(to: $0.lowercased(), in: BudgetParser.monthNames) }
                    error(
                        "expected a month (jan … dec), found \(token.text)", line: line, column: token.column,
                        note: closest.map { "did you mean '\($0)'?" }, code: "budget.month")
                    return nil
                }
                guard !months.contains(month) else {
                    error("\(word) is listed twice", line: line, column: token.column, note: nil, code: "budget.month")
                    return nil
                }
                months.append(month)
                guard let next = rest.next() else { break }
                guard case .comma = next.kind else {
                    unexpected(next, expected: "',' and another month, or the end of the line", line: line)
                    return nil
                }
            }
            return months.sorted()
        }

        mutating func unexpected(_ token: BudgetToken, expected: String, line: Int) {
            error("expected \(expected), found \(token.text)", line: line, column: token.column, note: nil, code: "budget.syntax")
        }

        func location(_ line: Int, _ column: Int) -> SourceLocation { SourceLocation(file: file, line: line, column: column) }

        mutating func error(_ message: String, line: Int, column: Int, note: String?, code: String) {
            errors.append(Diagnostic(.error, code: code, at: location(line, column), message, notes: note.map { [$0] } ?? []))
        }
    }

    /// 1…12 for a month's three-letter or full English name, in any case.
    static func month(_ word: String) -> Int? {
        guard let index = monthNames.firstIndex(of: word.lowercased()) else { return nil }
        return index < 12 ? index + 1 : [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12][index - 12]
    }

    /// The tokens of a line after its keyword, and where the line ends (for "expected … here").
    struct Tokens {
        var tokens: [BudgetToken]
        var end: Int
        let line: Int
        var position = 0

        init(tokens: [BudgetToken], end: Int, line: Int) {
            self.tokens = tokens
            self.end = end
            self.line = line
        }

        /// The column of the next token, or just past the last one.
        var column: Int { position < tokens.count ? tokens[position].column : (tokens.last.map { $0.column + $0.width } ?? end) }

        mutating func next() -> BudgetToken? {
            guard position < tokens.count else { return nil }
            defer { position += 1 }
            return tokens[position]
        }
    }
}

/// A budget amount: digits with an optional `.` and decimals, its units within `Int64` (and at
/// most 18 decimals). `tooLarge` is set when the digits are right but the value does not fit.
struct BudgetAmount {
    var units: Int64
    var scale: UInt8

    init?(_ text: String, tooLarge: inout Bool) {
        var units: Int64 = 0, digits = 0, scale: UInt8 = 0, seenPoint = false, overflow = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
                continue
            }
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            let (shifted, o1) = units.multipliedReportingOverflow(by: 10)
            let (added, o2) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            if o1 || o2 { overflow = true }
            units = added
            digits += 1
            if seenPoint { scale &+= 1 }
        }
        guard digits > 0, !(seenPoint && scale == 0), text.utf8.first != UInt8(ascii: ".") else { return nil }
        guard !overflow, scale <= Money.maximumScale else {
            tooLarge = true
            return nil
        }
        self.units = units
        self.scale = scale
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        var s = self[...]
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
