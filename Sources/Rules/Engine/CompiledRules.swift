import FinanceCore

/// A rule set laid out for evaluation: conditions as plain values in one buffer, literals folded
/// once into one byte pool, rules and their `when` lines as index ranges. Evaluating a rule then
/// reads memory without reference counting or copies.
final class CompiledRules {
    let count: Int
    let rules: UnsafeMutableBufferPointer<FlatRule>
    let lines: UnsafeMutableBufferPointer<FlatLine>
    let conditions: UnsafeMutableBufferPointer<FlatCondition>
    let literals: UnsafeMutableBufferPointer<UInt8>
    let regexes: [RuleRegex]
    let actions: UnsafeMutablePointer<CompiledAction>
    private let actionCount: Int

    init(_ set: RuleSet) {
        var rules: [FlatRule] = []
        var lines: [FlatLine] = []
        var conditions: [FlatCondition] = []
        var literals: [UInt8] = []
        var regexes: [RuleRegex] = []
        var actions: [CompiledAction] = []
        for rule in set.rules {
            let firstLine = lines.count
            for line in rule.conditions {
                let first = conditions.count
                for condition in line.alternatives {
                    conditions.append(FlatCondition(condition, literals: &literals, regexes: &regexes))
                }
                lines.append(FlatLine(start: Int32(first), end: Int32(conditions.count)))
            }
            let firstAction = actions.count
            actions += rule.actions.map(CompiledAction.init)
            rules.append(FlatRule(lineStart: Int32(firstLine), lineEnd: Int32(lines.count),
                                  actionStart: Int32(firstAction), actionEnd: Int32(actions.count),
                                  stops: rule.stops, usesCaptures: rule.actions.contains { $0.value.usesCaptures }))
        }
        count = rules.count
        self.rules = Self.copy(rules)
        self.lines = Self.copy(lines)
        self.conditions = Self.copy(conditions)
        self.literals = Self.copy(literals)
        self.regexes = regexes
        actionCount = actions.count
        self.actions = .allocate(capacity: max(actions.count, 1))
        self.actions.initialize(from: actions, count: actions.count)
    }

    deinit {
        rules.deallocate()
        lines.deallocate()
        conditions.deallocate()
        literals.deallocate()
        actions.deinitialize(count: actionCount)
        actions.deallocate()
    }

    /// A condition's literal, folded.
    @inline(__always)
    func literal(_ c: UnsafeMutablePointer<FlatCondition>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: literals.baseAddress! + Int(c.pointee.literalStart), count: Int(c.pointee.literalCount))
    }

    private static func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return buffer
    }
}

/// A rule as ranges: its `when` lines in `lines`, its actions in `actions`.
struct FlatRule {
    var lineStart: Int32
    var lineEnd: Int32
    var actionStart: Int32
    var actionEnd: Int32
    var stops: Bool
    var usesCaptures: Bool
}

/// One `when` line: its alternatives in `conditions`.
struct FlatLine {
    var start: Int32
    var end: Int32
}

/// One condition, all plain values: which test, on which field, against what.
struct FlatCondition {
    enum Kind: UInt8 {
        case contains, equals, startsWith, endsWith, matches
        case amount, amountBetween, number, numberBetween, date, dateBetween
    }

    var kind: Kind
    var negated: Bool
    var textField: TextField = .name
    var amountField: AmountField = .amount
    var numberField: NumberField = .day
    var comparison: Comparison = .equal
    var literalStart: Int32 = 0
    var literalCount: Int32 = 0
    var regex: Int32 = -1
    var lowMoney = Money(units: 0, scale: 0)
    var highMoney = Money(units: 0, scale: 0)
    var low = 0
    var high = 0
    var lowDate = LocalDate(year: 2000, month: 1, day: 1)!
    var highDate = LocalDate(year: 2000, month: 1, day: 1)!

    init(_ condition: Condition, literals: inout [UInt8], regexes: inout [RuleRegex]) {
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
            literalStart = Int32(literals.count)
            literalCount = Int32(folded.count)
            literals += folded
        case .matches(let field, let box):
            kind = .matches
            textField = field
            regex = Int32(regexes.count)
            regexes.append(box.regex)
        case .amount(let field, let op, let value):
            kind = .amount
            (amountField, comparison, lowMoney) = (field, op, value)
        case .amountBetween(let field, let a, let b):
            kind = .amountBetween
            (amountField, lowMoney, highMoney) = (field, a, b)
        case .number(let field, let op, let value):
            kind = .number
            (numberField, comparison, low) = (field, op, value)
        case .numberBetween(let field, let a, let b):
            kind = .numberBetween
            (numberField, low, high) = (field, a, b)
        case .date(let op, let value):
            kind = .date
            (comparison, lowDate) = (op, value)
        case .dateBetween(let a, let b):
            kind = .dateBetween
            (lowDate, highDate) = (a, b)
        }
    }
}

/// `set FIELD = VALUE`, with a value that needs no captures worked out once.
struct CompiledAction {
    let field: SettableField
    let template: Template
    /// The value when it has no `$N`.
    let fixed: String?
    /// For `set type`: the type, when fixed.
    let fixedType: PaymentType?

    init(_ action: Action) {
        field = action.field
        template = action.value
        fixed = action.value.usesCaptures ? nil : action.value.render([])
        fixedType = fixed.flatMap { PaymentType(rawValue: $0) }
    }
}
