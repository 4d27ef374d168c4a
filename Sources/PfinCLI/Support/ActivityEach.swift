import FinanceCore
import StatementFormats
import StatementPipeline

/// Reads every input file and hands each activity to `body`; diagnostics go to the printer.
/// For commands that look at transactions rather than convert them (`rules explain`, …).
enum ActivityEach {
    static func read(_ options: InputOptions, printer: inout DiagnosticPrinter, _ body: @escaping (PaymentActivity) -> Void) {
        var sink = CallbackSink(printer: printer, body: body)
        for path in options.files {
            do {
                try options.source(path).read(options: options.readOptions(for: path), into: &sink)
            } catch {
                sink.printer.fail(String(describing: error))
            }
        }
        printer = sink.printer
    }
}

private struct CallbackSink: ActivitySink {
    var printer: DiagnosticPrinter
    let body: (PaymentActivity) -> Void

    mutating func accept(_ activity: PaymentActivity) { body(activity) }
    mutating func report(_ diagnostic: Diagnostic) { printer.print(diagnostic) }
}
