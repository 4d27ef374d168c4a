import FinanceCore
import Foundation

@testable import StatementFormats

/// Reads QIF held in memory, optionally with small limits to reach long lines and chunk boundaries.
func readQIF(
    _ bytes: [UInt8], name: String = "in.qif", options: ReadOptions = ReadOptions(),
    maximumLineBytes: Int = QIFStatementReader.defaultMaximumLineBytes, chunkSize: Int = 1 << 17
) throws -> Collector {
    var collector = Collector()
    let reader = QIFStatementReader(maximumLineBytes: maximumLineBytes, chunkSize: chunkSize)
    try reader.read(ByteInput(bytes: bytes, displayName: name), options: options, into: &collector)
    return collector
}

func readQIF(_ lines: [String], name: String = "in.qif", options: ReadOptions = ReadOptions()) throws -> Collector {
    try readQIF(Array((lines.joined(separator: "\n") + "\n").utf8), name: name, options: options)
}

/// A QIF fixture file, read by the QIF reader.
func readQIFFixture(_ name: String, options: ReadOptions = ReadOptions()) throws -> Collector {
    let path = Repository.fixtures.appendingPathComponent("qif").appendingPathComponent(name).path
    var collector = Collector()
    try QIFStatementReader().read(ByteInput(path: path), options: options, into: &collector)
    return collector
}

/// Diagnostics as `line:column: severity: message` (the file name left out), notes dropped.
func located(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { d in
        "\(d.location.line)\(d.location.column.map { ":\($0)" } ?? ""): \(d.severity.rawValue): \(d.message)"
    }
}
