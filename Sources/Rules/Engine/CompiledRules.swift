import FinanceCore

/// A rule set laid out for evaluation: conditions as small plain values in one buffer, in rule
/// order, literals folded once into one byte pool, rules as index ranges. Evaluating a rule then
/// reads a few neighbouring cache lines, without reference counting or copies.
///
/// Given the index (`indexed` engines), `contains` conditions on an indexed literal get a `probe`:
/// the scan has already recorded whether the literal occurs (`FoundLiterals`); and a regex that
/// only matches fixed strings, in a rule that uses no captures, becomes a test of those strings
/// (`LoweredRegex`). An engine without the index keeps every condition as written: the reference
/// the differential tests compare with.
final class CompiledRules {
    let count: Int
    /// Rules, conditions (every rule's, line after line: see `FlatCondition.lineEnd`), the
    /// branches of lowered regexes (`FlatCondition.Kind.literals`), the field each action sets, and
    /// the folded literals with `FoldedFields.padding` bytes after the last (for `PaddedText`).
    private let arena: TableArena
    private let rules: ArenaTable<FlatRule>
    private let conditions: ArenaTable<FlatCondition>
    private let branches: ArenaTable<FlatBranch>
    private let actionFields: ArenaTable<TextField>
    private let literals: ArenaTable<UInt8>
    let regexes: RegexRunner
    let actions: [CompiledAction]

    init(_ set: RuleSet, index: RuleIndex?) {
        var rules: [FlatRule] = []
        var conditions: [FlatCondition] = []
        var literals: [UInt8] = []
        var regexes: [RuleRegex] = []
        var branches: [FlatBranch] = []
        var actions: [CompiledAction] = []
        for rule in set.rules {
            let first = conditions.count
            let usesCaptures = rule.actions.contains { $0.value.usesCaptures }
            for line in rule.conditions {
                let lineStart = conditions.count
                for condition in line.alternatives {
                    var flat = FlatCondition(condition, literals: &literals, regexes: &regexes, index: index)
                    if let index, !usesCaptures, case .matches(let field, let box) = condition.test, let lowered = LoweredRegex(box.regex) {
                        flat.lower(lowered, field: field, branches: &branches, literals: &literals, index: index)
                    }
                    conditions.append(flat)
                }
                for k in lineStart..<conditions.count { conditions[k].lineEnd = Int32(conditions.count) }
            }
            let firstAction = actions.count
            actions += rule.actions.map(CompiledAction.init)
            let regexes = conditions[first...].contains { $0.kind == .matches || $0.kind == .literals }
            rules.append(
                FlatRule(
                    conditionStart: Int32(first), conditionEnd: Int32(conditions.count),
                    actionStart: Int32(firstAction), actionEnd: Int32(actions.count), stops: rule.stops,
                    usesCaptures: usesCaptures, hasEmptyLine: rule.conditions.contains { $0.alternatives.isEmpty },
                    fields: rule.actions.reduce(0) { $0 | 1 << UInt8(TextField($1.field).slot) },
                    needless: !rule.stops && !regexes))
        }
        count = rules.count
        var arena = TableArena.Builder()
        self.rules = arena.add(rules)
        self.conditions = arena.add(conditions)
        self.branches = arena.add(branches)
        actionFields = arena.add(actions.map(\.textField))
        self.literals = arena.add(literals + [UInt8](repeating: 0, count: FoldedFields.padding))
        self.arena = arena.build()
        self.regexes = RegexRunner(regexes)
        self.actions = actions
    }

    /// The same compiled rules for another thread (`RuleEngine.sibling()`): the tables and regex
    /// programs (never changed) are shared; the regex scratch is its own, and so are the actions'
    /// values, which every transaction an action sets retains (see `CompiledAction.init`).
    func sibling(_ set: RuleSet) -> CompiledRules { CompiledRules(sharing: self, set) }

    private init(sharing other: CompiledRules, _ set: RuleSet) {
        (count, arena, rules, conditions, branches) = (other.count, other.arena, other.rules, other.conditions, other.branches)
        (actionFields, literals) = (other.actionFields, other.literals)
        regexes = other.regexes.sibling()
        actions = set.rules.flatMap { $0.actions.map(CompiledAction.init) }
    }

    /// Runs `body` with the tables readable: one scope for a whole transaction, so that evaluating
    /// a rule reads plain memory, and no pointer to the tables outlives the call.
    @inline(__always)
    func withTables<R>(_ body: (RuleTables) -> R) -> R {
        arena.withTables { tables in
            body(
                RuleTables(
                    rules: tables[rules], conditions: tables[conditions], literals: tables[literals],
                    branches: tables[branches], actionFields: tables[actionFields], regexes: regexes))
        }
    }
}

/// The tables of `CompiledRules` during one `withTables` scope (the pointers are valid only there).
struct RuleTables {
    let rules: UnsafePointer<FlatRule>
    let conditions: UnsafePointer<FlatCondition>
    let literals: UnsafePointer<UInt8>
    let branches: UnsafePointer<FlatBranch>
    let actionFields: UnsafePointer<TextField>
    let regexes: RegexRunner

    /// A condition's literal, folded.
    @inline(__always)
    func literal(_ c: UnsafePointer<FlatCondition>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: literals + Int(c.pointee.start), count: Int(c.pointee.end))
    }

    /// A lowered regex branch's literal, folded.
    @inline(__always)
    func literal(_ b: UnsafePointer<FlatBranch>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: literals + Int(b.pointee.literalStart), count: Int(b.pointee.literalCount))
    }
}

/// A rule as ranges: its conditions in `conditions`, its actions in `actions`.
struct FlatRule {
    var conditionStart: Int32
    var conditionEnd: Int32
    var actionStart: Int32
    var actionEnd: Int32
    var stops: Bool
    var usesCaptures: Bool
    /// A `when` line without alternatives never holds (the parser makes none; a `RuleSet` built in
    /// code might).
    var hasEmptyLine: Bool
    /// Bit `slot`: an action sets that field.
    var fields: UInt8
    /// Whether the rule can be left untried once every field it sets is set: it does not stop, and
    /// has no regex, which might give up (a warning the caller reports). Matching would then change
    /// nothing but a trace.
    var needless: Bool
}

/// One branch of a lowered regex: a text test of the regex's field against a folded literal.
struct FlatBranch {
    var op: TextOperator
    var literalStart: Int32
    var literalCount: Int32
    /// For `contains`: the literal's number in `FoundLiterals`, or -1.
    var probe: Int32 = -1

    init(_ branch: LoweredRegex.Branch, field: TextField, literals: inout [UInt8], index: RuleIndex) {
        op = branch.op
        literalStart = Int32(literals.count)
        literalCount = Int32(branch.literal.count)
        literals += branch.literal
        if op == .contains { probe = index.probe(branch.literal, in: field) }
    }
}
