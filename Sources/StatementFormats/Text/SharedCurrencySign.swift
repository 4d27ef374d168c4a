import FinanceCore

/// A currency sign that several currencies write: `$` alone (the dollars of the United States,
/// Canada, Australia, New Zealand, Singapore, Hong Kong…, and the pesos of Mexico and others) and
/// `¥` or `￥` (the Japanese yen and the Chinese yuan). The sign says that an amount is money, not
/// which money: what the file states (a currency column, a header or preamble naming a code) or
/// `--currency` decides, and only without either is the sign read as its `guess`.
///
/// Signs that name one currency (`US$`, `A$`, `€`, `円`) are not shared; `kr` and `﷼` name none
/// (`CurrencyText.match` gives them no code).
public enum SharedCurrencySign: Sendable, Equatable {
    case dollar
    case yen

    /// What the sign is read as when nothing else says: USD; JPY, or CNY for an amount written with
    /// decimals (the yen has no minor unit, and Chinese apps and banks write `¥12.00`).
    /// - Parameter scale: the decimals the amount was written with.
    public func guess(scale: UInt8) -> CurrencyCode {
        switch self {
        case .dollar: Self.usd
        case .yen: scale > 0 ? Self.cny : Self.jpy
        }
    }

    /// The shared sign that is exactly `text` (a currency column's cell), if any.
    public static func whole(_ text: String) -> SharedCurrencySign? {
        var text = text
        return text.withUTF8 { at($0, 0, width: $0.count) }
    }

    /// The shared sign that is exactly `bytes[i ..< i + width]`, if any.
    static func at(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, width: Int) -> SharedCurrencySign? {
        switch width {
        case 1: return bytes[i] == UInt8(ascii: "$") ? .dollar : nil
        // U+00A5 YEN SIGN.
        case 2: return bytes[i] == 0xC2 && bytes[i + 1] == 0xA5 ? .yen : nil
        // U+FFE5 FULLWIDTH YEN SIGN.
        case 3: return bytes[i] == 0xEF && bytes[i + 1] == 0xBF && bytes[i + 2] == 0xA5 ? .yen : nil
        default: return nil
        }
    }

    private static let usd = CurrencyCode("USD")!
    private static let jpy = CurrencyCode("JPY")!
    private static let cny = CurrencyCode("CNY")!
}
