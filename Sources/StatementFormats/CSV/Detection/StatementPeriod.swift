import FinanceCore

/// The period a CSV export states above its table, as labels over their dates (FNB's
/// `'Staatnommer','Vanaf Datum','Tot Datum'` over `75,'28 Februarie 2016','28 Maart 2016'`;
/// in English `'Statement Number','From Date','To Date'`) or as each label beside its date.
///
/// It gives the year of days the rows write without one (`01 Mrt`): `date(_:)`.
public struct StatementPeriod: Equatable, Sendable {
    public var start: LocalDate
    public var end: LocalDate
    /// The line that states the dates.
    public var line: Int

    public init(start: LocalDate, end: LocalDate, line: Int) {
        self.start = start
        self.end = end
        self.line = line
    }

    /// `day` (read without a year) in the year that puts it within the period, or nearest to it:
    /// over New Year, a December day takes the start's year and a January day the end's.
    /// `nil` for 29 February outside leap years.
    public func date(_ day: LocalDate) -> LocalDate? {
        var best: (date: LocalDate, distance: Int)?
        let first = start.daysSinceEpoch, last = end.daysSinceEpoch
        for year in (start.year - 1)...(end.year + 1) {
            guard let date = LocalDate(year: year, month: day.month, day: day.day) else { continue }
            let n = date.daysSinceEpoch
            let distance = max(first - n, 0, n - last)
            if best == nil || distance < best!.distance { best = (date, distance) }
        }
        return best?.date
    }

    /// Labels of the period's first and last day, folded (`TextFolding.fold`).
    static let startLabels: Set<String> = ["from date", "vanaf datum", "from", "vanaf", "start date", "period from"]
    static let endLabels: Set<String> = ["to date", "tot datum", "to", "tot", "end date", "period to"]

    /// The period stated in `records` (the lines above the table), if any.
    static func find(_ records: [SampleRecord]) -> StatementPeriod? {
        for (index, record) in records.enumerated() {
            let labels = record.fields.map { TextFolding.fold($0).trimmingCharacters(in: " ") }
            guard let from = labels.firstIndex(where: startLabels.contains) else { continue }
            guard let to = labels.firstIndex(where: endLabels.contains) else {
                // SBI's `Start Date : 1 Apr 2023` and `End Date : 30 Apr 2023`, a line each.
                if index + 1 < records.count, let start = date(record, from + 1),
                    let to = records[index + 1].fields.map({ TextFolding.fold($0).trimmingCharacters(in: " ") }).firstIndex(where: endLabels.contains),
                    let end = date(records[index + 1], to + 1), start <= end
                {
                    return StatementPeriod(start: start, end: end, line: record.line)
                }
                continue
            }
            if index + 1 < records.count, let period = period(records[index + 1], from, to) { return period }
            if let period = period(record, from + 1, to + 1) { return period }
        }
        return nil
    }

    private static func period(_ record: SampleRecord, _ from: Int, _ to: Int) -> StatementPeriod? {
        guard let start = date(record, from), let end = date(record, to), start <= end else { return nil }
        return StatementPeriod(start: start, end: end, line: record.line)
    }

    /// A full date (with its year) in a cell, in any layout detection knows.
    private static func date(_ record: SampleRecord, _ column: Int) -> LocalDate? {
        guard column < record.fields.count else { return nil }
        let cell = record.fields[column].trimmingCharacters(in: " ")
        for format in DateFormat.candidates { if let date = format.parse(cell) { return date } }
        return nil
    }
}
