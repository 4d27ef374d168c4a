import FinanceCore

/// Whether one condition (or rule) can only hold when another does: the logic behind the
/// "can never fire" warnings. Conservative: `false` means "not shown to", never "shown not to".
enum Implication {
    /// Whenever `b`'s `when` lines all hold, `a`'s do too: every line of `a` is implied by some
    /// line of `b` (each alternative of that line implying one of `a`'s line).
    static func rule(_ b: Rule, implies a: Rule) -> Bool {
        a.conditions.allSatisfy { lineA in
            b.conditions.contains { lineB in
                lineB.alternatives.allSatisfy { x in lineA.alternatives.contains { y in condition(x, implies: y) } }
            }
        }
    }

    /// Whenever `x` holds, `y` does.
    static func condition(_ x: Condition, implies y: Condition) -> Bool {
        if x.negated != y.negated { return false }
        if x.negated { return x.test == y.test }
        switch (x.test, y.test) {
        case let (.text(fx, ox, lx), .text(fy, oy, ly)):
            let sameField = fx == fy || (fy == .text && oy == .contains && [.name, .memo, .address].contains(fx))
            return sameField && text(ox, CaseFold.fold(lx), implies: oy, CaseFold.fold(ly))
        case let (.matches(fx, rx), .matches(fy, ry)):
            return fx == fy && rx == ry
        default:
            if let ix = interval(x.test), let iy = interval(y.test) { return ix.isWithin(iy) }
            return x.test == y.test
        }
    }

    /// Text tests on one field's folded value.
    private static func text(_ ox: TextOperator, _ x: [UInt8], implies oy: TextOperator, _ y: [UInt8]) -> Bool {
        switch (ox, oy) {
        case (.is, .is): return x == y
        case (_, .contains): return y.isEmpty || CaseFold.contains(x, y)
        case (.is, .startsWith), (.startsWith, .startsWith): return x.starts(with: y)
        case (.is, .endsWith), (.endsWith, .endsWith): return x.reversed().starts(with: y.reversed())
        default: return false
        }
    }

    /// The values a numeric or date test admits, when they form one interval.
    private static func interval(_ test: Condition.Test) -> NumericInterval? {
        switch test {
        case let .amount(field, op, value): return NumericInterval(field: "\(field)", op, Key.money(value))
        case let .amountBetween(field, low, high): return NumericInterval(field: "\(field)", low: .money(low), high: .money(high))
        case let .number(field, op, value): return NumericInterval(field: "\(field)", op, Key.int(value))
        case let .numberBetween(field, low, high): return NumericInterval(field: "\(field)", low: .int(low), high: .int(high))
        case let .date(op, value): return NumericInterval(field: "date", op, Key.date(value))
        case let .dateBetween(low, high): return NumericInterval(field: "date", low: .date(low), high: .date(high))
        default: return nil
        }
    }

    /// A value of a numeric field; only values of the same kind are compared.
    enum Key: Comparable {
        case money(Money)
        case int(Int)
        case date(LocalDate)
    }
}

/// `low … high` (either end open or absent) of one field.
struct NumericInterval {
    var field: String
    var low: Implication.Key?
    var lowInclusive = true
    var high: Implication.Key?
    var highInclusive = true

    init(field: String, low: Implication.Key, high: Implication.Key) {
        self.field = field
        self.low = low
        self.high = high
    }

    /// `!=` is not one interval.
    init?(field: String, _ op: Comparison, _ value: Implication.Key) {
        self.field = field
        switch op {
        case .equal: (low, high) = (value, value)
        case .notEqual: return nil
        case .less: (high, highInclusive) = (value, false)
        case .lessOrEqual: high = value
        case .greater: (low, lowInclusive) = (value, false)
        case .greaterOrEqual: low = value
        }
    }

    /// Every value in `self` is in `other`.
    func isWithin(_ other: NumericInterval) -> Bool {
        guard field == other.field else { return false }
        if let outer = other.low {
            guard let inner = low else { return false }
            if inner < outer || (inner == outer && lowInclusive && !other.lowInclusive) { return false }
        }
        if let outer = other.high {
            guard let inner = high else { return false }
            if inner > outer || (inner == outer && highInclusive && !other.highInclusive) { return false }
        }
        return true
    }
}
