import FinanceCore

/// An option with a value of type `Value`, declared once per command (or option group):
///
///     static let format = Option.choice("--format", of: TextOrJSON.self, default: .text, help: "text or json.")
///     let format = arguments[format]     // .text when not given; a bad value never gets this far
///
/// The parser checks every value with `convert` while it reads the command line, so a bad one is
/// a usage error before the command runs; reading it back cannot fail.
struct Option<Value: Sendable>: Sendable {
    let spec: OptionSpec
    let convert: @Sendable (String) throws(UsageError) -> Value
    /// What reading gives when the option is absent.
    let defaultValue: Value?

    init(
        _ long: String, short: String? = nil, value: String, repeatable: Bool = false, required: Bool = false,
        completion: OptionSpec.Completion? = nil, default defaultValue: Value? = nil, help: String,
        convert: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        self.convert = convert
        self.defaultValue = defaultValue
        spec = OptionSpec(
            long, short: short, value: value, repeatable: repeatable, required: required,
            completion: completion, help: help,
            check: { text in
                do throws(UsageError) {
                    _ = try convert(text)
                    return nil
                } catch {
                    return error
                }
            })
    }
}

extension Option where Value == String {
    /// Any text.
    init(
        _ long: String, short: String? = nil, value: String, repeatable: Bool = false, required: Bool = false,
        completion: OptionSpec.Completion? = nil, default defaultValue: String? = nil, help: String
    ) {
        self.init(
            long, short: short, value: value, repeatable: repeatable, required: required, completion: completion,
            default: defaultValue, help: help, convert: { $0 })
    }
}

extension Option where Value == Int {
    /// A whole number in `range`.
    static func integer(
        _ long: String, value: String = "N", in range: ClosedRange<Int>, default defaultValue: Int? = nil,
        help: String
    ) -> Option<Int> {
        Option(long, value: value, default: defaultValue, help: help) { text throws(UsageError) in
            guard let number = Int(text), range.contains(number) else {
                let bounds =
                    range.upperBound < Int.max
                    ? "from \(range.lowerBound) to \(range.upperBound)"
                    : range.lowerBound == 0 ? "(0 or more)" : "of at least \(range.lowerBound)"
                throw UsageError(message: "\(long) expects a whole number \(bounds), found '\(text)'")
            }
            return number
        }
    }
}

/// An option without a value: present or not.
struct Flag: Sendable {
    let spec: OptionSpec

    init(_ long: String, short: String? = nil, help: String) {
        spec = OptionSpec(long, short: short, help: help)
    }
}

extension ParsedArguments {
    /// The option's last value, or its default.
    subscript<Value>(option: Option<Value>) -> Value? {
        guard let text = value(option.spec.long) else { return option.defaultValue }
        return try? option.convert(text)
    }

    /// Every value given, in order (a repeatable option).
    func all<Value>(_ option: Option<Value>) -> [Value] {
        all(option.spec.long).compactMap { try? option.convert($0) }
    }

    /// Whether the flag was given.
    subscript(flag: Flag) -> Bool { self.flag(flag.spec.long) }

    /// Whether the option was given at all.
    func has<Value>(_ option: Option<Value>) -> Bool { values[option.spec.long] != nil }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of an enumeration's cases, by its raw value in any case; anything else is refused with
    /// the closest spelling.
    static func choice(
        _ long: String, of type: Value.Type = Value.self, value: String = "FORMAT", default defaultValue: Value? = nil,
        help: String
    ) -> Option<Value> {
        let names = Value.allCases.map(\.rawValue)
        return Option(long, value: value, completion: .values(names), default: defaultValue, help: help) { text throws(UsageError) in
            if let found = Value.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return found }
            throw UsageError(
                message: "unknown value '\(text)' for \(long); expected \(OptionSpec.either(names))",
                suggestion: Spelling.closest(to: text, in: names))
        }
    }
}
