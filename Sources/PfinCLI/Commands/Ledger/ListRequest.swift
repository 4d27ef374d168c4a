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

    static let type = Option.choice("--type", of: PaymentType.self, value: "TYPE", help: "Only income, expense or transfer.")
    static let from = dateOption("--from", help: "From this day on, YYYY-MM-DD (or today, yesterday).")
    static let to = dateOption("--to", help: "Up to this day, included.")
    static let category = Option(
        "--category", value: "PREFIX", completion: .category,
        help: "Categories starting with PREFIX, ignoring case (Food matches Food:Groceries).")
    static let account = Option("--account", value: "NAME", completion: .account, help: "Only this account, ignoring case.")
    static let uncategorized = Flag("--uncategorized", help: "Only transactions without a category: what no rule or bank categorised.")
    static let uncategorised = Flag("--uncategorised", help: "The same as --uncategorized.")
    static let search = Option("--search", value: "TEXT", help: "TEXT in the name, memo or address, ignoring case.")
    static let minimum = amountOption("--min", help: "Amounts of at least AMOUNT, ignoring the sign (12.50).")
    static let maximum = amountOption("--max", help: "Amounts of at most AMOUNT, ignoring the sign.")
    static let limit = Option.integer("--limit", in: 1...Int.max, help: "At most the N newest.")
    static let all = Flag("--all", help: "Every match; on a terminal the default is the newest screenful, saying how many more there are.")
    static let format = Option.choice("--format", of: Format.self, default: .text, help: "text (default, columns for 80-column terminals), csv or jsonl.")
    static let deleted = Flag("--deleted", help: "Only the deleted transactions (for 'pfin restore'), with the other filters.")
    static let specs = [
        type.spec, from.spec, to.spec, category.spec, account.spec, uncategorized.spec, uncategorised.spec, search.spec,
        minimum.spec, maximum.spec, limit.spec, all.spec, format.spec, deleted.spec,
    ]

    static func parse(_ arguments: ParsedArguments, today: LocalDate) throws(UsageError) -> ListRequest {
        if let extra = arguments.positionals.first {
            throw UsageError(message: "'pfin list' takes options only, found '\(extra)'; to search, use --search \"\(extra)\"")
        }
        var filter = LedgerFilter()
        filter.type = arguments[type]
        filter.from = arguments[from].flatMap { $0(today) }
        filter.to = arguments[to].flatMap { $0(today) }
        if let from = filter.from, let to = filter.to, to < from {
            throw UsageError(message: "--from \(from) is after --to \(to); the first day comes first")
        }
        filter.categoryPrefix = arguments[category]
        filter.account = arguments[account]
        filter.search = arguments[search]
        filter.deleted = arguments[deleted]
        filter.uncategorised = arguments[uncategorised] || arguments[uncategorized]
        if filter.uncategorised, filter.categoryPrefix != nil {
            throw UsageError(message: "--uncategorized and --category contradict each other: a transaction without a category has none to match")
        }
        filter.minAmount = arguments[minimum]
        filter.maxAmount = arguments[maximum]
        if let min = filter.minAmount, let max = filter.maxAmount, max < min {
            throw UsageError(message: "--min \(min) is above --max \(max); nothing could match")
        }
        filter.limit = arguments[limit]
        let format = arguments[Self.format] ?? .text
        if arguments[all], filter.limit != nil {
            throw UsageError(message: "--all and --limit contradict each other: --all lists every match, --limit the newest N")
        }
        return ListRequest(filter: filter, format: format, all: arguments[all])
    }

    /// A date option, shared with `pfin summary`: checked while parsing, resolved against the
    /// day the command runs (`today`, `yesterday`).
    static func dateOption(_ long: String, help: String) -> Option<@Sendable (LocalDate) -> LocalDate?> {
        Option(long, value: "DATE", help: help) { text throws(UsageError) in
            guard DateArgument.parse(text, today: DateArgument.today()) != nil else {
                throw UsageError(message: "\(long) expects a date: \(DateArgument.problem(text))")
            }
            return { today in DateArgument.parse(text, today: today) }
        }
    }

    /// An amount bound: a magnitude, since the filter ignores the sign.
    private static func amountOption(_ long: String, help: String) -> Option<Money> {
        Option(long, value: "AMOUNT", help: help) { text throws(UsageError) in
            switch AmountText.magnitude(text) {
            case .success(let value): return value
            case .failure(.zero): return Money.zero()
            case .failure(.signed(let unsigned)):
                throw UsageError(message: "\(long) expects an amount without a sign (it compares magnitudes), found '\(text)'; use '\(unsigned)'")
            case .failure:
                throw UsageError(message: "\(long) expects an amount such as 12.50 or 1,234.50, found '\(text)'")
            }
        }
    }
}
