import FinanceCore

/// The departures from SWIFT MT940 that banks' files make and pfin reads, each reported once per
/// file (`Leniency`, `LeniencyLog`).
enum MT940Leniency {
    static let calendarDayCode = "mt940.lenient.calendar-day"
    static let wrappedLineCode = "mt940.lenient.wrapped-statement-line"
    static let noHeadersCode = "mt940.lenient.no-statement-headers"
    static let unfittingRateCode = "mt940.lenient.unfitting-exchange-rate"
    static let blankEntryDateCode = "mt940.lenient.blank-entry-date"
    static let noTypeCode = "mt940.lenient.no-transaction-type"
    static let atSignBreaksCode = "mt940.lenient.at-sign-line-breaks"
    static let balanceCurrencyCode = "mt940.lenient.balance-without-currency"
    static let totalFormCode = "mt940.lenient.total-form"
    static let secondNarrativeCode = "mt940.lenient.second-narrative"
    static let currencyFormCode = "mt940.lenient.currency-form"
    static let tagColonCode = "mt940.lenient.tag-without-colon"
    static let finTSFramingCode = "mt940.lenient.fints-framing"

    /// A date past the end of its month (`240230`): banks that book on a 30-day-month calendar
    /// (the 30/360 convention) write 30 February and 31 April. Read as the month's last day, which
    /// moves the date: refused under `--strict`.
    ///
    /// `what` names the date (`the value date '240230'`); `read` is the date it was read as.
    static func calendarDay(_ what: String, month: Int, day: Int, read: LocalDate, strict: Bool) -> Leniency {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let monthName = (1...12).contains(month) ? names[month - 1] : "month \(month)"
        let note =
            strict
            ? "without --strict it is read as \(read), the month's last day; this transaction or balance was skipped"
            : "the bank books on a 30-day-month calendar; compare these dates with the bank's statement"
        return Leniency(
            code: calendarDayCode,
            "\(what) is \(day) \(monthName), a day the month does not have; read as its last day, \(read), and so every such date in this file",
            notes: [note], changesMeaning: true)
    }

    /// A `:61:` line whose first line stops before a part SWIFT requires, continued on the next
    /// line (which the standard keeps for the supplementary details): the two read as one.
    static var wrappedLine: Leniency {
        Leniency(
            code: wrappedLineCode,
            "a :61: statement line goes on on the next line, where the bank cut it; read the two lines as one, and so every such line in this file",
            changesMeaning: false)
    }

    /// A `:61:` line with four spaces where the optional entry date goes (Citi): SWIFT leaves an
    /// absent subfield out. Read as a line without an entry date, booked on its value date.
    static var blankEntryDate: Leniency {
        Leniency(
            code: blankEntryDateCode,
            "a :61: statement line has spaces where its optional entry date (MMDD) goes; read as a line without an entry date, booked on its value date, and so every such line in this file",
            changesMeaning: false)
    }

    /// `@@` for line breaks (DFÜ-Abkommen and FinTS allow it, from BTX; a GAD bank writes whole
    /// messages on one line so): each `@@` is read as a line break.
    static var atSignBreaks: Leniency {
        Leniency(
            code: atSignBreaksCode,
            "the file writes '@@' for its line breaks (as German banks' MT940 and MT942 may, from BTX days); read each '@@' as a line break, and so every one in this file",
            changesMeaning: false)
    }

    /// A closing balance with its amount right after the date, no currency between
    /// (`:62F:C02032495000,00`, old German statements in DEM): read in the opening balance's.
    static func balanceCurrency(tag: String, currency: CurrencyCode) -> Leniency {
        Leniency(
            code: balanceCurrencyCode,
            "a :\(tag): balance has no currency before its amount; read in the opening balance's currency, \(currency), and so every such balance in this file",
            changesMeaning: false)
    }

    /// An MT942 `:90D:`/`:90C:` total without its number of entries, or with its sum's zero before
    /// the comma left out (`1EUR,02`, `EUR,00`: a GAD bank): read, its sum checked as written.
    static func totalForm(tag: String, text: String) -> Leniency {
        Leniency(
            code: totalFormCode,
            "the :\(tag): total '\(text)' leaves out its number of entries or the digit before its decimal comma; read without the number, a missing digit as 0, and so every such total in this file",
            changesMeaning: false)
    }

    /// A second `:86:` after one `:61:` line (Banca Transilvania: the card payment's details,
    /// then `transf in ct.crt` and the transfer's text): SWIFT allows one. Its text is read as more
    /// of the memo, after the first's.
    static var secondNarrative: Leniency {
        Leniency(
            code: secondNarrativeCode,
            "a :61: statement line is followed by a second :86: narrative; its text was added to the memo after the first's, and so every such narrative in this file",
            changesMeaning: false)
    }

    /// A balance that writes `EURO` for its currency (`:60F:C221004EURO0,00`: LBBW).
    static func currencyForm(tag: String) -> Leniency {
        Leniency(
            code: currencyFormCode,
            "the :\(tag): balance writes its currency 'EURO'; read as EUR, and so every such balance in this file",
            changesMeaning: false)
    }

    /// A balance tag without its closing colon, the value right after it (`:62FC221018EUR1,00`:
    /// LBBW).
    /// A message's closing `-` followed by FinTS's framing (`-+@446@`: the length of the next data
    /// element, an MT942 after the MT940 of one FinTS download; `-'`: the segment's end), as a file
    /// saved from a FinTS (HBCI) response holds it: the message ends there.
    static var finTSFraming: Leniency {
        Leniency(
            code: finTSFramingCode,
            "a message's closing '-' is followed by FinTS (HBCI) framing ('+@…@' or \"'\"), as in a file cut out of a FinTS response; read as the end of the message, and so every such line in this file",
            changesMeaning: false)
    }

    static func tagColon(tag: String) -> Leniency {
        Leniency(
            code: tagColonCode,
            "the :\(tag) tag has no colon before its value; read as the :\(tag): balance, and so every such tag in this file",
            changesMeaning: false)
    }

    /// A `:61:` line with `NONREF` right after the amount (Penta): the transaction type SWIFT
    /// requires before the reference is left out.
    static var noType: Leniency {
        Leniency(
            code: noTypeCode,
            "a :61: statement line has no transaction type (like NTRF) before its reference NONREF; read without one, and so every such line in this file",
            changesMeaning: false)
    }

    /// Statement lines without the statement's headers: a file of `:61:`/`:86:` fragments.
    static func noHeaders(account: String?, currency: CurrencyCode?) -> Leniency {
        let whose = account.map { "of account '\($0)' (--account)" } ?? "of no account"
        let which = currency.map { "in \($0) (--currency)" } ?? "in no currency"
        var notes: [String] = []
        if account == nil || currency == nil {
            notes.append("pass --account and --currency (such as --currency EUR) to say whose transactions they are and in which currency")
        }
        return Leniency(
            code: noHeadersCode,
            "statement lines (:61:) without a statement's headers (:20:, :25:, :60F:); read them as transactions \(whose) \(which)",
            notes: notes, changesMeaning: false)
    }

    /// An `/EXCH/` rate that turns the `/OCMT/` amount into nothing near the booked amount, either
    /// way round: the original amount is kept without it.
    static func unfittingRate(_ foreign: MT940ForeignAmount, booked: Money) -> Leniency {
        let rate = foreign.rate.map { $0.decimalString } ?? "?"
        return Leniency(
            code: unfittingRateCode,
            "the exchange rate \(rate) (/EXCH/) does not turn the original \(foreign.magnitude.decimalString) \(foreign.currency) into the booked \(booked.magnitude?.decimalString ?? booked.decimalString), either way round; the original amount is kept without a rate, and so every such line in this file",
            notes: ["a report in one currency converts such a payment at the prices file's rate (--prices)"], changesMeaning: false)
    }
}
