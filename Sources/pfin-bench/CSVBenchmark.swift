import FinanceCore
import Glibc
import StatementFormats

/// CSV → JSON Lines: read, detect, normalise and write a generated export, on one core.
enum CSVBenchmark {
    /// `csv [--rows N] [--runs N] [--keep PATH]`: 1,000,000 rows, best of 3, unless told otherwise.
    static func run(_ arguments: [String]) -> Int32 {
        let options = BenchOptions(arguments: arguments)
        let rows = options.int("--rows", 1_000_000)
        let runs = max(1, options.int("--runs", 3))
        // `--keep PATH` leaves the generated file there, to time `pfin convert` on it directly.
        let kept = options.string("--keep")
        let path = kept ?? "/tmp/pfin-bench-\(getpid()).csv"
        defer { if kept == nil { unlink(path) } }
        let bytes = CSVGenerator.write(rows: rows, to: path)
        print("pfin-bench csv: \(Measure.grouped(rows)) rows, \(Measure.format(Double(bytes) / 1e6)) MB (\(path))")

        var best = Double.infinity
        var converted = 0
        for _ in 0..<runs {
            let start = Measure.now()
            converted = convert(path)
            best = min(best, Measure.now() - start)
        }
        guard converted == rows else {
            print("error: converted \(converted) rows, expected \(rows)")
            return 1
        }
        var readBest = Double.infinity
        for _ in 0..<runs {
            let start = Measure.now()
            _ = convertToNothing(path)
            readBest = min(readBest, Measure.now() - start)
        }
        print("  CSV → activities, no output (best of \(runs)): \(Measure.format(readBest, 3)) s")
        print("  CSV → JSON Lines (best of \(runs)): \(Measure.format(best, 3)) s")
        print("  rows/s:  \(Measure.grouped(Int(Double(rows) / best)))")
        print("  MB/s:    \(Measure.format(Double(bytes) / 1e6 / best))")
        print(IdentificationCost.line(path))
        print("  peak RSS: \(Measure.format(Measure.peakRSSMiB())) MiB")
        return 0
    }

    private struct CountingSink<W: StatementWriter>: ActivitySink {
        var writer: W
        var count = 0
        var errors = 0
        mutating func accept(_ activity: PaymentActivity) throws {
            try writer.write(activity)
            count += 1
        }
        mutating func report(_ diagnostic: Diagnostic) throws {
            if diagnostic.severity == .error { errors += 1 }
        }
    }

    private struct NullSink: ActivitySink {
        var count = 0
        mutating func accept(_ activity: PaymentActivity) throws { count += 1 }
        mutating func report(_ diagnostic: Diagnostic) throws {}
    }

    private static func convertToNothing(_ path: String) -> Int {
        guard let input = try? ByteInput(path: path) else { return -1 }
        var sink = NullSink()
        try? CSVStatementReader().read(input, options: ReadOptions(), into: &sink)
        return sink.count
    }

    private static func convert(_ path: String) -> Int {
        do {
            let input = try ByteInput(path: path)
            var sink = CountingSink(writer: JSONLinesWriter(output: .discarding()))
            try CSVStatementReader().read(input, options: ReadOptions(), into: &sink)
            try sink.writer.finish()
            return sink.errors == 0 ? sink.count : -sink.errors
        } catch {
            print("error: \(error)")
            return -1
        }
    }
}
