/// Money into a credit card account comes from the card's holder paying the card off, or from a
/// merchant's refund; only the first is money moved between the holder's own accounts. A card
/// statement says which with words its issuers print on the payment (`PAYMENT - THANK YOU`,
/// `AUTOPAY PAYMENT RECEIVED`, `ONLINE PYMT`, Nubank's `Pagamento recebido`, `Zahlung erhalten`):
/// read alone, such a row is a transfer, not income (a report of the card alone would otherwise
/// count every payment of the card's bill as income). A refund's words (`REFUND`, `RETURN`,
/// `Gutschrift`, `Remboursement`) keep the row what its sign says, whatever else it says.
///
/// Used by the readers that know an account is a card (OFX `CCSTMTRS` or `CREDITLINE`, QIF
/// `!Type:CCard`, a CSV profile's `account-type card` or a card's signs), on money in that the
/// file gives no type or category of its own.
enum CardPaymentWords {
    /// Whether `name` or `memo`, the text of money into a card account, says it is the holder's
    /// payment of the card; `stated` when the file's own type says payment (OFX `TRNTYPE
    /// PAYMENT`), which the text then only has to leave standing.
    static func sayPayment(name: String, memo: String?, stated: Bool = false) -> Bool {
        let texts = [name, memo ?? ""]
        guard stated || texts.contains(where: { payment.occur(in: $0) }) else { return false }
        return !texts.contains { text in refund.occur(in: text) || refundMarks.contains(where: text.contains) }
    }

    /// A refund's words in scripts written without spaces, looked for anywhere in a text: Chinese
    /// `退款` (Alipay's and WeChat Pay's refunds, a card statement's `退款-盒马鲜生`), as `refund`.
    static let refundMarks = ["退款"]

    private static let payment = FoldedPhrases([
        // English: Chase, American Express, Capital One, Discover, Citi, Barclaycard.
        "payment", "payments", "pymt", "pmt", "autopay", "auto pay", "thank you", "repayment",
        // German, French, Spanish, Portuguese, Italian, Dutch.
        "zahlung", "einzahlung", "zahlungseingang", "ausgleich", "paiement", "prelevement", "pago", "pagamento",
        "betaling", "aflossing",
        // Scandinavian and Finnish: a payment into the card.
        "innbetaling", "inbetalning", "indbetaling", "maksu",
        // Russian: a payment, repayment of the card's debt.
        "платеж", "погашение",
    ])
    private static let refund = FoldedPhrases([
        "refund", "return", "returned", "reversal", "cashback", "cash back", "reward", "rewards", "chargeback",
        "gutschrift", "erstattung", "ruckerstattung", "remboursement", "reembolso", "devolucion", "estorno",
        "rimborso", "storno", "terugbetaling", "retour", "возврат",
    ])
}
