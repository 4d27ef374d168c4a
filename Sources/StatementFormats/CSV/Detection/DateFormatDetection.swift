import FinanceCore

/// Chooses a date column's layout from all its sampled values.
///
/// The layout that reads every value wins. When day-first and month-first both read every value
/// (no day above 12 anywhere), the file is ambiguous: the order under which the dates run in
/// sequence and span less time is taken, then the file's conventions (a decimal comma or `;`
/// means day first, dollars month first), and the caller warns.
enum DateFormatDetection {
    struct Choice {
        var format: DateFormat
        /// The other order that also read every value, when the file does not decide.
        var alternative: DateFormat?
        /// Why the ambiguous case went the way it did.
        var reason: String?
    }

    static func detect(_ values: [String], preferDayFirst: Bool?, formats: [DateFormat] = DateFormat.candidates) -> Choice? {
        guard !values.isEmpty else { return nil }
        let hits = zip(formats, DateLayoutHits.count(values, formats: formats)).map { ($0, $1) }
        guard let most = hits.map(\.1).max(), most > 0 else { return nil }
        let best = hits.filter { $0.1 == most }.map(\.0)
        let first = best[0]
        guard let other = first.swapped, best.contains(other) else { return Choice(format: first) }
        // Ambiguous: both orders read everything.
        let dayFirst = first.dayFirst ? first : other
        let monthFirst = first.dayFirst ? other : first
        let a = sequenceScore(values, dayFirst), b = sequenceScore(values, monthFirst)
        if a.inversions != b.inversions {
            let pick = a.inversions < b.inversions ? dayFirst : monthFirst
            return Choice(
                format: pick, alternative: pick == dayFirst ? monthFirst : dayFirst,
                reason: "the dates run in order that way")
        }
        if a.span != b.span {
            let pick = a.span < b.span ? dayFirst : monthFirst
            return Choice(
                format: pick, alternative: pick == dayFirst ? monthFirst : dayFirst,
                reason: "the dates then span less time")
        }
        let pick = (preferDayFirst ?? true) ? dayFirst : monthFirst
        return Choice(
            format: pick, alternative: pick == dayFirst ? monthFirst : dayFirst,
            reason: preferDayFirst == nil
                ? "day first is the more common order"
                : (preferDayFirst! ? "the file's number format is European" : "the amounts are in dollars"))
    }

    /// How far a column is from running in date order (either direction), and its span in days.
    private static func sequenceScore(_ values: [String], _ format: DateFormat) -> (inversions: Int, span: Int) {
        let days = values.compactMap { format.parse($0)?.daysSinceEpoch }
        guard let low = days.min(), let high = days.max() else { return (0, 0) }
        var up = 0, down = 0
        for i in 1..<max(days.count, 1) where i < days.count {
            if days[i] < days[i - 1] { up += 1 }
            if days[i] > days[i - 1] { down += 1 }
        }
        return (min(up, down), high - low)
    }
}
