import FinanceCore

/// Whether conditions hold for a transaction, and what a matching rule's regexes captured.
enum RuleEvaluation {
    /// The rule's conditions against `view`: `nil` when they do not all hold; otherwise the
    /// captures of its first `matches` condition that matched (empty when there is none).
    static func match(_ rule: CompiledRule, _ view: inout TransactionView) -> [Substring?]? {
        var captures: [Substring?]?
        for line in rule.lines {
            var lineHolds = false
            for condition in line {
                let (holds, found) = evaluate(condition, &view, wantCaptures: captures == nil && rule.usesCaptures)
                if holds {
                    if captures == nil, let found { captures = found }
                    lineHolds = true
                    break
                }
            }
            guard lineHolds else { return nil }
        }
        return captures ?? []
    }

    private static func evaluate(_ c: CompiledCondition, _ view: inout TransactionView, wantCaptures: Bool) -> (Bool, [Substring?]?) {
        var captures: [Substring?]?
        let result: Bool
        switch c.test {
        case .text(let field, let op, let literal):
            let value = view.folded(field)
            switch op {
            case .contains: result = CaseFold.contains(value, literal)
            case .is: result = value == literal
            case .startsWith: result = value.starts(with: literal)
            case .endsWith: result = value.count >= literal.count && value.suffix(literal.count).elementsEqual(literal)
            }
        case .matches(let field, let regex):
            let text = view.value(field)
            let outcome: RegexTest
            if wantCaptures && !c.negated {
                let found = regex.search(capturing: text)
                outcome = found.outcome
                captures = found.match?.captures
            } else {
                outcome = regex.test(text)
            }
            if outcome == .gaveUp {
                // Undecided: the rule is not applied, and the caller hears of it.
                view.regexGaveUp = true
                return (false, nil)
            }
            result = outcome == .match
        case .amount(let field, let comparison, let value):
            result = comparison.holds(order(amount(field, view.activity), value))
        case .amountBetween(let field, let low, let high):
            let a = amount(field, view.activity)
            result = order(a, low) >= 0 && order(a, high) <= 0
        case .number(let field, let comparison, let value):
            result = comparison.holds(order(number(field, view.activity), value))
        case .numberBetween(let field, let low, let high):
            let n = number(field, view.activity)
            result = n >= low && n <= high
        case .date(let comparison, let value):
            result = comparison.holds(order(view.activity.date, value))
        case .dateBetween(let low, let high):
            result = view.activity.date >= low && view.activity.date <= high
        }
        return (result != c.negated, c.negated ? nil : captures)
    }

    private static func amount(_ field: AmountField, _ a: PaymentActivity) -> Money {
        switch field {
        case .amount: return a.amount
        case .absAmount: return a.amount.magnitude ?? a.amount
        }
    }

    private static func number(_ field: NumberField, _ a: PaymentActivity) -> Int {
        switch field {
        case .day: return a.date.day
        case .month: return a.date.month
        case .weekday: return a.date.weekday
        }
    }

    @inline(__always)
    private static func order<T: Comparable>(_ a: T, _ b: T) -> Int {
        a < b ? -1 : (b < a ? 1 : 0)
    }
}

/// A condition with its literal folded once, ahead of every transaction.
struct CompiledCondition: Sendable {
    enum Test: Sendable {
        case text(TextField, TextOperator, [UInt8])
        case matches(TextField, RuleRegex)
        case amount(AmountField, Comparison, Money)
        case amountBetween(AmountField, Money, Money)
        case number(NumberField, Comparison, Int)
        case numberBetween(NumberField, Int, Int)
        case date(Comparison, LocalDate)
        case dateBetween(LocalDate, LocalDate)
    }

    var negated: Bool
    var test: Test

    init(_ condition: Condition) {
        negated = condition.negated
        switch condition.test {
        case .text(let field, let op, let literal): test = .text(field, op, CaseFold.fold(literal))
        case .matches(let field, let box): test = .matches(field, box.regex)
        case .amount(let field, let op, let value): test = .amount(field, op, value)
        case .amountBetween(let field, let low, let high): test = .amountBetween(field, low, high)
        case .number(let field, let op, let value): test = .number(field, op, value)
        case .numberBetween(let field, let low, let high): test = .numberBetween(field, low, high)
        case .date(let op, let value): test = .date(op, value)
        case .dateBetween(let low, let high): test = .dateBetween(low, high)
        }
    }

    /// Literals one of which the field must contain for the condition to hold, or `nil` when the
    /// condition can hold without any (negated, numeric, or a regex with no required text).
    var requiredLiterals: (TextField, [[UInt8]])? {
        guard !negated else { return nil }
        switch test {
        case .text(let field, _, let literal): return literal.isEmpty ? nil : (field, [literal])
        case .matches(let field, let regex):
            // The alternatives are only offered when they are more selective than the one literal.
            if let alternatives = regex.requiredAlternatives, !alternatives.isEmpty, alternatives.allSatisfy({ !$0.isEmpty }) {
                return (field, alternatives)
            }
            if let literal = regex.requiredLiteral, !literal.isEmpty { return (field, [literal]) }
            return nil
        default: return nil
        }
    }
}

/// A rule ready to run: conditions compiled, actions kept.
struct CompiledRule: Sendable {
    let rule: Rule
    let lines: [[CompiledCondition]]
    let usesCaptures: Bool

    init(_ rule: Rule) {
        self.rule = rule
        lines = rule.conditions.map { $0.alternatives.map(CompiledCondition.init) }
        usesCaptures = rule.actions.contains { $0.value.usesCaptures }
    }
}
