import FinanceCore
import Rules
import Testing

/// Everything that needs a working `matches`: capture groups in `set` values (`$1`…`$9`), regex
/// conditions through both engines, and the errors that depend on the pattern (`$N` beyond its
/// groups, invalid patterns with the column inside the regex).
struct RuleCaptureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var rules: String
        var activity: PaymentActivity
        var change: @Sendable (inout PaymentActivity) -> Void
        var testDescription: String { name }
    }

    static let square = RuleTesting.transaction(name: "SQ *BLUE BOTTLE", memo: "Store 0425 ref 77", amount: "-4.50")

    static let cases: [Case] = [
        Case(
            name: "$1 keeps the text's case",
            rules: """
                rule "square"
                  when name matches /^sq \\*(.+)$/
                  set name = "$1"
                """, activity: square, change: { $0.name = "BLUE BOTTLE" }),
        Case(
            name: "two groups, reordered, with literal text",
            rules: """
                rule "store"
                  when memo matches /(store) (\\d+)/
                  set memo = "#$2 at $1"
                """, activity: square, change: { $0.memo = "#0425 at Store" }),
        Case(
            name: "$9",
            rules: """
                rule "nine"
                  when memo matches /(s)(t)(o)(r)(e) (0)(4)(2)(5)/
                  set memo = "$9$8$7$6-$5$4$3$2$1"
                """, activity: square, change: { $0.memo = "5240-erotS" }),
        Case(
            name: "a group that takes no part is empty",
            rules: """
                rule "payroll"
                  when name matches /acme( corp)? payroll/
                  set memo = "[$1]"
                """, activity: RuleTesting.transaction(name: "ACME PAYROLL"), change: { $0.memo = "[]" }),
        Case(
            name: "$$ before a capture",
            rules: """
                rule "price"
                  when memo matches /ref (\\d+)/
                  set memo = "$$$1"
                """, activity: square, change: { $0.memo = "$77" }),
        Case(
            name: "a capture in several fields",
            rules: """
                rule "store"
                  when memo matches /store (\\d+)/
                  set account = "Store $1"
                  set category = "Shops:$1"
                """, activity: square,
            change: {
                $0.account = "Store 0425"; $0.category = "Shops:0425"
            }),
        Case(
            name: "captures come from the first when line's regex",
            rules: """
                rule "first"
                  when name matches /^sq \\*(\\w+)/
                  when memo matches /ref (\\d+)/
                  set memo = "$1"
                """, activity: square, change: { $0.memo = "BLUE" }),
        Case(
            name: "captures of the regex alternative that matched",
            rules: """
                rule "or"
                  when name matches /(walmart)/ or name matches /(bottle)/
                  set memo = "$1"
                """, activity: square, change: { $0.memo = "BOTTLE" }),
        Case(
            name: "matching ignores case, capturing keeps it",
            rules: """
                rule "acme"
                  when name matches /ACME (corp)/
                  set memo = "$1"
                """, activity: RuleTesting.transaction(name: "Acme Corp"), change: { $0.memo = "Corp" }),
        Case(
            name: "non-ASCII captured",
            rules: """
                rule "müller"
                  when name matches /^(müller) (\\w+)/
                  set name = "$1 $2"
                """, activity: RuleTesting.transaction(name: "MÜLLER DROGERIE 0815"), change: { $0.name = "MÜLLER DROGERIE" }),
        Case(
            name: "a later rule sees the captured name",
            rules: """
                rule "square"
                  when name matches /^sq \\*(.+)$/
                  set name = "$1"
                rule "coffee"
                  when name is "blue bottle"
                  set category = "Food:Coffee"
                """, activity: square,
            change: {
                $0.name = "BLUE BOTTLE"; $0.category = "Food:Coffee"
            }),
        Case(
            name: "a regex on text spans the fields",
            rules: """
                rule "text"
                  when text matches /bottle\\nstore/
                  set category = "spans"
                """, activity: square, change: { $0.category = "spans" }),
        Case(
            name: "a regex that does not match sets nothing",
            rules: """
                rule "none"
                  when name matches /^walmart (\\d+)/
                  set name = "$1"
                """, activity: square, change: { _ in }),
        Case(
            name: "not matches holds when the regex does not match",
            rules: """
                rule "none"
                  when not name matches /walmart/
                  set category = "not walmart"
                """, activity: square, change: { $0.category = "not walmart" }),
    ]

    @Test(arguments: cases)
    func captures(_ c: Case) throws {
        let outcome = try RuleTesting.run(c.rules, on: c.activity)
        var expected = c.activity
        c.change(&expected)
        // A renamed payee keeps the bank's text as its raw name.
        if expected.name != c.activity.name, c.activity.rawName == nil { expected.rawName = c.activity.name }
        #expect(outcome.activity == expected)
    }

    struct FoldCase: CustomTestStringConvertible, Sendable {
        var pattern: String
        var name: String
        var testDescription: String { "/\(pattern)/ on \(name)" }
    }

    /// The regex folds case its own way (simple case folding); the literal index must not skip a
    /// rule whose regex matches because the transaction was folded differently.
    static let foldCases: [FoldCase] = [
        FoldCase(pattern: "οδοσ", name: "ΟΔΟΣ"),
        FoldCase(pattern: "οδοσ", name: "οδος"),
        FoldCase(pattern: "μg", name: "5 µG"),
        FoldCase(pattern: "straße", name: "HAUPTSTRAẞE"),
        FoldCase(pattern: "café", name: "CAFÉ"),
        FoldCase(pattern: "kelvin", name: "\u{212A}ELVIN"),
        FoldCase(pattern: "ss", name: "\u{17F}\u{17F}"),
    ]

    @Test(arguments: foldCases)
    func theIndexFindsWhatTheRegexMatches(_ c: FoldCase) throws {
        let rules = "rule \"fold\"\n  when name matches /\(c.pattern)/\n  set category = \"hit\"\n"
        let outcome = try RuleTesting.run(rules, on: RuleTesting.transaction(name: c.name))
        #expect(outcome.activity.category == "hit")
    }

    // MARK: Errors that depend on the pattern

    static let errorCases = GoldenFile.names(in: "regex-errors", suffix: ".pfin")

    /// `Golden/regex-errors/NAME.pfin` must print exactly `NAME.expected`.
    @Test(arguments: errorCases)
    func regexErrorMessage(_ name: String) throws {
        let text = try #require(GoldenFile.read("regex-errors/\(name).pfin"))
        let diagnostics = RuleTesting.errors(text, file: "\(name).pfin")
        #expect(!diagnostics.isEmpty)
        GoldenFile.check(RuleTesting.rendered(diagnostics), "regex-errors/\(name).expected")
    }

    @Test func theRegexErrorCasesAreThere() {
        #expect(Self.errorCases.count >= 6)
        #expect(GoldenFile.names(in: "regex-errors", suffix: ".expected") == Self.errorCases)
    }

    struct ColumnCase: CustomTestStringConvertible, Sendable {
        var name: String
        var line: String
        /// The character the error must point at, marked by its 1-based column in `line`.
        var column: Int
        var testDescription: String { name }
    }

    /// The column of an invalid pattern's error is the offending character's, counted in the line
    /// as written (escaped slashes and non-ASCII letters included).
    static let columns: [ColumnCase] = [
        ColumnCase(name: "unmatched ')'", line: "  when name matches /ab)/", column: 24),
        ColumnCase(name: "after an escaped slash", line: "  when name matches /a\\/b)/", column: 26),
        ColumnCase(name: "after two escaped slashes", line: "  when name matches /\\/\\/)/", column: 26),
        ColumnCase(name: "after non-ASCII", line: "  when name matches /café)/", column: 26),
        ColumnCase(name: "nothing to repeat", line: "  when memo matches /*x/", column: 22),
        ColumnCase(name: "second alternative of the line", line: "  when name contains \"x\" or memo matches /a)/", column: 44),
    ]

    @Test(arguments: columns)
    func invalidRegexColumn(_ c: ColumnCase) throws {
        let diagnostics = RuleTesting.errors("rule \"r\"\n\(c.line)\n  set category = \"x\"\n")
        let first = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(first.message.hasPrefix("invalid regular expression: "))
        #expect(first.location.line == 2)
        #expect(first.location.column == c.column, "points at '\(Array(c.line)[c.column - 1])'")
    }
}
