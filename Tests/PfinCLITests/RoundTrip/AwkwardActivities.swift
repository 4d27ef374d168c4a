import Foundation
import TestSupport

/// Seeded random activities with awkward text, as pfin's JSON Lines: quotes, delimiters, line
/// breaks, `=`/`+`/`-`/`@` prefixes, markup, non-ASCII, long names, zero and huge amounts, and
/// currencies of every exponent (0, 2, 3). The same seed gives the same file.
struct AwkwardActivities {
    typealias Generator = SeededRandom

    /// Currencies and their minor-unit exponents (ISO 4217).
    static let currencies: [(code: String?, exponent: Int)] = [(nil, 2), ("USD", 2), ("EUR", 2), ("JPY", 0), ("KWD", 3), ("BHD", 3), ("CHF", 2)]
    static let pieces = [
        "\"", "\"\"", ",", ";", "\t", "|", "'", "\\", "=SUM(A1)", "+1", "-2", "@cmd", "<NAME>", "</OFX>", "&amp;", "&",
        "Café", "Müller GmbH", "日本", "Ελλάδα", "🙂", "ß", "\u{00A0}", "^", "!Type:Bank", "D05/01/2024", "[Savings]",
        "Corner Shop", "REWE", "Amazon.de", "x", "0", "N/A",
    ]
    static let accounts = [nil, "Checking", "DE12 5001 0517 0648 4898 90", "Card *1234", "Giro;Konto", "Savings \"joint\""]
    static let categories = [nil, "Food:Groceries", "Café & Bar", "Transfers:Savings", "Income:Salary", "Housing:Rent \"flat\""]

    var generator: Generator

    init(seed: UInt64) { generator = Generator(seed: seed) }

    mutating func text(maxPieces: Int, lineBreaks: Bool) -> String {
        if Int.random(in: 0..<40, using: &generator) == 0 { return String(repeating: "Long name ", count: 40) + "end" }
        var parts: [String] = []
        for _ in 0..<Int.random(in: 1...maxPieces, using: &generator) {
            parts.append(Self.pieces.randomElement(using: &generator)!)
            if lineBreaks && Int.random(in: 0..<12, using: &generator) == 0 { parts.append(Bool.random(using: &generator) ? "\n" : "\r\n") }
        }
        let joined = parts.joined(separator: Bool.random(using: &generator) ? " " : "")
        // Names are never blank: every reader needs something to show.
        return joined.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "x" + joined : joined
    }

    mutating func amount(exponent: Int) -> String {
        let units: Int64
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: units = 0
        case 1: units = Int64.random(in: 100_000_000_000_000...999_999_999_999_999, using: &generator)
        default: units = Int64.random(in: 1...500_000, using: &generator)
        }
        let negative = units != 0 && Int.random(in: 0..<3, using: &generator) != 0
        var digits = String(units)
        if exponent > 0 {
            if digits.count <= exponent { digits = String(repeating: "0", count: exponent - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -exponent))
        }
        return (negative ? "-" : "") + digits
    }

    /// One activity as a JSON object.
    mutating func activity(_ index: Int) -> [String: Any] {
        let (currency, exponent) = Self.currencies.randomElement(using: &generator)!
        let amount = amount(exponent: exponent)
        let category = Self.categories.randomElement(using: &generator)!
        let transfer = category == "Transfers:Savings" && Int.random(in: 0..<2, using: &generator) == 0
        let date = String(
            format: "%04d-%02d-%02d", Int.random(in: 2000...2030, using: &generator), Int.random(in: 1...12, using: &generator),
            Int.random(in: 1...28, using: &generator))
        func maybe(_ value: @autoclosure () -> String?) -> Any { Int.random(in: 0..<3, using: &generator) == 0 ? NSNull() : (value() ?? NSNull()) }
        var id = ""
        for _ in 0..<16 { id.append("0123456789abcdef".randomElement(using: &generator)!) }
        let account: Any = Self.accounts.randomElement(using: &generator)!.map { $0 as Any } ?? NSNull()
        return [
            "id": id, "account": account, "date": date,
            "name": text(maxPieces: 5, lineBreaks: true), "address": maybe(self.text(maxPieces: 3, lineBreaks: false)),
            "amount": amount, "currency": currency.map { $0 as Any } ?? NSNull(),
            "memo": maybe(self.text(maxPieces: 6, lineBreaks: true)),
            "type": transfer ? "transfer" : amount.hasPrefix("-") ? "expense" : "income",
            "category": category.map { $0 as Any } ?? NSNull(),
            "fitid": maybe("F\(index)-\(Int.random(in: 0..<1_000_000, using: &self.generator))"),
            "checkNumber": maybe(Bool.random(using: &self.generator) ? String(Int.random(in: 1...99999, using: &self.generator)) : "A-\(index)"),
            "source": "generated.jsonl:\(index + 1)",
        ]
    }

    /// `count` activities as JSON Lines.
    mutating func jsonLines(_ count: Int) throws -> Data {
        var data = Data()
        for i in 0..<count {
            data.append(try JSONSerialization.data(withJSONObject: activity(i), options: [.sortedKeys, .withoutEscapingSlashes]))
            data.append(0x0A)
        }
        return data
    }
}
