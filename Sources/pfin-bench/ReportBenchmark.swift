import FinanceCore
import Glibc
import ReportRendering
import Reports
import StatementFormats

/// `pfin report` over ten years of history: JSON Lines in, summaries out as text, CSV and JSON,
/// and as HTML month pages plus the index: the command itself, with its file writing.
///
/// Each run of pfin is a process of its own (`pfin-bench pfin …`, started afresh), so that its peak
/// memory is its own (the parent holds the generator's leftovers) and nothing one run leaves behind
/// speeds up or slows the next. (Forked copies of this process ran pfin before; a fork inherits the
/// runtime's per-thread state, and pfin's reading and page threads could then spin forever on a
/// lock one of them believed it held.)
enum ReportBenchmark {
    /// `report [--rows N] [--months N] [--runs N] [--keep PATH]`: 1,000,000 transactions over 60
    /// months, median of 3 runs per format. `--keep PATH` leaves the generated history at PATH.
    static func run(_ arguments: [String]) -> Int32 {
        let options = BenchOptions(arguments: arguments)
        let rows = options.int("--rows", 1_000_000)
        let runs = max(1, options.int("--runs", 3))
        let months = max(1, options.int("--months", ReportDataGenerator.defaultMonths))
        let kept = options.string("--keep")
        let path = kept ?? "/tmp/pfin-bench-\(getpid())-report.jsonl"
        let directory = "/tmp/pfin-bench-\(getpid())-report-out"
        defer {
            if kept == nil { unlink(path) }
            removeDirectory(directory)
        }
        let bytes: Int
        do {
            bytes = try ReportDataGenerator.write(rows: rows, months: months, to: path)
        } catch {
            print("error: cannot write \(path): \(error)")
            return 1
        }
        print(
            "pfin-bench report: \(Measure.grouped(rows)) transactions over \(months) months, "
                + "\(Measure.format(Double(bytes) / 1e6)) MB of JSON Lines (\(path))")
        mkdir(directory, 0o777)

        var failed = false
        let read = measure(runs) { ReportWork.read(path) >= 0 }
        print("  read the JSON Lines only:   \(line(read, rows))")
        for format in [ReportFormat.text, .csv, .json] {
            let target = "\(directory)/report.\(format.fileExtension)"
            let result = measurePfin(runs, ["report", path, "--format", format.rawValue, "-o", target])
            let rate = Double(rows) / result.seconds
            print("  \(format.rawValue.padding(4)) summary, end to end: \(line(result, rows))  (target > 1,000,000/s: \(rate > 1e6 ? "met" : "NOT met"))")
            failed = failed || result.failed
        }
        // Budget vs actual: the text report with a budget over every category, against the same
        // report without one (measured again here, next to it, for a fair ratio).
        let budgetPath = "\(directory)/household.budget"
        let budgetText =
            "budget \"Household\" currency EUR\n"
            + ReportDataGenerator.budgetLines.map { "  \($0)\n" }.joined()
        _ = budgetText.withCString { text in
            let file = fopen(budgetPath, "w")
            defer { if let file { fclose(file) } }
            return file.map { fputs(text, $0) } ?? -1
        }
        // Alternated, run by run, so that a change in the machine's load falls on both alike.
        var plainRuns: [Result] = [], budgetedRuns: [Result] = []
        for _ in 0..<max(runs, 5) {
            plainRuns.append(measurePfin(1, ["report", path, "--format", "text", "-o", "\(directory)/plain.txt"]))
            budgetedRuns.append(measurePfin(1, ["report", path, "--format", "text", "--budget", budgetPath, "-o", "\(directory)/budget.txt"]))
        }
        let plain = Result(
            seconds: Measure.median(plainRuns.map(\.seconds)), peakMiB: plainRuns.map(\.peakMiB).max() ?? 0,
            failed: plainRuns.contains { $0.failed })
        let budgeted = Result(
            seconds: Measure.median(budgetedRuns.map(\.seconds)), peakMiB: budgetedRuns.map(\.peakMiB).max() ?? 0,
            failed: budgetedRuns.contains { $0.failed })
        let added = (budgeted.seconds - plain.seconds) / plain.seconds
        print(
            "  text with --budget (\(ReportDataGenerator.budgetLines.count) lines): \(line(budgeted, rows)), "
                + "\(Measure.format(added * 100, 1)) % over \(Measure.format(plain.seconds, 3)) s without "
                + "(target < 10 %: \(added < 0.10 ? "met" : "NOT met"))")
        failed = failed || plain.failed || budgeted.failed
        let recurring = measurePfin(runs, ["recurring", path, "-o", "\(directory)/recurring.txt"])
        print(
            "  pfin recurring, end to end: \(line(recurring, rows))  "
                + "(target < 2 s: \(recurring.seconds < 2 ? "met" : "NOT met"))")
        failed = failed || recurring.failed
        let html = measurePfin(runs, ["report", path, "--format", "html", "--out-dir", directory])
        // Issue 19's targets, set for 1,000,000 transactions over 60 months.
        let met = html.seconds < 1 && html.peakMiB < 100
        print(
            "  HTML, \(months) month pages + index: \(Measure.format(html.seconds, 2)) s, peak RSS \(Measure.format(html.peakMiB)) MiB "
                + "(target for 60 pages < 1.0 s and < 100 MiB: \(met ? "met" : "NOT met"))")
        let (largest, csvFiles) = pagesWritten(in: directory)
        print(
            "  largest page: \(Measure.format(Double(largest) / 1e6, 2)) MB (target ≤ 1 MB: \(largest <= 1_000_000 ? "met" : "NOT met")); "
                + "\(csvFiles) months listed in full in their CSV")
        failed = failed || html.failed
        return failed ? 1 : 0
    }

    /// The size of the largest HTML page in `directory`, and how many month CSVs are beside them.
    private static func pagesWritten(in directory: String) -> (largest: Int, csvFiles: Int) {
        guard let dir = opendir(directory) else { return (0, 0) }
        defer { closedir(dir) }
        var largest = 0, csvFiles = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix("-transactions.csv") { csvFiles += 1 }
            guard name.hasSuffix(".html") else { continue }
            var info = stat()
            if stat(directory + "/" + name, &info) == 0 { largest = max(largest, Int(info.st_size)) }
        }
        return (largest, csvFiles)
    }

    struct Result {
        var seconds: Double
        var peakMiB: Double
        var failed: Bool
    }

    private static func line(_ result: Result, _ rows: Int) -> String {
        "\(Measure.format(result.seconds, 3)) s, \(Measure.grouped(Int(Double(rows) / result.seconds))) transactions/s, "
            + "peak RSS \(Measure.format(result.peakMiB)) MiB"
    }

    /// The median time and the largest peak RSS of `runs` runs of `pfin ARGUMENTS…`, each a fresh
    /// process (this binary started again as `pfin-bench pfin …`), timed from start to exit.
    private static func measurePfin(_ runs: Int, _ arguments: [String]) -> Result {
        var times: [Double] = [], peak = 0.0, failed = false
        let argv = ["pfin-bench", "pfin"] + arguments
        for _ in 0..<runs {
            fflush(nil)
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            var pointers = argv.map { strdup($0) }
            pointers.append(nil)
            defer { for pointer in pointers { free(pointer) } }
            var child: pid_t = 0
            let start = Measure.now()
            guard posix_spawn(&child, "/proc/self/exe", &actions, nil, pointers, environ) == 0 else {
                failed = true
                continue
            }
            var status: Int32 = 0
            var usage = rusage()
            wait4(child, &status, 0, &usage)
            let elapsed = Measure.now() - start
            // Exited normally (low seven bits zero) with status 0.
            guard status & 0x7f == 0 && (status >> 8) & 0xff == 0 else {
                failed = true
                continue
            }
            times.append(elapsed)
            peak = max(peak, Double(usage.ru_maxrss) / 1024)
        }
        return Result(seconds: Measure.median(times), peakMiB: peak, failed: failed || times.isEmpty)
    }

    /// The median time and the largest peak RSS of `runs` forked runs of `work` (single-threaded
    /// work only: see the type's note on forks).
    private static func measure(_ runs: Int, _ work: () -> Bool) -> Result {
        var times: [Double] = [], peak = 0.0, failed = false
        for _ in 0..<runs {
            var pipeEnds: [Int32] = [0, 0]
            pipe(&pipeEnds)
            fflush(nil)  // or the child would print the parent's buffered lines again
            let child = fork()
            if child == 0 {
                close(pipeEnds[0])
                let start = Measure.now()
                let ok = work()
                var elapsed = ok ? Measure.now() - start : -1
                _ = withUnsafeBytes(of: &elapsed) { write(pipeEnds[1], $0.baseAddress, $0.count) }
                _exit(ok ? 0 : 1)
            }
            close(pipeEnds[1])
            var elapsed = -1.0
            _ = withUnsafeMutableBytes(of: &elapsed) { read(pipeEnds[0], $0.baseAddress, $0.count) }
            close(pipeEnds[0])
            var status: Int32 = 0
            var usage = rusage()
            wait4(child, &status, 0, &usage)
            if elapsed < 0 { failed = true; continue }
            times.append(elapsed)
            peak = max(peak, Double(usage.ru_maxrss) / 1024)
        }
        return Result(seconds: Measure.median(times), peakMiB: peak, failed: failed || times.isEmpty)
    }

    private static func removeDirectory(_ path: String) {
        guard let dir = opendir(path) else { return }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink("\(path)/\(name)") }
        }
        closedir(dir)
        rmdir(path)
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
