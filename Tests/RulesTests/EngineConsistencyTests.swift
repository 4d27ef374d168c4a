import FinanceCore
import TestSupport
import Testing

@testable import Rules

/// The engine's shortcuts against the plain meaning they stand for: folded fields against folding
/// the field's text, a regex lowered to literals against the regex, and `apply` (which skips rules
/// that could change nothing) against a traced run of the reference engine.
struct EngineConsistencyTests {
    /// Every field, folded in place (name, memo and address share one buffer), is the field's text
    /// folded as the regex engine folds it, also after a rule changes a field.
    @Test(arguments: [UInt64(1), 2, 3])
    func foldedFieldsAreTheFieldsFolded(_ seed: UInt64) {
        var generator = RuleSetGenerator(seed: seed)
        var random = SeededRandom(seed: seed)
        let fields = FoldedFields()
        for i in 0..<400 {
            var activity = generator.transaction(i)
            if random.chance(0.2) { activity.name = "" }
            if random.chance(0.1) { activity.memo = "" }
            withUnsafeMutablePointer(to: &activity) { a in
                fields.reset()
                for field in TextField.allCases.shuffled(using: &random) { check(fields, field, a) }
                // A rule renames it: the folded text follows, and the old name stays as the raw
                // name (as `RuleEngine` keeps it).
                let renamed = random.pick(RuleSetGenerator.words + ["", "ΣΊΣΥΦΟΣ", "Kelvin K", "ſtraße"])
                if a.pointee.rawName == nil, renamed != a.pointee.name { a.pointee.rawName = a.pointee.name }
                a.pointee.name = renamed
                fields.invalidate(.name)
                a.pointee.category = random.pick(RuleSetGenerator.categories)
                fields.invalidate(.category)
                for field in TextField.allCases.shuffled(using: &random) { check(fields, field, a) }
            }
        }
    }

    private func check(_ fields: FoldedFields, _ field: TextField, _ a: UnsafeMutablePointer<PaymentActivity>) {
        let folded = fields.withBytes(field, of: a) { Array($0) }
        let expected = RuleRegex.folded(TransactionText.value(field, of: a.pointee))
        #expect(folded == expected, "\(field) of \(a.pointee.fieldsDescription)")
    }

    /// Patterns that are only literals, groups, alternations and anchors, tested as literals: the
    /// same answer as the regex on texts that contain their branches (in other cases), parts of them,
    /// and nothing like them.
    @Test(arguments: [
        "amzn", "(uber|lyft)", "m(ü|ue)ller", "foods$", "^sq \\*", "é", "οδοσ", "(star)(bucks)", "^acme$",
        "(maple|uptown) bakery store", "^(a|b)(c|d)x$", "(^tst\\*|sq \\*)coffee", "K", "ſt", "a$|^b", "(?:x|y)z",
        "\\.\\$\\(", "a$b|c",
    ])
    func loweredRegexesAgreeWithTheMatcher(_ pattern: String) throws {
        let regex = try RuleRegex(pattern)
        let lowered = try #require(LoweredRegex(regex), "\(pattern) should be lowered")
        #expect(lowered.maxTextLength > 10_000)
        var random = SeededRandom(seed: UInt64(pattern.utf8.count))
        let pieces = [
            "amzn", "AMZN", "uber", "Lyft", "müller", "MUELLER", "foods", "FOODS", "sq *", "SQ *", "É", "ΟΔΟΣ",
            "οδος", "starbucks", "acme", "ACME", "MAPLE BAKERY STORE", "uptown bakery", "ac", "ADX", "bc",
            "tst*coffee", "SQ *COFFEE", "k", "K", "st", "ST", "a", "b", "xz", "Yz", ".$(", "c", " ", "\n", "-",
        ]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...3, using: &random)).map { _ in random.pick(pieces) }.joined()
            #expect(decide(lowered, RuleRegex.folded(text)) == regex.matches(text), "\(pattern) on \(text.debugDescription)")
        }
    }

    /// Patterns that are more than literals are left to the matcher.
    @Test(arguments: ["\\d+", "caf[eé]", "a.c", "st\\b", "acme( corp)?", "x+", "^$", "a{2}", "a^b"])
    func otherRegexesAreNotLowered(_ pattern: String) throws {
        #expect(LoweredRegex(try RuleRegex(pattern)) == nil)
    }

    private func decide(_ lowered: LoweredRegex, _ text: [UInt8]) -> Bool {
        lowered.branches.contains { branch in
            let l = branch.literal
            switch branch.op {
            case .contains: return l.count <= text.count && (0...(text.count - l.count)).contains { Array(text[$0..<($0 + l.count)]) == l }
            case .startsWith: return text.starts(with: l)
            case .endsWith: return text.count >= l.count && Array(text.suffix(l.count)) == l
            case .is: return text == l
            }
        }
    }

    /// `apply` leaves untried the rules that could only set fields already set; the transaction must
    /// come out exactly as the reference engine's traced run leaves it.
    @Test(arguments: [UInt64(11), 12, 13, 14])
    func applyEqualsTheReference(_ seed: UInt64) throws {
        var generator = RuleSetGenerator(seed: seed)
        let set = try RuleTesting.rules(generator.rulesFile(count: 150), file: "generated-\(seed).pfin")
        let engine = RuleEngine(set), reference = RuleEngine(set, indexed: false)
        for i in 0..<500 {
            var applied = generator.transaction(i)
            var traced = applied
            let outcome = engine.apply(to: &applied)
            let trace = reference.trace(&traced)
            #expect(applied == traced, "transaction \(i)")
            #expect(outcome.gaveUp == trace.gaveUp)
        }
    }
}
