import FinanceCore

/// Whether a compiled rule's conditions hold for a transaction.
///
/// Text conditions compare folded bytes (`FoldedFields`) word by word (`PaddedText`); a `contains`
/// whose literal the index scans for asks `FoundLiterals` instead of searching; regexes run through
/// `RegexRunner`. Nothing here allocates or counts references on the common paths.
enum RuleEvaluation {
    /// Whether every `when` line of `rule` holds. When the rule uses captures, the groups of the first
    /// `matches` condition that held are kept in `tables.regexes.captures`. `gaveUp` is set when a
    /// regex ran out of steps; its condition was taken as not holding.
    ///
    /// The conditions are one run, line after line: one that holds skips to the end of its line, one
    /// that fails moves to the next alternative, and the rule fails when a line's last one does.
    @inline(__always)
    static func holds(
        _ rule: UnsafePointer<FlatRule>, in tables: RuleTables, _ activity: UnsafeMutablePointer<PaymentActivity>,
        _ fields: FoldedFields, _ found: FoundLiterals, gaveUp: inout Bool
    ) -> Bool {
        if rule.pointee.hasEmptyLine { return false }
        let usesCaptures = rule.pointee.usesCaptures
        if usesCaptures { tables.regexes.captures.clear() }
        let conditions = tables.conditions
        var c = conditions + Int(rule.pointee.conditionStart)
        let end = conditions + Int(rule.pointee.conditionEnd)
        while c < end {
            let capture = usesCaptures && c.pointee.kind == .matches && !c.pointee.negated && tables.regexes.captures.groups == 0
            let lineEnd = conditions + Int(c.pointee.lineEnd)
            if test(c, tables, activity, fields, found, capture: capture, gaveUp: &gaveUp) {
                c = lineEnd
            } else {
                c += 1
                if c == lineEnd { return false }
            }
        }
        return true
    }

    /// The common tests inline (an indexed `contains`, an amount, a text comparison); the rest out
    /// of line, so that evaluating a rule stays a small function.
    @inline(__always)
    private static func test(
        _ c: UnsafePointer<FlatCondition>, _ tables: RuleTables, _ a: UnsafeMutablePointer<PaymentActivity>,
        _ fields: FoldedFields, _ found: FoundLiterals, capture: Bool, gaveUp: inout Bool
    ) -> Bool {
        let result: Bool
        switch c.pointee.kind {
        case .contains where c.pointee.probe >= 0: result = occurs(Int(c.pointee.probe), in: c.pointee.textField, found)
        case .amount:
            let value = a.pointee.amount
            if c.pointee.amountField == .amount && value.scale == c.pointee.lowScale {
                let (x, y) = (value.units, c.pointee.low)
                result = c.pointee.comparison.holds(x < y ? -1 : (x > y ? 1 : 0))
            } else {
                result = c.pointee.comparison.holds(compare(amount(c.pointee.amountField, a), c.pointee.lowMoney))
            }
        case .equals: result = fields.withBytes(c.pointee.textField, of: a) { PaddedText.isEqual($0, tables.literal(c)) }
        case .startsWith: result = fields.withBytes(c.pointee.textField, of: a) { PaddedText.hasPrefix($0, tables.literal(c)) }
        default: return testOther(c, tables, a, fields, found, capture: capture, gaveUp: &gaveUp)
        }
        return result != c.pointee.negated
    }

    @inline(never)
    private static func testOther(
        _ c: UnsafePointer<FlatCondition>, _ tables: RuleTables, _ a: UnsafeMutablePointer<PaymentActivity>,
        _ fields: FoldedFields, _ found: FoundLiterals, capture: Bool, gaveUp: inout Bool
    ) -> Bool {
        let result: Bool
        switch c.pointee.kind {
        case .contains: result = fields.withBytes(c.pointee.textField, of: a) { PaddedText.contains($0, tables.literal(c)) }
        case .equals: result = fields.withBytes(c.pointee.textField, of: a) { PaddedText.isEqual($0, tables.literal(c)) }
        case .startsWith: result = fields.withBytes(c.pointee.textField, of: a) { PaddedText.hasPrefix($0, tables.literal(c)) }
        case .endsWith: result = fields.withBytes(c.pointee.textField, of: a) { PaddedText.hasSuffix($0, tables.literal(c)) }
        case .matches:
            let regex = c.pointee.regex
            let outcome =
                capture
                ? tables.regexes.search(regex, c.pointee.textField, of: a)
                : tables.regexes.test(regex, c.pointee.textField, of: a)
            if outcome == .gaveUp {
                gaveUp = true
                return false
            }
            result = outcome == .match
        case .literals:
            // Folding shrinks a text at most threefold (KELVIN SIGN, 3 bytes, folds to "k").
            let short = fields.withBytes(c.pointee.textField, of: a) { text in
                3 * text.count <= c.pointee.maxTextLength ? anyBranch(c, text, tables, found) : nil
            }
            if let short {
                result = short
            } else {
                let outcome = tables.regexes.test(c.pointee.regex, c.pointee.textField, of: a)
                if outcome == .gaveUp {
                    gaveUp = true
                    return false
                }
                result = outcome == .match
            }
        case .amount: result = c.pointee.comparison.holds(compare(amount(c.pointee.amountField, a), c.pointee.lowMoney))
        case .amountBetween:
            let value = amount(c.pointee.amountField, a)
            result = compare(value, c.pointee.lowMoney) >= 0 && compare(value, c.pointee.highMoney) <= 0
        case .number: result = c.pointee.comparison.holds(order(Int64(number(c.pointee.numberField, a)), c.pointee.low))
        case .numberBetween:
            let n = Int64(number(c.pointee.numberField, a))
            result = n >= c.pointee.low && n <= c.pointee.high
        case .date: result = c.pointee.comparison.holds(order(a.pointee.date, c.pointee.lowDate))
        case .dateBetween: result = a.pointee.date >= c.pointee.lowDate && a.pointee.date <= c.pointee.highDate
        }
        return result != c.pointee.negated
    }

    /// Whether the scan found literal `probe` in `field` (for `text`, in one of its parts).
    @inline(__always)
    private static func occurs(_ probe: Int, in field: TextField, _ found: FoundLiterals) -> Bool {
        field == .text
            ? found.contains(probe, in: .name) || found.contains(probe, in: .memo) || found.contains(probe, in: .address)
            : found.contains(probe, in: field)
    }

    /// Whether some branch of a lowered regex holds for its field's folded `text`.
    private static func anyBranch(
        _ c: UnsafePointer<FlatCondition>, _ text: UnsafeBufferPointer<UInt8>,
        _ tables: RuleTables, _ found: FoundLiterals
    ) -> Bool {
        var b = tables.branches + c.pointee.branchStart
        let end = tables.branches + c.pointee.branchEnd
        while b < end {
            let literal = tables.literal(b)
            let holds: Bool
            switch b.pointee.op {
            case .contains:
                let probe = Int(b.pointee.probe)
                holds = probe >= 0 ? occurs(probe, in: c.pointee.textField, found) : PaddedText.contains(text, literal)
            case .is: holds = PaddedText.isEqual(text, literal)
            case .startsWith: holds = PaddedText.hasPrefix(text, literal)
            case .endsWith: holds = PaddedText.hasSuffix(text, literal)
            }
            if holds { return true }
            b += 1
        }
        return false
    }

    @inline(__always)
    private static func amount(_ field: AmountField, _ a: UnsafeMutablePointer<PaymentActivity>) -> Money {
        switch field {
        case .amount: return a.pointee.amount
        case .absAmount: return a.pointee.amount.magnitude ?? a.pointee.amount
        }
    }

    @inline(__always)
    private static func number(_ field: NumberField, _ a: UnsafeMutablePointer<PaymentActivity>) -> Int {
        let date = a.pointee.date
        switch field {
        case .day: return date.day
        case .month: return date.month
        case .weekday: return date.weekday
        }
    }

    /// -1, 0 or 1; amounts of one scale (the usual case) compare as integers, others after bringing
    /// both to the larger scale (Money's own comparison when that overflows).
    @inline(__always)
    private static func compare(_ a: Money, _ b: Money) -> Int {
        var (x, y) = (a.units, b.units)
        if a.scale != b.scale {
            let diff = Int(a.scale) - Int(b.scale)
            guard let factor = powerOfTen(abs(diff)) else { return order(a, b) }
            let (scaled, overflow) = diff > 0 ? y.multipliedReportingOverflow(by: factor) : x.multipliedReportingOverflow(by: factor)
            guard !overflow else { return order(a, b) }
            if diff > 0 { y = scaled } else { x = scaled }
        }
        return x < y ? -1 : (x > y ? 1 : 0)
    }

    /// 10^n for n ≤ 18 (computed: a table would be a lazily initialised global, checked on every use).
    @inline(__always)
    private static func powerOfTen(_ n: Int) -> Int64? {
        guard n <= 18 else { return nil }
        var p: Int64 = 1
        for _ in 0..<n { p &*= 10 }
        return p
    }

    @inline(__always)
    private static func order<T: Comparable>(_ a: T, _ b: T) -> Int {
        a < b ? -1 : (b < a ? 1 : 0)
    }
}
