import FinanceCore

/// The rule set's regexes as the engine runs them: the compiled programs of each `RuleRegex`,
/// called on a field's UTF-8 bytes in place, with captures kept as byte offsets.
///
/// Why not `RuleRegex.test` and `search(capturing:)`: each call copied the `RuleRegex` value (six
/// reference counts), the field's string, and for captures built an array of `Substring`s that
/// `Template.render` then appended one by one: more work than the match itself for a typical
/// anchored pattern. The outcome is the same program on the same bytes, so the same `.match`,
/// `.noMatch` or `.gaveUp`; captures are the same byte ranges of the same text.
final class RegexRunner {
    /// Owned by `programs`; read without reference counting on every test.
    private let testing: ScratchTable<Unmanaged<RegexProgram>>
    private let capturing: ScratchTable<Unmanaged<RegexProgram>>
    /// Groups per regex, the whole match included.
    private let groups: ScratchTable<Int>
    private let programs: [RegexProgram]
    /// The group bookkeeping of a search, as large as the largest program needs.
    private let slots: ScratchTable<Int>
    let captures = RegexCaptures()

    init(_ regexes: [RuleRegex]) {
        testing = .make(copying: regexes.map { Unmanaged.passUnretained($0.testing) })
        capturing = .make(copying: regexes.map { Unmanaged.passUnretained($0.capturing) })
        groups = .make(copying: regexes.map { $0.captureCount + 1 })
        programs = regexes.flatMap { [$0.testing, $0.capturing] }
        slots = .make(count: regexes.map { max($0.testing.slotCount, $0.capturing.slotCount) }.max().map { max(2, $0) } ?? 2, repeating: -1)
    }

    /// The same regexes for another thread: the compiled programs (never changed) are shared, the
    /// search's bookkeeping and the captures are its own.
    func sibling() -> RegexRunner { RegexRunner(sharing: self) }

    private init(sharing other: RegexRunner) {
        programs = other.programs
        (testing, capturing, groups) = (other.testing.copy(), other.capturing.copy(), other.groups.copy())
        slots = .make(count: other.slots.count, repeating: -1)
    }

    /// Whether regex `i` matches `field` of `activity`. (Out of line: the matcher's stack frame would
    /// otherwise weigh on every rule evaluation, regex or not.)
    @inline(never)
    func test(_ i: Int, _ field: TextField, of activity: UnsafeMutablePointer<PaymentActivity>) -> RegexTest {
        let program = testing.withElements { $0[i] }
        return slots.withElements { slots in
            Self.withRawBytes(field, of: activity) { text in program._withUnsafeGuaranteedRef { $0.search(text, slots: slots) } }
        }
    }

    /// Like `test`, and on a match keeps the groups in `captures`.
    @inline(never)
    func search(_ i: Int, _ field: TextField, of activity: UnsafeMutablePointer<PaymentActivity>) -> RegexTest {
        let program = capturing.withElements { $0[i] }
        let groups = self.groups.withElements { $0[i] }
        let captures = self.captures
        return slots.withElements { slots in
            Self.withRawBytes(field, of: activity) { text in
                let outcome = program._withUnsafeGuaranteedRef { $0.search(text, slots: slots) }
                if outcome == .match { captures.keep(text, slots: slots, groups: groups) }
                return outcome
            }
        }
    }

    /// The field's UTF-8 bytes, in place for name, memo and address (`withUTF8` needs mutable access
    /// but does not change a native string; reading the string into a value would retain it).
    @inline(__always)
    private static func withRawBytes<R>(
        _ field: TextField, of a: UnsafeMutablePointer<PaymentActivity>,
        _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        switch field {
        case .name: return a.pointee.name.withUTF8(body)
        case .memo: if a.pointee.memo != nil { return a.pointee.memo!.withUTF8(body) }
        case .address: if a.pointee.address != nil { return a.pointee.address!.withUTF8(body) }
        default:
            var text = TransactionText.value(field, of: a.pointee)
            return text.withUTF8(body)
        }
        var empty = ""
        return empty.withUTF8(body)
    }
}

/// The groups of the regex match a rule's `$N` values come from: a copy of the text's bytes and each
/// group's byte range in it, valid until the next rule is tried (an action may change the field the
/// regex matched, and later actions must still see what it captured).
final class RegexCaptures {
    private var text: ScratchTable<UInt8>
    /// Start and end of group `g` at `2g`, `2g + 1` (-1 when the group took no part).
    private var ranges: ScratchTable<Int>
    /// Groups kept, group 0 (the whole match) included; 0 when no regex has matched.
    private(set) var groups = 0

    init() {
        text = .make(count: 64, repeating: 0)
        ranges = .make(count: 20, repeating: -1)
    }

    /// Nothing captured (a new rule is being tried).
    @inline(__always)
    func clear() { groups = 0 }

    func keep(_ source: UnsafeBufferPointer<UInt8>, slots: UnsafeMutablePointer<Int>, groups: Int) {
        if source.count > text.count { text = .make(count: max(source.count, 2 * text.count), repeating: 0) }
        if let base = source.baseAddress { text.withElements { $0.update(from: base, count: source.count) } }
        if 2 * groups > ranges.count { ranges = .make(count: 2 * groups, repeating: -1) }
        ranges.withElements { ranges in
            for g in 0..<groups {
                let (start, end) = (slots[2 * g], slots[2 * g + 1])
                let valid = start >= 0 && end >= start
                ranges[2 * g] = valid ? start : -1
                ranges[2 * g + 1] = valid ? end : -1
            }
        }
        self.groups = groups
    }

    /// Where group `n` lies in the captured text, or nil when it took no part or there is no such group.
    @inline(__always)
    func range(_ n: Int) -> Range<Int>? {
        guard n >= 0, n < groups else { return nil }
        return ranges.withElements { $0[2 * n] >= 0 ? $0[2 * n]..<$0[2 * n + 1] : nil }
    }

    /// The captured text, for the ranges of `range(_:)`, valid inside `body` only.
    @inline(__always)
    func withText<R>(_ body: (UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        try text.withElements { try body(UnsafePointer($0)) }
    }
}
