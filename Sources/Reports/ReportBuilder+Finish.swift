import FinanceCore

extension ReportBuilder {
    /// The report over everything added so far.
    ///
    /// Leaves the builder empty, as if new with the same options: the transactions it kept move
    /// into the summaries. (A `consuming` method was tried first; Swift kept the caller's copy of
    /// the builder alive until the end of its scope, so every kept activity was copied.)
    public mutating func finish() -> MonthlyReport {
        var months: [MonthAccumulator] = []
        swap(&months, &self.months)
        var assembler = ReportAssembler(
            options: options, months: consume months, monthIndex: monthIndex,
            categories: categories, payees: payees)
        self = ReportBuilder(options: options)
        var report = assembler.report()
        if options.roundsTotals { report.roundListedAmounts() }
        return report
    }
}
