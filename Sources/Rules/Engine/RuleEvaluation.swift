import FinanceCore

/// Whether a compiled rule's conditions hold for a transaction, and what its regexes captured.
enum RuleEvaluation {
    /// Whether every `when` line of `rule` holds. When `captures` is asked for (non-nil pointer),
    /// it receives the groups of the first `matches` condition that held. `gaveUp` is set when a
    /// regex ran out of steps; its condition was taken as not holding.
    @inline(__always)
    static func holds(_ rule: FlatRule, in compiled: CompiledRules, _ activity: UnsafeMutablePointer<PaymentActivity>, _ fields: FoldedFields,
                      captures: inout [Substring?]?, gaveUp: inout Bool) -> Bool
    {
        var line = Int(rule.lineStart)
        while line < Int(rule.lineEnd) {
            let range = compiled.lines[line]
            var lineHolds = false
            var k = Int(range.start)
            while k < Int(range.end) {
                let condition = compiled.conditions.baseAddress! + k
                let wantCaptures = rule.usesCaptures && captures == nil && condition.pointee.kind == .matches && !condition.pointee.negated
                let held = wantCaptures
                    ? withUnsafeMutablePointer(to: &captures) { test(condition, compiled, activity, fields, captures: $0, gaveUp: &gaveUp) }
                    : test(condition, compiled, activity, fields, captures: nil, gaveUp: &gaveUp)
                if held {
                    lineHolds = true
                    break
                }
                k += 1
            }
            guard lineHolds else { return false }
            line += 1
        }
        return true
    }

    @inline(__always)
    private static func test(_ condition: UnsafeMutablePointer<FlatCondition>, _ compiled: CompiledRules, _ a: UnsafeMutablePointer<PaymentActivity>, _ fields: FoldedFields,
                             captures: UnsafeMutablePointer<[Substring?]?>?, gaveUp: inout Bool) -> Bool
    {
        let result: Bool
        let c = condition
        switch c.pointee.kind {
        case .contains: result = FoldedText.contains(fields.bytes(c.pointee.textField, of: a), compiled.literal(c))
        case .equals: result = FoldedText.equal(fields.bytes(c.pointee.textField, of: a), compiled.literal(c))
        case .startsWith: result = FoldedText.hasPrefix(fields.bytes(c.pointee.textField, of: a), compiled.literal(c))
        case .endsWith: result = FoldedText.hasSuffix(fields.bytes(c.pointee.textField, of: a), compiled.literal(c))
        case .matches:
            let regex = compiled.regexes[Int(c.pointee.regex)]
            let text = TransactionText.value(c.pointee.textField, of: a.pointee)
            let outcome: RegexTest
            if let captures {
                let found = regex.search(capturing: text)
                outcome = found.outcome
                if let match = found.match { captures.pointee = match.captures }
            } else {
                outcome = regex.test(text)
            }
            if outcome == .gaveUp {
                gaveUp = true
                return false
            }
            result = outcome == .match
        case .amount: result = c.pointee.comparison.holds(compare(amount(c.pointee.amountField, a), c.pointee.lowMoney))
        case .amountBetween:
            let value = amount(c.pointee.amountField, a)
            result = compare(value, c.pointee.lowMoney) >= 0 && compare(value, c.pointee.highMoney) <= 0
        case .number: result = c.pointee.comparison.holds(order(number(c.pointee.numberField, a), c.pointee.low))
        case .numberBetween:
            let n = number(c.pointee.numberField, a)
            result = n >= c.pointee.low && n <= c.pointee.high
        case .date: result = c.pointee.comparison.holds(order(a.pointee.date, c.pointee.lowDate))
        case .dateBetween: result = a.pointee.date >= c.pointee.lowDate && a.pointee.date <= c.pointee.highDate
        }
        return result != c.pointee.negated
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

    /// -1, 0 or 1; amounts of one scale (the usual case) compare as integers.
    @inline(__always)
    private static func compare(_ a: Money, _ b: Money) -> Int {
        var (x, y) = (a.units, b.units)
        if a.scale != b.scale {
            // Bring both to the larger scale; fall back to Money's own comparison on overflow.
            let diff = Int(a.scale) - Int(b.scale)
            guard abs(diff) < powersOfTen.count else { return order(a, b) }
            let (scaled, overflow) = diff > 0 ? y.multipliedReportingOverflow(by: powersOfTen[diff])
                                              : x.multipliedReportingOverflow(by: powersOfTen[-diff])
            guard !overflow else { return order(a, b) }
            if diff > 0 { y = scaled } else { x = scaled }
        }
        return x < y ? -1 : (x > y ? 1 : 0)
    }

    private static let powersOfTen: [Int64] = (0...18).map { n in (0..<n).reduce(Int64(1)) { r, _ in r * 10 } }

    @inline(__always)
    private static func order<T: Comparable>(_ a: T, _ b: T) -> Int {
        a < b ? -1 : (b < a ? 1 : 0)
    }
}

/// Comparisons of folded text.
enum FoldedText {
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.count == 0 || memoryEqual(a.baseAddress!, b.baseAddress!, a.count))
    }

    @inline(__always)
    static func hasPrefix(_ a: UnsafeBufferPointer<UInt8>, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count >= p.count && (p.count == 0 || memoryEqual(a.baseAddress!, p.baseAddress!, p.count))
    }

    @inline(__always)
    static func hasSuffix(_ a: UnsafeBufferPointer<UInt8>, _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count >= s.count && (s.count == 0 || memoryEqual(a.baseAddress! + (a.count - s.count), s.baseAddress!, s.count))
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count
        guard n > 0 else { return true }
        guard n <= haystack.count, let h = haystack.baseAddress, let p = needle.baseAddress else { return false }
        let first = p[0]
        var i = 0
        let last = haystack.count - n
        while i <= last {
            if h[i] == first && memoryEqual(h + i + 1, p + 1, n - 1) { return true }
            i += 1
        }
        return false
    }

    @inline(__always)
    private static func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var k = 0
        while k < count {
            if a[k] != b[k] { return false }
            k += 1
        }
        return true
    }
}
