/// What a token of a bank's text looks like: a card number, a date, a time, a reference number.
/// Each test reads the token's bytes only.
extension PayeeTokens {
    /// A masked or bare card number: `XXXX1234`, `xx1234`, `****5678`, `416021*1234`,
    /// `4176XXXXXXXX5521`, `X4721` (mask characters and at least two digits, or only digits when
    /// `bare`, at least four).
    func isCardNumber(_ i: Int, bare: Bool) -> Bool {
        var digits = 0, masks = 0
        // A card word glued to the mask (`CB****6516`: Cartes Bancaires) counts with it.
        var from = starts[i]
        while from < ends[i], from - starts[i] < 2, PayeeText.isUpper(bytes[from]), bytes[from] != UInt8(ascii: "X") { from += 1 }
        if from > starts[i], from == ends[i] || bytes[from] != UInt8(ascii: "*") { from = starts[i] }
        for k in from..<ends[i] {
            let b = bytes[k]
            if PayeeText.isDigit(b) {
                digits += 1
            } else if b == UInt8(ascii: "X") || b == UInt8(ascii: "x") || b == UInt8(ascii: "*") {
                masks += 1
            } else {
                return false
            }
        }
        // A number masked whole (`xxxxxxxx`) only after a card word.
        if masks > 0 && digits == 0 { return bare && masks >= 4 && masks <= 19 }
        return masks > 0 ? digits >= 2 && digits + masks >= 4 : bare && digits >= 4 && digits <= 19
    }

    /// A date or a time, alone or together: `02.05.2024`, `13/04`, `05/22`, `29.12.`,
    /// `2024-05-27`, `2024-05-27T11:45`, `2023-12-28T11.05`, `18:42`, `10.31`, `8PM`.
    func isDateOrTime(_ i: Int) -> Bool {
        // At most six numbers (a date and a time): a token with more is neither. Kept inline: this
        // runs on every word of every name.
        var numbers = InlineArray<6, Int>(repeating: 0)
        var widths = InlineArray<6, Int>(repeating: 0)
        var separators = InlineArray<6, UInt8>(repeating: 0)
        var n = 0
        var separatorCount = 0
        var current = -1
        var width = 0
        // The letters after the number, folded (`pm`): up to two kept, a third means no time.
        var suffix: UInt16 = 0
        var suffixLength = 0
        for k in starts[i]..<ends[i] {
            let b = bytes[k]
            if PayeeText.isDigit(b) {
                guard suffixLength == 0 else { return false }
                current = (current < 0 ? 0 : current) * 10 + Int(b - 0x30)
                width += 1
                if width > 4 { return false }
            } else if b == UInt8(ascii: ".") || b == UInt8(ascii: "/") || b == UInt8(ascii: "-") || b == UInt8(ascii: ":")
                || b == UInt8(ascii: "T")
            {
                guard current >= 0, suffixLength == 0, n < 6 else { return false }
                numbers[n] = current
                widths[n] = width
                separators[separatorCount] = b
                n += 1
                separatorCount += 1
                current = -1
                width = 0
            } else if PayeeText.isUpper(b) || PayeeText.isLower(b) {
                guard current >= 0 || suffixLength > 0 else { return false }
                suffixLength += 1
                if suffixLength <= 2 { suffix = suffix << 8 | UInt16(b | 0x20) }
            } else {
                return false
            }
        }
        if current >= 0 {
            guard n < 6 else { return false }
            numbers[n] = current
            widths[n] = width
            n += 1
        } else if separatorCount == 0 || separators[separatorCount - 1] != UInt8(ascii: ".") {
            return false  // ends in a separator other than a date's final dot (`29.12.`)
        } else {
            separatorCount -= 1
        }
        if suffixLength > 0 {
            // 8PM, 11am
            let amPM = suffixLength == 2 && (suffix == 0x616D || suffix == 0x706D)
            return n == 1 && (1...12).contains(numbers[0]) && amPM
        }
        guard n >= 2 else { return false }
        // ISO: 2024-05-27, with a time after T.
        if widths[0] == 4 {
            guard n >= 3, (1...12).contains(numbers[1]), (1...31).contains(numbers[2]) else { return false }
            if n == 3 { return true }
            return separatorCount >= 3 && separators[2] == UInt8(ascii: "T")
        }
        guard widths[0] <= 2, widths[1] <= 2 else { return false }
        let (a, b) = (numbers[0], numbers[1])
        let isDate = (1...31).contains(a) && (1...12).contains(b) || (1...12).contains(a) && (1...31).contains(b)
        if n == 2 {
            let isTime = separators[0] != UInt8(ascii: "/") && separators[0] != UInt8(ascii: "-") && a <= 23 && b <= 59 && widths[1] == 2
            return isDate || isTime
        }
        var onlyColons = true
        for k in 0..<separatorCount where separators[k] != UInt8(ascii: ":") { onlyColons = false }
        // A date and its time glued (`31.03.2017/13:30`: Swiss banks' card payments).
        if n == 5 || n == 6, separatorCount == n - 1, separators[1] == separators[0], separators[0] != UInt8(ascii: ":"),
            (3..<separatorCount).allSatisfy({ separators[$0] == UInt8(ascii: ":") }), widths[2] == 2 || widths[2] == 4,
            numbers[3] <= 23, numbers[4] <= 59, widths[3] <= 2, widths[4] == 2
        {
            return isDate
        }
        guard n == 3, widths[2] == 2 || widths[2] == 4 else {
            // hh:mm:ss
            return n == 3 && onlyColons && a <= 23 && b <= 59 && numbers[2] <= 59
        }
        if onlyColons { return a <= 23 && b <= 59 && numbers[2] <= 59 }
        return isDate
    }

    /// A day of the month (`11`, `02`) followed by a month name (`MAY`): the two words' first.
    func isDayBeforeMonth(_ i: Int, months: PayeePhrases) -> Bool {
        guard i + 1 < count, length(i) <= 2, shape(i) == (length(i), 0, 0) else { return false }
        return months.longest(in: self, at: i + 1)?.words == 1
    }

    /// A reference, store or terminal number: `#0112`, `#`, `0272304417721`, `1234`, `062`,
    /// `2024/0123456`, `N145241234567890`, `V12345678`, `DE89370400440532013000`.
    func isReference(_ i: Int) -> Bool {
        let (digits, letters, other) = shape(i)
        let n = length(i)
        let first = bytes[starts[i]]
        if first == UInt8(ascii: "#") { return digits == n - 1 }
        if letters == 0 {
            // Digits with separators: 1234, 0001234, 2024/0123456, 866-579-7172, a comma after them
            // (`REF 0299187746, MANDATE NO 0031`); not 7-Eleven.
            guard digits > 0 else { return false }
            for k in starts[i]..<ends[i] where !PayeeText.isDigit(bytes[k]) {
                let b = bytes[k]
                let closing = k == ends[i] - 1 && (b == UInt8(ascii: ",") || b == UInt8(ascii: ";"))
                guard b == UInt8(ascii: "-") || b == UInt8(ascii: "/") || b == UInt8(ascii: ".") || closing else { return false }
            }
            return digits >= 4 || digits == 3 && first == UInt8(ascii: "0") && other == 0
        }
        // Letters and digits mixed, the digits many: reference codes and account numbers.
        return other == 0 && digits >= 5 && n >= 7 && digits * 2 >= n
    }

    /// Whether token `i` is a year from 1900 to 2099, with a comma, a dot or a bracket after it.
    func isYear(_ i: Int) -> Bool {
        var end = ends[i]
        while end > starts[i], bytes[end - 1] == UInt8(ascii: ",") || bytes[end - 1] == UInt8(ascii: ".") || bytes[end - 1] == UInt8(ascii: ")") {
            end -= 1
        }
        guard end - starts[i] == 4, (starts[i]..<end).allSatisfy({ PayeeText.isDigit(bytes[$0]) }) else { return false }
        let century = (Int(bytes[starts[i]]) - 48) * 10 + Int(bytes[starts[i] + 1]) - 48
        return century == 19 || century == 20
    }

    /// Whether token `i` is a month's name or abbreviation: a word of letters whose first three
    /// (folded) are a month's (`July`, `SEPT.`, `мая`).
    func isMonthName(_ i: Int, stems: PayeeWordSet) -> Bool {
        var letters = 0
        var end = starts[i]
        // Three letters: ASCII bytes or two-byte characters (`mär`, `мая`).
        while end < ends[i], letters < 3 {
            let b = folded[end]
            if PayeeText.isLower(b) {
                end += 1
            } else if b >= 0xC0, end + 1 < ends[i] {
                end += 2
            } else {
                return false
            }
            letters += 1
        }
        guard letters == 3 else { return false }
        for k in end..<ends[i] where !(PayeeText.isLower(folded[k]) || folded[k] >= 0x80 || folded[k] == UInt8(ascii: ".")) { return false }
        return stems.contains(folded[starts[i]..<end])
    }

    /// Whether token `i` is a day written as an ordinal (`2nd`, `21st,`, `3rd`, `15th`, `1er`).
    func isOrdinalDay(_ i: Int) -> Bool {
        var end = ends[i]
        if end > starts[i], bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
        var k = starts[i]
        var day = 0
        while k < end, PayeeText.isDigit(bytes[k]) {
            day = day * 10 + Int(bytes[k]) - 48
            k += 1
        }
        guard k > starts[i], k - starts[i] <= 2, (1...31).contains(day) else { return false }
        let suffix = folded[k..<end]
        return ["st", "nd", "rd", "th", "er"].contains { suffix.elementsEqual($0.utf8) }
    }

    /// Whether token `i` has an IBAN's shape: a country's two capitals, two check digits, then 11
    /// to 30 capitals and digits, at least eight of them digits (the check digits are not
    /// verified: exports anonymise IBANs).
    func isIBAN(_ i: Int) -> Bool {
        let n = length(i)
        guard n >= 15, n <= 34 else { return false }
        let s = starts[i]
        guard PayeeText.isUpper(bytes[s]), PayeeText.isUpper(bytes[s + 1]), PayeeText.isDigit(bytes[s + 2]), PayeeText.isDigit(bytes[s + 3])
        else { return false }
        var digits = 0
        for k in (s + 4)..<ends[i] {
            let b = bytes[k]
            if PayeeText.isDigit(b) { digits += 1 } else if !PayeeText.isUpper(b) { return false }
        }
        return digits >= 8
    }

    /// Whether token `i` is a card's number among the holder's cards, `K1`…`K9` (Austrian banks'
    /// card payments: Karte 2).
    func isCardIndex(_ i: Int) -> Bool {
        length(i) == 2 && bytes[starts[i]] == UInt8(ascii: "K") && PayeeText.isDigit(bytes[starts[i] + 1])
    }

    /// Whether token `i` is an amount as a terminal prints it: digits, a comma or point, two digits
    /// (`23,55`, `8.94`).
    func isPrintedAmount(_ i: Int) -> Bool {
        let n = length(i)
        guard n >= 4, n <= 12 else { return false }
        let end = ends[i]
        guard bytes[end - 3] == UInt8(ascii: ",") || bytes[end - 3] == UInt8(ascii: ".") else { return false }
        return (starts[i]..<(end - 3)).allSatisfy { PayeeText.isDigit(bytes[$0]) } && PayeeText.isDigit(bytes[end - 2])
            && PayeeText.isDigit(bytes[end - 1])
    }

    /// Whether token `i` is written in capitals only (ASCII letters), two or three of them.
    func isCapitalCode(_ i: Int) -> Bool {
        let n = length(i)
        guard n == 2 || n == 3 else { return false }
        for k in starts[i]..<ends[i] where !PayeeText.isUpper(bytes[k]) { return false }
        return true
    }
}
