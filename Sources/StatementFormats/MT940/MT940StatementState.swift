import FinanceCore

/// A `:61:` line waiting for the `:86:` that may follow it, and after that for a second one
/// (Banca Transilvania writes two), up to the next other field.
struct MT940PendingLine {
    var line: MT940StatementLine
    var number: Int
    /// The mapper's narrative reader holds this line's `:86:`.
    var hasNarrative = false
}

/// A statement (one message) being read by `MT940StatementMapper`.
struct MT940StatementState {
    /// The line of its `:20:`; 0 before one.
    var line: Int
    var account: String?
    var opening: MT940Balance?
    var closing: MT940Balance?
    /// `:64:`, the closing available balance.
    var available: MT940Balance?
    /// The sum of the statement lines read so far, without currency.
    var total = Money.zero()
    var lineCount = 0
    /// The debit and credit lines, for an MT942 report's `:90D:` and `:90C:` totals; counted
    /// only once the report is known to be interim (its `:34F:` and `:13D:` come first).
    var debits = MT942Fields.Total(count: 0, sum: .zero())
    var credits = MT942Fields.Total(count: 0, sum: .zero())
    /// Lines read before that, which the totals cannot be checked against.
    var uncountedLines = 0
    /// A balance or statement line could not be read, so the balances cannot be checked.
    var damaged = false
    var warnedCurrency = false
    var hasContent = false
    /// An MT942 interim report (`:13D:`, `:34F:`, `:90D:`/`:90C:`): no balances to expect.
    var isInterim = false
    /// The currency of an MT942 report's floor limit (`:34F:`).
    var floorLimitCurrency: CurrencyCode?
    /// Statement lines with no `:20:`, `:25:` or opening balance before them: a file of fragments.
    var isHeaderless = false

    init(line: Int) { self.line = line }

    var currency: CurrencyCode? { opening?.amount.currency ?? closing?.amount.currency ?? floorLimitCurrency }

    /// Counts a statement line's amount (without currency) into the totals.
    mutating func count(_ amount: Money) {
        lineCount += 1
        if let sum = total.adding(amount) { total = sum } else { damaged = true }
        guard isInterim else {
            uncountedLines += 1
            return
        }
        if amount.isNegative {
            debits.count = (debits.count ?? 0) + 1
            if let sum = debits.sum.adding(Money(units: -amount.units, scale: amount.scale)) { debits.sum = sum } else { damaged = true }
        } else {
            credits.count = (credits.count ?? 0) + 1
            if let sum = credits.sum.adding(amount) { credits.sum = sum } else { damaged = true }
        }
    }
}
