import FinanceCore
import ReportRendering
import Reports
import StatementFormats

/// Puts a rendered report where `pfin report` was told: standard output, `-o FILE`, or one file
/// per month (and an HTML index) in `--out-dir DIR`. Files are written atomically.
enum ReportWriting {
    static func write(
        _ report: MonthlyReport, with renderer: ReportRenderers.Chosen, request: ReportRequest,
        printer: inout DiagnosticPrinter
    ) -> Int32 {
        if report.months.isEmpty {
            Terminal.err("pfin: warning: no transactions to report; nothing was written\n")
            return ExitStatus.success
        }
        do throws(OutputError) {
            if let directory = request.outDirectory {
                let files = try ReportFiles.prepare(directory)
                _ = try ReportBatch.write(report, with: renderer, format: request.format, to: files)
                var written = Plural.count(report.months.count, "month file")
                if renderer.index != nil { written += " and index.html" }
                Terminal.err("pfin: wrote \(written) to '\(directory)'\n")
                return ExitStatus.success
            }
            return DocumentOutput.write(renderer.renderer.render(report), to: request.outputPath, printer: &printer)
        } catch {
            printer.fail(error.description)
            return ExitStatus.inputErrors
        }
    }
}
