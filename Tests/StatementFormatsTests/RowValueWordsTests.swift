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
