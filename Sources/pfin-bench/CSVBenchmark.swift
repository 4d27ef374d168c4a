import FinanceCore
import Glibc
import Rules
import StatementFormats
import StatementPipeline

/// CSV → JSON Lines: read, detect, normalise and write a generated export, on one core; then the
/// same with payee normalisation (what `pfin convert` does unless told `--raw-names`), to show
/// what cleaning the names costs; then on two threads as `pfin convert` runs by default (the file
/// in parts, each converted whole on a thread of its own: `ConversionParts`).
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

        // Plain and with clean payees in turns, so that both see the same machine: the cost of
        // normalisation is the median of each turn's ratio, steadier on a shared machine than a
        // ratio of two bests taken minutes apart.
        var best = Double.infinity, cleanBest = Double.infinity
        var ratios: [Double] = []
        let payees = PayeeNormaliser()
        for _ in 0..<runs {
            var start = Measure.now()
            let converted = convert(path)
            let plain = Measure.now() - start
            start = Measure.now()
            let cleaned = convert(path, payees: payees)
            let clean = Measure.now() - start
            guard converted == rows, cleaned == rows else {
                print("error: converted \(converted) rows, \(cleaned) with clean payees, expected \(rows)")
                return 1
            }
            best = min(best, plain)
            cleanBest = min(cleanBest, clean)
            ratios.append(clean / plain)
        }
        var readBest = Double.infinity
        for _ in 0..<runs {
            let start = Measure.now()
            _ = convertToNothing(path)
            readBest = min(readBest, Measure.now() - start)
        }
        var twoBest = Double.infinity
        for _ in 0..<runs {
            let start = Measure.now()
            guard convert(path, threads: 2) == rows else {
                print("error: the two-thread conversion lost rows")
                return 1
            }
            twoBest = min(twoBest, Measure.now() - start)
        }
        print("  CSV → activities, no output (best of \(runs)): \(Measure.format(readBest, 3)) s")
        print("  CSV → JSON Lines (best of \(runs)): \(Measure.format(best, 3)) s")
        print("  rows/s:  \(Measure.grouped(Int(Double(rows) / best)))")
        print(
            "  CSV → JSON Lines with clean payees (best of \(runs)): \(Measure.format(cleanBest, 3)) s, "
                + "normalisation +\(Measure.format((Measure.median(ratios) - 1) * 100)) % (median of \(runs) paired runs; target under 15 %)")
        print("  MB/s:    \(Measure.format(Double(bytes) / 1e6 / best))")
        // The generated export's amount is its fourth column.
        print("  CSV → JSON Lines on two threads (best of \(runs)): \(Measure.format(twoBest, 3)) s, \(Measure.format(best / twoBest, 2))× one thread's speed")
        let floor = Floor.csv(path, column: 3, runs: runs)
        print(Floor.line("C, split lines and add up the amounts", floor: floor, pfin: best))
        print(Floor.line("the same, pfin on two threads", floor: floor, pfin: twoBest))
        // The floor that writes what pfin writes, checked against pfin's output of the file, on
        // two threads (in parts) and on one, which must be the same bytes.
        let expected = "\(path).jsonl", oneThread = "\(path).1.jsonl"
        defer {
            unlink(expected)
            unlink(oneThread)
        }
        guard convert(path, threads: 2, output: expected) == rows, convert(path, output: oneThread) == rows else {
            print("error: the conversion into \(expected) failed")
            return 1
        }
        guard Floor.sameBytes(expected, oneThread) else {
            print("error: the conversion in parts on two threads differs from one thread's")
            return 1
        }
        var sameWork: Double?, halves: Double?
        switch Floor.csvToJSONLines(path, columns: CSVGenerator.floorColumns, expected: expected, runs: runs) {
        case .measured(let oneCore, let twoCores): (sameWork, halves) = (oneCore, twoCores)
        case .notMeasured: break
        case .differs:
            print("error: the C floor's JSON Lines differ from pfin's: it no longer does the same work")
            return 1
        }
        print(Floor.line("C, the same JSON Lines byte for byte, one core", floor: sameWork, pfin: best))
        print(Floor.line("the same, pfin on two threads", floor: sameWork, pfin: twoBest))
        print(Floor.line("the same C on both cores, each half of the file at once", floor: halves, pfin: twoBest))
        if let halves, let floor {
            print("    (that is \(Measure.format(halves / floor, 2))× the first floor: the same work in plain C, split evenly over both cores)")
        }
        print(uncachedCleaning())
        print(IdentificationCost.line(path))
        print("  peak RSS: \(Measure.format(Measure.peakRSSMiB())) MiB")
        return 0
    }

    private struct CountingSink<W: StatementWriter>: ActivitySink {
        var writer: W
        let payees: PayeeNormaliser?
        var count = 0
        var errors = 0
        /// As `RulesStage` does it: the activity taken over (not copied), normalised unless told
        /// not to (`--raw-names`), written; the difference of the two timings is what
        /// normalisation adds to a conversion.
        mutating func accept(_ activity: consuming PaymentActivity) throws {
            var ruled = activity
            payees?.normalise(&ruled)
            try writer.write(ruled)
            count += 1
        }
        mutating func report(_ diagnostic: Diagnostic) throws {
            if diagnostic.severity == .error { errors += 1 }
        }
    }

    /// What a text costs the first time it is seen (the generated file repeats 31 texts, which
    /// the normaliser's memo cleans once each): 100,000 distinct texts, each a generated payee
    /// with a store number of its own, cleaned without the memo.
    private static func uncachedCleaning() -> String {
        let texts = (0..<100_000).map { i in
            let payee = CSVGenerator.payees[i % CSVGenerator.payees.count]
            return i % 2 == 0 ? "\(payee) \(100_000 + i)" : "POS PURCHASE #\(i) \(payee)"
        }
        let payees = PayeeNormaliser()
        var best = Double.infinity
        var letters = 0
        for _ in 0..<3 {
            let start = Measure.now()
            for text in texts { letters &+= payees.clean(text).utf8.count }
            best = min(best, Measure.now() - start)
        }
        precondition(letters > 0)
        return "  a distinct text cleaned the first time (100,000 texts, best of 3): \(Measure.format(best / 1e-1, 2)) µs each"
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

    /// Converts `path` to JSON Lines, into `output` or discarded: the rows written, negative for
    /// errors.
    private static func convert(_ path: String, payees: PayeeNormaliser? = nil, threads: Int = 1, output: String? = nil) -> Int {
        do {
            let bytes = try output.map { try ByteOutput.atomicFile($0) } ?? .discarding()
            if threads > 1 {
                // As `pfin convert --raw-names` runs: in parts on every thread (`ConversionParts`).
                var set = RuleSet()
                set.normalisesPayees = payees != nil
                var conversion = Conversion(writer: JSONLinesWriter(output: bytes), reporter: DiagnosticList(), rules: RuleEngine(set))
                conversion.threads = threads
                switch conversion.run([(InputSource(path, format: .csv), ReadOptions())], output: bytes) {
                case .complete(let written): return written
                case let end: print("error: \(end)"); return -1
                }
            }
            var sink = CountingSink(writer: JSONLinesWriter(output: bytes), payees: payees)
            try CSVStatementReader().read(try ByteInput(path: path), options: ReadOptions(), into: &sink)
            try sink.writer.finish()
            try bytes.commit()
            return sink.errors == 0 ? sink.count : -sink.errors
        } catch {
            print("error: \(error)")
            return -1
        }
    }
}
