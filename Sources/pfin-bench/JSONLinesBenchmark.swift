import FinanceCore
import Glibc
import StatementFormats

/// JSON Lines → activities, nothing written: the reading half of `pfin report` over a history,
/// timed apart from any writer so that changes to the reader show undiluted.
enum JSONLinesBenchmark {
    /// `jsonl FILE [--runs N]`: reads FILE (e.g. one `pfin convert --to jsonl` wrote), best of 5.
    static func run(_ arguments: [String]) -> Int32 {
        guard let path = arguments.first, !path.hasPrefix("--") else {
            print("usage: pfin-bench jsonl FILE [--runs N]")
            return 2
        }
        let runs = max(1, BenchOptions(arguments: arguments).int("--runs", 5))
        var times: [Double] = []
        var sink = CountingSink()
        for _ in 0..<runs {
            sink = CountingSink()
            let start = Measure.now()
            do {
                try JSONLinesReader().read(try ByteInput(path: path), options: ReadOptions(), into: &sink)
            } catch {
                print("error: \(error)")
                return 1
            }
            times.append(Measure.now() - start)
        }
        let best = times.min() ?? .nan
        print("pfin-bench jsonl: \(Measure.grouped(sink.count)) activities, \(sink.diagnostics) diagnostics (\(path))")
        print("  read (best of \(runs)): \(Measure.format(best, 3)) s, median \(Measure.format(Measure.median(times), 3)) s")
        print("  activities/s: \(Measure.grouped(Int(Double(sink.count) / best)))")
        print("  peak RSS: \(Measure.format(Measure.peakRSSMiB())) MiB")
        return 0
    }

    /// Counts, and touches each activity's name so that nothing read can be optimised away.
    private struct CountingSink: ActivitySink {
        var count = 0
        var diagnostics = 0
        var nameBytes = 0
        mutating func accept(_ activity: PaymentActivity) throws {
            count += 1
            nameBytes &+= activity.name.utf8.count
        }
        mutating func report(_ diagnostic: Diagnostic) throws { diagnostics += 1 }
    }
}
