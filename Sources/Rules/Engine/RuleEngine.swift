import FinanceCore

/// Runs a rule set over transactions: compiled once, then applied to each transaction.
///
/// Semantics (CONTRACT.md): rules run top to bottom; a rule matches when all its `when` lines
/// hold; it sets each of its fields that no earlier rule has set; `stop` ends the run. Conditions
/// see the transaction as earlier rules left it.
///
/// Speed: with hundreds of rules, most cannot match a given transaction. `RuleIndex` puts the
/// literals rules need into one index (`LiteralAnchors`); a transaction's text is scanned
/// once, and only the rules whose literals occur, plus those that cannot be indexed, are
/// evaluated, in rule order. When a rule changes a scanned field, the new value is scanned too. The
/// result is the same as evaluating every rule in order (`RuleEngine(rules, indexed: false)` does
/// exactly that; a differential test compares the two).
///
/// An engine keeps scratch state between transactions: use one per thread.
public final class RuleEngine {
    public let rules: [Rule]
    /// The rules a regex of which gave up (ran out of steps) on the last transaction: they were
    /// taken as not matching, which the caller should report.
    public private(set) var gaveUp: [Int] = []

    private let compiled: CompiledRules
    private let index: RuleIndex
    private let indexed: Bool
    private let words: Int
    private let fields = FoldedFields()
    private let candidates: UnsafeMutablePointer<UInt64>
    /// `index`'s tables as plain memory, read on every transaction without reference counting.
    private let always: UnsafeMutablePointer<UInt64>
    private let entryStart: UnsafeMutablePointer<Int32>
    private let entryRule: UnsafeMutablePointer<Int32>
    private let entryField: UnsafeMutablePointer<TextField>
    private let scanned: UnsafeMutablePointer<TextField>
    private let scannedCount: Int
    /// Bit `field.slot`: the field is scanned.
    private let scannedMask: UInt8

    /// Compiles `set`; with `indexed: false`, every rule is tried on every transaction.
    public init(_ set: RuleSet, indexed: Bool = true) {
        rules = set.rules
        compiled = CompiledRules(set)
        index = RuleIndex(set.rules, indexed: indexed)
        self.indexed = indexed
        words = index.always.count
        candidates = .allocate(capacity: words)
        candidates.initialize(repeating: 0, count: words)
        always = Self.copy(index.always)
        entryStart = Self.copy(index.entryStart)
        entryRule = Self.copy(index.entryRule)
        entryField = Self.copy(index.entryField)
        scanned = Self.copy(index.scannedFields)
        scannedCount = index.scannedFields.count
        scannedMask = index.scannedFields.reduce(0) { $0 | 1 << UInt8($1.slot) }
    }

    deinit {
        for pointer in [UnsafeMutableRawPointer(candidates), UnsafeMutableRawPointer(always), UnsafeMutableRawPointer(entryStart),
                        UnsafeMutableRawPointer(entryRule), UnsafeMutableRawPointer(entryField), UnsafeMutableRawPointer(scanned)] {
            pointer.deallocate()
        }
    }

    private static func copy<T>(_ array: [T]) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(array.count, 1))
        array.withUnsafeBufferPointer { if let base = $0.baseAddress { pointer.initialize(from: base, count: $0.count) } }
        return pointer
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
        // Through a pointer: passing the activity on by value would copy it (and retain its strings)
        // for every call.
        withUnsafeMutablePointer(to: &activity) { run(at: $0, trace: trace) }
    }

    private func run(at activity: UnsafeMutablePointer<PaymentActivity>, trace: UnsafeMutablePointer<RuleTrace>?) {
        if !gaveUp.isEmpty { gaveUp.removeAll(keepingCapacity: true) }
        let count = compiled.count
        guard count > 0 else { return }
        fields.reset()
        candidates.update(from: always, count: words)
        for k in 0..<scannedCount { scan(scanned[k], of: activity) }
        var decided: UInt8 = 0
        var r = nextCandidate(from: 0)
        while r < count {
            let rule = compiled.rules[r]
            var captures: [Substring?]?
            var regexGaveUp = false
            let holds = RuleEvaluation.holds(rule, in: compiled, activity, fields, captures: &captures, gaveUp: &regexGaveUp)
            if regexGaveUp {
                gaveUp.append(r)
                trace?.pointee.gaveUp.append(r)
            }
            if holds {
                trace?.pointee.matched.append(r)
                for a in Int(rule.actionStart)..<Int(rule.actionEnd) {
                    let action = compiled.actions + a
                    let field = action.pointee.field
                    let bit: UInt8 = 1 << UInt8(TextField(field).slot)
                    guard decided & bit == 0 else { continue }
                    decided |= bit
                    set(action, captures: captures, on: activity)
                    trace?.pointee.decisions.append(RuleDecision(field: field, rule: r,
                                                                 value: TransactionText.value(TextField(field), of: activity.pointee)))
                }
                if rule.stops {
                    trace?.pointee.stoppedBy = r
                    break
                }
            }
            r = nextCandidate(from: r + 1)
        }
    }

    /// Performs one action; the field's folded form is redone, and rescanned when indexed.
    private func set(_ action: UnsafeMutablePointer<CompiledAction>, captures: [Substring?]?, on activity: UnsafeMutablePointer<PaymentActivity>) {
        let field = action.pointee.field
        if field == .type {
            if let type = action.pointee.fixedType ?? PaymentType(rawValue: action.pointee.template.render(captures ?? []).lowercased()) {
                activity.pointee.type = type
            }
        } else {
            let value = action.pointee.fixed ?? action.pointee.template.render(captures ?? [])
            switch field {
            case .category: activity.pointee.category = value
            case .name: activity.pointee.name = value
            case .memo: activity.pointee.memo = value
            case .address: activity.pointee.address = value
            case .account: activity.pointee.account = value
            case .type: break
            }
        }
        let textField = TextField(field)
        fields.invalidate(textField)
        if scannedMask & (1 << UInt8(textField.slot)) != 0 { scan(textField, of: activity) }
    }

    /// Marks the rules admitted by the literals occurring in a field's current value. ASCII text
    /// (the automaton folds its capitals) is scanned as it is; other text is folded first.
    @inline(__always)
    private func scan(_ field: TextField, of activity: UnsafeMutablePointer<PaymentActivity>) {
        let scannedRaw: Bool
        switch field {
        case .name: scannedRaw = activity.pointee.name.withUTF8Bytes { scanIfASCII($0, field) }
        case .memo: scannedRaw = activity.pointee.memo.map { $0.withUTF8Bytes { scanIfASCII($0, field) } } ?? true
        case .address: scannedRaw = activity.pointee.address.map { $0.withUTF8Bytes { scanIfASCII($0, field) } } ?? true
        default: scannedRaw = false
        }
        if !scannedRaw { scan(fields.bytes(field, of: activity), field) }
    }

    @inline(__always)
    private func scanIfASCII(_ text: UnsafeBufferPointer<UInt8>, _ field: TextField) -> Bool {
        guard ASCIIFold.isASCII(text) else { return false }
        scan(text, field)
        return true
    }

    @inline(__always)
    private func scan(_ text: UnsafeBufferPointer<UInt8>, _ field: TextField) {
        let partOfText = field == .name || field == .memo || field == .address
        let candidates = self.candidates
        let start = entryStart, rule = entryRule, entryField = self.entryField
        index.automaton.scan(text) { id in
            for e in Int(start[id])..<Int(start[id + 1]) {
                let f = entryField[e]
                guard f == field || (partOfText && f == .text) else { continue }
                let r = Int(rule[e])
                candidates[r >> 6] |= 1 << UInt64(r & 63)
            }
        }
    }

    /// The first candidate rule at or after `start`, or the rule count.
    @inline(__always)
    private func nextCandidate(from start: Int) -> Int {
        var w = start >> 6
        guard w < words else { return compiled.count }
        var word = candidates[w] & (~0 << UInt64(start & 63))
        while true {
            if word != 0 { return min(w << 6 + word.trailingZeroBitCount, compiled.count) }
            w += 1
            guard w < words else { return compiled.count }
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

    public init(field: SettableField, rule: Int, value: String) {
        self.field = field
        self.rule = rule
        self.value = value
    }
}
