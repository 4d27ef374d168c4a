/// A payee as `rules suggest` and recurring detection group by: the name case-folded, its leading
/// words up to the first that holds a digit (a card number, date or reference), at most `limit`
/// of them, joined by one space. `"NETFLIX.COM 866-579-7172 CA"` and `"Netflix.com"` are both
/// `netflix.com`; `"REWE Markt GmbH Filiale 4711"` is `rewe markt gmbh filiale`.
public enum PayeeKey {
    public static func of(_ name: String, limit: Int = 4) -> String {
        let folded = CaseFold.fold(name)
        let words = PayeeWords.leading(folded, limit: limit)
        guard let first = words.first, let last = words.last else {
            return String(decoding: folded, as: UTF8.self).trimmingSpaces
        }
        // Runs of separators inside the span become one space.
        var out: [UInt8] = []
        out.reserveCapacity(last.end - first.start)
        for (index, word) in words.enumerated() {
            if index > 0 { out.append(0x20) }
            out.append(contentsOf: word.bytes)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
