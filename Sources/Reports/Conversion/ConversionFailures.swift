import FinanceCore

/// The amounts a converted report could not convert, gathered per currency and reason: one
/// error each, at the earliest such payment, however many payments it concerns.
public struct ConversionFailures: Sendable {
    struct Entry: Sendable {
        var earliest: LocalDate
        var latest: LocalDate
        var location: SourceLocation
        var count: Int
    }

    private var entries: [CurrencyConverter.Failure: Entry] = [:]
    /// The failures in order of first sight, so the errors come out in a stable order.
    private var order: [CurrencyConverter.Failure] = []

    public init() {}

    /// How many payments could not be converted.
    public var count: Int { entries.values.reduce(0) { $0 + $1.count } }

    public mutating func note(_ failure: CurrencyConverter.Failure, for activity: PaymentActivity) {
        guard var entry = entries[failure] else {
            entries[failure] = Entry(earliest: activity.date, latest: activity.date, location: activity.source, count: 1)
            order.append(failure)
            return
        }
        entry.count += 1
        if activity.date < entry.earliest {
            entry.earliest = activity.date
            entry.location = activity.source
        }
        if activity.date > entry.latest { entry.latest = activity.date }
        entries[failure] = entry
    }

    /// One error per currency and reason, worded for a report into `target` with prices from
    /// `pricesFile` (its name as the user gave it; `nil` when none was given).
    public func diagnostics(target: CurrencyCode, pricesFile: String?) -> [Diagnostic] {
        order.compactMap { failure in
            guard let entry = entries[failure] else { return nil }
            let others =
                entry.count > 1
                ? ["\(Plural.count(entry.count - 1, "more payment")) \(entry.count == 2 ? "needs" : "need") it too, up to \(entry.latest)"] : []
            switch failure {
            case .noPrice(let currency):
                let fix =
                    pricesFile.map { "add a price dated \(entry.earliest) or earlier to \($0), such as 'P \(entry.earliest) \(currency) RATE \(target)'" }
                    ?? "give --prices FILE with a price of \(currency) in \(target) dated \(entry.earliest) or earlier ('P \(entry.earliest) \(currency) RATE \(target)')"
                return Diagnostic(
                    .error, code: "report.no-price", at: entry.location,
                    "no price converts \(currency) into \(target) on or before \(entry.earliest)", notes: others + [fix])
            case .noCurrency:
                return Diagnostic(
                    .error, code: "report.no-currency", at: entry.location,
                    "the amount states no currency, so it cannot be converted into \(target)",
                    notes: others + [
                        "give its file a currency: 'pfin convert FILE --currency CODE -o FILE.jsonl' and report that, or 'pfin import FILE --currency CODE' into the ledger"
                    ])
            case .tooLarge(let currency):
                return Diagnostic(
                    .error, code: "report.conversion-overflow", at: entry.location,
                    "the amount in \(currency) converted into \(target) is too large to hold exactly", notes: others + ["check the price and the amount"])
            }
        }
    }
}
