/// Words by which a bank's row says it moves money between the holder's own accounts or pays
/// the holder's card: `Перевод между счетами`, `Переказ на власну картку`, `TRF TO OWN A/C`,
/// `BILL PAID TO CREDIT CARD`, `Överföring sparkonto`, `信用卡还款`, `Pagamento de fatura`.
///
/// Each phrase says "own" or names the holder's card bill, so the row is its own evidence: a
/// transfer to anyone (`Перевод`, `Überweisung`, `TRANSFER TO 98-765432-1`) is no such phrase, nor
/// is a purchase by card (`CARD PAYMENT TO`, `PAGO CON TARJETA`). Matched after `TextFolding.fold`:
/// Latin and Cyrillic phrases as whole words, Chinese ones (written without spaces) anywhere.
enum OwnTransferWords {
    /// Whether one of `texts` (a row's name, memo, or the bank's category) says so.
    static func say(_ texts: String?...) -> Bool {
        for case let text? in texts where !text.isEmpty && text.utf8.count <= 400 {
            var text = text
            let (latin, han) = text.withUTF8(mayHold)
            if han, text.withUTF8({ bytes in chinese.contains { exactly(bytes, $0) } }) { return true }
            if latin, phrases.occur(in: text) { return true }
        }
        return false
    }

    /// What `text` may hold: a Latin or Cyrillic phrase (Cyrillic bytes, or one of the ASCII
    /// anchors in any case), a Chinese one (CJK bytes). Asked of every row's texts: most fail this
    /// byte scan, and are never folded.
    private static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>) -> (latin: Bool, han: Bool) {
        var latin = false
        var han = false
        anchorPool.withUnsafeBufferPointer { pool in
            // One pass: a byte whose pair with the next begins no anchor costs one table lookup.
            var previous = 0
            for i in bytes.indices {
                let byte = bytes[i]
                if byte >= 0xD0 {
                    if byte <= 0xD1 { latin = true } else if byte >= 0xE4 && byte <= 0xE9 { han = true }
                    previous = 0
                    continue
                }
                let letter = Int(byte | 0x20) &- 0x60
                let current = letter >= 1 && letter <= 26 ? letter : 0
                defer { previous = current }
                guard !latin, previous != 0, current != 0, anchorPairs[previous * 27 + current] else { continue }
                let at = i - 1
                var a = 0
                while a + 1 < anchorStarts.count {
                    let start = anchorStarts[a], end = anchorStarts[a + 1]
                    a += 1
                    guard pool[start] == bytes[at] | 0x20, at + (end - start) <= bytes.count else { continue }
                    var k = 1
                    while k < end - start && bytes[at + k] | 0x20 == pool[start + k] { k += 1 }
                    if k == end - start {
                        latin = true
                        break
                    }
                }
            }
        }
        return (latin, han)
    }

    /// The anchors' bytes one after another, anchor `a` at `anchorStarts[a] ..< anchorStarts[a + 1]`.
    private static let anchorPool: [UInt8] = anchors.flatMap { $0 }
    private static let anchorStarts: [Int] = anchors.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    /// Whether an anchor begins with the two letters `p` and `c` (1 to 26 each): `[p * 27 + c]`.
    private static let anchorPairs: [Bool] = anchors.reduce(into: [Bool](repeating: false, count: 27 * 27)) {
        $0[Int($1[0] - 0x60) * 27 + Int($1[1] - 0x60)] = true
    }

    /// Whether `bytes` hold `needle` as it is.
    private static func exactly(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if (1..<needle.count).allSatisfy({ bytes[start + $0] == needle[$0] }) { return true }
        }
        return false
    }

    /// A piece of every Latin phrase, rare in other texts: `own`, `bill`, `cc p` and `cc b` (HDFC's
    /// `CC PAYMENT`), `fatura`, `verf` (`Överföring`, `OVERFORING`), `omal`, `oma t`, `contas`,
    /// `titular`, `cuentas`, `tarjeta de`.
    private static let anchors: [[UInt8]] = [
        "own", "bill", "cc p", "cc b", "fatura", "verf", "omal", "oma t", "contas", "titular", "cuentas", "tarjeta de",
    ].map { Array($0.utf8) }

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
