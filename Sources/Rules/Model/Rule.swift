import FinanceCore

/// A parsed rules file (or several, in order): what the parser produces and the engine compiles.
public struct RuleSet: Sendable {
    public var rules: [Rule]
    /// `spelling "eBay"` lines: how payee normalisation writes these words (see `PayeeNormaliser`).
    public var spellings: [String]
    /// Whether names are normalised before the rules run (`--raw-names` turns it off).
    public var normalisesPayees: Bool

    public init(rules: [Rule] = [], spellings: [String] = [], normalisesPayees: Bool = true) {
        self.rules = rules
        self.spellings = spellings
        self.normalisesPayees = normalisesPayees
    }

    /// This set's rules followed by `other`'s (`--rules A --rules B`).
    public func appending(_ other: RuleSet) -> RuleSet {
        RuleSet(rules: rules + other.rules, spellings: spellings + other.spellings, normalisesPayees: normalisesPayees && other.normalisesPayees)
    }
}

/// One `rule NAME` block: all its `when` lines must hold; then its `set` actions apply to fields no
/// earlier rule has set, and `stop` ends the run for that transaction.
public struct Rule: Sendable {
    public var name: String
    /// Where `rule` stands: `FILE:LINE` for explanations and lint messages.
    public var location: SourceLocation
    /// All must hold (AND); each is one or more alternatives (OR).
    public var conditions: [ConditionLine]
    public var actions: [Action]
    public var stops: Bool

    public init(
        name: String, location: SourceLocation, conditions: [ConditionLine] = [], actions: [Action] = [],
        stops: Bool = false
    ) {
        self.name = name
        self.location = location
        self.conditions = conditions
        self.actions = actions
        self.stops = stops
    }

    /// The fields this rule sets.
    public var fieldsSet: Set<SettableField> { Set(actions.map(\.field)) }
}

/// One `when` line: any of its conditions may hold.
public struct ConditionLine: Sendable, Equatable {
    public var alternatives: [Condition]
    public var location: SourceLocation

    public init(alternatives: [Condition], location: SourceLocation) {
        self.alternatives = alternatives
        self.location = location
    }
}

/// `[not] FIELD OP VALUE`.
public struct Condition: Sendable, Equatable {
    public var negated: Bool
    public var test: Test
    public var location: SourceLocation

    public init(negated: Bool = false, test: Test, location: SourceLocation) {
        self.negated = negated
        self.test = test
        self.location = location
    }

    public enum Test: Sendable, Equatable {
        /// A text field against a literal, compared without regard to case.
        case text(TextField, TextOperator, String)
        /// A text field against a regular expression (case-insensitive).
        case matches(TextField, RuleRegexBox)
        /// `amount`, `abs-amount`: exact decimal comparisons.
        case amount(AmountField, Comparison, Money)
        case amountBetween(AmountField, Money, Money)
        /// `day`, `month`, `weekday`: small integers (weekday 1 = Monday … 7 = Sunday).
        case number(NumberField, Comparison, Int)
        case numberBetween(NumberField, Int, Int)
        case date(Comparison, LocalDate)
        case dateBetween(LocalDate, LocalDate)
    }
}

/// A regex in a condition; equal when the patterns are.
public struct RuleRegexBox: Sendable, Equatable {
    public let regex: RuleRegex

    public init(_ regex: RuleRegex) { self.regex = regex }

    public static func == (a: RuleRegexBox, b: RuleRegexBox) -> Bool { a.regex.pattern == b.regex.pattern }
}

/// `set FIELD = VALUE`; the value may refer to the rule's regex captures as `$1`…`$9`.
public struct Action: Sendable, Equatable {
    public var field: SettableField
    public var value: Template
    public var location: SourceLocation

    public init(field: SettableField, value: Template, location: SourceLocation) {
        self.field = field
        self.value = value
        self.location = location
    }
}

/// A value with `$N` holes, filled from the captures of the rule's first matching regex.
public struct Template: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case literal(String)
        case capture(Int)
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }

    /// A template that is just text.
    public init(_ text: String) { parts = [.literal(text)] }

    /// The text, when the template has no captures.
    public var literalText: String? {
        var text = ""
        for part in parts {
            guard case .literal(let literal) = part else { return nil }
            text += literal
        }
        return text
    }

    public var usesCaptures: Bool { parts.contains { if case .capture = $0 { return true } else { return false } } }

    /// The text with captures filled in (missing captures give empty text).
    public func render(_ captures: [Substring?]) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text): out += text
            case .capture(let n): if n < captures.count, let value = captures[n] { out += value }
            }
        }
        return out
    }
}
