import FinanceCore

/// Lines a reader passed over on purpose: neither a transaction nor a problem, but text around the
/// table that a bank writes (a preamble, the header, balance rows, a footer of totals). Readers
/// send them so that every record of an input is accounted for: an activity, a diagnostic, or
/// skipped lines with the reason (`pfin identify` shows them).
public struct SkippedLines: Sendable, Equatable {
    public enum Reason: String, Sendable, CaseIterable {
        /// Lines above the table (`skip N` of a CSV profile): the bank's banner, account and dates.
        case preamble
        /// The header row.
        case header
        /// The header again inside the table, as exports stitched from pages repeat it.
        case repeatedHeader = "repeated-header"
        /// An opening or closing balance written beside the table (`Endsaldo: 1.234,56 EUR`),
        /// read as the statement's.
        case statedBalance = "stated-balance"
        /// A row of the table that states a balance, read as the statement's.
        case balanceRow = "balance-row"
        /// Rows of text only that continue the transaction above them, their text joined to it
        /// (`continuation-rows` in a CSV profile).
        case continuation
        /// In a double-entry export (`postings` in a CSV profile), a posting to an income,
        /// expense or equity account, which categorises the transaction of the user's own
        /// account it belongs to, or the line that opens a transaction (GnuCash's).
        case posting
        /// A row that titles a section of the table, or a row of a pending section that is no
        /// transaction (its total), with `sections` in a CSV profile.
        case section
        /// A split transaction's row of its total, whose parts follow it on rows of their own
        /// and are read instead (`split-rows` in a CSV profile: Financisto's `~` rows).
        case split
        /// A bill the user has not paid yet (Cashew's row with an `amount unpaid` and no amount),
        /// which moved no money.
        case unpaid
        /// Totals and notes after the last transaction.
        case footer
        /// The rest of the input, after a problem that ended the reading (reported as an error).
        case unread
    }

    public var reason: Reason
    /// The file and the first line.
    public var location: SourceLocation
    /// The last line, or `nil` for the rest of the input.
    public var lastLine: Int?

    public init(_ reason: Reason, at location: SourceLocation, through lastLine: Int?) {
        self.reason = reason
        self.location = location
        self.lastLine = lastLine
    }

    /// One line.
    public init(_ reason: Reason, file: String, line: Int) {
        self.init(reason, at: SourceLocation(file: file, line: line), through: line)
    }

    /// Whether the lines overlap `first...last`.
    public func overlaps(_ first: Int, _ last: Int) -> Bool {
        location.line <= last && (lastLine ?? Int.max) >= first
    }
}
