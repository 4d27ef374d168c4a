import FinanceCore
import StatementFormats

/// Writes what a reader produces and counts the activities; prints errors (a benchmark's input
/// should have none).
struct CountingSink<W: StatementWriter>: ActivitySink {
    var writer: W
    var count = 0

    mutating func accept(_ activity: PaymentActivity) throws {
        try writer.write(activity)
        count += 1
    }

    mutating func report(_ diagnostic: Diagnostic) throws {
        if diagnostic.severity == .error { print("  \(diagnostic)") }
    }
}
