/// Words that say what kind of payment a row is (`Direct Debit`, `Card Payment`, `Lastschrift`,
/// `Virement`), not who was paid: Barclays' `Subcategory`, many banks' type columns.
///
/// A column of them is no name column. When no header names the name column, pfin picks the text
/// column that varies most; a type column under a header pfin does not know (Barclays'
/// `Subcategory` beside the payee text in `Memo`) would otherwise name every row `Debit`.
enum TransactionKindWords {
    /// Whether a column holds payment kinds: at least four in five of its sampled values, folded
    /// (`TextFolding.fold`), are kind words.
    static func isKindColumn(_ values: some Collection<String>) -> Bool {
        guard !values.isEmpty else { return false }
        let kinds = values.count { words.contains(TextFolding.fold($0)) }
        return kinds * 5 >= values.count * 4
    }

    /// Folded: lower-case ASCII, accents dropped, punctuation as single spaces.
    static let words: Set<String> = [
        // English (UK and US banks' type columns and their abbreviations)
        "debit", "credit", "expense", "income", "direct debit", "standing order", "bank credit", "counter credit", "funds transfer",
        "transfer", "transfer in", "transfer out", "cash machine", "cash withdrawal", "cash", "atm",
        "atm withdrawal", "card payment", "card purchase", "debit card", "debit card purchase", "card",
        "pos", "pos purchase", "point of sale", "purchase", "payment", "bill payment", "faster payment",
        "faster payments", "faster payment in", "faster payment out", "cheque", "check", "deposit",
        "withdrawal", "interest", "interest paid", "fee", "fees", "charge", "charges", "bank charges",
        "service charge", "refund", "direct deposit", "ach", "ach debit", "ach credit", "wire",
        "wire transfer", "incoming wire", "outgoing wire", "online transfer", "online payment",
        "mobile deposit", "dividend", "incoming payment", "outgoing payment", "cashback", "dd", "so", "bgc",
        "fpi", "fpo", "tfr", "deb", "cr", "dr", "cpt", "bp", "chq", "dep", "vis", "pay", "sto", "int",
        "ddr", "bacs", "chaps", "xfer", "dividend payment", "outgoing transfer", "incoming transfer", "internal transfer",
        // Australian and New Zealand banks' (NAB's, ANZ's `Transaction Type`)
        "eftpos", "eftpos debit", "eftpos credit", "eftpos purchase", "transfer credit", "transfer debit", "account fee",
        "direct credit", "direct debit payment", "bpay", "bpay payment", "atm debit", "misc debit", "misc credit",
        "interest credit", "interest debit", "visa purchase", "visa debit", "osko payment", "payid payment",
        "automatic payment", "eft", "ap", "dc", "po", "ft", "debit interest", "credit interest",
        // Singapore and Malaysia banks' (OCBC's, DBS's, Maybank's first line of a transaction)
        "point of sale transaction", "point of sale transaction or proceeds", "debit purchase", "debit card transaction",
        "nets", "nets debit", "giro", "giro salary", "giro payment", "giro collection", "interbank giro", "ibg",
        "fast payment", "fast transfer", "fast payment receipt", "advice fast payment receipt", "paynow transfer",
        "paynow", "funds transfer paynow", "instant transfer", "duitnow", "duitnow transfer", "service charge fee",
        "cash deposit",
        // German
        "lastschrift", "basislastschrift", "sepa lastschrift", "folgelastschrift", "erstlastschrift",
        "ueberweisung", "uberweisung", "sepa ueberweisung", "sepa uberweisung", "echtzeitueberweisung",
        "echtzeituberweisung", "gutschrift", "gutschrift ueberweisung", "gutschrift uberweisung", "kartenzahlung",
        "dauerauftrag", "bargeldauszahlung", "bargeldeinzahlung", "gehalt", "lohn", "zinsen", "entgelt",
        "abschluss", "kartenzahlung onlinekauf", "lohn gehalt rente", "einzahlung", "auszahlung",
        // French
        "virement", "virement sepa", "virement recu", "virement emis", "prelevement", "prelevement sepa",
        "carte", "paiement carte", "paiement par carte", "retrait", "retrait dab", "remise cheque", "frais",
        "commission", "commissions", "versement", "avoir", "facture carte",
        // Dutch
        "betaalautomaat", "geldautomaat", "incasso", "sepa incasso", "overschrijving", "overboeking", "ideal",
        "online bankieren", "verzamelbetaling", "acceptgiro", "storting", "betaalverzoek", "periodieke overboeking",
        // Spanish, Italian, Portuguese
        "transferencia", "recibo", "tarjeta", "compra", "compra con tarjeta", "pago", "pago con tarjeta", "cargo",
        "abono", "ingreso", "reintegro", "bizum", "domiciliacion", "comision", "bonifico", "addebito",
        "pagamento", "prelievo", "accredito", "carta", "pagamento pos", "commissioni", "addebito diretto",
        "transferencia recebida", "transferencia enviada", "pagamento de servicos", "levantamento", "deposito",
        // Chinese, Japanese, Korean
        "消费", "代发工资", "转账汇款", "转账", "快捷支付", "工资", "利息", "取现", "还款", "退款", "支付", "收款", "提款",
        "轉帳", "薪資", "存款", "振込", "振替", "口座振替", "カード", "給与", "引出", "입금", "출금", "급여",
        "체크카드", "이체", "자동이체", "현금인출", "카드",
    ]
}
