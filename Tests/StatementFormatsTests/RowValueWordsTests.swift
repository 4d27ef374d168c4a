import Testing

@testable import StatementFormats

/// What a row's cells say once the columns are known: own-account transfers, neutral directions,
/// statuses.
struct RowValueWordsTests {
    @Test(arguments: [
        "TRF TO OWN A/C 0123104000067890", "BILL PAID TO CREDIT CARD XX0488", "DEBIT-ACHDr HDFC Bank Ltd - CC PAYMENT 1234",
        "Перевод между счетами", "Перевод на свою карту 4149****1234", "Переказ на власну картку", "Переказ на свою картку",
        "Överföring sparkonto", "Tilisiirto omalle tilille", "PAGAMENTO DE FATURA CARTAO", "招商银行信用卡还款",
        "Traspaso entre cuentas propias",
    ])
    func ownTransfers(_ text: String) {
        #expect(OwnTransferWords.say(text))
    }

    @Test(arguments: [
        "CARD PAYMENT TO TESCO", "PAGO CON TARJETA MERCADONA", "Перевод Ивану И.", "Переказ на картку іншого банку",
        "ONLINE TRANSFER TO 98-765432-1", "Overforing till Anna", "Owner's Bistro", "", "交通银行信用卡(7449)",
        "Pagamento PIX Fulano",
    ])
    func notOwnTransfers(_ text: String) {
        #expect(!OwnTransferWords.say(text))
    }

    /// The byte scan before folding only spares work: it never turns a phrase away.
    @Test(arguments: [
        "trf-own a/c 1234", "TRF/OWN ACCOUNT", "xOWN ACCOUNT", "1own account", "é own account", "DOWNTOWN OWN ACCT 7",
        "ÖVERFÖRING SPARKONTO", "egen överföring", "OVERFORING EGNA KONTON", "omalta tililtä", "OMA TILISIIRTO",
        "Mesma titularidade", "PAGTO FATURA", "Pago de tarjeta de credito", "CARD BILL PAYMENT", "cc bill payment",
        "AMZN.COM/BILL WA", "BILLPAY", "cc\u{00A0}payment", "own\u{2007}account", "Перевод между счетами",
        "自動還款", "信用卡还款", "Owner's Bistro", "", "o", "ow",
    ])
    func scanAgreesWithSearch(_ text: String) {
        #expect(OwnTransferWords.say(text) == OwnTransferWords.sayWithoutScan(text))
    }

    /// The same over texts pieced together from the phrases' words, separators and lookalikes.
    @Test func scanAgreesOnPiecedTexts() {
        let pieces = [
            "own", "OWN", "Own", " ", "\u{00A0}", "-", "/", "a/c", "account", "acct", "bill", "paid", "to", "credit", "card",
            "p", "cc", "b", "payment", "fatura", "pagto", "x", "1", "é", "Ö", "ö", "verf", "overforing", "sparkonto", "oma",
            "t", "omal", "omalle", "tilille", "contas", "entre", "titular", "mesma", "cuentas", "tarjeta", "de", "ac",
            "信用卡还款", "还款", "между счетами", "Перевод",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<(1 + Int(state >> 60) % 7) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            if OwnTransferWords.say(text) != OwnTransferWords.sayWithoutScan(text) { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test(arguments: ["不计收支", " 不计收支    ", "/"])
    func neutralDirections(_ cell: String) {
        #expect(DirectionWords.isNeutral(cell))
    }

    @Test(arguments: ["支出", "收入", "", "//", "不计"])
    func notNeutralDirections(_ cell: String) {
        #expect(!DirectionWords.isNeutral(cell))
    }

    @Test(arguments: [
        ("ok", RowStatus.booked), ("failed", .notExecuted), ("отклонена", .notExecuted), ("відхилено", .notExecuted),
        ("交易关闭", .notExecuted), ("交易成功", .booked), ("pendente", .pending), ("hylatty", .notExecuted),
        ("reversed", .reversed), ("refunded", .booked),
    ])
    func statuses(_ folded: String, _ status: RowStatus) {
        #expect(RowStatus.of(folded: folded) == status)
    }
}
