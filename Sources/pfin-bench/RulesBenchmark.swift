import FinanceCore
import Glibc
import Rules
import StatementFormats
import StatementPipeline

/// CSV → rules → JSON Lines, as `pfin convert --rules` runs it, with rule sets of several sizes;
/// and the rules stage alone (applying rules to activities already read), to tell a slow engine
/// from a slow reader or writer.
enum RulesBenchmark {
    /// `rules [--rows N] [--runs N] [--rules-count N] [--keep PATH]`: 1,000,000 rows with 0, 50 and
    /// 500 rules (or only N), median of 5 runs. `--keep PATH` leaves the generated export at PATH and
    /// each rule set at `PATH.N.rules`, to time `pfin convert --rules` on them directly.
    static func run(_ arguments: [String]) -> Int32 {
        let options = BenchOptions(arguments: arguments)
        let rows = options.int("--rows", 1_000_000)
        let runs = max(1, options.int("--runs", 5))
        let single = options.int("--rules-count", -1)
        let counts = single >= 0 ? [single] : [0, 50, 500]
        let kept = options.string("--keep")
        let path = kept ?? "/tmp/pfin-bench-\(getpid())-rules.csv"
        defer { if kept == nil { unlink(path) } }
        let bytes = RulesCSVGenerator.write(rows: rows, to: path)
        print("pfin-bench rules: \(Measure.grouped(rows)) rows, \(Measure.format(Double(bytes) / 1e6)) MB (\(path))")

        let activities = readAll(path)
        guard activities.count == rows else {
            print("error: read \(activities.count) rows, expected \(rows)")
            return 1
        }
        var configurations: [Configuration] = []
        for count in counts {
            let text = RulesGenerator.text(count: count)
            if let kept { write(text, to: "\(kept).\(count).rules") }
            let start = Measure.now()
            switch RulesParser.parse(text, file: "bench-\(count).rules") {
            case .success(var set):
                // Names as read, on one thread and on two alike (`RulesSink` does not clean them).
                set.normalisesPayees = false
                let engine = RuleEngine(set)
                configurations.append(Configuration(count: count, engine: engine, compileSeconds: Measure.now() - start))
            case .failure(let errors):
                for d in errors.diagnostics.prefix(5) { print("error: \(d)") }
                return 1
            }
        }

        // Configurations take turns run by run, so a noisy spell on the machine spreads over all of
        // them instead of skewing one against another.
        for _ in 0..<runs {
            for i in configurations.indices {
                var start = Measure.now()
                let converted = convert(path, configurations[i].engine)
                configurations[i].endToEnd.append(Measure.now() - start)
                guard converted == rows else {
                    print("error: converted \(converted) rows with \(configurations[i].count) rules, expected \(rows)")
                    return 1
                }
                start = Measure.now()
                guard convert(path, configurations[i].engine, threads: 2) == rows else {
                    print("error: the two-thread conversion with \(configurations[i].count) rules lost rows")
                    return 1
                }
                configurations[i].twoThreads.append(Measure.now() - start)
                start = Measure.now()
                _ = applyAll(configurations[i].engine, activities)
                configurations[i].stage.append(Measure.now() - start)
            }
        }

        for c in configurations {
            let (specific, fallback) = coverage(c.engine, activities)
            print("  \(c.count) rules (parsed and compiled in \(Measure.format(c.compileSeconds * 1000, 2)) ms)")
            print("    CSV → rules → JSON Lines: \(summary(c.endToEnd, rows: rows, runs: runs))")
            print("    the same, two threads:    \(summary(c.twoThreads, rows: rows, runs: runs))")
            print("    rules stage alone:        \(summary(c.stage, rows: rows, runs: runs))")
            print("    categorised: \(percent(specific, rows)) by a merchant rule, \(percent(fallback, rows)) by a fallback")
        }
        if let base = configurations.first(where: { $0.count == 0 }), let top = configurations.max(by: { $0.count < $1.count }),
            top.count > 0
        {
            let ratio = Measure.median(base.endToEnd) / Measure.median(top.endToEnd)
            print("  end to end, \(top.count) rules against 0: \(Measure.format(ratio, 2))× the throughput (target ≥ 0.5×: \(verdict(ratio >= 0.5)))")
            let time = Measure.median(top.twoThreads) / Measure.median(base.twoThreads)
            print("  two threads, \(top.count) rules against 0: \(Measure.format(time, 2))× the time (target ≤ 1.25×: \(verdict(time <= 1.25)))")
        }
        if let top = configurations.first(where: { $0.count == 500 }) {
            let perSecond = Double(rows) / Measure.median(top.endToEnd)
            print("  end to end, 500 rules: \(Measure.grouped(Int(perSecond))) rows/s (target ≥ 1,000,000: \(verdict(perSecond >= 1e6)))")
        }
        print("  peak RSS: \(Measure.format(Measure.peakRSSMiB())) MiB")
        return 0
    }

    private struct Configuration {
        let count: Int
        let engine: RuleEngine
        let compileSeconds: Double
        var endToEnd: [Double] = []
        var twoThreads: [Double] = []
        var stage: [Double] = []
    }

    private static func summary(_ seconds: [Double], rows: Int, runs: Int) -> String {
        let median = Measure.median(seconds)
        let best = seconds.min() ?? median
        return "\(Measure.format(median, 3)) s, \(Measure.grouped(Int(Double(rows) / median))) rows/s (median of \(runs); "
            + "best \(Measure.grouped(Int(Double(rows) / best))))"
    }

    /// Targets are reported, not enforced: the CI smoke runs on a small, shared machine.
    private static func verdict(_ met: Bool) -> String { met ? "met" : "missed" }

    private static func percent(_ part: Int, _ whole: Int) -> String {
        "\(Measure.format(100 * Double(part) / Double(max(1, whole))))%"
    }

    private struct RulesSink<W: StatementWriter>: ActivitySink {
        var writer: W
        let rules: RuleEngine
        var count = 0
        var errors = 0
        mutating func accept(_ activity: consuming PaymentActivity) throws {
            var categorised = activity
            rules.apply(to: &categorised)
            try writer.write(categorised)
            count += 1
        }
        mutating func report(_ diagnostic: Diagnostic) throws {
            if diagnostic.severity == .error { errors += 1 }
        }
    }

    private struct CollectingSink: ActivitySink {
        var activities: [PaymentActivity] = []
        mutating func accept(_ activity: PaymentActivity) throws { activities.append(activity) }
        mutating func report(_ diagnostic: Diagnostic) throws {}
    }

    /// Bytes in, categorised JSON Lines out (to `/dev/null`): the rows written, or minus the errors.
    private static func convert(_ path: String, _ rules: RuleEngine, threads: Int = 1) -> Int {
        do {
            if threads > 1 {
                // As `pfin convert` runs: in parts on every thread (`ConversionParts`).
                let output = ByteOutput.discarding()
                var conversion = Conversion(writer: JSONLinesWriter(output: output), reporter: DiagnosticList(), rules: rules)
                conversion.threads = threads
                switch conversion.run([(InputSource(path, format: .csv), ReadOptions())], output: output) {
                case .complete(let written): return written
                case let end: print("error: \(end)"); return -1
                }
            }
            var sink = RulesSink(writer: JSONLinesWriter(output: .discarding()), rules: rules)
            try CSVStatementReader().read(try ByteInput(path: path), options: ReadOptions(), into: &sink)
            try sink.writer.finish()
            return sink.errors == 0 ? sink.count : -sink.errors
        } catch {
            print("error: \(error)")
            return -1
        }
    }

    private static func readAll(_ path: String) -> [PaymentActivity] {
        guard let input = try? ByteInput(path: path) else { return [] }
        var sink = CollectingSink()
        try? CSVStatementReader().read(input, options: ReadOptions(), into: &sink)
        return sink.activities
    }

    /// The rules stage alone: as many activities as were read, each a copy of one of the first
    /// 4,096 (in turn) categorised and dropped, so the activities stay in the cache as they do in
    /// a conversion (walking a million read ones instead times the memory, not the engine);
    /// returns how many got a category, so the work cannot be optimised away.
    private static func applyAll(_ engine: RuleEngine, _ activities: [PaymentActivity]) -> Int {
        let window = min(activities.count, 4096)
        var categorised = 0
        var k = 0
        for _ in activities.indices {
            var a = activities[k]
            engine.apply(to: &a)
            if a.category != nil { categorised += 1 }
            k = k + 1 == window ? 0 : k + 1
        }
        return categorised
    }

    /// Rows categorised by a specific rule and by a fallback (outside the timings).
    private static func coverage(_ engine: RuleEngine, _ activities: [PaymentActivity]) -> (Int, Int) {
        var specific = 0
        var fallback = 0
        for activity in activities {
            var a = activity
            engine.apply(to: &a)
            guard let category = a.category else { continue }
            if category.hasPrefix("Uncategorised:") { fallback += 1 } else { specific += 1 }
        }
        return (specific, fallback)
    }

    private static func write(_ text: String, to path: String) {
        guard let file = fopen(path, "w") else { return }
        defer { fclose(file) }
        var text = text
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    }
}
