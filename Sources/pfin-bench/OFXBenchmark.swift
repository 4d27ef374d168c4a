import FinanceCore
import Glibc
import StatementFormats

/// OFX → JSON Lines for generated 1.x and 2.x files: MB/s, transactions/s, peak RSS, and whether
/// the cost stays linear (the large file against one a tenth of its size).
enum OFXBenchmark {
    nonisolated(unsafe) private static var keep: String?
    nonisolated(unsafe) private static var identification = ""
    nonisolated(unsafe) private static var floor = ""

    /// `ofx [--transactions N] [--runs N] [--keep DIR]`: 1,000,000 transactions, best of 3, unless told
    /// otherwise; `--keep` leaves the generated files in DIR, to time `pfin convert` on them directly.
    static func run(_ arguments: [String]) -> Int32 {
        let options = BenchOptions(arguments: arguments)
        let count = options.int("--transactions", 1_000_000)
        let runs = max(1, options.int("--runs", 3))
        keep = options.string("--keep")
        var failed = false
        for (label, xml) in [("OFX 1.x (SGML)", false), ("OFX 2.x (XML)", true)] {
            let small = measure(count: max(1, count / 10), xml: xml, runs: runs)
            let large = measure(count: count, xml: xml, runs: runs)
            guard let small, let large else { failed = true; continue }
            print("\(label): \(Measure.grouped(count)) transactions, \(Measure.format(large.megabytes)) MB")
            print("  OFX → JSON Lines (best of \(runs)): \(Measure.format(large.seconds, 3)) s")
            print("  MB/s:           \(Measure.format(large.megabytes / large.seconds))")
            print("  transactions/s: \(Measure.grouped(Int(Double(count) / large.seconds)))")
            print(
                "  \(Measure.grouped(count / 10)) transactions: \(Measure.format(small.seconds, 3)) s; ratio \(Measure.format(large.seconds / small.seconds, 2))× for 10× the data"
            )
            print(identification)
            if xml { print(floor) }
        }
        print("  peak RSS: \(Measure.format(Measure.peakRSSMiB())) MiB")
        return failed ? 1 : 0
    }

    private static func measure(count: Int, xml: Bool, runs: Int) -> (seconds: Double, megabytes: Double)? {
        let path = keep.map { "\($0)/bench-\(count)-\(xml ? "v2" : "v1").ofx" } ?? "/tmp/pfin-bench-\(getpid())-\(count).ofx"
        defer { if keep == nil { unlink(path) } }
        let bytes = OFXGenerator.write(count: count, xml: xml, to: path)
        var best = Double.infinity
        for _ in 0..<runs {
            let start = Measure.now()
            let converted = convert(path)
            best = min(best, Measure.now() - start)
            guard converted == count else {
                print("error: converted \(converted) of \(count) transactions")
                return nil
            }
        }
        if count >= 1000 { identification = IdentificationCost.line(path) }
        if xml && count >= 1000 { floor = Floor.line("libxml2 SAX2 push parse, no callbacks", floor: Floor.xml(path, runs: runs), pfin: best) }
        return (best, Double(bytes) / 1e6)
    }

    private static func convert(_ path: String) -> Int {
        do {
            let input = try ByteInput(path: path)
            var sink = CountingSink(writer: JSONLinesWriter(output: .discarding()))
            try OFXStatementReader().read(input, options: ReadOptions(), into: &sink)
            try sink.writer.finish()
            return sink.count
        } catch {
            print("error: \(error)")
            return -1
        }
    }
}
