import FinanceCore

/// The departures from ISO 20022 that banks' CAMT files make and pfin reads, each reported once
/// per file (`Leniency`, `LeniencyLog`).
enum CAMTLeniency {
    static let valueDateCode = "camt.lenient.value-date-as-booking-date"
    static let statementDateCode = "camt.lenient.statement-date-as-booking-date"

    /// An entry without `BookgDt` (optional, [0..1], in every version) dated by its `ValDt`: the
    /// day the money counts from, which can be a day or two off the booking (interest, weekends).
    static func valueDate(path: String, date: LocalDate) -> Leniency {
        Leniency(
            code: valueDateCode,
            "\(path) has no <BookgDt>; dated by its value date (<ValDt>), \(date), and so every such entry in this file",
            changesMeaning: false)
    }

    /// Where an entry without `BookgDt` or `ValDt` takes its date from.
    enum StatementDate {
        /// `Bal` CLBD: the balance at the end of the statement, after every entry on it.
        case closingBalance
        /// `Bal` ITBD of a camt.052 report without a closing balance.
        case interimBalance
        /// `FrToDt/ToDtTm`: the last moment of the statement's period.
        case periodEnd

        var phrase: String {
            switch self {
            case .closingBalance: return "the date of the statement's closing balance (CLBD)"
            case .interimBalance: return "the date of the report's interim balance (ITBD)"
            case .periodEnd: return "the end of the statement's period (FrToDt)"
            }
        }
    }

    /// An entry with neither `BookgDt` nor `ValDt` (seen in a camt.053.001.08 of Lithuanian
    /// accounts) dated by its statement: the day its entries were booked by. Exact for the daily
    /// statements most banks send, at worst a few days late for a longer one, so refused under
    /// `--strict`.
    static func statementDate(path: String, date: LocalDate, from source: StatementDate, strict: Bool) -> Leniency {
        let note =
            strict
            ? "without --strict it is dated \(date); the entry was skipped"
            : "the entry was booked on or before that day; for a statement of more than one day, compare with the bank's statement"
        return Leniency(
            code: statementDateCode,
            "\(path) has neither <BookgDt> nor <ValDt>; dated \(date), \(source.phrase), and so every such entry in this file",
            notes: [note], changesMeaning: true)
    }
}
