import FinanceCore

/// Passes on what the CSV reader says of a table rendered as CSV text (an XLSX sheet, an HTML
/// table), with the CSV text's lines and columns turned back into the source's: a sheet's rows
/// and columns, an HTML row's line.
struct RenderedTableMapping<Base: ActivitySink>: ActivitySink {
    var base: Base
    let file: String
    /// The source line (or sheet row) of a CSV line.
    let line: (Int) -> Int
    /// The source column of a CSV column (in Unicode scalars) on a CSV line, `nil` when unknown.
    let column: (_ line: Int, _ column: Int) -> Int?

    mutating func accept(_ activity: PaymentActivity) throws {
        var activity = activity
        activity.source.line = line(activity.source.line)
        try base.accept(activity)
    }

    mutating func report(_ diagnostic: Diagnostic) throws {
        var diagnostic = diagnostic
        if diagnostic.location.file == file, diagnostic.location.line > 0 {
            let csvLine = diagnostic.location.line
            diagnostic.location.column = diagnostic.location.column.flatMap { column(csvLine, $0) }
            diagnostic.location.line = line(csvLine)
        }
        try base.report(diagnostic)
    }

    mutating func statement(_ info: StatementInfo) throws {
        try base.statement(info)
    }

    var wantsRowBalances: Bool { base.wantsRowBalances }

    mutating func rowBalance(_ balance: RowBalance) throws {
        var balance = balance
        balance.source.line = line(balance.source.line)
        try base.rowBalance(balance)
    }

    mutating func skipped(_ lines: SkippedLines) throws {
        var lines = lines
        lines.location.line = line(lines.location.line)
        lines.lastLine = lines.lastLine.map(line)
        try base.skipped(lines)
    }
}
