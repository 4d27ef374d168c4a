/// Text fields a condition can test.
public enum TextField: String, Sendable, CaseIterable, Hashable, BitwiseCopyable {
    case name, memo, address, account, category, currency, type
    /// Name, memo and address together (one line each).
    case text
    /// The name as the bank wrote it, before payee normalisation (the name when it did not change).
    case rawName = "raw-name"
}

public enum TextOperator: String, Sendable, CaseIterable, Hashable, BitwiseCopyable {
    case contains
    case `is`
    case startsWith = "starts-with"
    case endsWith = "ends-with"
}

public enum AmountField: String, Sendable, CaseIterable, Hashable, BitwiseCopyable {
    /// Signed, as the bank sees the account.
    case amount
    case absAmount = "abs-amount"
}

public enum NumberField: String, Sendable, CaseIterable, Hashable, BitwiseCopyable {
    /// Day of the month, 1–31.
    case day
    /// Month, 1–12.
    case month
    /// ISO weekday, 1 (Monday) to 7 (Sunday); written `mon` … `sun`.
    case weekday
}

public enum Comparison: String, Sendable, CaseIterable, Hashable, BitwiseCopyable {
    case equal = "="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// Whether `order` (-1, 0, 1: left against right) satisfies this comparison.
    public func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }
}

/// Fields an action can set.
public enum SettableField: String, Sendable, CaseIterable, Hashable, Comparable {
    case category, type, name, memo, address, account

    public static func < (a: SettableField, b: SettableField) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
