import FinanceCore
import Rules

/// The rules check: parse, compile and apply to fixed transactions. Errors and rules are located
/// inside the file; the indexed engine decides exactly what trying every rule in order decides
/// (it may avoid a regex's step budget running out, never run into one the linear engine avoids);
/// rules never change what a transaction is (its id, date, amount, source).
enum RulesCheck {
    static let activities: [PaymentActivity] = {
        let day = LocalDate(year: 2024, month: 5, day: 3)!
        let source = SourceLocation(file: "statement.csv", line: 2)
        return [
            PaymentActivity(
                id: ActivityID(value: 1), account: "Checking", date: day, name: "AMAZON MKTPLACE PMTS",
                address: "Seattle WA", amount: Money(units: -1299, scale: 2, currency: CurrencyCode("USD")),
                memo: "Order 123-456 ref 42", category: "Shopping", source: source),
            PaymentActivity(
                id: ActivityID(value: 2), account: nil, date: day.adding(days: 30), name: "Salaire Société Générale",
                amount: Money(units: 250_000, scale: 2, currency: CurrencyCode("EUR")), source: source),
            PaymentActivity(
                id: ActivityID(value: 3), account: "Card", date: day.adding(days: -400), name: "",
                amount: Money(units: 0, scale: 0), memo: "", source: source),
        ]
    }()

    static func run(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let shape = InputShape(Array(text.utf8))
        switch RulesParser.parse(text, file: FuzzTarget.inputName) {
        case .failure(let errors):
            if errors.diagnostics.isEmpty { return ["a failed rules parse has no diagnostic"] }
            return errors.diagnostics.compactMap { d in shape.problem(with: d.location).map { "rules \(d.code): \($0)" } }
        case .success(let set):
            var found = set.rules.compactMap { rule in shape.problem(with: rule.location).map { "rule '\(rule.name)': \($0)" } }
            let indexed = RuleEngine(set), linear = RuleEngine(set, indexed: false)
            for original in activities {
                var a = original, b = original
                let traceA = indexed.trace(&a), traceB = linear.trace(&b)
                // The same fields, the same matches and stops. A regex the linear engine gave up on
                // may be one the index proved cannot match (its required literal is absent), so
                // the indexed engine's give-ups are a subset of the linear one's, not equal.
                let same = traceA.matched == traceB.matched && traceA.decisions == traceB.decisions && traceA.stoppedBy == traceB.stoppedBy
                if a != b || !same || !Set(traceA.gaveUp).isSubset(of: traceB.gaveUp) {
                    found.append("the indexed engine decides otherwise than the linear one for '\(original.name)': \(a) vs \(b)")
                }
                if a.id != original.id || a.date != original.date || a.amount != original.amount || a.source != original.source {
                    found.append("rules changed what transaction '\(original.name)' is: \(a)")
                }
            }
            return found
        }
    }
}
