import FinanceCore
import Rules
import StatementFormats
import StatementPipeline
import Testing

/// The rules stage between a reader and a sink: rules applied on the way, their warnings reported
/// to the sink before the activity they concern, what the rules set handed on, the rest untouched.
@Suite struct RulesStageTests {
    /// Keeps everything, with the outcome of each activity.
    struct Recorder: RuledActivitySink {
        var events: [String] = []
        var outcomes: [RuleOutcome] = []

        mutating func accept(_ activity: PaymentActivity) throws { events.append("plain \(activity.name)") }
        mutating func accept(_ activity: PaymentActivity, ruled outcome: RuleOutcome) throws {
            events.append("activity \(activity.name) \(activity.category ?? "-")")
            outcomes.append(outcome)
        }
        mutating func report(_ diagnostic: Diagnostic) throws { events.append("\(diagnostic.code) at \(diagnostic.location.line)") }
        mutating func statement(_ info: StatementInfo) throws { events.append("statement") }
        mutating func skipped(_ lines: SkippedLines) throws { events.append("skipped \(lines.reason.rawValue) \(lines.location.line)") }
    }

    static let rules = """
        rule "Slow"
          when name matches /(a+)+$/
          set category = "Slow"
        rule "Coffee"
          when name contains "coffee"
          set category = "Food:Coffee"
          set type = income
        """

    static func engine() throws -> RuleEngine {
        RuleEngine(try RulesParser.parse(rules, file: "r.pfin").get())
    }

    static let csv = """
        Export of account 1234
        Date,Description,Amount
        2024-05-01,Coffee Shop,-3.50
        2024-05-02,\(String(repeating: "a", count: 40))b,-8.00
        Total,,-11.50

        """

    @Test func rulesApplyAndTheirWarningsComeBeforeTheActivityTheyConcern() throws {
        var stage = RulesStage(try Self.engine(), into: Recorder())
        try CSVStatementReader().read(ByteInput(bytes: Array(Self.csv.utf8), displayName: "t.csv"), options: ReadOptions(), into: &stage)
        #expect(
            stage.base.events == [
                "skipped preamble 1", "skipped header 2",
                "rules.type-contradicts-category at 3", "activity Coffee Shop Food:Coffee",
                "rules.regex-gave-up at 4", "activity \(String(repeating: "a", count: 40))b -",
                "skipped footer 5", "statement",
            ])
        #expect(stage.base.outcomes.map(\.set) == [SetFields(.category).union(SetFields(.type)), []])
        #expect(stage.base.outcomes.map(\.gaveUp) == [[], [0]])
    }

    @Test func withoutRulesActivitiesPassAsTheyAre() throws {
        var stage = RulesStage(nil, into: Recorder())
        try CSVStatementReader().read(ByteInput(bytes: Array(Self.csv.utf8), displayName: "t.csv"), options: ReadOptions(), into: &stage)
        #expect(stage.base.events.filter { $0.hasPrefix("activity") } == ["activity Coffee Shop -", "activity \(String(repeating: "a", count: 40))b -"])
        #expect(stage.base.outcomes == [RuleOutcome(), RuleOutcome()])
    }

    /// A sink that does not care about outcomes conforms in one line and gets `accept(_:)`.
    @Test func aPlainSinkGetsPlainActivities() throws {
        struct Plain: RuledActivitySink {
            var names: [String] = []
            mutating func accept(_ activity: PaymentActivity) throws { names.append(activity.category ?? "-") }
            mutating func report(_ diagnostic: Diagnostic) throws {}
        }
        var stage = RulesStage(try Self.engine(), into: Plain())
        try CSVStatementReader().read(ByteInput(bytes: Array(Self.csv.utf8), displayName: "t.csv"), options: ReadOptions(), into: &stage)
        #expect(stage.base.names == ["Food:Coffee", "-"])
    }
}
