/// The data a template renders: what JSON can say, minus numbers.
///
/// Numbers are passed as strings because a report decides how an amount is written (`1,234.50`,
/// `-3.20 €`); the engine only copies text. Values are immutable and cheap to copy, so one context
/// can be rendered by several templates or threads at once.
///
/// Truthiness, which decides whether a section renders, follows the spec's JavaScript model:
/// `.null`, `.bool(false)`, `.string("")` and `.list([])` are falsey, everything else is truthy.
///
/// ```swift
/// let row: MustacheValue = ["payee": "ACME", "amount": "-12.50", "cleared": true]
/// ```
public indirect enum MustacheValue: Sendable {
    /// A missing or null value: renders as nothing, and a section over it is skipped.
    case null
    /// Renders as `true` or `false`; a section over it renders once or not at all.
    case bool(Bool)
    /// Text, HTML-escaped by `{{name}}` and copied as is by `{{{name}}}` and `{{&name}}`.
    case string(String)
    /// A section over a list renders once per item, with the item on top of the context stack.
    case list([MustacheValue])
    /// Named values; names in tags are looked up here, innermost object first.
    case object(MustacheObject)

    /// Whether a section over this value renders (and an inverted section does not).
    @inline(__always)
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .string(let text): !text.isEmpty
        case .list(let items): !items.isEmpty
        case .object: true
        }
    }
}

extension MustacheValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: MustacheValue...) { self = .list(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// Keeps the pairs in the order written; see ``MustacheObject`` for duplicate keys.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(MustacheObject(elements))
    }
}
