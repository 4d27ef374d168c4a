import Glibc

// Release-built benchmarks: `swift run -c release pfin-bench csv [ROWS]`.
// Figures go to standard output as a small table; nothing here is a unit test.

let arguments = Array(CommandLine.arguments.dropFirst())
let suites: [String: ([String]) -> Int32] = [
    "csv": CSVBenchmark.run, "ofx": OFXBenchmark.run, "rules": RulesBenchmark.run, "report": ReportBenchmark.run,
    "jsonl": JSONLinesBenchmark.run, "store": StoreBenchmark.run, "formats": FormatsBenchmark.run,
    // Not a suite: `pfin-bench pfin ARGUMENTS…` runs pfin in this fresh process, for the report
    // suite's runs (a forked copy of a process inherits its runtime's per-thread state, which broke
    // pfin's threads).
    "pfin": { ReportWork.pfin($0) ? 0 : 1 },
]

guard let name = arguments.first, let suite = suites[name] else {
    let names = suites.keys.sorted().joined(separator: ", ")
    print("usage: pfin-bench SUITE [OPTIONS]\nsuites: \(names)")
    exit(2)
}
exit(suite(Array(arguments.dropFirst())))
