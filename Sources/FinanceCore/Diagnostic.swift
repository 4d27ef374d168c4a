/// A problem found in the input, with where it is and what to do about it.
///
/// The library never prints: readers return diagnostics as values and the command line formats them
/// as `FILE:LINE:COLUMN: error: MESSAGE` followed by `note:` lines.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    public var severity: Severity
    /// A stable identifier for tests and scripts, such as `csv.unterminated-quote`.
    public var code: String
    public var location: SourceLocation
    /// What went wrong and what was expected, in one sentence without a trailing period.
    public var message: String
    /// How to fix it; each becomes a `note:` line.
    public var notes: [String]

    public init(
        _ severity: Severity, code: String, at location: SourceLocation, _ message: String,
        notes: [String] = []
    ) {
        self.severity = severity
        self.code = code
        self.location = location
        self.message = message
        self.notes = notes
    }

    /// The compiler-style rendering: the first line, then one `note:` line per note.
    public var description: String {
        var text = "\(location): \(severity.rawValue): \(message)"
        for note in notes { text += "\n\(location): note: \(note)" }
        return text
    }
}
