import FinanceCore

/// Amounts as people read them in reports: `1,234.50`, `+$1,234.50`, `-¥5,400`, `SEK 12.00`.
///
/// Every report format shows money through here, so that the text, HTML and any later renderer
/// agree to the digit. The digits come from the integer units, never from a `Double`, and as many
/// follow the point as `Money.displayScale` says (the currency's minor digits, or more when the
/// bank wrote more): yen show none, dinars three.
///
///     let m = Money(units: -123450, scale: 2, currency: CurrencyCode("USD"))
///     MoneyText.plain(m) == "-1,234.50"
///     MoneyText.withSymbol(m) == "-$1,234.50"
///     MoneyText.signed(m.negated!) == "+$1,234.50"
public enum MoneyText {
    /// The grouped amount without a currency: `1,234.50`, `-54.20`; with `plusSign`, a positive
    /// amount gets a `+` (zero never gets a sign).
    public static func plain(_ money: Money, plusSign: Bool = false) -> String {
        var bytes: [UInt8] = []
        append(money, symbol: false, plusSign: plusSign, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The grouped amount after the currency's symbol: `$1,234.50`, `-€54.20`, `CHF 12.00`.
    public static func withSymbol(_ money: Money) -> String {
        var bytes: [UInt8] = []
        append(money, symbol: true, plusSign: false, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A change or a signed flow: `+$1,234.50`, `-$54.20`, `$0.00` (zero has no sign).
    public static func signed(_ money: Money) -> String {
        var bytes: [UInt8] = []
        append(money, symbol: true, plusSign: true, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What goes before the digits: a symbol (`$`, `€`, `A$`) for common currencies, the code and a
    /// space (`SEK `) for the others, nothing when the currency is unknown.
    ///
    /// Symbols shared by several currencies are made distinct (`A$`, `CA$`, `CN¥`), as Unicode CLDR
    /// does for English, because one report may show dollars of two countries side by side.
    public static func prefix(for currency: CurrencyCode?) -> String {
        guard let currency else { return "" }
        return symbols[currency.description] ?? currency.description + " "
    }

    /// Appends the text to `out` as UTF-8: the sign (`-`, or `+` when `plusSign` and positive),
    /// then the prefix when `symbol` is true, then the grouped digits.
    public static func append(_ money: Money, symbol: Bool, plusSign: Bool, to out: inout [UInt8]) {
        if money.units < 0 {
            out.append(UInt8(ascii: "-"))
        } else if plusSign && money.units > 0 {
            out.append(UInt8(ascii: "+"))
        }
        if symbol { out.append(contentsOf: prefix(for: money.currency).utf8) }
        appendDigits(money, to: &out)
    }

    /// The magnitude with a `,` every three digits of the whole part and `displayScale` digits after
    /// the point.
    private static func appendDigits(_ money: Money, to out: inout [UInt8]) {
        let scale = Int(money.scale), shown = Int(money.displayScale)
        // The magnitude as UInt64, so that Int64.min is fine.
        let divisor = UInt64(Money.powerOfTen(scale))
        let (whole, fraction) = money.units.magnitude.quotientAndRemainder(dividingBy: divisor)
        // The whole part's digits, least significant first (at most 20).
        var reversed: [UInt8] = []
        reversed.reserveCapacity(20)
        var rest = whole
        repeat {
            reversed.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        for index in stride(from: reversed.count - 1, through: 0, by: -1) {
            out.append(reversed[index])
            if index > 0 && index % 3 == 0 { out.append(UInt8(ascii: ",")) }
        }
        guard shown > 0 else { return }
        out.append(UInt8(ascii: "."))
        var power = divisor / 10
        var digits = fraction
        for _ in 0..<scale {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits / power))
            digits %= power
            power /= 10
        }
        for _ in scale..<shown { out.append(UInt8(ascii: "0")) }
    }

    /// English symbols of the currencies people most often hold (CLDR `en`, made unambiguous).
    /// `CHF` and the Nordic crowns keep their code: that is how their own banks print them.
    private static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "CNY": "CN¥", "KRW": "₩",
        "AUD": "A$", "CAD": "CA$", "NZD": "NZ$", "HKD": "HK$", "SGD": "S$", "MXN": "MX$", "BRL": "R$",
        "ZAR": "R", "ILS": "₪", "PHP": "₱", "VND": "₫", "NGN": "₦", "UAH": "₴", "TRY": "₺", "THB": "฿",
        "CHF": "CHF ",
    ]
}
