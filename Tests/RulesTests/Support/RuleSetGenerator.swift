import FinanceCore
import Rules
import TestSupport

/// Random rules files and transactions drawn from one vocabulary, so that rules match often,
/// literals overlap (`amzn` in `amzn mktp`), non-ASCII text needs folding, and rules that rename
/// a transaction feed the conditions of later ones.
struct RuleSetGenerator {
    var random: SeededRandom
    /// Whether `matches` has a real engine behind it (the stub reports no groups), so that `$N`
    /// templates can be used.
    let capturesWork: Bool

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
        capturesWork = ((try? RuleRegex("(a)(b)"))?.captureCount ?? 0) == 2
    }

    static let words = [
        "amzn", "amzn mktp", "mktp", "amazon", "amazon prime", "prime", "whole foods", "whole", "foods", "trader joe",
        "joe", "joe's \"diner\"", "starbucks", "star", "bucks", "café", "CAFÉ CRÈME", "crème", "müller", "MÜLLER GMBH",
        "straße", "hauptstraße", "uber", "uber eats", "eats", "shell", "shell oil", "oil", "netflix", "spotify", "payroll",
        "acme", "acme corp", "rent", "transfer", "zürich", "ß", "é", "#12", "sq *", "paypal *", "tst*", "a", "e", "an",
        "ÅRHUS", "☕", "b&q", "7-eleven", "eleven", "\\", "o'reilly",
        // Letters that lower-casing and case folding treat differently: final sigma, micro sign, long s.
        "ΟΔΟΣ", "οδος", "5 µg", "ſt", "ﬁ",
    ]
    /// Values rules give names: also words, so later rules can match them.
    static let newNames = [
        "Amazon", "Whole Foods", "Starbucks", "Café Crème", "Müller", "Uber Eats", "Shell", "ACME Payroll",
        "amzn mktp", "Trader Joe's",
    ]
    static let categories = ["Food:Groceries", "Food:Coffee", "Shopping", "Transport", "Income:Salary", "Housing:Rent", "Fun", ""]
    static let amounts = [
        "-1000", "-250.00", "-100", "-54.2", "-12.50", "-10", "-4.5", "-0.01", "0", "0.01", "4.50", "12.5",
        "100", "2500.00",
    ]
    static let textFields = [
        "name", "name", "name", "memo", "memo", "text", "text", "address", "account", "category", "currency", "type", "raw-name",
    ]
    static let textOperators = ["contains", "contains", "is", "starts-with", "ends-with"]
    static let comparisons = ["=", "!=", "<", "<=", ">", ">="]
    static let patterns = [
        "amzn", "^sq \\*", "(uber|lyft)", "caf[eé]", "m(ü|ue)ller", "\\d+", "^$", "acme( corp)?", "(star)(bucks)",
        "foods$", "é", "a.c", "οδοσ", "μg", "st\\b",
    ]

    // MARK: Rules

    mutating func rulesFile(count: Int) -> String {
        (0..<count).map { rule($0) }.joined()
    }

    private mutating func rule(_ index: Int) -> String {
        var lines: [String] = []
        var groups = 0
        // Most rules are about some text, as real ones are (and so the index can skip them); the
        // rest are general.
        var conditionLines = 0
        if random.chance(0.85) {
            let count = random.chance(0.3) ? Int.random(in: 2...3, using: &random) : 1
            let alternatives = (0..<count).map { _ in keyCondition() }
            lines.append("  when " + alternatives.map(\.0).joined(separator: " or "))
            groups = alternatives.map(\.1).max() ?? 0
            conditionLines += 1
        }
        for _ in 0..<Int.random(in: conditionLines == 0 ? 0...3 : 0...2, using: &random) {
            var alternatives: [String] = []
            for _ in 0..<(random.chance(0.3) ? Int.random(in: 2...3, using: &random) : 1) {
                let (condition, captures) = self.condition()
                alternatives.append(condition)
                groups = max(groups, captures)
            }
            lines.insert("  when " + alternatives.joined(separator: " or "), at: Int.random(in: 0...lines.count, using: &random))
        }
        // General rules (no text to key on) are fallbacks: they do not rename.
        let fields =
            conditionLines > 0
            ? ["category", "category", "category", "name", "name", "memo", "type", "address", "account"]
            : ["category", "memo", "type", "account"]
        for _ in 0..<(random.chance(0.05) ? 0 : Int.random(in: 1...2, using: &random)) {  // none: a stop-only rule
            let field = random.pick(fields)
            lines.append("  set \(field) = \(value(for: field, groups: groups))")
        }
        if random.chance(0.08) || !lines.contains(where: { $0.hasPrefix("  set") }) { lines.append("  stop") }
        if random.chance(0.2) { lines.append("  # a comment") }
        return (["rule \"r\(index)\""] + lines).joined(separator: "\n") + "\n"
    }

    /// A condition that needs a word of the vocabulary in the text (what the index keys on).
    private mutating func keyCondition() -> (String, Int) {
        if random.chance(0.15) {
            let pattern = random.pick(Self.patterns)
            return ("\(random.pick(["name", "memo", "text"])) matches /\(pattern)/", (try? RuleRegex(pattern).captureCount) ?? 0)
        }
        let literal = random.chance(0.25) ? random.pick(Self.newNames) : random.pick(Self.words.filter { $0.count > 2 })
        let field = random.pick(["name", "name", "name", "memo", "text", "text", "address"])
        return ("\(field) \(random.pick(Self.textOperators)) \(quoted(recase(literal)))", 0)
    }

    /// A condition, and how many groups its regex has (0 for other kinds).
    private mutating func condition() -> (String, Int) {
        let not = random.chance(0.15) ? "not " : ""
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<12:
            let field = random.pick(Self.textFields)
            let literal: String
            switch field {
            case "currency": literal = random.pick(["eur", "USD", "u", "", "jpy"])
            case "type": literal = random.pick(["income", "EXPENSE", "trans", "fer", "e"])
            case "category": literal = random.pick(Self.categories + ["food", ":"])
            case "account": literal = random.pick(["checking", "SAVINGS", "card", "ing"])
            default:
                literal = random.chance(0.2) ? random.pick(Self.newNames) : random.pick(Self.words)
            }
            return ("\(not)\(field) \(random.pick(Self.textOperators)) \(quoted(recase(literal)))", 0)
        case 12..<14:
            let field = random.pick(["name", "memo", "text", "address"])
            let pattern = random.pick(Self.patterns)
            let groups = try? RuleRegex(pattern).captureCount
            // A regex under `not` captures nothing, so it does not make `$N` usable.
            return ("\(not)\(field) matches /\(pattern)/", not.isEmpty ? (groups ?? 0) : 0)
        case 14..<16:
            let field = random.pick(["amount", "abs-amount"])
            if random.chance(0.3) {
                let a = random.pick(Self.amounts), b = random.pick(Self.amounts)
                return ("\(not)\(field) between \(a) and \(b)", 0)
            }
            return ("\(not)\(field) \(random.pick(Self.comparisons)) \(random.pick(Self.amounts))", 0)
        case 16:
            return ("\(not)date \(random.pick(Self.comparisons)) 2024-\(String(format2: Int.random(in: 1...12, using: &random)))-15", 0)
        case 17:
            return ("\(not)day between \(Int.random(in: 1...15, using: &random)) and \(Int.random(in: 10...31, using: &random))", 0)
        case 18:
            return ("\(not)weekday \(random.pick(Self.comparisons)) \(random.pick(["mon", "wed", "fri", "sat", "sun", "3"]))", 0)
        default:
            return ("\(not)month \(random.pick(Self.comparisons)) \(random.pick(["jan", "mar", "jun", "sep", "dec", "5"]))", 0)
        }
    }

    private mutating func value(for field: String, groups: Int) -> String {
        switch field {
        case "type": return random.pick(["income", "expense", "transfer"])
        case "category": return quoted(random.pick(Self.categories))
        default:
            if capturesWork && groups > 0 && random.chance(0.5) {
                return quoted("\(random.pick(Self.newNames)) $\(Int.random(in: 1...groups, using: &random))")
            }
            return quoted(random.pick(Self.newNames + ["new memo", "x"]))
        }
    }

    /// The literal in another case, sometimes.
    private mutating func recase(_ text: String) -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return text.uppercased()
        case 1: return text.lowercased()
        default: return text
        }
    }

    func quoted(_ text: String) -> String { RuleTesting.quoted(text) }

    // MARK: Transactions

    mutating func transaction(_ index: Int) -> PaymentActivity {
        var parts: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            parts.append(random.chance(0.15) ? random.pick(Self.newNames) : random.pick(Self.words))
        }
        if random.chance(0.5) { parts.append(random.pick(["#1234", "4412", "CA", "DE 0815", "x", "ZÜRICH"])) }
        let name = recase(parts.joined(separator: random.pick([" ", "", "*", " - "])))
        let memo = random.chance(0.5) ? recase(random.pick(Self.words) + " " + random.pick(["card", "ref 77", ""])) : nil
        let address = random.chance(0.3) ? recase(random.pick(["1 Main St", "Hauptstraße 5", "ZÜRICH", "Oakland"])) : nil
        let account = random.chance(0.6) ? random.pick(["Checking", "Savings", "Card"]) : nil
        let category = random.chance(0.2) ? random.pick(Self.categories) : nil
        let currency = random.chance(0.5) ? random.pick(["EUR", "USD", "JPY"]) : nil
        let date = "2024-\(String(format2: Int.random(in: 1...12, using: &random)))-\(String(format2: Int.random(in: 1...28, using: &random)))"
        let type: PaymentType? = random.chance(0.1) ? .transfer : nil
        var activity = RuleTesting.transaction(
            name: name, memo: memo, address: address, account: account, category: category,
            amount: random.pick(Self.amounts), currency: currency, type: type, date: date)
        // Half keep a bank text that normalisation cleaned, for `raw-name` conditions.
        if random.chance(0.5) { activity.rawName = recase(random.pick(["Lastschrift ", "POS ", "SQ *"]) + name) }
        activity.id = ActivityID(value: UInt64(index))
        return activity
    }
}
