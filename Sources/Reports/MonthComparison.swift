import FinanceCore

/// The earlier months one summary is compared with, in its currency.
///
/// Comparisons never reach before the first month with data in that currency: before it, a zero
/// would mean "no data", not "nothing spent", and would drag averages down.
struct MonthComparison {
    /// Whether the previous month lies within the data (even when it had no activity).
    let hasPrevious: Bool
    /// The previous month's accumulator, when it had activity.
    let previous: Int?
    /// How many calendar months the trailing window covers: up to 12, clipped at the first month
    /// of data.
    let trailingCount: Int
    /// The accumulators of the window's months that had data in this currency: the months an
    /// average is over (a month with no data at all is a gap in the statements, not a month in
    /// which nothing was spent).
    let trailing: [Int]

    init(ordinal: Int, currency: CurrencyCode?, firstOrdinal: Int, assembler: ReportAssembler) {
        let start = max(firstOrdinal, ordinal - ReportAssembler.trailingMonths)
        hasPrevious = ordinal - 1 >= firstOrdinal
        previous = hasPrevious ? assembler.accumulator(ordinal: ordinal - 1, currency: currency) : nil
        trailingCount = max(0, ordinal - start)
        trailing = (start..<max(start, ordinal)).compactMap { assembler.accumulator(ordinal: $0, currency: currency) }
    }
}
