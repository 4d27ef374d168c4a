/// Header words whose columns change what a row's values mean rather than which values are read:
/// the row's status, and which of two amount/currency pairs is the account's.
extension HeaderVocabulary {
    /// Status headers beyond those of `HeaderVocabulary.table` (T-Bank's and VTB's `Статус`,
    /// Ukrainian `Статус операції`, Alipay's `交易状态` and WeChat's `当前状态`, Brazilian
    /// `Situação`, Finnish `Tila`); the column must still hold status words
    /// (`RowStatus.isStatusColumn`). Then the amount pairs: a card or bank states a payment
    /// twice, in the operation's currency and in the account's (the card's, the billing's, the
    /// payment's); the account's is the amount and the operation's its original amount
    /// (`originalAmount`), as VTB's pair is read (`addCentralAndEasternEuropean`).
    static func addRowValueWords(_ add: (ColumnRole, Int, [String]) -> Void) {
        add(
            .status, 1,
            [
                "статус операции", "статус операції", "статус платежа", "状态", "狀態", "当前状态", "當前狀態",
                "situacao", "status da transacao", "tila",
            ])
        // T-Bank: `Сумма операции`/`Валюта операции` and `Сумма платежа`/`Валюта платежа`.
        add(.amount, 0, ["сумма платежа", "сума платежу", "сумма в валюте карты"])
        add(.currency, 1, ["валюта платежа", "валюта платежу", "валюта карты"])
        // monobank: `Сума в валюті картки (UAH)`, `Сума в валюті операції`, `Валюта`, `Курс`;
        // PrivatBank: `Сума в валюті картки`/`Валюта картки`, `Сума в валюті транзакції`/`Валюта транзакції`.
        add(.amount, 0, ["сума в валюті картки", "сума в валюті рахунку"])
        add(.currency, 1, ["валюта картки", "валюта рахунку"])
        add(.originalAmount, 1, ["сума в валюті операції", "сума в валюті транзакції", "сумма в валюте транзакции"])
        add(.originalCurrency, 1, ["валюта операції", "валюта транзакції", "валюта транзакции"])
        add(.exchangeRate, 1, ["курс", "курс валюты", "курс валюти"])
    }
}
