import FinanceCore

/// Turns a bank's text into a payee: "Kauf/Dienstleistung vom 02.05.2024 Karte Nr. XXXX1234 Coop
/// Genève Cornavin" becomes "Coop", "NETFLIX.COM Melbourne AU AUS Card xx1234 Value Date:
/// 04/05/2024" becomes "Netflix.com". The steps (`PayeeStep`) run in order over the text's words,
/// each removing or rewriting some; what is left, joined by single spaces, is the name. When no
/// letter would be left, the bank's text stays the name.
///
/// `normalise(_:)` keeps the bank's text as `rawName` when the name changes; ids are the readers'
/// and were computed from the bank's text before this runs, so they never change. A name that
/// already has a `rawName` (pfin's own JSON Lines, the ledger) is left as it is.
///
/// Not thread-safe: it reuses its buffers from one name to the next; each pipeline has its own.
public final class PayeeNormaliser {
    let tables: PayeeCompiledTables
    private let titleCase: PayeeTitleCase
    let tokens = PayeeTokens()
    private var out: [UInt8] = []
    /// The texts cleaned last and their names: the steps run once per distinct text.
    private let memo = PayeeMemo()

    /// A normaliser with pfin's tables and `spellings` (a rules file's `spelling` lines) added.
    public init(spellings: [String] = []) {
        tables = PayeeCompiledTables.standard
        titleCase = spellings.isEmpty ? PayeeCompiledTables.standardTitleCase : PayeeTitleCase(PayeeCompiledTables.standardTitleCase, adding: spellings)
    }

    private init(tables: PayeeCompiledTables, titleCase: PayeeTitleCase) {
        self.tables = tables
        self.titleCase = titleCase
    }

    /// A normaliser that cleans every text as this one does, for another thread: the tables and
    /// spellings (built once, never changed) are shared; the buffers and the memo are its own.
    public func sibling() -> PayeeNormaliser {
        PayeeNormaliser(tables: tables, titleCase: titleCase)
    }

    private var booking: PayeePhrases { tables.booking }
    private var cardBooking: Set<Int> { tables.cardBooking }
    private var referenceTails: PayeePhrases { tables.referenceTails }
    private var cardWords: PayeePhrases { tables.cardWords }
    private var valueDateWords: PayeePhrases { tables.valueDateWords }
    private var referenceWords: PayeePhrases { tables.referenceWords }
    private var months: PayeePhrases { tables.months }
    private var cities: PayeePhrases { tables.cities }
    private var cityPrefixes: PayeePhrases { tables.cityPrefixes }
    private var brands: PayeePhrases { tables.brands }
    private var brandNames: [[UInt8]] { tables.brandNames }

    /// Cleans `activity.name`, keeping the bank's text in `rawName` when it changes.
    public func normalise(_ activity: inout PaymentActivity) {
        guard activity.rawName == nil else { return }
        // A card payment named only by its date and card: the memo holds the merchant.
        let merchant = PayeeCardMemo.merchant(name: activity.name, memo: activity.memo)
        let source = merchant ?? activity.name
        let found = memo.find(source)
        var clean: String?
        if let known = found.name {
            clean = known
        } else {
            var steps: [PayeeStep]?
            clean = run(source, steps: &steps)
            memo.store(source, name: clean, slot: found.slot)
        }
        if merchant != nil, clean == nil { clean = source }
        guard var text = clean else { return }
        // The clean name in, the bank's text out to `rawName`: moved, not copied.
        swap(&text, &activity.name)
        activity.rawName = consume text
    }

    /// The clean name of `text` (the text itself when no step changes it).
    public func clean(_ text: String) -> String {
        var steps: [PayeeStep]?
        return run(text, steps: &steps) ?? text
    }

    /// The clean name of `text` and the steps that changed it, in order.
    public func explain(_ text: String) -> (name: String, steps: [PayeeStep]) {
        var steps: [PayeeStep]? = []
        let name = run(text, steps: &steps) ?? text
        return (name, steps ?? [])
    }

    /// What `normalise` makes of `activity`'s name, and the steps that changed it, in order.
    public func explain(_ activity: PaymentActivity) -> (name: String, steps: [PayeeStep]) {
        guard let merchant = PayeeCardMemo.merchant(name: activity.name, memo: activity.memo) else { return explain(activity.name) }
        let (name, steps) = explain(merchant)
        return (name, [.cardMemo] + steps)
    }

    // MARK: The steps

    /// The clean name, or `nil` when it is `text`. `steps`, when not `nil`, collects the steps
    /// that changed something.
    private func run(_ text: String, steps: inout [PayeeStep]?) -> String? {
        var copy = text
        let count = copy.withUTF8 { bytes -> Int in
            tokens.bytes.removeAll(keepingCapacity: true)
            tokens.bytes.append(contentsOf: bytes)
            PayeeText.fold(bytes, into: &tokens.folded)
            return bytes.count
        }
        guard count > 0 else { return nil }
        var changed = false
        func note(_ step: PayeeStep) {
            changed = true
            steps?.append(step)
        }
        var range = 0..<count
        if let field = PayeeFields.name(tokens.bytes, tokens.folded, in: range) {
            range = field
            note(.nameField)
        }
        if let (cut, step) = starCut(range) {
            range = cut
            note(step)
        }
        if let tail = PayeeAmountTail.start(in: tokens.bytes, range) { (range, _) = (range.lowerBound..<tail, note(.amountTail)) }
        tokens.split(range)
        tokens.splitGluedPlaces { cities.longest(in: $0, at: $1) != nil }
        var card = false
        if removeBookingWords(card: &card) { note(.bookingWords) }
        if card, removePrintedAmount() { note(.amountTail) }
        if removeCardNumbers(card: &card) { note(.cardNumbers) }
        if removeValueDates() { note(.valueDate) }
        if removeDatesAndTimes() { note(.datesAndTimes) }
        var gap: Int?
        if removeReferences(gap: &gap) { note(.referenceNumbers) }
        if removePhoneNumber() { note(.referenceNumbers) }
        // A known name at the front is the merchant's, whatever follows it (a place, a reference).
        if let first = tokens.firstKept, let brand = brands.longest(in: tokens, at: first),
            (0..<brand.words).allSatisfy({ tokens.isKept(first + $0) })
        {
            note(.brandNames)
            let name = String(decoding: brandNames[brand.phrase], as: UTF8.self)
            return name == text ? nil : name
        }
        if removeLocation(card: card || gap != nil, gap: gap) { note(.location) }
        if removeRepeatedHalf() { note(.repeatedWords) }
        restoreConnectorObject()
        let kept = tokens.keptIndices
        guard kept.contains(where: { tokens.hasLetter($0) }) else { return nil }
        // One letter is no payee (`VIREMENT A 89273829182`).
        guard kept.count > 1 || tokens.ends[kept[0]] - tokens.starts[kept[0]] > 1 else { return nil }
        out.removeAll(keepingCapacity: true)
        let from = 0
        let shouting = !kept[from...].contains { i in
            tokens.bytes.withUnsafeBufferPointer { PayeeText.hasLowercase(UnsafeBufferPointer(rebasing: $0[tokens.starts[i]..<tokens.ends[i]])) }
        }
        var cased = false
        var previous: Int?
        for (n, i) in kept[from...].enumerated() {
            // A word the bank printed twice in a row in capitals (`NETFLIX.COM NETFLIX.COM`) is
            // written once; a letter twice is two initials (`T T SUPERMARKET`).
            if shouting, let p = previous, tokens.length(i) > 1, tokens.hasLetter(i),
                tokens.folded[tokens.starts[p]..<tokens.ends[p]].elementsEqual(tokens.folded[tokens.starts[i]..<tokens.ends[i]])
            {
                note(.repeatedWords)
                continue
            }
            previous = i
            if !out.isEmpty { out.append(0x20) }
            if shouting {
                let before = out.count
                titleCase.append(tokens, i, first: n + from == 0, to: &out)
                if !cased, !out[before...].elementsEqual(tokens.bytes[tokens.starts[i]..<tokens.ends[i]]) { cased = true }
            } else {
                out.append(contentsOf: tokens.bytes[tokens.starts[i]..<tokens.ends[i]])
            }
        }
        if cased { note(.titleCase) }
        // Separators left at either end by what was removed beside them (`Pay Bill to 888880 - KPLC`).
        while let last = out.last, last == UInt8(ascii: ",") || last == UInt8(ascii: "-") || last == UInt8(ascii: "/") || last == 0x20 {
            out.removeLast()
        }
        // At the front only a word of separators alone left by words removed before it (`- KPLC`),
        // never a name's own (`-minus`, `, &`).
        var lead = 0
        while lead < out.count, out[lead] == UInt8(ascii: "-") || out[lead] == UInt8(ascii: ",") { lead += 1 }
        if lead > 0, lead < out.count, out[lead] == 0x20, kept[from] > 0 {
            while lead < out.count, out[lead] == 0x20 { lead += 1 }
            if lead < out.count { out.removeFirst(lead) }
        }
        guard changed || !out.elementsEqual(tokens.bytes) else { return nil }
        let name = String(decoding: out, as: UTF8.self)
        return name == text ? nil : name
    }

    /// A reference announced after the payee (`removeReferenceTail`), then the longest booking
    /// phrase at the front, when a word with letters follows it.
    private func removeBookingWords(card: inout Bool) -> Bool {
        var tail = removeReferenceTail()
        // A British bank's payment-type code at the end (`… BCC`, `… DDR`), after a name.
        if let (last, hasOthers) = tokens.lastKept, hasOthers,
            tokens.bytes[tokens.starts[last]..<tokens.ends[last]].allSatisfy(PayeeText.isUpper),
            tables.trailingPaymentCodes.contains(tokens.folded[tokens.starts[last]..<tokens.ends[last]])
        {
            tokens.remove(last)
            tail = true
        }
        guard let (phrase, words) = booking.longest(in: tokens, at: 0), words < tokens.count else { return tail }
        guard
            (words..<tokens.count).contains(where: {
                tokens.isKept($0) && tokens.hasLetter($0) && !tokens.isDateOrTime($0) && !tokens.isCardNumber($0, bare: false)
            })
        else { return tail }
        // A card's name before a word that only names a kind of booking is the payee: Quicken's
        // `Visa payment` pays the Visa card, and `payment` alone names nobody.
        var rest = -1
        for k in words..<tokens.count where tokens.isKept(k) && tokens.hasLetter(k) {
            rest = rest == -1 ? k : -2
        }
        if rest >= 0, tables.bookingKinds.contains(tokens.folded[tokens.starts[rest]..<tokens.ends[rest]]) { return tail }
        tokens.remove(0..<words)
        if cardBooking.contains(phrase) { card = true }
        return true
    }

    /// A reference phrase after the first word and everything after it.
    private func removeReferenceTail() -> Bool {
        for i in 1..<max(tokens.count, 1) where tokens.isKept(i) {
            guard referenceTails.longest(in: tokens, at: i) != nil else { continue }
            tokens.remove(i..<tokens.count)
            return true
        }
        return false
    }

    /// Masked card numbers anywhere, bare ones after a card word, and the words before them.
    private func removeCardNumbers(card: inout Bool) -> Bool {
        var removed = false
        // A bare number is the looser test: a token that fails it is no card number, announced or not
        // (asked first, it spares looking for card words before every word).
        for i in 0..<tokens.count where tokens.isKept(i) && tokens.isCardNumber(i, bare: true) {
            let announced = cardWords.endingBefore(i, in: tokens)
            guard tokens.isCardNumber(i, bare: announced != nil) else { continue }
            tokens.remove(i)
            if let announced { tokens.remove((i - announced)..<i) }
            removed = true
        }
        if removed { card = true }
        return removed
    }

    /// A value-date phrase and the date after it.
    private func removeValueDates() -> Bool {
        var removed = false
        for i in 0..<tokens.count where tokens.isKept(i) {
            guard let (_, words) = valueDateWords.longest(in: tokens, at: i), i + words < tokens.count, tokens.isDateOrTime(i + words)
            else { continue }
            tokens.remove(i..<(i + words + 1))
            removed = true
        }
        return removed
    }

    private func removeDatesAndTimes() -> Bool {
        var removed = false
        for i in 0..<tokens.count where tokens.isKept(i) {
            if tokens.isDateOrTime(i) {
                tokens.remove(i)
                removed = true
            } else if tokens.isDayBeforeMonth(i, months: months) {
                tokens.remove(i..<(i + 2))
                removed = true
            } else {
                continue
            }
            // The word that announced the date goes with it (`TESCO ON 30 SEP`, `ZELLE FROM SMITH ON 03/01`),
            // and so does the card's number in the holder's cards before it (`HOFER DANKT 0527 K2
            // 18.09. 17:20`: Raiffeisen Austria).
            if i > 1, tokens.isKept(i - 1),
                tables.datePrepositions.contains(tokens.folded[tokens.starts[i - 1]..<tokens.ends[i - 1]]) || tokens.isCardIndex(i - 1)
            {
                tokens.remove(i - 1)
            }
        }
        return removed
    }

    /// Reference numbers (not the first word: `7-Eleven`, `1st Avenue`), with the words that
    /// announce them. `gap` is the first that stood between words that stay (a store number before
    /// the place: `WHOLE FOODS MKT #10234 SEATTLE WA`).
    private func removeReferences(gap: inout Int?) -> Bool {
        var removed = false
        // A check is told apart by its number (`CHECK 1042`, `CHÈQUE N° 8012345`): it stays.
        let first = tokens.firstKept
        if let first, tables.checkWords.contains(tokens.folded[tokens.starts[first]..<tokens.ends[first]]) { return false }
        // The counterparty's IBAN, even first (`NL47INGB0001234567 hr j jansen`: ASN Bank's :86:),
        // when words follow or precede it.
        if tokens.count > 1 {
            for i in 0..<tokens.count where tokens.isKept(i) && tokens.isIBAN(i) {
                tokens.remove(i)
                removed = true
            }
        }
        for i in 1..<max(1, tokens.count) where tokens.isKept(i) && tokens.isReference(i) && !isYearOfDate(i) {
            tokens.remove(i)
            if let announced = referenceWords.endingBefore(i, in: tokens), i - announced > 0 { tokens.remove((i - announced)..<i) }
            if gap == nil, (i + 1..<tokens.count).contains(where: { tokens.isKept($0) }) { gap = i }
            removed = true
        }
        return removed
    }

    /// Whether token `i` is the year of a date written out in words (`July 2nd, 2025`, `2nd July
    /// 2025`, `май 2017 г.`): such a date stays whole rather than losing its year. (A month and year
    /// alone, `Lohn Mai 2024`, loses the year as any number.)
    private func isYearOfDate(_ i: Int) -> Bool {
        guard tokens.isYear(i) else { return false }
        if i > 0, tokens.isKept(i - 1), tokens.isOrdinalDay(i - 1) { return true }
        if i > 1, tokens.isKept(i - 1), tokens.isMonthName(i - 1, stems: tables.monthStems), tokens.isOrdinalDay(i - 2) { return true }
        if i + 1 < tokens.count {
            var next = tokens.folded[tokens.starts[i + 1]..<tokens.ends[i + 1]]
            while let last = next.last, last == UInt8(ascii: ")") || last == UInt8(ascii: ",") || last == UInt8(ascii: ";") { next = next.dropLast() }
            if tables.yearWords.contains(next) { return true }
        }
        return false
    }

    /// Region codes at the end after a city, and the city (a known one, else what follows a store
    /// number when it is three words at most, else one word when two stay before it, two when the
    /// last ends place names: `ROSE BAY`); in a card payment (or after a store number), a known
    /// city and everything after it. The first word stays.
    private func removeLocation(card: Bool, gap: Int?) -> Bool {
        let kept = tokens.keptIndices
        let floor = 1
        var codes: [Int] = []
        var rest = kept
        while rest.count >= floor + 2, codes.count < 2, let last = rest.last, tokens.isCapitalCode(last) {
            let word = tokens.folded[tokens.starts[last]..<tokens.ends[last]]
            guard tables.regions.contains(word), !tables.legalForms.contains(word) else { break }
            codes.append(last)
            rest.removeLast()
        }
        if !codes.isEmpty {
            // The city before the code: a known one (of several words), else one word, else what
            // follows a store number, if that is short enough to be a place (`FÜR EINZAHLUNGEN AM
            // SCHALTER ES` after a reference is a phrase, and `ES` there no country).
            var city: ArraySlice<Int> = []
            if let start = knownCity(endingAt: rest), start >= floor {
                city = rest[start...]
            } else if let gap, let after = rest.firstIndex(where: { $0 > gap }), after >= floor {
                guard rest.count - after <= 3 else { return false }
                city = rest[after...]
            } else if rest.count > floor + 1, let last = rest.last, !tables.legalForms.contains(tokens.folded[tokens.starts[last]..<tokens.ends[last]]) {
                // `ROSE BAY`, `SURRY HILLS`: a word that ends place names takes the one before it along.
                let words = rest.count > floor + 2 && tables.citySuffixes.contains(tokens.folded[tokens.starts[last]..<tokens.ends[last]]) ? 2 : 1
                city = rest.suffix(words)
            }
            for i in codes { tokens.remove(i) }
            for i in city { tokens.remove(i) }
            return true
        }
        guard card, kept.count > floor else { return false }
        for position in floor..<kept.count {
            guard let (_, words) = cities.longest(in: tokens, at: kept[position]),
                (0..<words).allSatisfy({ position + $0 < kept.count && kept[position + $0] == kept[position] + $0 })
            else { continue }
            var from = position
            // `SAN FRANCISCO` read as `FRANCISCO` after `SAN`: take the prefix too.
            if from > floor, cityPrefixes.longest(in: tokens, at: kept[from - 1])?.words == 1 { from -= 1 }
            for i in kept[from...] { tokens.remove(i) }
            return true
        }
        return false
    }

    /// Where a known city that ends the kept words starts, as an index into `kept`.
    private func knownCity(endingAt kept: [Int]) -> Int? {
        for length in stride(from: min(3, kept.count - 1), through: 1, by: -1) {
            let start = kept.count - length
            guard kept[start] + length - 1 == kept[kept.count - 1] else { continue }
            if let (_, words) = cities.longest(in: tokens, at: kept[start]), words == length { return start }
        }
        return nil
    }
}
