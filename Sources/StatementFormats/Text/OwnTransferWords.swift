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
            guard mayHold(text) else { continue }
            if phrases.occur(in: text) { return true }
            let folded = TextFolding.fold(text)
            if chinese.contains(where: { folded.contains($0) }) { return true }
        }
        return false
    }

    /// Whether `text` holds what one of the phrases needs: Cyrillic or CJK bytes, or one of the
    /// ASCII anchors (any case). Most payees fail this byte scan, and are never folded.
    private static func mayHold(_ text: String) -> Bool {
        // Native strings are contiguous; any other is simply folded.
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte >= 0xD0 && byte <= 0xD1 || byte >= 0xE4 && byte <= 0xE9 { return true }
            return anchors.contains { anchor in contains(bytes, anchor) }
        } ?? true
    }

    /// Whether `bytes` hold `anchor` (lower-case ASCII), in any case.
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ anchor: [UInt8]) -> Bool {
        guard bytes.count >= anchor.count else { return false }
        for start in 0...(bytes.count - anchor.count) where bytes[start] | 0x20 == anchor[0] {
            var k = 1
            while k < anchor.count && bytes[start + k] | 0x20 == anchor[k] { k += 1 }
            if k == anchor.count { return true }
        }
        return false
    }

    /// A piece of every Latin phrase: `own`, `card`, `cc`, `fatura`, `rf` (överföring), `omal`, `oma t`,
    /// `contas`, `titular`, `cuentas`, `tarjeta`.
    private static let anchors: [[UInt8]] = ["own", "card", "cc", "fatura", "rf", "omal", "oma t", "contas", "titular", "cuentas", "tarjeta"].map {
        Array($0.utf8)
    }

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

    /// Credit-card repayment (`信用卡还款`, `自动还款`), in simplified and traditional script.
    private static let chinese = ["信用卡还款", "信用卡還款", "自动还款", "自動還款", "还信用卡", "還信用卡"]
}
