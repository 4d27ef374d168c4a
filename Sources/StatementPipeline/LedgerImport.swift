import FinanceCore
import LedgerStore
import Rules
import StatementFormats

/// What importing one input did.
public struct FileImport: Sendable {
    /// Rows inserted, duplicates skipped, errors, transfer pairs; with `dryRun`, what would be.
    public var result: ImportResult
    /// Set when the ledger itself failed (a full disk, a busy or damaged file): the file's rows are
    /// not to blame, and nothing of the file was written.
    public var ledgerError: LedgerError?
}

/// Imports bank files into a ledger, each in its own SQLite transaction: a file lands whole or not
/// at all. What `pfin import` does for each file, for an app in a few lines:
///
///     let ledger = try Ledger(path: path, create: true)
///     let outcome = LedgerImport.importFile(InputSource("checking.csv"), into: ledger, rules: engine) { problem in
///         log(problem)
///     }
///
/// Reading and the rules run on a second thread while the ledger inserts (`ActivityPipeline`). A file
/// with an error is rolled back; reading goes on only to find its other errors.
public enum LedgerImport {
    public static func importFile(
        _ source: InputSource, into ledger: Ledger, read: ReadOptions = ReadOptions(),
        rules: RuleEngine? = nil, options: ImportOptions = ImportOptions(),
        opened: @escaping @Sendable (ByteInput) -> Void = { _ in },
        report: (Diagnostic) -> Void
    ) -> FileImport {
        let session: ImportSession
        do {
            session = try ledger.beginImport(file: source.path, options: options)
        } catch {
            return FileImport(result: ImportResult(file: source.path, dryRun: options.dryRun), ledgerError: error)
        }
        return withoutActuallyEscaping(report) { report in
            importRows(source, into: session, read: read, rules: rules, options: options, opened: opened, report: report)
        }
    }

    private static func importRows(
        _ source: InputSource, into session: ImportSession, read: ReadOptions, rules: RuleEngine?,
        options: ImportOptions, opened: @escaping @Sendable (ByteInput) -> Void,
        report: @escaping (Diagnostic) -> Void
    ) -> FileImport {
        var sink = ImportSink(session: session, report: report)
        do {
            try ActivityPipeline.run(source, options: read, rules: rules, rowBalances: true, opened: opened) { try sink.take($0) }
            if sink.errors > 0 {
                session.rollback()
                return FileImport(result: ImportResult(file: source.path, errors: sink.errors, dryRun: options.dryRun))
            }
            return FileImport(result: try session.commit(errors: 0))
        } catch let error as LedgerError {
            session.rollback()
            return FileImport(result: ImportResult(file: source.path, errors: sink.errors, dryRun: options.dryRun), ledgerError: error)
        } catch {
            session.rollback()
            report(Diagnostic(.error, code: "input.failed", at: SourceLocation(file: source.path, line: 0), String(describing: error)))
            return FileImport(result: ImportResult(file: source.path, errors: sink.errors + 1, dryRun: options.dryRun))
        }
    }
}

/// What the reader sends for one file (activities, already through the rules, the balances it
/// states, and diagnostics) goes into the import session and to `report`; errors are counted,
/// because a file with errors is not imported at all.
private struct ImportSink {
    let session: ImportSession
    let report: (Diagnostic) -> Void
    private(set) var errors = 0

    init(session: ImportSession, report: @escaping (Diagnostic) -> Void) {
        self.session = session
        self.report = report
    }

    mutating func take(_ item: ActivityPipeline.Item) throws(LedgerError) {
        switch item {
        case .activity(let activity, let typeSetByRule):
            // Once the file has an error it will be rolled back: reading on only finds the other errors.
            guard errors == 0 else { return }
            try session.add(activity, typeSetByRule: typeSetByRule)
        case .diagnostic(let diagnostic):
            if diagnostic.severity == .error { errors += 1 }
            report(diagnostic)
        case .statement(let info):
            session.statement(info)
        case .rowBalance(let balance):
            session.rowBalance(balance)
        }
    }
}
