import FinanceCore
import Reports

/// The end of a report's reading: activities, after the rules stage, go into a `ReportBuilder`;
/// the rules' warnings are kept (at most `keptWarnings`: a regex that gives up on every row of a
/// million-row file would otherwise hold a million diagnostics; the rest are counted) to be shown
/// with the report.
///
///     var stage = RulesStage(engine, into: ReportCollector(builder: ReportBuilder(options: ReportOptions())))
///     try InputSource("history.jsonl").read(options: ReadOptions(), into: &stage)
///     let report = stage.base.builder.finish()
public struct ReportCollector: RuledActivitySink {
    public static let keptWarnings = 100
    public var builder: ReportBuilder
    /// Recurring payments found in the same pass, when asked for (`pfin recurring`, the HTML
    /// pages' recurring section).
    public var recurring: RecurringDetector?
    public private(set) var warnings: [Diagnostic] = []
    /// Warnings past `keptWarnings`, counted only.
    public private(set) var unlisted = 0
    /// Errors reported (a reader's bad rows, when the reading sends them here too).
    public private(set) var errors = 0
    /// For a report in one currency (`--convert-to`): every amount goes through it before it is
    /// added; the builder then needs `ReportOptions.roundsTotals`.
    public let converter: CurrencyConverter?
    /// The amounts the converter could not convert: with any, the report is not to be shown.
    public private(set) var conversionFailures = ConversionFailures()
    /// The balances the statements stated (closing balances, a Balance column's latest row), for
    /// `MonthlyReport.attach(_:)`; none for a report in one currency, whose summaries hold
    /// converted amounts a stated balance is not.
    public private(set) var statedBalances: [StatedAccountBalance] = []
    /// How many amounts were converted at what the file stated, and how many at a market price.
    public private(set) var convertedAtStatedRates = 0, convertedAtPrices = 0

    /// The month files of a report whose pages list only the newest transactions: every
    /// transaction the builder counts goes there too.
    public let monthFiles: MonthTransactionFiles?

    public init(
        builder: ReportBuilder, recurring: RecurringDetector? = nil, converter: CurrencyConverter? = nil,
        monthFiles: MonthTransactionFiles? = nil
    ) {
        self.builder = builder
        self.recurring = recurring
        self.converter = converter
        self.monthFiles = monthFiles
    }

    /// Counts `activity`, and adds it to the recurring payments and the month files.
    public mutating func accept(_ activity: consuming PaymentActivity) {
        guard let converter else {
            let booking = AccountingModel.booking(activity)
            builder.add(activity, booking: booking)
            recurring?.add(activity, booking: booking)
            monthFiles?.add(activity)
            return
        }
        // After the report's last month nothing reads an amount (the builder and the recurring
        // payments stop there): it needs no price.
        if let last = builder.options.months?.upperBound, YearMonth(activity.date) > last { return }
        switch converter.convert(activity) {
        case .success((let converted, let basis)):
            switch basis {
            case .unchanged: break
            case .statedAmount, .statedRate: convertedAtStatedRates += 1
            case .price: convertedAtPrices += 1
            }
            let booking = AccountingModel.booking(converted)
            builder.add(converted, booking: booking)
            if recurring != nil {
                // The detector compares and shows single payments: at the cent, like the bank's.
                var shown = converted
                shown.amount = converted.amount.roundedToMinorDigits
                recurring?.add(shown, booking: booking)
            }
            monthFiles?.add(converted)
        case .failure(let failure):
            conversionFailures.note(failure, for: activity)
        }
    }

    public mutating func statement(_ info: StatementInfo) {
        guard converter == nil, let balance = info.ledgerBalance else { return }
        statedBalances.append(
            StatedAccountBalance(
                account: info.account.id.isEmpty ? nil : info.account.id, balance: balance, source: info.source))
    }

    public mutating func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errors += 1 }
        if warnings.count < Self.keptWarnings { warnings.append(diagnostic) } else { unlisted += 1 }
    }
}
