import FinanceCore

/// How a report's amounts were brought into one currency (`pfin report --convert-to`), so that
/// every rendering can say so next to the totals.
public struct ReportConversion: Hashable, Sendable {
    /// The one currency every amount is shown in.
    public var currency: CurrencyCode
    /// The prices file as the user named it; nil when none was given (every amount was in the
    /// currency already, or its file stated it in that currency).
    public var pricesFile: String?
    /// How many amounts were converted at what their files stated (the original amount or rate).
    public var atStatedRates: Int
    /// How many were converted at a market price from the prices file.
    public var atPrices: Int

    public init(currency: CurrencyCode, pricesFile: String?, atStatedRates: Int, atPrices: Int) {
        self.currency = currency
        self.pricesFile = pricesFile
        self.atStatedRates = atStatedRates
        self.atPrices = atPrices
    }

    /// One sentence for a page: "All amounts in EUR: 2 converted at the rates their files
    /// stated, 14 at prices from prices.journal (the latest on or before each date)."
    public var sentence: String {
        var parts: [String] = []
        if atStatedRates > 0 { parts.append("\(Plural.count(atStatedRates, "amount")) converted at the rates their files stated") }
        if atPrices > 0 {
            let source = pricesFile.map { " from \($0)" } ?? ""
            parts.append(
                (parts.isEmpty ? "\(Plural.count(atPrices, "amount")) converted" : "\(atPrices)")
                    + " at prices\(source) (the latest on or before each date)")
        }
        if parts.isEmpty { return "All amounts in \(currency); none needed converting." }
        return "All amounts in \(currency): " + parts.joined(separator: ", ") + "."
    }
}
