import Glibc

extension PayeeNormaliser {
    /// A star in the text: a processor's prefix before it (`SQ *BLUE BOTTLE`: the merchant follows),
    /// or a merchant before it and its reference after (`AMAZON MKTPL*AB12C3DE4`). A star between
    /// digits, or before digits after a space, is a masked card number's.
    func starCut(_ range: Range<Int>) -> (Range<Int>, PayeeStep)? {
        // Most texts have no star: looked for before anything is copied.
        let found = tokens.bytes.withUnsafeBufferPointer { all in
            range.isEmpty
                ? nil
                : memchr(all.baseAddress! + range.lowerBound, 0x2A, range.count).map { all.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
        }
        guard let star = found else { return nil }
        let bytes = tokens.bytes
        var runEnd = star
        while runEnd < range.upperBound && bytes[runEnd] == UInt8(ascii: "*") { runEnd += 1 }
        var next = runEnd
        while next < range.upperBound && bytes[next] == 0x20 { next += 1 }
        var previous = star
        while previous > range.lowerBound && bytes[previous - 1] == 0x20 { previous -= 1 }
        guard previous > range.lowerBound, next < range.upperBound else { return nil }
        let adjacent = previous == star
        let before = bytes[previous - 1]
        let nextIsDigit = PayeeText.isDigit(bytes[next])
        // Several stars before digits mask a card's number (`CB****6516`): no merchant's reference;
        // so does one after a card's short word glued to it (`CB*0000`: Boursorama).
        if nextIsDigit && runEnd - star >= 2 { return nil }
        if nextIsDigit && adjacent && star - range.lowerBound >= 2, star - range.lowerBound == 2 || bytes[star - 3] == 0x20,
            PayeeText.isUpper(bytes[star - 1]), PayeeText.isUpper(bytes[star - 2]), bytes[star - 1] != UInt8(ascii: "X")
        {
            return nil
        }
        guard
            !nextIsDigit
                || adjacent && (PayeeText.isUpper(before) || PayeeText.isLower(before) || before == UInt8(ascii: ".")) && before != UInt8(ascii: "X")
                    && before != UInt8(ascii: "x")
        else { return nil }
        var head = Array(tokens.folded[range.lowerBound..<previous])
        while head.last == UInt8(ascii: "_") || head.last == 0x20 { head.removeLast() }
        if tables.processors.contains(head[...]) { return (next..<range.upperBound, .processorPrefix) }
        guard PayeeText.hasLetter(bytes.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[range.lowerBound..<previous]) }) else { return nil }
        // A word of letters after the star names the service (`UBER *EATS`, `LYFT *RIDE`): it stays,
        // the star becomes a space, and so do the words after it when they are only letters
        // (`Shopee *Papelaria Nova Lima`; not `UBER *TRIP HELP.UBER.COM`). A reference has digits (`*AB12C3DE4`). The merchant's name again
        // after the star (`Trocafy *Trocafy - Parcela 1/10`) is written once.
        var wordEnd = next
        while wordEnd < range.upperBound && (PayeeText.isUpper(bytes[wordEnd]) || PayeeText.isLower(bytes[wordEnd])) { wordEnd += 1 }
        let wordEnds = wordEnd == range.upperBound || bytes[wordEnd] == 0x20
        if wordEnd - next >= 3, wordEnds {
            if tokens.folded[next..<wordEnd].elementsEqual(head) { return (range.lowerBound..<previous, .starReference) }
            for k in star..<runEnd {
                tokens.bytes[k] = 0x20
                tokens.folded[k] = 0x20
            }
            let words = bytes[wordEnd..<range.upperBound].allSatisfy {
                PayeeText.isUpper($0) || PayeeText.isLower($0) || $0 == 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "-") || $0 >= 0x80
            }
            return (range.lowerBound..<(words ? range.upperBound : wordEnd), .starReference)
        }
        return (range.lowerBound..<previous, .starReference)
    }
}
