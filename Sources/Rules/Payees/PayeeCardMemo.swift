/// A card payment whose name says only that it was one, with the merchant in the memo, as French
/// banks of the BPCE group (Banque Populaire, Caisse d'Epargne) write their OFX: `<NAME>130722
/// CB****6516` (the day, `CB` for Cartes Bancaires and the masked card), `<MEMO>AUCHAN SUPER
/// MA30BORDEAUX` (the card network's descriptor: the merchant in 15 columns, the département's two
/// digits, the city). The payee is then the memo's merchant (`PayeeStep.cardMemo`).
enum PayeeCardMemo {
    /// The merchant's text in `memo` when `name` is such a card payment's: the descriptor's first
    /// 15 columns when a département's two digits follow them, else the whole memo; its words
    /// joined by single spaces; `nil` when that text has no letter.
    static func merchant(name: String, memo: String?) -> String? {
        // Asked for every transaction: a name read in place, and most fail at their first word.
        guard let memo, name.utf8.withContiguousStorageIfAvailable(isCardOnly) ?? Array(name.utf8).withUnsafeBufferPointer(isCardOnly) else { return nil }
        let bytes = Array(memo.utf8)
        // The descriptor's first 15 columns (characters, not bytes) when two digits and a city follow.
        var end = 0
        var columns = 0
        while end < bytes.count && columns < 15 {
            end += 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            columns += 1
        }
        if columns < 15 || end + 2 >= bytes.count || !PayeeText.isDigit(bytes[end]) || !PayeeText.isDigit(bytes[end + 1])
            || PayeeText.isDigit(bytes[end - 1])
        {
            end = bytes.count
        }
        let text = bytes[..<end]
        // A letter, ASCII or not: a memo of symbols or undecodable bytes (U+FFFD) names nobody.
        guard
            text.contains(where: { PayeeText.isUpper($0) || PayeeText.isLower($0) })
                || (text.contains(where: { $0 >= 0x80 })
                    && String(decoding: text, as: UTF8.self).unicodeScalars.contains(where: \.properties.isAlphabetic))
        else { return nil }
        // Its words joined by single spaces: the name when no step changes it (`X  4471`).
        var words: [UInt8] = []
        words.reserveCapacity(text.count)
        for byte in text {
            if PayeeTokens.isSeparator(byte) {
                if words.last != 0x20 { words.append(0x20) }
            } else {
                words.append(byte)
            }
        }
        if words.first == 0x20 { words.removeFirst() }
        if words.last == 0x20 { words.removeLast() }
        return words.isEmpty ? nil : String(decoding: words, as: UTF8.self)
    }

    /// Whether `name` holds nothing but a date's digits, card words and a masked card number, and
    /// at least the card: `130722 CB****6516`, `CB ****6516 1307`.
    static func isCardOnly(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        var card = false
        var start = 0
        while start < name.count {
            var end = start
            while end < name.count && name[end] != 0x20 { end += 1 }
            defer { start = end + 1 }
            guard end > start else { continue }
            let word = UnsafeBufferPointer(rebasing: name[start..<end])
            if word.allSatisfy(PayeeText.isDigit) {
                guard (4...8).contains(word.count) else { return false }
                continue
            }
            // Card words, then a mask and digits: `CB`, `CB****6516`, `CARTE`, `X1234`.
            var k = 0
            while k < word.count && PayeeText.isUpper(word[k]) && word[k] != UInt8(ascii: "X") { k += 1 }
            let letters = UnsafeBufferPointer(rebasing: word[..<k])
            guard letters.isEmpty || cardWords.contains(where: { $0.elementsEqual(letters) }) else { return false }
            let rest = UnsafeBufferPointer(rebasing: word[k...])
            guard rest.isEmpty || isMask(rest) else { return false }
            card = true
        }
        return card
    }

    private static let cardWords: [[UInt8]] = ["CB", "CARTE", "CARD"].map { Array($0.utf8) }

    /// `****6516`, `XXXX6516`, `X6516`: a mask of at least one character, then two to four digits.
    private static func isMask(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let masks = text.prefix { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "X") || $0 == UInt8(ascii: "x") }
        let digits = text.dropFirst(masks.count)
        return !masks.isEmpty && (2...4).contains(digits.count) && digits.allSatisfy(PayeeText.isDigit)
    }
}
