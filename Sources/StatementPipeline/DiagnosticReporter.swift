import FinanceCore

/// Where a sink sends the diagnostics of a reading as they come: a terminal printer in the CLI, a
/// list in an app or a test. Generic rather than a closure, so that a sink over it is specialised.
public protocol DiagnosticReporter {
    mutating func report(_ diagnostic: Diagnostic)
}

/// Keeps every diagnostic, for an app that shows them after the reading.
public struct DiagnosticList: DiagnosticReporter, Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    public var errors: Int { diagnostics.count { $0.severity == .error } }

    public init() {}

    public mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
}
