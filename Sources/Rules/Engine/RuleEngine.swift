import FinanceCore

/// Runs a rule set over transactions: compiled once, then applied to each transaction.
///
/// Semantics (CONTRACT.md): rules run top to bottom; a rule matches when all its `when` lines
/// hold; it sets each of its fields that no earlier rule has set; `stop` ends the run. Conditions
/// see the transaction as earlier rules left it.
///
/// Speed: with hundreds of rules, most cannot match a given transaction. Each rule that needs some
/// text to match (a `contains`, `is`, `starts-with` or `ends-with` literal, or the literal every
/// match of its regex contains, on every alternative of one of its `when` lines) is indexed under
/// those literals in one Aho–Corasick automaton. A transaction's text fields are scanned once, and
/// only the rules whose literals occur, plus those that cannot be indexed, are evaluated, in rule
/// order. When a rule changes a text field, the new value is scanned too. The result is the same as
/// evaluating every rule in order (`RuleEngine(rules, indexed: false)` does exactly that; a
/// differential test compares the two).
public final class RuleEngine {
    public let rules: [Rule]
    private let compiled: [CompiledRule]
    private let indexed: Bool
    private let automaton: AhoCorasick
    /// For each automaton pattern: the rules it admits, and on which field.
    private let entries: [[(field: TextField, rule: Int32)]]
    /// Rules evaluated whatever the text says.
    private let always: [UInt64]
    /// Fields whose text the index needs scanned.
    private let scannedFields: [TextField]
    private let wordCount: Int
    private var view = TransactionView(PaymentActivity(
        id: ActivityID(value: 0), account: nil, date: LocalDate(year: 2000, month: 1, day: 1)!, name: "",
        amount: Money(units: 0, scale: 0), source: SourceLocation(file: "", line: 0)))
    private var candidates: [UInt64] = []
    /// The rules a regex of which gave up (ran out of steps) on the last transaction: they were
    /// taken as not matching, which the caller should report.
    public private(set) var gaveUp: [Int] = []

    /// Compiles `set`; with `indexed: false`, every rule is tried on every transaction.
    public init(_ set: RuleSet, indexed: Bool = true) {
        rules = set.rules
        compiled = set.rules.map(CompiledRule.init)
        self.indexed = indexed
        wordCount = (rules.count + 63) / 64
        var always = [UInt64](repeating: 0, count: wordCount)
        var patterns: [[UInt8]] = []
        var patternIndex: [[UInt8]: Int] = [:]
        var entries: [[(field: TextField, rule: Int32)]] = []
        var fields = Set<TextField>()
        for (r, rule) in compiled.enumerated() {
            guard indexed, let key = Self.keyLine(rule) else {
                always[r / 64] |= 1 << UInt64(r % 64)
                continue
            }
            for (field, literals) in key {
                for literal in literals {
                    let id: Int
                    if let known = patternIndex[literal] {
                        id = known
                    } else {
                        id = patterns.count
                        patternIndex[literal] = id
                        patterns.append(literal)
                        entries.append([])
                    }
                    entries[id].append((field, Int32(r)))
                }
                if field == .text { fields.formUnion([.name, .memo, .address]) } else { fields.insert(field) }
            }
        }
        automaton = AhoCorasick(patterns)
        self.entries = entries
        self.always = always
        scannedFields = TextField.allCases.filter { fields.contains($0) }
        candidates = [UInt64](repeating: 0, count: wordCount)
    }

    /// The `when` line to index a rule under: one whose every alternative requires a literal,
    /// preferring the line whose shortest literal is longest (rarer text, fewer false candidates).
    private static func keyLine(_ rule: CompiledRule) -> [(TextField, [[UInt8]])]? {
        var best: [(TextField, [[UInt8]])]?
        var bestScore = -1
        for line in rule.lines {
            let required = line.map(\.requiredLiterals)
            guard !required.isEmpty, required.allSatisfy({ $0 != nil }) else { continue }
            // `text` is scanned field by field; a literal spanning two fields (holding the line
            // break between them) could be missed, so such a line is not used as a key.
            guard !required.contains(where: { $0!.0 == .text && $0!.1.contains { $0.contains(0x0A) } }) else { continue }
            let list = required.map { $0! }
            let score = list.flatMap { $0.1 }.map(\.count).min() ?? 0
            if score > bestScore {
                best = list
                bestScore = score
            }
        }
        return best
    }

    /// Applies the rules to `activity`.
    public func apply(to activity: inout PaymentActivity) {
        run(&activity, trace: nil)
    }

    /// Applies the rules and says which rule set which field (for `pfin rules explain`).
    public func explain(_ activity: inout PaymentActivity) -> [RuleDecision] {
        trace(&activity).decisions
    }

    /// Applies the rules and records everything that happened: which rules matched, which set
    /// which field, and which stopped the run.
    public func trace(_ activity: inout PaymentActivity) -> RuleTrace {
        var trace = RuleTrace()
        withUnsafeMutablePointer(to: &trace) { run(&activity, trace: $0) }
        return trace
    }

    private func run(_ activity: inout PaymentActivity, trace: UnsafeMutablePointer<RuleTrace>?) {
        if !gaveUp.isEmpty { gaveUp.removeAll(keepingCapacity: true) }
        guard !compiled.isEmpty else { return }
        view.reset(activity)
        for w in 0..<wordCount { candidates[w] = always[w] }
        if indexed {
            for field in scannedFields { scan(field) }
        }
        var decided = 0
        var r = nextCandidate(from: 0)
        while r < compiled.count {
            let rule = compiled[r]
            let captures = RuleEvaluation.match(rule, &view)
            if view.regexGaveUp {
                view.regexGaveUp = false
                gaveUp.append(r)
                trace?.pointee.gaveUp.append(r)
            }
            if let captures {
                trace?.pointee.matched.append(r)
                for action in rule.rule.actions {
                    let bit = 1 << SettableField.allCases.firstIndex(of: action.field)!
                    guard decided & bit == 0 else { continue }
                    decided |= bit
                    view.set(action.field, action.value.render(captures))
                    trace?.pointee.decisions.append(RuleDecision(field: action.field, rule: r, value: view.value(TextView.textField(action.field))))
                    if indexed { rescan(after: action.field) }
                }
                if rule.rule.stops {
                    trace?.pointee.stoppedBy = r
                    break
                }
            }
            r = nextCandidate(from: r + 1)
        }
        activity = view.activity
    }


    /// Marks the rules admitted by the literals occurring in a field's current value.
    private func scan(_ field: TextField) {
        let folded = view.folded(field)
        folded.withUnsafeBufferPointer { bytes in
            automaton.scan(bytes) { id in
                for entry in entries[id] where entry.field == field || (entry.field == .text && Self.isPartOfText(field)) {
                    let r = Int(entry.rule)
                    candidates[r / 64] |= 1 << UInt64(r % 64)
                }
            }
        }
    }

    /// A rule changed a field: its new value may admit later rules.
    private func rescan(after field: SettableField) {
        let textField = TextView.textField(field)
        guard scannedFields.contains(textField) else { return }
        scan(textField)
    }

    private static func isPartOfText(_ field: TextField) -> Bool {
        field == .name || field == .memo || field == .address
    }

    /// The first candidate rule at or after `start`, or `compiled.count`.
    @inline(__always)
    private func nextCandidate(from start: Int) -> Int {
        var w = start / 64
        guard w < wordCount else { return compiled.count }
        var word = candidates[w] & (~0 << UInt64(start % 64))
        while true {
            if word != 0 { return min(w * 64 + word.trailingZeroBitCount, compiled.count) }
            w += 1
            guard w < wordCount else { return compiled.count }
            word = candidates[w]
        }
    }
}

/// What the rules did to one transaction.
public struct RuleTrace: Sendable, Equatable {
    /// The rules whose conditions held, in order (a rule may match and set nothing new).
    public var matched: [Int] = []
    /// The fields set, in the order they were set.
    public var decisions: [RuleDecision] = []
    /// The rule whose `stop` ended the run, if any.
    public var stoppedBy: Int?
    /// Rules taken as not matching because a regex of theirs gave up (see `RegexTest.gaveUp`).
    public var gaveUp: [Int] = []

    public init() {}
}

/// Which rule set a field, and to what.
public struct RuleDecision: Sendable, Equatable {
    public var field: SettableField
    /// The rule's index in the rule set.
    public var rule: Int
    public var value: String
}
