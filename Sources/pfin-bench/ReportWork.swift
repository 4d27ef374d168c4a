import FinanceCore
import Glibc
import PfinCLI
import StatementFormats

/// What one run of the `report` suite does: `pfin report` itself, run by `pfin-bench pfin …` in a
/// process of its own for each run, so that the figures are the command's own.
enum ReportWork {
    /// Reads `path` and counts the activities; -1 on an error. The reading part of every report.
    static func read(_ path: String) -> Int {
        struct Sink: ActivitySink {
            var count = 0, errors = 0
            mutating func accept(_ activity: PaymentActivity) throws { count += 1 }
            mutating func report(_ diagnostic: Diagnostic) throws { if diagnostic.severity == .error { errors += 1 } }
        }
        do {
            var sink = Sink()
            try JSONLinesReader().read(try ByteInput(path: path), options: ReadOptions(), into: &sink)
            return sink.errors == 0 ? sink.count : -1
        } catch {
            print("error: \(error)")
            return -1
        }
    }

    /// `pfin ARGUMENTS…`, its standard error silenced; true when it exits 0.
    static func pfin(_ arguments: [String]) -> Bool {
        let null = open("/dev/null", O_WRONLY)
        dup2(null, 2)
        return Pfin.run(arguments) == 0
    }
}
