import FinanceCore
import Glibc
import StatementFormats

/// Every reader and every writer against the CSV path, on one core.
///
/// Readers: a generated file of each format, read and written as JSON Lines to `/dev/null`,
/// against the same for a generated CSV export. Writers: the same activities (read once from a
/// generated CSV export and given categories from a list of fifty, so that the journal writers look
/// accounts up as they would for a categorised file) written in each format to `/dev/null`,
/// against the CSV writer. The target: within 2× of CSV's time, or for a reader of a verbose format,
/// of CSV's bytes per second.
enum FormatsBenchmark {
    /// A generated input of one format: `write(count, path)` returns the file's size in bytes.
    struct Input: Sendable {
        let label: String
        let format: StatementFormat
        let write: @Sendable (Int, String) -> Int
    }

    /// The inputs, CSV (the baseline) first.
    static let inputs: [Input] = [
        Input(label: "csv", format: .csv) { CSVGenerator.write(rows: $0, to: $1) },
        Input(label: "ofx (2.x)", format: .ofx) { OFXGenerator.write(count: $0, xml: true, to: $1) },
        Input(label: "ofx (1.x)", format: .ofx) { OFXGenerator.write(count: $0, xml: false, to: $1) },
        Input(label: "camt.053", format: .camt) { CAMTGenerator.write(count: $0, to: $1) },
        Input(label: "qif", format: .qif) { QIFGenerator.write(count: $0, to: $1) },
        Input(label: "mt940", format: .mt940) { MT940Generator.write(count: $0, to: $1) },
    ]

    /// `formats [--rows N] [--runs N] [--keep DIR]`: 1,000,000 rows, best of 3, unless told
    /// otherwise. `--keep DIR` leaves each generated input there (`DIR/input.ofx2` …), to time
    /// `pfin convert` on it directly.
    static func run(_ arguments: [String]) -> Int32 {
        let options = BenchOptions(arguments: arguments)
        let rows = options.int("--rows", 1_000_000)
        let runs = max(1, options.int("--runs", 3))
        print("pfin-bench formats: \(Measure.grouped(rows)) transactions, best of \(runs); target within 2× of CSV")
        // Exit status 1 only when a conversion failed: a target not met is a figure to report.
        guard readers(rows: rows, runs: runs, keep: options.string("--keep")) != nil, writers(rows: rows, runs: runs) != nil else { return 1 }
        print("  peak RSS: \(Measure.format(Measure.peakRSSMiB())) MiB")
        return 0
    }

    /// Each input read into JSON Lines; `nil` when a file did not convert whole.
    private static func readers(rows: Int, runs: Int, keep: String?) -> Bool? {
        print("  readers, to JSON Lines:")
        var baseline = (seconds: 0.0, bytesPerSecond: 0.0)
        var met = true
        for input in inputs {
            let kept = keep.map { "\($0)/input.\(input.label.filter { $0.isLetter || $0.isNumber })" }
            let path = kept ?? "/tmp/pfin-bench-formats-\(getpid()).\(input.format.name)"
            defer { if kept == nil { unlink(path) } }
            let bytes = input.write(rows, path)
            var best = Double.infinity
            for _ in 0..<runs {
                let start = Measure.now()
                let converted = convert(path, as: input.format)
                best = min(best, Measure.now() - start)
                guard converted == rows else {
                    print("error: \(input.label): converted \(converted) of \(rows)")
                    return nil
                }
            }
            let bytesPerSecond = Double(bytes) / best
            if baseline.seconds == 0 { baseline = (best, bytesPerSecond) }
            // A verbose format (CAMT's XML is ten times CSV's bytes per transaction) is judged by
            // its bytes per second when its transactions per second fall short.
            let perByte = baseline.bytesPerSecond / bytesPerSecond
            met =
                line(
                    input.label, seconds: best, rows: rows, ratio: best / baseline.seconds, byteRatio: perByte,
                    extra: "\(Measure.format(bytesPerSecond / 1e6)) MB/s") && met
        }
        return met
    }

    /// The activities written in each format; `nil` when a writer failed.
    private static func writers(rows: Int, runs: Int) -> Bool? {
        print("  writers, from activities in memory:")
        let path = "/tmp/pfin-bench-formats-\(getpid())-writers.csv"
        defer { unlink(path) }
        _ = CSVGenerator.write(rows: rows, to: path)
        guard let activities = read(path), activities.count == rows else {
            print("error: could not read the generated file back")
            return nil
        }
        var baseline = 0.0
        var met = true
        for format in [StatementFormat.csv] + StatementWriters.writableFormats.filter({ $0 != .csv }) {
            var best = Double.infinity
            for _ in 0..<runs {
                let start = Measure.now()
                guard write(activities, as: format) else {
                    print("error: writing \(format.name) failed")
                    return nil
                }
                best = min(best, Measure.now() - start)
            }
            if baseline == 0 { baseline = best }
            met = line(format.name, seconds: best, rows: rows, ratio: best / baseline, extra: nil) && met
        }
        return met
    }

    private static func line(
        _ label: String, seconds: Double, rows: Int, ratio: Double, byteRatio: Double? = nil,
        extra: String?
    ) -> Bool {
        let padded = label + String(repeating: " ", count: max(0, 11 - label.count))
        let met = ratio <= 2 || (byteRatio ?? .infinity) <= 2
        let perByte = byteRatio.map { ", \(Measure.format($0, 2))× per byte" } ?? ""
        print(
            "    \(padded) \(Measure.format(seconds, 3)) s, \(Measure.grouped(Int(Double(rows) / seconds))) rows/s"
                + (extra.map { ", \($0)" } ?? "") + ", \(Measure.format(ratio, 2))× CSV's time\(perByte) (\(met ? "met" : "NOT met"))")
        return met
    }

    private static func convert(_ path: String, as format: StatementFormat) -> Int {
        guard let reader = StatementReaders.reader(for: format) else { return -1 }
        do {
            let output = ByteOutput.discarding()
            var sink = CountingSink(writer: JSONLinesWriter(output: output))
            try reader.read(try ByteInput(path: path), options: ReadOptions(), into: &sink)
            try sink.writer.finish()
            try output.commit()
            return sink.count
        } catch {
            print("error: \(error)")
            return -1
        }
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
