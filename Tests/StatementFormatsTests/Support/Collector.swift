import FinanceCore
import Foundation
import StatementFormats
import Testing

/// Collects what a reader produces, for assertions.
struct Collector: ActivitySink {
    var activities: [PaymentActivity] = []
    var diagnostics: [Diagnostic] = []

    mutating func accept(_ activity: PaymentActivity) throws { activities.append(activity) }
    mutating func report(_ diagnostic: Diagnostic) throws { diagnostics.append(diagnostic) }

    var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// Paths of the repository's own files, found from this source file.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static func sample(_ name: String) -> String { root.appendingPathComponent("Samples").appendingPathComponent(name).path }
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
}

/// Reads CSV text (or bytes) from memory.
func readCSV(_ bytes: [UInt8], name: String = "test.csv", options: ReadOptions = ReadOptions()) throws -> Collector {
    var collector = Collector()
    try CSVStatementReader().read(ByteInput(bytes: bytes, displayName: name), options: options, into: &collector)
    return collector
}

func readCSV(_ text: String, name: String = "test.csv", options: ReadOptions = ReadOptions()) throws -> Collector {
    try readCSV(Array(text.utf8), name: name, options: options)
}

func readFile(_ path: String, options: ReadOptions = ReadOptions()) throws -> Collector {
    var collector = Collector()
    try CSVStatementReader().read(ByteInput(path: path), options: options, into: &collector)
    return collector
}

/// Reads a file with the reader its content calls for, as `pfin convert` does.
func readDetected(_ path: String, options: ReadOptions = ReadOptions()) throws -> Collector {
    let input = try ByteInput(path: path)
    var collector = Collector()
    guard let format = try StatementIdentification.identify(input).format else {
        Issue.record("\(path): no reader identified the file")
        return collector
    }
    try StatementReaders.reader(for: format)!.read(input, options: options, into: &collector)
    return collector
}

/// Sums amounts per currency code (`null` for none), exactly.
func sums(_ activities: [PaymentActivity]) -> [String: String] {
    var totals: [String: Money] = [:]
    for a in activities {
        let key = a.currency?.description ?? "null"
        totals[key] = totals[key].map { $0.adding(a.amount)! } ?? a.amount
    }
    return totals.mapValues(\.decimalString)
}
