import FinanceCore
import Glibc
import StatementFormats

/// The writers alone: the same activities written as JSON Lines, CSV, a ledger journal and a
/// beancount file, to `/dev/null`, on one core.
///
/// Activities are read once from a generated CSV export and given categories from a list of
/// fifty (so the journal writers look accounts up as they would for a categorised file), then
/// each writer writes all of them; the figures compare writers, not readers.
enum WritersBenchmark {
    /// `writers [--rows N] [--runs N]`: 1,000,000 rows, best of 3, unless told otherwise.
    static func run(_ arguments: [String]) -> Int32 {
        let options = BenchOptions(arguments: arguments)
        let rows = options.int("--rows", 1_000_000)
        let runs = max(1, options.int("--runs", 3))
        let path = "/tmp/pfin-bench-writers-\(getpid()).csv"
        defer { unlink(path) }
        _ = CSVGenerator.write(rows: rows, to: path)
        guard let activities = read(path), activities.count == rows else {
            print("error: could not read the generated file back")
            return 1
        }
        print("pfin-bench writers: \(Measure.grouped(rows)) activities, 50 categories, best of \(runs)")
        var baseline = 0.0
        for format in [StatementFormat.jsonl, .csv, .ledger, .beancount] {
            var best = Double.infinity
            for _ in 0..<runs {
                let start = Measure.now()
                guard write(activities, as: format) else {
                    print("error: writing \(format.name) failed")
                    return 1
                }
                best = min(best, Measure.now() - start)
            }
            if format == .jsonl { baseline = best }
            let ratio = baseline > 0 ? " (\(Measure.format(best / baseline, 2))× jsonl)" : ""
            print("  \(format.name + String(repeating: " ", count: max(0, 10 - format.name.count))) \(Measure.format(best, 3)) s, \(Measure.grouped(Int(Double(rows) / best))) rows/s\(ratio)")
        }
        print("  peak RSS: \(Measure.format(Measure.peakRSSMiB())) MiB")
        return 0
    }

    private struct Gather: ActivitySink {
        static let categories = (0..<50).map { "Category \($0 % 10):Sub \($0)" }
        var activities: [PaymentActivity] = []
        mutating func accept(_ activity: PaymentActivity) throws {
            var a = activity
            a.category = Gather.categories[activities.count % Gather.categories.count]
            activities.append(a)
        }
        mutating func report(_ diagnostic: Diagnostic) throws {}
    }

    private static func read(_ path: String) -> [PaymentActivity]? {
        guard let input = try? ByteInput(path: path) else { return nil }
        var sink = Gather()
        sink.activities.reserveCapacity(1 << 20)
        guard (try? CSVStatementReader().read(input, options: ReadOptions(), into: &sink)) != nil else { return nil }
        return sink.activities
    }

    private static func write(_ activities: [PaymentActivity], as format: StatementFormat) -> Bool {
        let output = ByteOutput.discarding()
        guard var writer = StatementWriters.writer(for: format, to: output) else { return false }
        do {
            for activity in activities { try writer.write(activity) }
            try writer.finish()
            try output.commit()
            return true
        } catch {
            return false
        }
    }
}
