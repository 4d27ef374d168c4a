import FinanceCore

/// Reading header cells: the roles their names suggest, and the currency some of them carry.
enum HeaderMatching {
    /// The names to look up for a header cell: folded with umlauts as one letter and as `ae oe ue`,
    /// without a currency in parentheses (`Betrag (EUR)`), after `in` (`Gutschrift in CHF`) or as a
    /// last word (`Débit euros`).
    static func foldedNames(_ header: String) -> [String] {
        let header = withoutNumbering(header)
        let stripped = stripCurrency(header)
        // Folding drops spaces at the ends, so the bare text folds as the header does unless a
        // currency came off; only `ä ö ü` fold two ways.
        let texts = stripped.currency == nil ? [header] : [stripped.text, header]
        let umlautFolds = hasUmlaut(header) ? [false, true] : [false]
        var names: [String] = []
        for text in texts {
            for umlautAsE in umlautFolds {
                let folded = TextFolding.fold(text, umlautAsE: umlautAsE)
                if !folded.isEmpty && !names.contains(folded) { names.append(folded) }
            }
        }
        return names
    }

    /// The header without a number in parentheses before it: Bluecoins numbers its columns
    /// (`(1)Type`, `(4)Amount`, `(10) Label`).
    private static func withoutNumbering(_ header: String) -> String {
        let bytes = header.utf8
        guard bytes.first == UInt8(ascii: "("), let close = bytes.firstIndex(of: UInt8(ascii: ")")) else { return header }
        let inside = bytes[bytes.index(after: bytes.startIndex)..<close]
        guard !inside.isEmpty, inside.count <= 3, inside.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            bytes.index(after: close) < bytes.endIndex
        else { return header }
        return String(Substring(header.utf8[bytes.index(after: close)...]))
    }

    /// Whether `text` holds `ä ö ü Ä Ö Ü` (U+00C4, D6, DC, E4, F6, FC: UTF-8 `C3 84` … `C3 BC`).
    private static func hasUmlaut(_ text: String) -> Bool {
        var afterC3 = false
        for byte in text.utf8 {
            if afterC3, [0x84, 0x96, 0x9C, 0xA4, 0xB6, 0xBC].contains(byte) { return true }
            afterC3 = byte == 0xC3
        }
        return false
    }

    /// The role candidates of a header cell, strongest first.
    static func candidates(_ header: String) -> [HeaderVocabulary.Candidate] {
        var found: [HeaderVocabulary.Candidate] = []
        let names = foldedNames(header)
        for name in names {
            for candidate in HeaderVocabulary.candidates(forFolded: name) where !found.contains(candidate) {
                found.append(candidate)
            }
        }
        if found.isEmpty, let side = names.lazy.compactMap(sideWord).first { found.append(side) }
        return found.sorted { $0.strength < $1.strength }
    }

    /// The side of the money a header of a few words names by one of them, where the whole
    /// header is no known name: Romanian `Rulaj zi debit`, ICBC's `交易金额(收入)` (the amount in
    /// the payment's currency, income), `Saldo disponibil`. Weaker than any whole name, and only
    /// when no other word names something else (`Credit card number` is no credit).
    private static func sideWord(_ folded: String) -> HeaderVocabulary.Candidate? {
        let words = folded.split(separator: " ")
        guard words.count >= 2, words.count <= 4 else { return nil }
        var side: ColumnRole?
        for word in words {
            if let role = sideWords[String(word)] {
                guard side == nil || side == role else { return nil }
                side = role
            } else if HeaderVocabulary.candidates(forFolded: String(word)).contains(where: { !moneyRoles.contains($0.role) }) {
                return nil
            }
        }
        return side.map { HeaderVocabulary.Candidate(role: $0, strength: 5) }
    }

    private static let moneyRoles: Set<ColumnRole> = [.amount, .debit, .credit, .balance]

    /// Words that name a side of the money in any header they are part of: debit and credit in
    /// the languages banks use, and the balance.
    private static let sideWords: [String: ColumnRole] = {
        var words: [String: ColumnRole] = [:]
        for word in [
            "debit", "debet", "debito", "dr", "soll", "支出", "借方", "出金", "取出", "חובה", "дебет", "расход", "списание", "مدين", "برداشت", "ถอน", "ถอนเงิน",
        ] {
            words[word] = .debit
        }
        for word in [
            "credit", "kredit", "credito", "cr", "haben", "收入", "存入", "贷方", "入金", "זכות", "кредит", "приход", "зачисление", "دائن", "واريز", "ฝาก", "ฝากเงิน",
        ] {
            words[word] = .credit
        }
        for word in ["balance", "saldo", "sold", "solde", "остаток", "залишок", "余额", "残高", "יתרה", "bakiye", "الرصيد", "رصيد", "مانده", "ยอดคงเหลือ", "คงเหลือ"]
        {
            words[word] = .balance
        }
        return words
    }()

    /// The currency a header names (`Amount (USD)`, `Betrag (€)`, `Gutschrift in CHF`, `Débit euros`).
    static func currency(_ header: String) -> CurrencyCode? {
        stripCurrency(header).currency
    }

    /// The sign several currencies share (`$`, `¥`) that a header names its amounts' currency by
    /// (`Amount ($)`, `金额(¥)`): it says they are money, not which money, so it is no currency of the
    /// file's; the reader lets the cells' currency column or `--currency` decide, and only then
    /// takes the sign's guess (`SharedCurrencySign`).
    static func sharedSign(_ header: String) -> SharedCurrencySign? {
        let bytes = Array(header.utf8)
        let trimmed = trim(bytes[...])
        var candidates: [ArraySlice<UInt8>] = []
        if trimmed.last == UInt8(ascii: ")"), let open = trimmed.lastIndex(of: UInt8(ascii: "(")) {
            candidates.append(trim(trimmed[(open + 1)..<(trimmed.endIndex - 1)]))
        }
        let words = trimmed.split(separator: UInt8(ascii: " "))
        if words.count >= 2, let last = words.last { candidates.append(last) }
        for candidate in candidates {
            if let sign = Array(candidate).withUnsafeBufferPointer({ SharedCurrencySign.at($0, 0, width: $0.count) }) { return sign }
            // A currency the header names outright comes first (`stripCurrency`).
            if currency(named: candidate) != nil { return nil }
        }
        return nil
    }

    /// The currency a header names and what it names without it, folded: `Amount (USD)` is
    /// `amount` in USD, RBC's `CAD$` an `amount` in CAD, and a header that is an ISO 4217 code
    /// alone (`EUR`, in capitals) an `amount` in it; `nil` for a header naming no currency.
    static func currencyAndName(_ header: String) -> (name: String, currency: CurrencyCode)? {
        // `Amount ($)` names no one currency (`sharedSign`).
        guard sharedSign(header) == nil else { return nil }
        let stripped = stripCurrency(header)
        if let currency = stripped.currency { return (TextFolding.fold(stripped.text), currency) }
        let bytes = trim(Array(header.utf8)[...])
        guard bytes.count == 3, bytes.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }),
            let code = CurrencyCode(text(bytes)), CurrencyText.isoCodes.contains(code)
        else { return nil }
        return ("amount", code)
    }

    /// The header without the currency it names, and that currency. Over UTF-8 bytes: detection
    /// asks this of every short cell of the first lines under each code page it tries.
    private static func stripCurrency(_ header: String) -> (text: String, currency: CurrencyCode?) {
        let bytes = Array(header.utf8)
        let trimmed = trim(bytes[...])
        if trimmed.last == UInt8(ascii: ")"), let open = trimmed.lastIndex(of: UInt8(ascii: "(")) {
            let inside = trim(trimmed[(open + 1)..<(trimmed.endIndex - 1)])
            if let code = currency(named: inside) {
                return (text(trim(trimmed[..<open])), code)
            }
        }
        let words = trimmed.split(separator: UInt8(ascii: " "))
        if words.count >= 2, let last = words.last {
            var code = currency(named: last)
            // Finnish `Määrä EUROA` (the partitive: "amount in euros").
            if code == nil, isWord(last, "euro") || isWord(last, "euros") || isWord(last, "euroa") { code = CurrencyCode("EUR") }
            if let code {
                var rest = words.dropLast()
                if rest.count >= 2, let word = rest.last, isWord(word, "in") { rest = rest.dropLast() }
                return (rest.map(text).joined(separator: " "), code)
            }
        }
        // `人民币金额`, the amount in renminbi (China Merchants Bank's card statement).
        let renminbi = Array("人民币".utf8)
        if trimmed.count > renminbi.count, trimmed.starts(with: renminbi) {
            return (text(trimmed.dropFirst(renminbi.count)), CurrencyCode("CNY"))
        }
        // `CAD$` as a whole header (RBC).
        if trimmed.count == 4, trimmed.last == UInt8(ascii: "$"),
            let code = CurrencyCode(text(trimmed.prefix(3))), CurrencyText.isoCodes.contains(code)
        {
            return ("amount", code)
        }
        return (text(trimmed), nil)
    }

    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = bytes
        while let b = s.first, b == 0x20 || b == 0x09 { s = s.dropFirst() }
        while let b = s.last, b == 0x20 || b == 0x09 { s = s.dropLast() }
        return s
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func currency(named bytes: ArraySlice<UInt8>) -> CurrencyCode? {
        CurrencyText.currency(named: text(bytes))
    }

    /// Whether `bytes` spell `word` (lower-case ASCII) in any case.
    private static func isWord(_ bytes: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        return zip(bytes, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)).allSatisfy { $0 | 0x20 == $1 }
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

    /// Whether a header record names a date column.
    static func namesDate(_ fields: [String]) -> Bool {
        fields.contains { !$0.isEmpty && candidates($0).contains { $0.role == .date } }
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
    /// Without `character` and tabs at either end. For an ASCII `character` (every caller's),
    /// over UTF-8 bytes: by `Character`, this was 8 % of detecting a CSV file.
    func trimmingCharacters(in character: Character) -> String {
        guard let ascii = character.asciiValue else {
            var s = Substring(self)
            while s.first == character || s.first == "\t" { s = s.dropFirst() }
            while s.last == character || s.last == "\t" { s = s.dropLast() }
            return String(s)
        }
        var bytes = Substring(self).utf8
        while let b = bytes.first, b == ascii || b == 0x09 { bytes = bytes.dropFirst() }
        while let b = bytes.last, b == ascii || b == 0x09 { bytes = bytes.dropLast() }
        return String(Substring(bytes))
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
