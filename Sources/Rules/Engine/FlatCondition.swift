import FinanceCore

/// One condition as 48 bytes of plain values: which test, on which field, against what, and where
/// its `when` line ends. The operands share a few slots (see the accessors), so that a rule's
/// conditions, stored one after another, take a cache line or two.
struct FlatCondition {
    enum Kind: UInt8 {
        case contains, equals, startsWith, endsWith, matches
        /// A regex lowered to its branches (`LoweredRegex`).
        case literals
        case amount, amountBetween, number, numberBetween, date, dateBetween
    }

    var kind: Kind
    var negated: Bool
    var textField: TextField = .name
    var amountField: AmountField = .amount
    var numberField: NumberField = .day
    var comparison: Comparison = .equal
    /// The scales of the amounts `low` and `high`.
    var lowScale: UInt8 = 0
    var highScale: UInt8 = 0
    /// Text tests: the literal's start in the pool; `matches` and `literals`: the regex's number.
    var start: Int32 = 0
    /// Text tests: the literal's length; `literals`: the end of its branches.
    var end: Int32 = 0
    /// `contains`: the literal's number in `FoundLiterals`, or -1 (search the text); `literals`: the
    /// start of its branches.
    var probe: Int32 = -1
    /// The index of the first condition after this one's `when` line.
    var lineEnd: Int32 = 0
    /// Amounts: units; numbers: values; `literals`: the longest raw text the branches decide.
    var low: Int64 = 0
    var high: Int64 = 0
    var lowDate = LocalDate(year: 2000, month: 1, day: 1)!
    var highDate = LocalDate(year: 2000, month: 1, day: 1)!

    var regex: Int { Int(start) }
    var branchStart: Int { Int(probe) }
    var branchEnd: Int { Int(end) }
    var maxTextLength: Int { Int(low) }
    var lowMoney: Money { Money(units: low, scale: lowScale) }
    var highMoney: Money { Money(units: high, scale: highScale) }

    init(_ condition: Condition, literals: inout [UInt8], regexes: inout [RuleRegex], index: RuleIndex?) {
        negated = condition.negated
        switch condition.test {
        case .text(let field, let op, let text):
            switch op {
            case .contains: kind = .contains
            case .is: kind = .equals
            case .startsWith: kind = .startsWith
            case .endsWith: kind = .endsWith
            }
            textField = field
            let folded = CaseFold.fold(text)
            start = Int32(literals.count)
            end = Int32(folded.count)
            literals += folded
            if op == .contains, !folded.isEmpty, let index { probe = index.probe(folded, in: field) }
        case .matches(let field, let box):
            kind = .matches
            textField = field
            start = Int32(regexes.count)
            regexes.append(box.regex)
        case .amount(let field, let op, let value):
            kind = .amount
            (amountField, comparison) = (field, op)
            (low, lowScale) = Self.atCents(value)
        case .amountBetween(let field, let a, let b):
            kind = .amountBetween
            amountField = field
            (low, lowScale) = Self.atCents(a)
            (high, highScale) = Self.atCents(b)
        case .number(let field, let op, let value):
            kind = .number
            (numberField, comparison, low) = (field, op, Int64(value))
        case .numberBetween(let field, let a, let b):
            kind = .numberBetween
            (numberField, low, high) = (field, Int64(a), Int64(b))
        case .date(let op, let value):
            kind = .date
            (comparison, lowDate) = (op, value)
        case .dateBetween(let a, let b):
            kind = .dateBetween
            (lowDate, highDate) = (a, b)
        }
    }

    /// Makes this `matches` condition a test of the lowered regex's branches (the regex stays for
    /// texts too long for them).
    mutating func lower(_ lowered: LoweredRegex, field: TextField, branches: inout [FlatBranch], literals: inout [UInt8], index: RuleIndex) {
        kind = .literals
        probe = Int32(branches.count)
        for branch in lowered.branches { branches.append(FlatBranch(branch, field: field, literals: &literals, index: index)) }
        end = Int32(branches.count)
        low = Int64(lowered.maxTextLength)
    }

    /// `value`'s units and scale, with two decimals when it has fewer (`0` as `0.00`): the same number,
    /// at the scale of most amounts, which then compare as plain integers (`RuleEvaluation`).
    static func atCents(_ value: Money) -> (Int64, UInt8) {
        guard value.scale < 2 else { return (value.units, value.scale) }
        let (units, overflow) = value.units.multipliedReportingOverflow(by: value.scale == 0 ? 100 : 10)
        return overflow ? (value.units, value.scale) : (units, 2)
    }
}
