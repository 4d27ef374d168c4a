import FinanceCore
import Glibc
import LedgerStore
import PfinCLI
import Reports
import StatementFormats

/// The ledger over ten years of history (`ReportDataGenerator`'s 1,000,000 transactions):
/// importing them, a filtered `list`, and reading them all for a report against reading the same
/// data from a JSON Lines file.
enum StoreBenchmark {
    /// `store [--rows N] [--runs N] [--keep DIR]`: every timing is the median of `runs`, each import into a new ledger;
    /// `--keep` leaves the generated JSON Lines file and both ledgers in DIR, to time `pfin` on them.
    static func run(_ arguments: [String]) -> Int32 {
        let options = BenchOptions(arguments: arguments)
        let rows = options.int("--rows", 1_000_000)
        let runs = max(1, options.int("--runs", 3))
        let keep = options.string("--keep")
        let base = keep.map { "\($0)/store" } ?? "/tmp/pfin-bench-\(getpid())-store"
        let jsonl = base + ".jsonl", apiDB = base + "-api.sqlite", cliDB = base + "-cli.sqlite"
        defer {
            if keep == nil {
                unlink(jsonl)
                removeLedger(apiDB)
                removeLedger(cliDB)
            }
        }
        do {
            _ = try ReportDataGenerator.write(rows: rows, to: jsonl)
        } catch {
            print("error: cannot write \(jsonl): \(error)")
            return 1
        }
        print("pfin-bench store: \(Measure.grouped(rows)) transactions over \(ReportDataGenerator.defaultMonths) months")
        var failed = false

        // 1. Import: `pfin import` end to end, then the store alone (activities already in memory),
        // each into a new ledger per run. A run starts once the files written before are on disk,
        // so that their write-back does not compete with the import's own writes.
        let cli = median(runs) {
            removeLedger(cliDB)
            sync()
            fflush(nil)  // or the lines printed so far would go to /dev/null with pfin's
            let null = open("/dev/null", O_WRONLY), saved = dup(1)
            dup2(null, 1)
            failed = Pfin.run(["import", jsonl, "--db", cliDB]) != 0 || failed
            fflush(nil)
            dup2(saved, 1)
            close(null)
            close(saved)
        }
        report("pfin import (JSON Lines), end to end", seconds: cli, rows: rows, target: "> 200,000/s", met: Double(rows) / cli > 200_000)

        var activities: [PaymentActivity] = []
        activities.reserveCapacity(rows)
        guard readJSONLines(jsonl, { activities.append($0) }) else { return 1 }
        var storeFailure: (any Error)?
        let store = median(runs) {
            removeLedger(apiDB)
            sync()
            do {
                let ledger = try Ledger(path: apiDB)
                failed = try ledger.importActivities(activities, file: "history.jsonl").inserted != rows || failed
            } catch {
                storeFailure = error
            }
        }
        if let storeFailure {
            print("error: \(storeFailure)")
            return 1
        }
        report("import, store alone", seconds: store, rows: rows, target: "> 200,000/s", met: Double(rows) / store > 200_000)
        // The floor: SQLite's own shell importing the same rows (pfin's CSV of them) into a table.
        let csv = base + ".csv"
        defer { if keep == nil { unlink(csv) } }
        if writeCSV(activities, to: csv) {
            print(
                Floor.line("sqlite3 .import of the same rows as CSV", floor: Floor.sqliteImport(csv, database: base + "-floor.sqlite", runs: runs), pfin: cli))
            // The same, then the ledger's four indexes on the imported columns: the work pfin does.
            let indexes = [
                "PRAGMA threads = 2", "CREATE UNIQUE INDEX t_id ON t(id)", "CREATE INDEX t_day ON t(date, category)",
                "CREATE INDEX t_type ON t(type, date) WHERE type = 'income' OR type = 'transfer'", "CREATE INDEX t_account ON t(account, date)",
            ]
            let indexed = Floor.sqliteImport(csv, database: base + "-floor.sqlite", runs: runs, afterwards: indexes)
            print(Floor.line("the same, then the ledger's four indexes", floor: indexed, pfin: cli))
        }
        activities = []

        do {
            let ledger = try Ledger(path: apiDB)
            // 2. A year of one category tree, newest first: the history's last year.
            let year = ReportDataGenerator.firstMonth.year + (ReportDataGenerator.defaultMonths - 1) / 12
            let filter = LedgerFilter(
                from: LocalDate(year: year, month: 1, day: 1), to: LocalDate(year: year, month: 12, day: 31),
                categoryPrefix: "Food")
            var found = 0
            let list = median(runs) { found = (try? ledger.list(filter).count) ?? -1 }
            print(
                "  list \(year), category Food…: \(Measure.format(list * 1000, 1)) ms for \(Measure.grouped(found)) rows (target < 100 ms: \(list < 0.1 ? "met" : "NOT met"))"
            )
            failed = failed || found <= 0

            // 3. Everything into a report: from the ledger, and from the JSON Lines file.
            var fromStore = 0, fromFile = 0
            let store = median(runs) {
                var builder = ReportBuilder(options: ReportOptions(keepTransactions: false))
                try? ledger.forEachActivity {
                    builder.add($0); fromStore += 1
                }
                _ = builder.finish()
            }
            let file = median(runs) {
                var builder = ReportBuilder(options: ReportOptions(keepTransactions: false))
                _ = readJSONLines(jsonl) {
                    builder.add($0); fromFile += 1
                }
                _ = builder.finish()
            }
            let ratio = store / file
            print(
                "  report from the ledger: \(Measure.format(store, 3)) s; from JSON Lines: \(Measure.format(file, 3)) s; "
                    + "ratio \(Measure.format(ratio, 2)) (target within 2×: \(ratio <= 2 ? "met" : "NOT met"))")
            failed = failed || fromStore != fromFile
        } catch {
            print("error: \(error)")
            return 1
        }
        return failed ? 1 : 0
    }

    /// `activities` as pfin's CSV at `path`; false (and a message) when it cannot be written.
    private static func writeCSV(_ activities: [PaymentActivity], to path: String) -> Bool {
        do {
            let output = try ByteOutput.atomicFile(path)
            var writer = CSVActivityWriter(output: output)
            for activity in activities { try writer.write(activity) }
            try writer.finish()
            try output.commit()
            return true
        } catch {
            print("error: cannot write \(path): \(error)")
            return false
        }
    }

    private static func report(_ label: String, seconds: Double, rows: Int, target: String, met: Bool) {
        print(
            "  \(label): \(Measure.format(seconds, 3)) s, \(Measure.grouped(Int(Double(rows) / seconds))) rows/s, "
                + "peak RSS \(Measure.format(Measure.peakRSSMiB())) MiB (target \(target): \(met ? "met" : "NOT met"))")
    }

    private static func removeLedger(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    }

    private static func median(_ runs: Int, _ work: () -> Void) -> Double {
        Measure.median(
            (0..<runs).map { _ in
                let start = Measure.now()
                work()
                return Measure.now() - start
            })
    }

    private static func readJSONLines(_ path: String, _ body: @escaping (PaymentActivity) -> Void) -> Bool {
        struct Sink: ActivitySink {
            let body: (PaymentActivity) -> Void
            var errors = 0
            mutating func accept(_ activity: PaymentActivity) throws { body(activity) }
            mutating func report(_ diagnostic: Diagnostic) throws { if diagnostic.severity == .error { errors += 1 } }
        }
        do {
            var sink = Sink(body: body)
            try JSONLinesReader().read(try ByteInput(path: path), options: ReadOptions(), into: &sink)
            return sink.errors == 0
        } catch {
            print("error: \(error)")
            return false
        }
    }
}
