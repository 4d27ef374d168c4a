import FinanceCore
import ReportRendering
import Reports
import StatementFormats
import StatementPipeline

/// Puts a rendered report where `pfin report` was told: standard output, `-o FILE`, or one file
/// per month (and an HTML index) in `--out-dir DIR`. Files are written atomically.
enum ReportWriting {
    /// - Parameter monthFiles: for HTML pages that list only the newest transactions, every
    ///   transaction of the months whose pages were cut, written beside them (and linked).
    static func write(
        _ report: MonthlyReport, with renderer: ReportRenderers.Chosen, request: ReportRequest,
        monthFiles: MonthTransactionFiles? = nil, printer: inout DiagnosticPrinter
    ) -> Int32 {
        if report.months.isEmpty {
            Terminal.err("pfin: warning: no transactions to report; nothing was written\n")
            return ExitStatus.success
        }
        do throws(OutputError) {
            if let directory = request.outDirectory {
                let files = try ReportFiles.prepare(directory)
                var report = report
                var lists: [ReportBatch.Job] = []
                if let monthFiles {
                    try monthFiles.finish()
                    let cut = Set(report.summaries.filter { $0.transactionCount > $0.transactions.count }.map(\.month))
                        .intersection(monthFiles.months)
                    lists = cut.sorted().map { month in { monthFiles.output(for: month) } }
                    report.transactionFiles = cut
                }
                _ = try ReportBatch.write(report, with: renderer, format: request.format, to: files, alsoStaging: lists)
                monthFiles?.discardUnused()
                var written = Plural.count(report.months.count, "month file")
                if !lists.isEmpty { written += ", " + Plural.count(lists.count, "month transaction list") }
                if renderer.index != nil { written += " and index.html" }
                Terminal.err("pfin: wrote \(written) to '\(directory)'\n")
                return ExitStatus.success
            }
            return DocumentOutput.write(renderer.renderer.render(report), to: request.outputPath, printer: &printer)
        } catch {
            // The month files written ahead on another thread may still be in progress: wait for
            // them and remove them, or a temporary outlives the process (which exits at once).
            monthFiles?.discardUnused()
            printer.fail(error.description)
            return ExitStatus.inputErrors
        }
    }
}
