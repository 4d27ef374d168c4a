import FinanceCore
import Foundation

@testable import StatementFormats

/// Reads JSON Lines held in memory, optionally with small limits to reach long lines and chunk
/// boundaries with small inputs.
func readJSONL(
    _ bytes: [UInt8], name: String = "in.jsonl", options: ReadOptions = ReadOptions(),
    maximumLineBytes: Int = JSONLinesReader.defaultMaximumLineBytes, chunkSize: Int = 1 << 20
) throws -> Collector {
    var collector = Collector()
    let reader = JSONLinesReader(maximumLineBytes: maximumLineBytes, chunkSize: chunkSize)
    try reader.read(ByteInput(bytes: bytes, displayName: name), options: options, into: &collector)
    return collector
}

func readJSONL(
    _ text: String, name: String = "in.jsonl", options: ReadOptions = ReadOptions(),
    maximumLineBytes: Int = JSONLinesReader.defaultMaximumLineBytes, chunkSize: Int = 1 << 20
) throws -> Collector {
    try readJSONL(Array(text.utf8), name: name, options: options, maximumLineBytes: maximumLineBytes, chunkSize: chunkSize)
}

/// Every field of an activity but its id and source, `∅` for nil:
/// `date|name|amount|currency|type|account|address|memo|category|fitid|checkNumber`.
func fields(_ a: PaymentActivity) -> String {
    let optional = [a.account, a.address, a.memo, a.category, a.fitid, a.checkNumber].map { $0 ?? "∅" }
    return ([a.date.description, a.name, a.amount.decimalString, a.currency?.description ?? "∅", a.type.rawValue] + optional)
        .joined(separator: "|")
}

/// A record as pfin writes it, with the keys in `changes` replaced by raw JSON text (`nil` drops
/// the key); keys not in a record are appended.
func record(_ changes: KeyValuePairs<String, String?> = [:]) -> String {
    var members: [(String, String?)] = [
        ("id", #""00000000000000a1""#), ("account", "null"), ("date", #""2024-05-03""#), ("name", #""Coffee""#),
        ("address", "null"), ("amount", #""-3.50""#), ("currency", #""USD""#), ("memo", "null"), ("type", #""expense""#),
        ("category", "null"), ("fitid", "null"), ("checkNumber", "null"), ("source", #""bank.csv:2""#),
    ]
    for (key, value) in changes {
        if let i = members.firstIndex(where: { $0.0 == key }) { members[i].1 = value } else { members.append((key, value)) }
    }
    return "{" + members.compactMap { key, value in value.map { "\"\(key)\":\($0)" } }.joined(separator: ",") + "}"
}

/// A diagnostic's first line without the file: `LINE:COLUMN: error: MESSAGE`.
func brief(_ diagnostic: Diagnostic) -> String {
    let column = diagnostic.location.column.map { ":\($0)" } ?? ""
    return "\(diagnostic.location.line)\(column): \(diagnostic.severity.rawValue): \(diagnostic.message)"
}

/// The UTF-8 of `text` with each `¤` replaced by `byte`, to put raw bytes (NUL, a tab, a stray
/// 0xE9) where a test wants them.
func splice(_ text: String, _ byte: UInt8) -> [UInt8] {
    var out: [UInt8] = []
    for scalar in text.unicodeScalars {
        if scalar == "¤" { out.append(byte) } else { out += Array(String(scalar).utf8) }
    }
    return out
}
