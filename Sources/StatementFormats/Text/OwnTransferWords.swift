/// Words by which a bank's row says it moves money between the holder's own accounts or pays
/// the holder's card: `Перевод между счетами`, `Переказ на власну картку`, `TRF TO OWN A/C`,
/// `BILL PAID TO CREDIT CARD`, `Överföring sparkonto`, `信用卡还款`, `Pagamento de fatura`.
///
/// Each phrase says "own" or names the holder's card bill, so the row is its own evidence: a
/// transfer to anyone (`Перевод`, `Überweisung`, `TRANSFER TO 98-765432-1`) is no such phrase, nor
/// is a purchase by card (`CARD PAYMENT TO`, `PAGO CON TARJETA`). Matched after `TextFolding.fold`:
/// Latin and Cyrillic phrases as whole words, Chinese ones (written without spaces) anywhere.
enum OwnTransferWords {
    /// Whether the row's name, memo or the bank's category says so.
    static func say(_ name: String?, _ memo: String? = nil, _ category: String? = nil) -> Bool {
        // Three arguments, not a variadic list: that allocated an array a row.
        let scan = Scan.shared
        return says(name, scan) || says(memo, scan) || says(category, scan)
    }

    private static func says(_ text: String?, _ scan: Scan) -> Bool {
        guard let text, !text.isEmpty, text.utf8.count <= 400 else { return false }
        // A native string lends its bytes without a copy; any other is folded and searched.
        let (latin, han) = text.utf8.withContiguousStorageIfAvailable(scan.mayHold) ?? (true, true)
        if han, chinese.contains(where: { text.utf8.firstRange(of: $0) != nil }) { return true }
        return latin && phrases.occur(in: text)
    }

    /// `say` of one text without the byte scan: every text folded and searched, what the scan
    /// must agree with (a test holds them to it).
    static func sayWithoutScan(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 400 else { return false }
        return chinese.contains { text.utf8.firstRange(of: $0) != nil } || phrases.occur(in: text)
    }

    /// The byte scan that tells which texts may hold a phrase, its tables built once and fetched
    /// once a call (a static read in the loop paid a `swift_once` check a byte; a struct of arrays,
    /// a retain and a release of each a call).
    private final class Scan: Sendable {
        static let shared = Scan()
        /// The anchors' bytes one after another, anchor `a` at `starts[a] ..< starts[a + 1]`.
        let pool: [UInt8]
        let starts: [Int]
        let inWords: [Bool]
        /// Whether an anchor begins with the two letters `p` and `c` (1 to 26 each), at
        /// `[p * 27 + c]`: `wordAnchor` at the start of a word only, `innerAnchor` anywhere.
        let pairs: [UInt8]
        static let wordAnchor: UInt8 = 1, innerAnchor: UInt8 = 2
        /// Each byte's class: an ASCII letter's number (1 to 26, either case), `cyrillic` or `han`
        /// for the lead byte of a Cyrillic letter or a CJK ideograph, 0 for any other.
        let classes: [UInt8]
        static let cyrillic: UInt8 = 27, han: UInt8 = 28

        init() {
            let anchors = OwnTransferWords.anchors.map { (Array($0.word.utf8), $0.inWords) }
            pool = anchors.flatMap(\.0)
            starts = anchors.reduce(into: [0]) { $0.append($0.last! + $1.0.count) }
            inWords = anchors.map(\.1)
            var pairs = [UInt8](repeating: 0, count: 27 * 27)
            for (bytes, inWords) in anchors {
                pairs[Int(bytes[0] - 0x60) * 27 + Int(bytes[1] - 0x60)] |= inWords ? Self.innerAnchor : Self.wordAnchor
            }
            self.pairs = pairs
            var classes = [UInt8](repeating: 0, count: 256)
            for letter in 0..<26 {
                classes[0x61 + letter] = UInt8(letter + 1)
                classes[0x41 + letter] = UInt8(letter + 1)
            }
            for byte in 0xD0...0xD1 { classes[byte] = Self.cyrillic }
            for byte in 0xE4...0xE9 { classes[byte] = Self.han }
            self.classes = classes
        }

        /// What `bytes` may hold: a Latin or Cyrillic phrase (Cyrillic bytes, or one of the ASCII
        /// anchors in any case), a Chinese one (CJK bytes). Asked of every row's texts: most fail
        /// this byte scan, and are never folded.
        func mayHold(_ bytes: UnsafeBufferPointer<UInt8>) -> (latin: Bool, han: Bool) {
            var latin = false
            var han = false
            pool.withUnsafeBufferPointer { pool in
                pairs.withUnsafeBufferPointer { pairs in
                    classes.withUnsafeBufferPointer { classes in
                        // One pass, a class lookup a byte; a pair of letters that begins an anchor
                        // is looked at further.
                        var previous = 0
                        for i in bytes.indices {
                            let current = Int(classes[Int(bytes[i])])
                            if current > 26 {
                                if current == Int(Self.cyrillic) { latin = true } else { han = true }
                                previous = 0
                                continue
                            }
                            defer { previous = current }
                            guard previous != 0, current != 0, !latin else { continue }
                            let kind = pairs[previous &* 27 &+ current]
                            if kind == 0 { continue }
                            // A pair starts a word when the byte before it is no ASCII letter or digit
                            // (folding keeps those in the word; any other byte may fold to a space).
                            let wordStart = i < 2 || !Self.inWord(bytes[i - 2])
                            guard kind & Self.innerAnchor != 0 || wordStart else { continue }
                            if matchesAnchor(at: i - 1, in: bytes, pool: pool, wordStart: wordStart) { latin = true }
                        }
                    }
                }
            }
            return (latin, han)
        }

        private static func inWord(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        }

        private func matchesAnchor(at: Int, in bytes: UnsafeBufferPointer<UInt8>, pool: UnsafeBufferPointer<UInt8>, wordStart: Bool) -> Bool {
            for a in 0..<(starts.count - 1) where wordStart || inWords[a] {
                let start = starts[a], end = starts[a + 1]
                guard pool[start] == bytes[at] | 0x20 else { continue }
                // The anchor's space is any run of bytes that are no ASCII letter or digit (a
                // no-break space, a hyphen: folding makes a space of them).
                var k = start + 1, p = at + 1
                while k < end && p < bytes.count {
                    if pool[k] == 0x20 {
                        guard !Self.inWord(bytes[p]) else { break }
                        while p < bytes.count && !Self.inWord(bytes[p]) { p += 1 }
                    } else {
                        guard bytes[p] | 0x20 == pool[k] else { break }
                        p += 1
                    }
                    k += 1
                }
                if k == end { return true }
            }
            return false
        }
    }

    /// A piece of every Latin phrase, rare in other texts, at the start of a word unless `inWords`:
    /// `own`, `bill p`, `cc p` and `cc b` (HDFC's `CC PAYMENT`), `fatura`, `verf` (`Överföring`,
    /// `OVERFORING`, anywhere), `omal`, `oma t`, `contas`, `titular`, `cuentas`, `tarjeta de`.
    private static let anchors: [(word: String, inWords: Bool)] = [
        ("own", false), ("bill p", false), ("cc p", false), ("cc b", false), ("fatura", false), ("verf", true),
        ("omal", false), ("oma t", false), ("contas", false), ("titular", false), ("cuentas", false), ("tarjeta de", false),
    ]

    private static let phrases = FoldedPhrases([
        // English (Indian, Kenyan, US banks): `TRF TO OWN A/C`, `BILL PAID TO CREDIT CARD`, HDFC's `CC PAYMENT`.
        "own a c", "own ac", "own acc", "own acct", "own account", "own accounts", "bill paid to credit card",
        "credit card bill payment", "cc payment", "cc bill payment", "card bill payment",
        // Russian: between (own) accounts, to / from one's own card or account, repayment of the credit card.
        "перевод между счетами", "перевод между своими счетами", "между своими счетами", "на свою карту",
        "на свой счет", "со своей карты", "со своего счета", "погашение кредитной карты",
        "погашение задолженности по кредитной карте",
        // Ukrainian.
        "на власну картку", "на свою картку", "з власної картки", "зі своєї картки", "між власними рахунками",
        "між своїми рахунками", "на власний рахунок", "на свій рахунок", "погашення кредитної картки",
        // Swedish, Finnish: to the savings account, between one's own accounts.
        "overforing sparkonto", "overforing till sparkonto", "overforing fran sparkonto", "overforing egna konton",
        "overforing mellan egna konton", "egen overforing", "omalle tilille", "omalta tililta", "oma tilisiirto",
        // Portuguese (Brazil): paying the card's bill, between one's own accounts.
        "pagamento de fatura", "pagamento fatura", "pagto fatura", "pag fatura", "pgto fatura",
        "transferencia entre contas", "mesma titularidade",
        // Spanish.
        "entre cuentas propias", "traspaso entre cuentas", "pago de tarjeta de credito",
    ])

    /// Credit-card repayment (`信用卡还款`, `自动还款`), in simplified and traditional script: their
    /// UTF-8 bytes, searched for as they are (Chinese has no case to fold).
    private static let chinese: [[UInt8]] = ["信用卡还款", "信用卡還款", "自动还款", "自動還款", "还信用卡", "還信用卡"].map { Array($0.utf8) }
}
