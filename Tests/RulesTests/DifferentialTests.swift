import Dispatch
import FinanceCore
import Rules
import Testing

/// The literal index is only a shortcut: `RuleEngine(set)` must give exactly what trying every
/// rule in order gives (`indexed: false`), fields and explanations alike, on random rules files
/// and transactions. A failure names the seed; the generator replays it.
struct DifferentialTests {
    struct Run: CustomTestStringConvertible, Sendable {
        var seed: UInt64
        var rules: Int
        var transactions: Int
        var testDescription: String { "seed \(seed), \(rules) rules" }
    }

    static let runs: [Run] = [
        Run(seed: 1, rules: 20, transactions: 800),
        Run(seed: 2, rules: 40, transactions: 800),
        Run(seed: 3, rules: 80, transactions: 600),
        Run(seed: 4, rules: 150, transactions: 600),
        Run(seed: 5, rules: 300, transactions: 500),
        Run(seed: 6, rules: 300, transactions: 500),
        Run(seed: 0xDEAD_BEEF, rules: 120, transactions: 400),
        Run(seed: 20_240_503, rules: 64, transactions: 400),
    ]

    @Test(arguments: runs)
    func indexedEqualsLinear(_ run: Run) throws {
        var generator = RuleSetGenerator(seed: run.seed)
        let text = generator.rulesFile(count: run.rules)
        let set = try RuleTesting.rules(text, file: "generated-\(run.seed).pfin")
        #expect(set.rules.count == run.rules)
        let indexed = RuleEngine(set), linear = RuleEngine(set, indexed: false)
        var changed = 0, mismatches = 0
        var distinct = Set<[String]>()
        for i in 0..<run.transactions {
            let activity = generator.transaction(i)
            let a = RuleTesting.outcome(indexed, activity)
            let b = RuleTesting.outcome(linear, activity)
            if a != b {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record(
                        """
                        seed \(run.seed), transaction \(i): \(activity.fieldsDescription)
                        indexed: \(a)
                        linear:  \(b)
                        """)
                }
            }
            if !b.decisions.isEmpty { changed += 1 }
            distinct.insert(b.decisions)
        }
        #expect(mismatches == 0)
        // The run means something only when rules both match and miss.
        #expect(changed >= run.transactions / 10, "rules set fields on \(changed) of \(run.transactions)")
        #expect(distinct.count >= (run.rules >= 60 ? 20 : 8), "only \(distinct.count) different explanations")
    }

    /// An engine for another thread (`sibling()`) shares the compiled tables and keeps scratch of
    /// its own: run at the same time as the engine it came from, over the same transactions, it
    /// gives the same results (regex captures, renames and rescans included).
    @Test(arguments: [UInt64(5), 0xDEAD_BEEF])
    func siblingsAgreeRunningAtOnce(_ seed: UInt64) throws {
        var generator = RuleSetGenerator(seed: seed)
        let set = try RuleTesting.rules(generator.rulesFile(count: 200), file: "generated-\(seed).pfin")
        let transactions = (0..<600).map { generator.transaction($0) }
        let first = RuleEngine(set)
        nonisolated(unsafe) let engines = [first, first.sibling()]
        nonisolated(unsafe) var results: [[PaymentActivity]] = [[], []]
        nonisolated(unsafe) var sets: [[SetFields]] = [[], []]
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            var ruled: [PaymentActivity] = [], fields: [SetFields] = []
            for _ in 0..<3 {
                for transaction in transactions {
                    var activity = transaction
                    fields.append(engines[k].apply(to: &activity).set)
                    ruled.append(activity)
                }
            }
            results[k] = ruled
            sets[k] = fields
        }
        #expect(results[0].count == 3 * transactions.count)
        #expect(results[0] == results[1])
        #expect(sets[0] == sets[1])
        // Rules did something: the comparison is not between untouched copies.
        #expect(zip(results[0], transactions).filter { $0 != $1 }.count >= transactions.count / 5)
    }

    /// The generator does what the differential test relies on: the same seed, the same output.
    @Test func theGeneratorIsDeterministic() {
        var a = RuleSetGenerator(seed: 42), b = RuleSetGenerator(seed: 42), c = RuleSetGenerator(seed: 43)
        let text = a.rulesFile(count: 30)
        #expect(text == b.rulesFile(count: 30))
        #expect(text != c.rulesFile(count: 30))
        #expect(a.transaction(0) == b.transaction(0))
    }

    /// And it covers what the index must get right.
    @Test func theGeneratorCoversTheTrickyParts() {
        var generator = RuleSetGenerator(seed: 7)
        let text = generator.rulesFile(count: 300)
        for needle in [" or ", "when not ", "set name = ", "  stop", " matches /", " between ", "text ", "raw-name ", "É", "ß", "\\\""] {
            #expect(text.contains(needle), "generated rules contain \(needle)")
        }
    }
}
