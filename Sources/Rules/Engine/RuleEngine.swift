import FinanceCore

/// Runs a rule set over transactions: compiled once, then applied to each transaction.
///
/// Semantics (CONTRACT.md): rules run top to bottom; a rule matches when all its `when` lines
/// hold; it sets each of its fields that no earlier rule has set; `stop` ends the run. Conditions
/// see the transaction as earlier rules left it.
///
/// Speed: with hundreds of rules, most cannot match a given transaction, and once the fields a rule
/// sets are all set, trying it is pointless (`FlatRule.needless`). `RuleIndex` puts the
/// literals rules need into one index (`LiteralAnchors`); a transaction's text is folded and scanned
/// once, and only the rules whose literals occur, plus those that cannot be indexed, are evaluated,
/// in rule order. The scan also records which literals it found (`FoundLiterals`), which answers
/// those rules' `contains` conditions. When a rule changes a scanned field, the new value is scanned
/// too. The result is the same as evaluating every rule in order (`RuleEngine(rules, indexed: false)`
/// does exactly that, searching the text for every condition; a differential test compares the two).
///
/// An engine keeps scratch state between transactions: use one per thread. What a run did is its
/// `RuleOutcome`, never state left on the engine.
public final class RuleEngine {
    public let rules: [Rule]
    /// Payee normalisation with the set's spellings, run before the rules; `nil` with
    /// `--raw-names` (`RuleSet.normalisesPayees`).
    public let payees: PayeeNormaliser?

    private let compiled: CompiledRules
    private let automaton: LiteralAnchors
    private let words: Int
    private let fields = FoldedFields()
    private let found: FoundLiterals
    /// Bit `r`: rule `r` is a candidate for the transaction being run.
    private let candidates: ScratchTable<UInt64>
    /// Bit `w`: word `w` of `candidates` has a bit set (kept for the first 64 words; with more, the
    /// words are searched one by one). Bits are only ever added during a transaction.
    @exclusivity(unchecked) private var nonEmptyWords: UInt64 = 0
    private let alwaysNonEmpty: UInt64
    /// The index's tables, read on every transaction (in scopes, without checks).
    private let always: ScratchTable<UInt64>
    private let entryStart: ScratchTable<Int32>
    private let entries: ScratchTable<RuleIndex.Entry>
    /// The scanned fields other than name, memo and address.
    private let scanned: [TextField]
    private let scannedCount: Int
    /// Bit `field.slot`: the field is scanned.
    private let scannedMask: UInt16
    /// The first and last of name, memo and address that are scanned (their slots), if any: they are
    /// scanned together, as one range of the folded text.
    private let textScan: (first: Int, last: Int)?
    /// For action `a` setting name, memo or address to a fixed value: the literals that value holds,
    /// `fixedHits[fixedHitStart[a] ..< fixedHitStart[a + 1]]`, found once here rather than by
    /// folding and scanning the new value on every transaction.
    private let fixedHitStart: [Int32]
    private let fixedHits: [Int32]

    /// Compiles `set`; with `indexed: false`, every rule is tried on every transaction.
    /// What the engine was made from, for `sibling()`.
    private let set: RuleSet
    private let indexed: Bool

    /// An engine for another thread: the same rules, sharing this engine's compiled tables (never
    /// changed once built), with scratch state of its own. Costs little next to compiling: a
    /// conversion in parts makes one per thread before it starts.
    public func sibling() -> RuleEngine {
        RuleEngine(sharing: self)
    }

    private init(sharing other: RuleEngine) {
        (set, indexed, rules, words) = (other.set, other.indexed, other.rules, other.words)
        payees = other.payees?.sibling()
        compiled = other.compiled.sibling(other.set)
        automaton = other.automaton.sibling()
        found = FoundLiterals(literalCount: automaton.count)
        candidates = .make(count: words, repeating: 0)
        (always, alwaysNonEmpty, entryStart, entries) = (other.always.copy(), other.alwaysNonEmpty, other.entryStart.copy(), other.entries.copy())
        (scanned, scannedCount, scannedMask, textScan) = (other.scanned, other.scannedCount, other.scannedMask, other.textScan)
        (fixedHitStart, fixedHits) = (other.fixedHitStart, other.fixedHits)
    }

    public init(_ set: RuleSet, indexed: Bool = true) {
        self.set = set
        self.indexed = indexed
        rules = set.rules
        payees = set.normalisesPayees ? PayeeNormaliser(spellings: set.spellings) : nil
        let index = RuleIndex(set.rules, indexed: indexed)
        compiled = CompiledRules(set, index: indexed ? index : nil)
        automaton = index.automaton
        found = FoundLiterals(literalCount: index.automaton.count)
        words = index.always.count
        candidates = .make(count: words, repeating: 0)
        always = .make(copying: index.always)
        alwaysNonEmpty = index.always.prefix(64).enumerated().reduce(0) { $0 | ($1.element != 0 ? 1 << UInt64($1.offset) : 0) }
        entryStart = .make(copying: index.entryStart)
        entries = .make(copying: index.entries)
        let others = index.scannedFields.filter { !$0.isPartOfText }
        scanned = others
        scannedCount = others.count
        scannedMask = index.scannedFields.reduce(0) { $0 | 1 << UInt16($1.slot) }
        let parts = index.scannedFields.filter(\.isPartOfText).map(\.slot)
        textScan = parts.isEmpty ? nil : (parts.min()!, parts.max()!)
        var hitStart: [Int32] = [0]
        var hits: [Int32] = []
        for a in compiled.actions.indices {
            if compiled.actions[a].textField.isPartOfText, let value = compiled.actions[a].fixed {
                let folded = RuleRegex.folded(value) + [UInt8](repeating: 0, count: FoldedFields.padding)
                let found = folded.withUnsafeBufferPointer { index.automaton.scan(UnsafeBufferPointer(rebasing: $0.dropLast(FoldedFields.padding))) }
                hits += Set((0..<found.count).map { Int32(found.id($0)) }).sorted()
            }
            hitStart.append(Int32(hits.count))
        }
        fixedHitStart = hitStart
        fixedHits = hits
    }

    /// Applies the rules to `activity` and returns what they did: the fields they set (`pfin import`
    /// leaves a type a rule set out of transfer matching) and the rules whose regex gave up. Costs
    /// nothing extra: the engine tracks them anyway.
    @discardableResult
    public func apply(to activity: inout PaymentActivity) -> RuleOutcome {
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
        _ = withUnsafeMutablePointer(to: &trace) { run(&activity, trace: $0) }
        return trace
    }

    @discardableResult
    private func run(_ activity: inout PaymentActivity, trace: UnsafeMutablePointer<RuleTrace>?) -> RuleOutcome {
        // Through a pointer: passing the activity on by value would copy it (and retain its strings)
        // for every call.
        withUnsafeMutablePointer(to: &activity) { run(at: $0, trace: trace) }
    }

    private func run(at activity: UnsafeMutablePointer<PaymentActivity>, trace: UnsafeMutablePointer<RuleTrace>?) -> RuleOutcome {
        let count = compiled.count
        guard count > 0 else { return RuleOutcome() }
        // Empty (no allocation) unless a regex gives up, which is rare.
        var gaveUp: [Int] = []
        fields.reset()
        found.beginTransaction()
        candidates.withElements { candidates in always.withElements { candidates.update(from: $0, count: words) } }
        nonEmptyWords = alwaysNonEmpty
        if textScan != nil { scanText(of: activity) }
        for k in 0..<scannedCount { scan(scanned[k], of: activity) }
        let decided = compiled.withTables { evaluate(activity, $0, trace: trace, gaveUp: &gaveUp) }
        return RuleOutcome(set: SetFields(rawValue: decided), gaveUp: gaveUp)
    }

    /// Tries the candidate rules in order on a scanned transaction; returns the fields set.
    @inline(__always)
    private func evaluate(
        _ activity: UnsafeMutablePointer<PaymentActivity>, _ tables: RuleTables, trace: UnsafeMutablePointer<RuleTrace>?,
        gaveUp: inout [Int]
    ) -> UInt8 {
        let count = compiled.count
        var decided: UInt8 = 0
        var r = nextCandidate(from: 0)
        while r < count {
            let rule = tables.rules + r
            // A rule that could only set fields already set, and neither stops nor reports, changes
            // nothing: left untried (unless tracing, which lists every rule that matches).
            if rule.pointee.needless && rule.pointee.fields & ~decided == 0 && trace == nil {
                r = nextCandidate(from: r + 1)
                continue
            }
            var regexGaveUp = false
            let holds = RuleEvaluation.holds(rule, in: tables, activity, fields, found, gaveUp: &regexGaveUp)
            if regexGaveUp {
                gaveUp.append(r)
                trace?.pointee.gaveUp.append(r)
            }
            if holds {
                trace?.pointee.matched.append(r)
                for a in Int(rule.pointee.actionStart)..<Int(rule.pointee.actionEnd) {
                    let field = tables.actionFields[a]
                    let bit: UInt8 = 1 << UInt8(field.slot)
                    if decided & bit == 0 {
                        decided |= bit
                        compiled.actions.withUnsafeBufferPointer { set($0.baseAddress.unsafelyUnwrapped + a, number: a, on: activity) }
                        if let trace {
                            trace.pointee.decisions.append(
                                RuleDecision(
                                    field: compiled.actions[a].field, rule: r, value: TransactionText.value(field, of: activity.pointee)))
                        }
                    }
                }
                if rule.pointee.stops {
                    trace?.pointee.stoppedBy = r
                    break
                }
            }
            r = nextCandidate(from: r + 1)
        }
        return decided
    }

    /// Performs one action; the field's folded form is redone, and rescanned when indexed.
    private func set(_ action: UnsafePointer<CompiledAction>, number a: Int, on activity: UnsafeMutablePointer<PaymentActivity>) {
        let field = action.pointee.field
        if field == .type {
            if let type = action.pointee.fixedType ?? PaymentType(rawValue: action.pointee.render(compiled.regexes.captures).lowercased()) {
                activity.pointee.type = type
            }
        } else {
            let value = action.pointee.fixed ?? action.pointee.render(compiled.regexes.captures)
            switch field {
            case .category: activity.pointee.category = value
            case .name:
                // The bank's text stays as the raw name when a rule renames the payee.
                if activity.pointee.rawName == nil, value != activity.pointee.name { activity.pointee.rawName = activity.pointee.name }
                activity.pointee.name = value
            case .memo: activity.pointee.memo = value
            case .address: activity.pointee.address = value
            case .account: activity.pointee.account = value
            case .type: break
            }
        }
        let textField = action.pointee.textField
        fields.invalidate(textField)
        if textField.isPartOfText {
            guard textScan != nil else { return }
            if action.pointee.fixed != nil {
                // The other parts keep what was found in them; this one now holds what its new value
                // holds (the folded text is redone when a condition next reads it).
                found.beginScan(textField)
                for k in Int(fixedHitStart[a])..<Int(fixedHitStart[a + 1]) { admit(Int(fixedHits[k]), in: textField) }
            } else {
                scanText(of: activity)
            }
        } else if scannedMask & (1 << UInt16(textField.slot)) != 0 {
            scan(textField, of: activity)
        }
    }

    /// Scans name, memo and address (those of them the index needs) in one pass over the folded
    /// text: a literal found there counts for the part it lies in (one spanning a line break between
    /// two parts counts for none).
    private func scanText(of activity: UnsafeMutablePointer<PaymentActivity>) {
        guard let (first, last) = textScan else { return }
        let ranges = fields.textParts(of: activity)
        let lower = first == 0 ? ranges.name.lowerBound : first == 1 ? ranges.memo.lowerBound : ranges.address.lowerBound
        let upper = last == 0 ? ranges.name.upperBound : last == 1 ? ranges.memo.upperBound : ranges.address.upperBound
        let hits = fields.withBytes(.text, of: activity) { automaton.scan(UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
        found.beginScan(.name)
        found.beginScan(.memo)
        found.beginScan(.address)
        for k in 0..<hits.count {
            let id = hits.id(k)
            let start = lower + hits.start(k)
            let end = start + automaton.literalLength(id)
            let field: TextField
            if end <= ranges.name.upperBound {
                field = .name
            } else if start >= ranges.memo.lowerBound && end <= ranges.memo.upperBound {
                field = .memo
            } else if start >= ranges.address.lowerBound && end <= ranges.address.upperBound {
                field = .address
            } else {
                continue
            }
            admit(id, in: field)
        }
    }

    /// Marks the rules admitted by the literals occurring in a field's current value (other than
    /// name, memo and address), and records which literals occur.
    private func scan(_ field: TextField, of activity: UnsafeMutablePointer<PaymentActivity>) {
        let hits = fields.withBytes(field, of: activity) { automaton.scan($0) }
        found.beginScan(field)
        for k in 0..<hits.count { admit(hits.id(k), in: field) }
    }

    /// Literal `id` occurs in `field`: the rules it admits there become candidates.
    @inline(__always)
    private func admit(_ id: Int, in field: TextField) {
        found.mark(id, in: field)
        let partOfText = field.isPartOfText
        let range = entryStart.withElements { Int($0[id])..<Int($0[id + 1]) }
        guard !range.isEmpty else { return }
        var added: UInt64 = 0
        entries.withElements { entries in
            candidates.withElements { candidates in
                for e in range {
                    let f = entries[e].field
                    guard f == field || (partOfText && f == .text) else { continue }
                    let r = Int(entries[e].rule)
                    candidates[r >> 6] |= 1 << UInt64(r & 63)
                    added |= 1 &<< UInt64(truncatingIfNeeded: r >> 6)
                }
            }
        }
        nonEmptyWords |= added
    }

    /// The first candidate rule at or after `start`, or the rule count: the rest of `start`'s word,
    /// then the next non-empty word straight from `nonEmptyWords`.
    @inline(__always)
    private func nextCandidate(from start: Int) -> Int {
        var w = start >> 6
        guard w < words else { return compiled.count }
        var word = candidates.withElements { $0[w] } & (~0 << UInt64(start & 63))
        if word != 0 { return w << 6 + word.trailingZeroBitCount }
        if words <= 64 {
            let later = w == 63 ? 0 : nonEmptyWords & (~0 << UInt64(w + 1))
            guard later != 0 else { return compiled.count }
            w = later.trailingZeroBitCount
            return w << 6 + candidates.withElements { $0[w] }.trailingZeroBitCount
        }
        while true {
            w += 1
            guard w < words else { return compiled.count }
            word = candidates.withElements { $0[w] }
            if word != 0 { return w << 6 + word.trailingZeroBitCount }
        }
    }
}

/// The fields the rules set on one transaction.
public struct SetFields: OptionSet, Sendable, Hashable {
    /// Bit `TextField.slot` of each field set.
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public init(_ field: SettableField) { rawValue = 1 << UInt8(TextField(field).slot) }

    public func contains(_ field: SettableField) -> Bool { contains(SetFields(field)) }
}

/// What the rules did to one transaction.
/// What the rules did to one transaction.
public struct RuleOutcome: Sendable, Equatable {
    /// The fields rules set.
    public var set: SetFields
    /// The rules (indexes into `RuleEngine.rules`) a regex of which gave up, running out of steps:
    /// they were taken as not matching, which the caller should report (`warnings(_:at:)`).
    public var gaveUp: [Int]

    public init(set: SetFields = [], gaveUp: [Int] = []) {
        self.set = set
        self.gaveUp = gaveUp
    }

    /// The warnings to report for this outcome, located at the transaction.
    public func warnings(_ rules: [Rule], at location: SourceLocation) -> [Diagnostic] {
        gaveUp.map { RegexGaveUp.warning(rules[$0], at: location) }
    }
}

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

    public init(field: SettableField, rule: Int, value: String) {
        self.field = field
        self.rule = rule
        self.value = value
    }
}
