import FinanceCore
import Rules
import StatementFormats
import StatementPipeline

/// Reads every input file and hands each activity to `body`; diagnostics go to the printer.
/// For commands that look at transactions rather than convert them (`report`, `rules explain`, …);
/// with `progress`, a long file shows a progress line on a terminal (`ProgressLine`).
enum ActivityEach {
    /// - Parameters:
    ///   - normaliser: cleans payees on the reading thread (see `ReadAhead`).
    ///   - statement: takes what the readers say about each statement (its balances), if wanted.
    static func read(
        _ options: InputOptions, printer: inout DiagnosticPrinter, progress: Bool = false, normaliser: PayeeNormaliser? = nil,
        statement: ((StatementInfo) -> Void)? = nil, _ body: @escaping (consuming PaymentActivity) -> Void
    ) {
        var sink = CallbackSink(printer: printer, body: body, onStatement: statement)
        let showsProgress = progress && ProgressLine.isWanted(quiet: false)
        for path in options.files {
            let line = ProgressLine.reading(path, wanted: showsProgress)
            sink.progress = line
            do {
                try ReadAhead.read(
                    options.source(path), options: options.readOptions(for: path), into: &sink, threads: options.threads,
                    normaliser: normaliser, opened: { line?.watch($0) })
            } catch {
                line?.stop()
                sink.printer.fail(String(describing: error))
            }
            line?.stop()
        }
        printer = sink.printer
    }
}

private struct CallbackSink: ActivitySink {
    var printer: DiagnosticPrinter
    let body: (consuming PaymentActivity) -> Void
    let onStatement: ((StatementInfo) -> Void)?
    var progress: ProgressLine?

    mutating func accept(_ activity: consuming PaymentActivity) {
        body(activity)
        progress?.countRow()
    }
    mutating func report(_ diagnostic: Diagnostic) { printer.print(diagnostic) }
    mutating func statement(_ info: StatementInfo) { onStatement?(info) }
}
