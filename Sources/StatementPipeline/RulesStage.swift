import FinanceCore
import Rules
import StatementFormats

/// A sink that takes activities after the rules, with what the rules did to each.
///
/// Conforming is one line for a sink that does not care (`extension MySink: RuledActivitySink {}`):
/// the default passes the activity to `accept(_:)`. `pfin import` cares: a type a rule set is kept
/// out of transfer matching.
public protocol RuledActivitySink: ActivitySink {
    mutating func accept(_ activity: consuming PaymentActivity, ruled outcome: RuleOutcome) throws
}

extension RuledActivitySink {
    public mutating func accept(_ activity: consuming PaymentActivity, ruled outcome: RuleOutcome) throws {
        try accept(activity)
    }
}

/// The rules stage of a reading: applies a rule set to each activity on its way from a reader to
/// `base`, and reports what the rules warn about to `base` as diagnostics located at the
/// transaction, before it:
/// - a rule whose regex gave up on the transaction (it was taken as not matching);
/// - a type a rule set that the category contradicts (each contradiction once per stage).
///
/// Before the rules, names are normalised (`PayeeNormaliser`: the engine's, with its rules files'
/// spellings, none with `--raw-names`; without an engine, pfin's standard one). Everything else a
/// reader sends passes through unchanged. Without an engine, activities are only normalised. Every command that applies rules does it through this stage, so their
/// warnings reach the user alike from `convert`, `import` and `report`.
///
///     var stage = RulesStage(RuleEngine(rules), into: collector)
///     try reader.read(input, options: ReadOptions(), into: &stage)
///     let ruled = stage.base
public struct RulesStage<Base: RuledActivitySink>: ActivitySink {
    public var base: Base
    public let engine: RuleEngine?
    /// The payee normaliser this stage runs before the rules (`nil`: names stay as read).
    public let payees: PayeeNormaliser?
    /// Whether this stage cleans payee names; off when they were cleaned already, on the reading
    /// thread (`ReadAhead`, with a `sibling()` of `payees`).
    public var normalisesPayees = true
    /// The contradictions warned about so far (each once per stage).
    var contradictions = RuleTypeContradiction()

    public init(_ engine: RuleEngine?, into base: Base) {
        self.engine = engine
        self.base = base
        payees = engine.map(\.payees) ?? PayeeNormaliser()
    }

    public mutating func accept(_ activity: consuming PaymentActivity) throws {
        var ruled = consume activity
        if normalisesPayees { payees?.normalise(&ruled) }
        guard let engine else { return try base.accept(consume ruled, ruled: RuleOutcome()) }
        let outcome = engine.apply(to: &ruled)
        if !outcome.gaveUp.isEmpty {
            // Rules never change the source.
            for warning in outcome.warnings(engine.rules, at: ruled.source) { try base.report(warning) }
        }
        if let warning = contradictions.check(ruled, set: outcome.set) { try base.report(warning) }
        try base.accept(consume ruled, ruled: outcome)
    }

    public mutating func report(_ diagnostic: Diagnostic) throws { try base.report(diagnostic) }
    public mutating func statement(_ info: StatementInfo) throws { try base.statement(info) }
    public var wantsRowBalances: Bool { base.wantsRowBalances }
    public mutating func rowBalance(_ balance: RowBalance) throws { try base.rowBalance(balance) }
    public mutating func skipped(_ lines: SkippedLines) throws { try base.skipped(lines) }
}
