import FinanceCore
import Rules

/// The payee check: every line of the input is a bank's text, cleaned as every reading command
/// cleans names (`PayeeNormaliser`). The normaliser remembers the texts it cleaned, so a text seen
/// again is answered from its memo: that answer must be the one a fresh normaliser computes, and
/// `explain` must name the same payee. A changed name keeps the bank's text as `rawName`, has a
/// letter, and is its words joined by single spaces; an unchanged one has no `rawName`. A line's
/// text after a tab is its memo (`130722 CB****6516<TAB>AUCHAN SUPER MA30BORDEAUX`).
enum PayeesCheck {
    /// Spellings as a rules file's `spelling` lines give them, so that title case with a user's
    /// spellings runs too.
    static let spellings = ["McDonald's", "eBay", "DHL", "IKEA", "Café Nero"]
    /// Enough lines to fill the memo's table and collide in it, few enough to stay fast.
    static let maxLines = 256

    static func run(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(maxLines).map(String.init)
        let remembering = PayeeNormaliser(spellings: spellings)
        var found: [String] = []
        for text in lines {
            // A tab starts the memo: a card payment named only by its card takes the merchant from it.
            let parts = text.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            let line = String(parts[0])
            let memo = parts.count > 1 ? String(parts[1]) : nil
            let fresh = remembering.sibling()
            var activity = PaymentActivity(
                id: ActivityID(value: 1), account: nil, date: LocalDate(year: 2024, month: 5, day: 3)!, name: line,
                amount: Money(units: -100, scale: 2), memo: memo, source: SourceLocation(file: FuzzTarget.inputName, line: 1))
            let expected = fresh.explain(activity).name
            if memo == nil, fresh.clean(line) != expected {
                found.append("explain names '\(expected)' where clean gives '\(fresh.clean(line))' for '\(line)'")
            }
            remembering.normalise(&activity)
            if activity.name != expected {
                found.append("the memo gives '\(activity.name)' where a fresh normaliser gives '\(expected)' for '\(line)'")
            }
            if activity.name == line {
                if activity.rawName != nil { found.append("an unchanged name '\(line)' got a rawName") }
                continue
            }
            if activity.rawName != line { found.append("the bank's text '\(line)' was not kept as rawName: \(activity.rawName ?? "nil")") }
            if !activity.name.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) {
                found.append("the clean name '\(activity.name)' of '\(line)' has no letter")
            }
            let words = activity.name.split(separator: " ", omittingEmptySubsequences: false)
            if words.contains(where: \.isEmpty) { found.append("the clean name '\(activity.name)' of '\(line)' is not single-spaced words") }
        }
        return found
    }
}
