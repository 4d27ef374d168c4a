import FinanceCore
import LedgerStore

/// What `pfin list` was asked for: the filter and the output format, checked as usage errors
/// that name the option.
struct ListRequest {
    enum Format: String, CaseIterable {
        case text, csv, jsonl
    }

    var filter: LedgerFilter
    var format: Format
    /// `--all`: every match, also on a terminal (which otherwise gets a screenful).
    var all = false

    static let specs: [OptionSpec] = [
        OptionSpec("--type", value: "TYPE", help: "Only income, expense or transfer."),
        OptionSpec("--from", value: "DATE", help: "From this day on, YYYY-MM-DD (or today, yesterday)."),
        OptionSpec("--to", value: "DATE", help: "Up to this day, included."),
        OptionSpec("--category", value: "PREFIX", help: "Categories starting with PREFIX, ignoring case (Food matches Food:Groceries)."),
        OptionSpec("--account", value: "NAME", help: "Only this account, ignoring case."),
        OptionSpec("--uncategorized", help: "Only transactions without a category: what no rule or bank categorised."),
        OptionSpec("--uncategorised", help: "The same as --uncategorized."),
        OptionSpec("--search", value: "TEXT", help: "TEXT in the name, memo or address, ignoring case."),
        OptionSpec("--min", value: "AMOUNT", help: "Amounts of at least AMOUNT, ignoring the sign (12.50)."),
        OptionSpec("--max", value: "AMOUNT", help: "Amounts of at most AMOUNT, ignoring the sign."),
        OptionSpec("--limit", value: "N", help: "At most the N newest."),
        OptionSpec("--all", help: "Every match; on a terminal the default is the newest screenful, saying how many more there are."),
        OptionSpec("--format", value: "FORMAT", help: "text (default, columns for 80-column terminals), csv or jsonl."),
        OptionSpec("--deleted", help: "Only the deleted transactions (for 'pfin restore'), with the other filters."),
    ]

    static func parse(_ arguments: ParsedArguments, today: LocalDate) throws(UsageError) -> ListRequest {
        if let extra = arguments.positionals.first {
            throw UsageError(message: "'pfin list' takes options only, found '\(extra)'; to search, use --search \"\(extra)\"")
        }
        var filter = LedgerFilter()
        if let text = arguments.value("--type") {
            guard let type = PaymentType(rawValue: text.lowercased()) else {
                throw UsageError(message: "unknown type '\(text)' for --type; expected income, expense or transfer",
                                 suggestion: Spelling.closest(to: text, in: PaymentType.allCases.map(\.rawValue)))
            }
            filter.type = type
        }
        filter.from = try date(arguments, "--from", today: today)
        filter.to = try date(arguments, "--to", today: today)
        if let from = filter.from, let to = filter.to, to < from {
            throw UsageError(message: "--from \(from) is after --to \(to); the first day comes first")
        }
        filter.categoryPrefix = arguments.value("--category")
        filter.account = arguments.value("--account")
        filter.search = arguments.value("--search")
        filter.deleted = arguments.flag("--deleted")
        filter.uncategorised = arguments.flag("--uncategorised") || arguments.flag("--uncategorized")
        if filter.uncategorised, filter.categoryPrefix != nil {
            throw UsageError(message: "--uncategorized and --category contradict each other: a transaction without a category has none to match")
        }
        filter.minAmount = try amount(arguments, "--min")
        filter.maxAmount = try amount(arguments, "--max")
        if let min = filter.minAmount, let max = filter.maxAmount, max < min {
            throw UsageError(message: "--min \(min) is above --max \(max); nothing could match")
        }
        if let text = arguments.value("--limit") {
            guard let limit = Int(text), limit >= 1 else {
                throw UsageError(message: "--limit expects a whole number of at least 1, found '\(text)'")
            }
            filter.limit = limit
        }
        let name = arguments.value("--format") ?? "text"
        guard let format = Format(rawValue: name.lowercased()) else {
            throw UsageError(message: "unknown format '\(name)' for --format; expected text, csv or jsonl",
                             suggestion: Spelling.closest(to: name, in: Format.allCases.map(\.rawValue)))
        }
        if arguments.flag("--all"), filter.limit != nil {
            throw UsageError(message: "--all and --limit contradict each other: --all lists every match, --limit the newest N")
        }
        return ListRequest(filter: filter, format: format, all: arguments.flag("--all"))
    }

    /// A date option, shared with `pfin summary`.
    static func date(_ arguments: ParsedArguments, _ option: String, today: LocalDate) throws(UsageError) -> LocalDate? {
        guard let text = arguments.value(option) else { return nil }
        guard let day = DateArgument.parse(text, today: today) else {
            throw UsageError(message: "\(option) expects a date: \(DateArgument.problem(text))")
        }
        return day
    }

    /// An amount bound: a magnitude, since the filter ignores the sign.
    private static func amount(_ arguments: ParsedArguments, _ option: String) throws(UsageError) -> Money? {
        guard let text = arguments.value(option) else { return nil }
        switch AmountText.magnitude(text) {
        case .success(let value): return value
        case .failure(.zero): return Money.zero()
        case .failure(.signed(let unsigned)):
            throw UsageError(message: "\(option) expects an amount without a sign (it compares magnitudes), found '\(text)'; use '\(unsigned)'")
        case .failure:
            throw UsageError(message: "\(option) expects an amount such as 12.50 or 1,234.50, found '\(text)'")
        }
    }
}
