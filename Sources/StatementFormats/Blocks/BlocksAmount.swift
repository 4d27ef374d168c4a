import FinanceCore

/// An `Amount:` or `Balance:` value: `-10.45`, `1500.00`, or with the currency code after it
/// (`-10.45 GBP`, as older Santander files write), the decimal mark always a point.
///
/// Thousands separators (`1,234.56`) and a currency sign (`£10.45`) are read too (`AmountParser`,
/// which takes a comma for a separator only before a group of three digits, so `1,50` is no
/// amount); `isPlain` says whether the value was written without them.
struct BlocksAmount {
    var money: Money
    /// Written as `-1234.56`, with at most a three-letter code after it.
    let isPlain: Bool

    init?(_ text: String) {
        var text = text
        guard
            let (parsed, plain) = text.withUTF8({ bytes -> (ParsedAmount, Bool)? in
                guard case .success(let parsed) = AmountParser.parse(bytes, decimalMark: UInt8(ascii: ".")) else { return nil }
                return (parsed, Self.isPlain(bytes))
            })
        else { return nil }
        money = Money(units: parsed.units, scale: parsed.scale, currency: parsed.currency)
        isPlain = plain
    }

    /// Whether `bytes` are a plain number (`AmountParser.parsePlain`), alone or followed by a space
    /// and three capital letters.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = bytes.count
        if end >= 5, bytes[end - 4] == 0x20, bytes[(end - 3)..<end].allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            end -= 4
            while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
        }
        return AmountParser.parsePlain(UnsafeBufferPointer(rebasing: bytes[0..<end]), decimalMark: UInt8(ascii: ".")) != nil
    }
}
