import FinanceCore
import Reports

/// The prices file check: the parser never traps, every error is a coded error located inside the
/// input, and a file read without errors, written back as `P` directives, reads back to the same
/// prices; each price is the one a conversion on its own date finds (or one of its pair on the same
/// day, from a later line).
enum PricesCheck {
    static func run(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let quote = CurrencyCode("EUR")
        let (list, errors) = PriceFileParser.parse(text, file: FuzzTarget.inputName, quote: quote)
        let shape = InputShape(bytes)
        var found = shape.problems(withErrors: errors)
        guard errors.isEmpty else { return found }
        if list.count == 0 { found.append("a file without errors holds no prices") }
        for price in list.all {
            if let problem = shape.problem(with: price.location) { found.append("price of \(price.base): \(problem)") }
            if price.base == price.quote { found.append("price of \(price.base) in itself") }
            if price.rate.units <= 0 { found.append("price of \(price.base) is not positive") }
            let rate = Money(units: price.rate.units, scale: price.rate.scale)
            if let problem = AmountCheck.problem(with: rate) { found.append("rate of \(price.base): \(problem)") }
            guard let used = list.quote(price.base, in: price.quote, on: price.date) else {
                found.append("no quote for \(price.base) in \(price.quote) on \(price.date), the date of its own price")
                continue
            }
            if used.price.date != price.date { found.append("the quote on \(price.date) is dated \(used.price.date)") }
        }
        let written = list.all.map { "P \($0.date) \($0.base) \($0.rate) \($0.quote)\n" }.joined()
        let (back, backErrors) = PriceFileParser.parse(written, file: "rendered", quote: quote)
        if let first = backErrors.first { found.append("the written prices do not parse: \(first)") }
        if summary(back) != summary(list) { found.append("the written prices read back as others") }
        return found
    }

    /// What must survive a round trip: everything but the locations.
    static func summary(_ list: PriceList) -> [String] {
        list.all.map { "\($0.date) \($0.base) \($0.quote) \(Money(units: $0.rate.units, scale: $0.rate.scale).canonical.decimalString)" }
    }
}
