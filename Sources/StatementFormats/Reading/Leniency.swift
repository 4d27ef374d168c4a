import FinanceCore

/// A departure from a format's specification that real banks' files make and pfin tolerates.
///
/// Each is reported once per file, as a warning that names what was wrong and what pfin did.
/// One that changes what the file means (a date moved, a body re-read in another syntax) is
/// refused as an error under `--strict` (`ReadOptions.strict`); the others stay warnings.
public struct Leniency: Sendable {
    /// The diagnostic code, `ofx.lenient.thousands-separators` and the like.
    public var code: String
    /// What was wrong and what pfin did, one sentence.
    public var message: String
    public var notes: [String]
    /// Whether reading this way changes what the file means (refused under `--strict`).
    public var changesMeaning: Bool

    public init(code: String, _ message: String, notes: [String] = [], changesMeaning: Bool) {
        self.code = code
        self.message = message
        self.notes = notes
        self.changesMeaning = changesMeaning
    }

    /// The diagnostic for `options`: an error under `--strict` when it changes meaning, else a warning.
    public func diagnostic(at location: SourceLocation, options: ReadOptions) -> Diagnostic {
        let refused = options.strict && changesMeaning
        return Diagnostic(
            refused ? .error : .warning, code: code, at: location,
            refused ? "\(message) (refused under --strict)" : message, notes: notes)
    }
}

/// Which leniencies a reader has already reported for the file it reads: each is said once.
public struct LeniencyLog: Sendable {
    private var seen: Set<String> = []

    public init() {}

    /// `true` the first time `code` is noted, `false` after.
    public mutating func isFirst(_ code: String) -> Bool { seen.insert(code).inserted }
}
