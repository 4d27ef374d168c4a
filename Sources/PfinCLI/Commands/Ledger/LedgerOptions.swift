import Glibc
import LedgerStore

/// `--db PATH`, shared by every command that works on the ledger: where the ledger is, and opening
/// it with failures worded for the user (`pfin: error: …` and a `pfin: note:` with what to do).
struct LedgerOptions {
    static let db = database(
        help:
            "The ledger file (default: $PFIN_DB, else the configuration's db, else $XDG_DATA_HOME/pfin/ledger.sqlite, else ~/.local/share/pfin/ledger.sqlite).")
    static let spec = db.spec

    /// `--db PATH` with a command's own wording (`pfin report --db`: read from it instead of files).
    static func database(help: String) -> Option<String> {
        Option("--db", value: "PATH", help: help) { path throws(UsageError) in
            guard !path.isEmpty else { throw UsageError(message: "--db needs the path of a ledger file") }
            return path
        }
    }

    /// The database file.
    let path: String

    /// `--db`, else `Ledger.defaultPath()`.
    ///
    /// - Throws: a usage error for an empty `--db`, or when there is no default (no `$HOME`).
    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> LedgerOptions {
        if let path = arguments[db] { return LedgerOptions(path: path) }
        guard let path = LedgerOptions.defaultPath() else {
            throw UsageError(message: "no ledger given and no default: $PFIN_DB, $XDG_DATA_HOME and $HOME are all unset; give --db PATH")
        }
        return LedgerOptions(path: path)
    }

    /// $PFIN_DB, else the configuration's `db`, else `Ledger.defaultPath()`.
    static func defaultPath() -> String? {
        if let db = Configuration.environment("PFIN_DB"), !db.isEmpty { return db }
        return Configuration.current.db?.value ?? Ledger.defaultPath()
    }

    /// `--db` (or the default) opened, for a command that has checked its other arguments:
    /// problems (an empty `--db`, no default, a ledger that cannot be opened) are printed, and
    /// give `nil` (exit 1).
    static func open(_ arguments: ParsedArguments, create: Bool, printer: inout DiagnosticPrinter) -> Ledger? {
        do throws(UsageError) {
            return try parse(arguments).open(create: create, printer: &printer)
        } catch {
            printer.fail(error.message)
            return nil
        }
    }

    /// Whether the file is there (a read-only command then opens it without creating it).
    var exists: Bool { access(path, F_OK) == 0 }

    /// The ledger, or `nil` after printing why it could not be opened. Commands that only read
    /// pass `create: false`, so that a mistyped `--db` is reported instead of creating an empty file.
    func open(create: Bool, printer: inout DiagnosticPrinter) -> Ledger? {
        do {
            return try Ledger(path: path, create: create)
        } catch {
            LedgerOptions.fail(error, printer: &printer)
            return nil
        }
    }

    /// Prints a ledger failure as `pfin: error: …` with its advice as a note.
    static func fail(_ error: LedgerError, printer: inout DiagnosticPrinter) {
        printer.fail(error.description, notes: error.advice.map { [$0] } ?? [])
    }
}
