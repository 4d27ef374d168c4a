import LedgerStore

/// `--db PATH` and opening the ledger, shared by every command that uses it.
enum LedgerOpening {
    static let spec = OptionSpec("--db", value: "PATH",
                                 help: "The ledger database (default: $PFIN_DB, else $XDG_DATA_HOME/pfin/ledger.sqlite, else ~/.local/share/pfin/ledger.sqlite).")

    /// The ledger `--db` (or the default) names, opened; errors are printed and give `nil`.
    ///
    /// - Parameter create: make the file if it is missing (importing and adding); reading
    ///   commands pass false so that a mistyped path is an error, not a new empty ledger.
    static func open(_ arguments: ParsedArguments, create: Bool, printer: inout DiagnosticPrinter) -> Ledger? {
        guard let path = arguments.value("--db") ?? LedgerOptions.defaultPath() else {
            printer.fail("no ledger: neither --db, $PFIN_DB, $XDG_DATA_HOME nor $HOME is set",
                         notes: ["name one with --db PATH"])
            return nil
        }
        do {
            return try Ledger(path: path, create: create)
        } catch {
            report(error, printer: &printer)
            return nil
        }
    }

    /// Prints a ledger error as `pfin: error: …` with its advice as a note.
    static func report(_ error: LedgerError, printer: inout DiagnosticPrinter) {
        printer.fail(error.description, notes: error.advice.map { [$0] } ?? [])
    }
}
