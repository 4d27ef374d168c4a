import FinanceCore
import Rules
import Testing

/// Shared vocabulary of the rules tests: transactions built from plain values, rules parsed with
/// their diagnostics shown on failure, and both engines run side by side.
enum RuleTesting {
    struct ParseFailed: Error, CustomStringConvertible {
        var rendered: String
        var description: String { rendered }
    }

    /// A transaction with every field a rule can read; amounts and dates are written as text.
    static func transaction(
        name: String = "", memo: String? = nil, address: String? = nil, account: String? = nil,
        category: String? = nil, amount: String = "-10.00", currency: String? = nil,
        type: PaymentType? = nil, date: String = "2024-05-03"
    ) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: 1), account: account, date: day(date), name: name, address: address,
            amount: money(amount, currency: currency), memo: memo, type: type, category: category,
            source: SourceLocation(file: "statement.csv", line: 2))
    }

    /// `-12.50` as exact money (test input only: a malformed literal is a mistake in the test).
    static func money(_ text: String, currency: String? = nil) -> Money {
        var units: Int64 = 0
        var scale: UInt8 = 0
        var fraction = false
        for c in text where c != "-" && c != "+" {
            if c == "." { fraction = true; continue }
            units = units * 10 + Int64(c.wholeNumberValue ?? 0)
            if fraction { scale += 1 }
        }
        return Money(units: text.hasPrefix("-") ? -units : units, scale: scale, currency: currency.flatMap { CurrencyCode($0) })
    }

    static func day(_ iso: String) -> LocalDate {
        LocalDate(iso: iso) ?? LocalDate(year: 1900, month: 1, day: 1)!
    }

    /// `"…"` with the escapes the rules lexer understands.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out + "\""
    }

    /// Diagnostics exactly as `pfin` prints them (`DiagnosticPrinter`: each `description`, then a newline).
    static func rendered(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { $0.description + "\n" }.joined()
    }

    /// Parses rules that the test expects to be valid; a failure is recorded with the diagnostics.
    static func rules(
        _ text: String, file: String = "test.pfin",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> RuleSet {
        switch RulesParser.parse(text, file: file) {
        case .success(let set): return set
        case .failure(let errors):
            let failure = ParseFailed(rendered: rendered(errors.diagnostics))
            Issue.record("rules did not parse:\n\(failure.rendered)", sourceLocation: sourceLocation)
            throw failure
        }
    }

    /// The diagnostics of rules that the test expects to be invalid.
    static func errors(
        _ text: String, file: String = "test.pfin",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> [Diagnostic] {
        switch RulesParser.parse(text, file: file) {
        case .success:
            Issue.record("rules parsed, but errors were expected", sourceLocation: sourceLocation)
            return []
        case .failure(let errors): return errors.diagnostics
        }
    }

    /// What the rules leave of `activity`, and who set what.
    struct Outcome: Equatable, CustomStringConvertible {
        var activity: PaymentActivity
        /// `field=value by #rule`, in the order the fields were set.
        var decisions: [String]

        var description: String { "\(activity.fieldsDescription) decisions: \(decisions)" }
    }

    /// Runs `set` on `activity` with the literal index and without it, checks that the two agree
    /// (and that `apply` agrees with `explain`), and returns the outcome.
    static func run(
        _ set: RuleSet, on activity: PaymentActivity,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Outcome {
        let indexed = outcome(RuleEngine(set), activity)
        let linear = outcome(RuleEngine(set, indexed: false), activity)
        #expect(indexed == linear, "the indexed engine disagrees with trying every rule", sourceLocation: sourceLocation)
        var applied = activity
        RuleEngine(set).apply(to: &applied)
        #expect(applied == indexed.activity, "apply(to:) disagrees with explain", sourceLocation: sourceLocation)
        return linear
    }

    /// Parses `text` and runs it on `activity`.
    static func run(
        _ text: String, on activity: PaymentActivity,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> Outcome {
        run(try rules(text, sourceLocation: sourceLocation), on: activity, sourceLocation: sourceLocation)
    }

    static func outcome(_ engine: RuleEngine, _ activity: PaymentActivity) -> Outcome {
        var result = activity
        let decisions = engine.explain(&result)
        return Outcome(activity: result, decisions: decisions.map(describe))
    }

    static func describe(_ decision: RuleDecision) -> String {
        "\(decision.field.rawValue)=\(decision.value) by #\(decision.rule)"
    }

    /// A one-rule file: `when` lines as given, then `set type = transfer` (a type no amount implies,
    /// so a match always shows).
    static func probe(_ whenLines: [String]) -> String {
        "rule \"probe\"\n" + whenLines.map { "  when \($0)\n" }.joined() + "  set type = transfer\n"
    }

    /// Whether the one-rule file of `whenLines` matches `activity`; also checks that nothing but
    /// the type changed.
    static func matches(
        _ whenLines: [String], _ activity: PaymentActivity,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> Bool {
        let outcome = try run(probe(whenLines), on: activity, sourceLocation: sourceLocation)
        var expected = activity
        let matched = outcome.decisions == ["type=transfer by #0"]
        #expect(matched || outcome.decisions.isEmpty, "unexpected decisions \(outcome.decisions)", sourceLocation: sourceLocation)
        if matched { expected.type = .transfer }
        #expect(outcome.activity == expected, "a matching probe changes the type and nothing else", sourceLocation: sourceLocation)
        return matched
    }
}

extension PaymentActivity {
    /// The fields rules read and write, for failure messages.
    var fieldsDescription: String {
        "name=\(name.debugDescription) memo=\(memo.map(\.debugDescription) ?? "nil") address=\(address.map(\.debugDescription) ?? "nil") "
            + "account=\(account.map(\.debugDescription) ?? "nil") category=\(category.map(\.debugDescription) ?? "nil") "
            + "type=\(type.rawValue) amount=\(amount) date=\(date)"
    }
}

extension String {
    /// Two digits, zero-padded: `05`.
    init(format2 n: Int) { self = n < 10 ? "0\(n)" : "\(n)" }
}
