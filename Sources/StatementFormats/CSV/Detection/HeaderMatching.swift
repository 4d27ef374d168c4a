import FinanceCore

/// Reading header cells: the roles their names suggest, and the currency some of them carry.
enum HeaderMatching {
    /// The names to look up for a header cell: folded with umlauts as one letter and as `ae oe ue`,
    /// without a currency in parentheses (`Betrag (EUR)`), after `in` (`Gutschrift in CHF`) or as a
    /// last word (`Débit euros`).
    static func foldedNames(_ header: String) -> [String] {
        let bare = stripCurrency(header).text
        var names: [String] = []
        for text in [bare, header] {
            for umlautAsE in [false, true] {
                let folded = TextFolding.fold(text, umlautAsE: umlautAsE)
                if !folded.isEmpty && !names.contains(folded) { names.append(folded) }
            }
        }
        return names
    }

    /// The role candidates of a header cell, strongest first.
    static func candidates(_ header: String) -> [HeaderVocabulary.Candidate] {
        var found: [HeaderVocabulary.Candidate] = []
        for name in foldedNames(header) {
            for candidate in HeaderVocabulary.candidates(forFolded: name) where !found.contains(candidate) {
                found.append(candidate)
            }
        }
        return found.sorted { $0.strength < $1.strength }
    }

    /// The currency a header names (`Amount (USD)`, `Betrag (€)`, `Gutschrift in CHF`, `Débit euros`).
    static func currency(_ header: String) -> CurrencyCode? {
        stripCurrency(header).currency
    }

    private static func stripCurrency(_ header: String) -> (text: String, currency: CurrencyCode?) {
        let trimmed = header.trimmingCharacters(in: " ")
        if let open = trimmed.lastIndex(of: "("), trimmed.hasSuffix(")") {
            let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            if let code = CurrencyText.currency(named: inside.trimmingCharacters(in: " ")) {
                return (String(trimmed[..<open]).trimmingCharacters(in: " "), code)
            }
        }
        let words = trimmed.split(separator: " ")
        if words.count >= 2, let last = words.last {
            let lastWord = String(last)
            var code = CurrencyText.currency(named: lastWord)
            if code == nil, ["euro", "euros"].contains(lastWord.lowercased()) { code = CurrencyCode("EUR") }
            if let code {
                var rest = words.dropLast()
                if rest.count >= 2, rest.last?.lowercased() == "in" { rest = rest.dropLast() }
                return (rest.joined(separator: " "), code)
            }
        }
        // `CAD$` as a whole header (RBC).
        if trimmed.hasSuffix("$"), trimmed.count == 4, let code = CurrencyCode(trimmed.prefix(3)),
            CurrencyText.isoCodes.contains(code)
        {
            return ("amount", code)
        }
        return (trimmed, nil)
    }

    /// Whether a record reads as a header: two or more cells name known columns, one of them a
    /// date or an amount.
    static func looksLikeHeader(_ fields: [String]) -> Bool {
        var known = 0
        var essential = false
        for field in fields where !field.isEmpty {
            let found = candidates(field)
            guard !found.isEmpty else { continue }
            known += 1
            if found.contains(where: { [.date, .amount, .debit, .credit].contains($0.role) }) { essential = true }
        }
        return known >= 2 && essential
    }

    /// Whether `header` is all text and `next` has a date where `header` has text: a header of
    /// names we do not know.
    static func isTextOverData(_ header: [String], _ next: [String]?) -> Bool {
        guard let next else { return false }
        let filled = header.filter { !$0.isEmpty }
        guard filled.count >= 2, filled.allSatisfy({ !ValueKinds.isDate($0) && !ValueKinds.isAmount($0) }) else {
            return false
        }
        return zip(header, next).contains { !$0.0.isEmpty && ValueKinds.isDate($0.1) }
    }
}

extension StringProtocol {
    func trimmingCharacters(in character: Character) -> String {
        var s = Substring(self)
        while s.first == character || s.first == "\t" { s = s.dropFirst() }
        while s.last == character || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}

/// Quick tests of what a cell holds.
enum ValueKinds {
    static func isDate(_ text: String) -> Bool {
        DateFormat.candidates.contains { $0.parse(text) != nil }
    }

    static func isAmount(_ text: String) -> Bool {
        if case .success = AmountParser.parse(text, decimalMark: UInt8(ascii: ".")) { return true }
        if case .success = AmountParser.parse(text, decimalMark: UInt8(ascii: ",")) { return true }
        return false
    }
}
