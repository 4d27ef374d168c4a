import Glibc

/// The machine's limit for a piece of work, measured in the same run as pfin: a small C program
/// from `Floors/` that does only the unavoidable part (split lines and add a column; tokenise XML
/// with libxml2 and build nothing) or, for CSV, also one that writes the same output as pfin
/// with nothing else around it, built with the system's C compiler and timed as a whole
/// process, best of the runs. pfin's time divided by the floor's is how far pfin is from the limit.
enum Floor {
    /// `Floors/` beside this file: the benchmark runs from a checkout.
    static let directory: String = {
        let file = #filePath
        return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) + "/Floors"
    }()

    /// The CSV floor's time over `path`, adding up the 0-based `column`; `nil` when it cannot be
    /// built or run (no C compiler), which the caller reports.
    static func csv(_ path: String, column: Int, runs: Int) -> Double? {
        guard let binary = build("csv-floor", flags: []) else { return nil }
        defer { unlink(binary) }
        return time([binary, path, String(column)], runs: runs)
    }

    /// What the floor that does a conversion's work measured.
    enum SameWork {
        /// Its best time on one core, and on both (the file's halves at once, by two processes;
        /// `nil` when that could not run).
        case measured(oneCore: Double, twoCores: Double?)
        /// Its tool, a C compiler, is missing.
        case notMeasured
        /// Its output is not pfin's: a benchmark failure.
        case differs
    }

    /// Whether two files hold the same bytes (`cmp`).
    static func sameBytes(_ one: String, _ other: String) -> Bool {
        run(["cmp", "-s", one, other], quiet: true) == 0
    }

    /// The floor that does a conversion's work (`Floors/csv-jsonl-floor.c`): the JSON Lines
    /// `pfin convert --raw-names` writes, for a file with the 0-based `columns` (date, name,
    /// amount, memo). Its output is first written to a file and compared with `expected`, pfin's
    /// own output for `path`: a floor that wrote other bytes would measure other work. Then it
    /// is timed alone, and as two processes at once over the file's two halves (cut at a line):
    /// what any conversion that splits the file over both cores could at best match, before
    /// joining the halves' results.
    static func csvToJSONLines(_ path: String, columns: [Int], expected: String, runs: Int) -> SameWork {
        guard let binary = build("csv-jsonl-floor", flags: []) else { return .notMeasured }
        defer { unlink(binary) }
        let command = [binary, path] + columns.map(String.init)
        let written = "\(expected).floor"
        let same = run(command, quiet: true, output: written) == 0 && sameBytes(expected, written)
        unlink(written)
        guard same else { return .differs }
        // The two outputs' pages written out first, so that their writeback does not share the
        // timed runs' cores.
        sync()
        guard let oneCore = time(command, runs: runs) else { return .notMeasured }
        var info = stat()
        guard stat(path, &info) == 0 else { return .measured(oneCore: oneCore, twoCores: nil) }
        let half = String(Int(info.st_size) / 2)
        let halves = [command + ["0", half], command + [half, String(info.st_size)]]
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            let start = Measure.now()
            let pids = halves.compactMap { spawn($0, quiet: true) }
            let statuses = pids.map(wait)
            guard pids.count == 2, statuses.allSatisfy({ $0 == 0 }) else { return .measured(oneCore: oneCore, twoCores: nil) }
            best = min(best, Measure.now() - start)
        }
        return .measured(oneCore: oneCore, twoCores: best)
    }

    /// The libxml2 SAX2 floor's time over the XML file `path`.
    static func xml(_ path: String, runs: Int) -> Double? {
        guard let flags = output("pkg-config --cflags --libs libxml-2.0"),
            let binary = build("xml-sax-floor", flags: flags.split(separator: " ").map(String.init))
        else { return nil }
        defer { unlink(binary) }
        return time([binary, path], runs: runs)
    }

    /// `sqlite3 DATABASE '.mode csv' '.import CSV t'` into a new database each run (SQLite's own
    /// shell: one transaction, one prepared insert, no indexes); `nil` without `sqlite3`.
    /// With `afterwards`, those statements run in the same shell after the import (the ledger's
    /// indexes, built on the imported columns: the same work as `pfin import`'s, in SQLite's shell).
    static func sqliteImport(_ csv: String, database: String, runs: Int, afterwards: [String] = []) -> Double? {
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(database + suffix) }
            sync()
            guard let seconds = time(["sqlite3", database, ".mode csv", ".import \(csv) t"] + afterwards, runs: 1) else { return nil }
            best = min(best, seconds)
        }
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(database + suffix) }
        return best
    }

    /// `how many × the floor`, as the benchmarks print it.
    static func line(_ label: String, floor: Double?, pfin: Double) -> String {
        guard let floor else { return "  floor (\(label)): not measured (its tool, a C compiler, libxml2 or sqlite3, is missing)" }
        return "  floor (\(label)): \(Measure.format(floor, 3)) s; pfin \(Measure.format(pfin, 3)) s is \(Measure.format(pfin / floor, 2))× the floor"
    }

    /// Compiles `Floors/NAME.c` into a temporary file, which the caller removes.
    private static func build(_ name: String, flags: [String]) -> String? {
        let binary = "/tmp/pfin-bench-\(getpid())-\(name)"
        let status = run(["cc", "-O2", "-o", binary, "\(directory)/\(name).c"] + flags, quiet: false)
        return status == 0 ? binary : nil
    }

    /// The best wall time of `runs` runs of `command`, its output discarded; `nil` when it fails.
    private static func time(_ command: [String], runs: Int) -> Double? {
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            let start = Measure.now()
            guard run(command, quiet: true) == 0 else { return nil }
            best = min(best, Measure.now() - start)
        }
        return best
    }

    /// Runs `command` (found on PATH) and waits: its exit status, or -1 when it did not start.
    /// `quiet` sends its standard output to `output` (a new file), else to `/dev/null`.
    private static func run(_ command: [String], quiet: Bool, output: String = "/dev/null") -> Int32 {
        guard let pid = spawn(command, quiet: quiet, output: output) else { return -1 }
        return wait(pid)
    }

    /// Starts `command` (found on PATH), its standard output as `run` says; `nil` when it did not start.
    private static func spawn(_ command: [String], quiet: Bool, output: String = "/dev/null") -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet { posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        var arguments = command.map { strdup($0) }
        defer { for argument in arguments { free(argument) } }
        arguments.append(nil)
        var pid = pid_t()
        return posix_spawnp(&pid, command[0], &actions, nil, arguments, environ) == 0 ? pid : nil
    }

    /// Waits for `pid`: its exit status, or -1 when a signal ended it.
    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    /// What a shell command prints, its last newline dropped; `nil` when it fails.
    private static func output(_ command: String) -> String? {
        guard let pipe = popen(command, "r") else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, pipe)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        guard pclose(pipe) == 0 else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
