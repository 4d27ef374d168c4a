import FinanceCore

/// Recognises exports that write money out as positive, as many card statements do
/// (Apple Card, Discover, Amex: purchases positive, payments negative).
///
/// A single amount column whose values are mostly positive, where the few negative rows are
/// payments or refunds by their names, or where the file speaks of a card, is taken as inverted.
/// Checking accounts are mostly negative, so they never qualify; a savings account with a few
/// withdrawals has no payment words on them.
enum SignDetection {
    /// - Parameter cardHint: whether the file speaks of a card; asked only when the amounts leave it open.
    static func looksInverted(amounts: [Int64], namesOfNegative: [String], cardHint: @autoclosure () -> Bool) -> Bool {
        let positive = amounts.filter { $0 > 0 }.count
        let negative = amounts.filter { $0 < 0 }.count
        // However short the file: the issuer thanks you for each payment (`AUTOPAY PAYMENT - THANK
        // YOU`), which only a card's own statement prints.
        if positive >= 1, negative >= 1, negative <= positive, namesOfNegative.count == negative,
            namesOfNegative.allSatisfy({ thanks.occur(in: $0) })
        {
            return true
        }
        guard positive >= 3, negative * 100 < (positive + negative) * 35 else { return false }
        if cardHint() { return true }
        guard negative > 0 else { return false }
        let payments = namesOfNegative.filter { name in paymentWords.occur(in: name) || CardPaymentWords.refundMarks.contains(where: name.contains) }.count
        return payments * 2 >= negative
    }

    /// Whether an app that writes money out positive (Copilot) did so in this file: yes, unless its
    /// own `income` rows say otherwise (there are some, and none is negative). `amounts[k]` is row
    /// k's amount, `types[k]` its type cell, folded.
    static func appSaysInverted(amounts: [Int64], types: [String]) -> Bool {
        let income = zip(amounts, types).filter { $0.1 == "income" && $0.0 != 0 }.map(\.0)
        return income.isEmpty || income.contains { $0 < 0 }
    }

    /// Whether a category column says money out is written positive (Copilot's export: `Paycheck`
    /// rows negative, `Groceries` rows positive): nearly every row in an income category
    /// (`AccountingModel.kind(ofCategory:)`) is negative and two in three rows in a spending category
    /// positive (the others refunds). `amounts[k]` is row k's amount, `categories[k]` its category cell.
    static func categoriesSayInverted(amounts: [Int64], categories: [String]) -> Bool {
        var income = (negative: 0, all: 0), spending = (positive: 0, all: 0)
        for (amount, category) in zip(amounts, categories) where amount != 0 {
            switch AccountingModel.kind(ofCategory: category) {
            case .income:
                income.all += 1
                if amount < 0 { income.negative += 1 }
            case .spending:
                spending.all += 1
                if amount > 0 { spending.positive += 1 }
            default: break
            }
        }
        return income.all >= 1 && spending.all >= 3 && income.negative * 5 >= income.all * 4 && spending.positive * 3 >= spending.all * 2
    }

    /// Whether a card's own categories say charges are written positive, in a file too short for
    /// `looksInverted` (Discover's `Supermarkets` charges at `84.37`, its `Payments and Credits`
    /// at `-300.00`): at least two rows in spending categories, every one positive, and money in
    /// only in payment categories (`Payments and Credits`, `Payment/Credit`). A checking account's
    /// spending is negative.
    static func paymentCategoriesSayCard(amounts: [Int64], categories: [String]) -> Bool {
        var spending = 0, negative = 0
        for (amount, category) in zip(amounts, categories) where amount != 0 {
            let payment = BankTransferCategory.isTransfer(category) || paymentCategoryWords.occur(in: category)
            if amount < 0 {
                guard payment else { return false }
                negative += 1
            } else if !payment {
                guard AccountingModel.kind(ofCategory: category) == .spending else { return false }
                spending += 1
            }
        }
        return spending >= 2 && negative >= 1
    }

    private static let thanks = FoldedPhrases(["thank you"])
    private static let paymentCategoryWords = FoldedPhrases(["payment", "payments", "credits", "payments and credits"])

    /// Whether header or preamble text speaks of a card account.
    static func mentionsCard(_ texts: [String]) -> Bool {
        texts.contains { cardWords.occur(in: $0) || cardMarks.contains(where: $0.contains) }
    }

    /// Card words in scripts written without spaces, looked for anywhere in a text: a card
    /// (`カード`, `카드`) and the amount a card was used for (`ご利用金額`, `이용금액`), which only
    /// card statements print.
    private static let cardMarks = ["カード", "利用金額", "카드", "이용금액"]

    private static let paymentWords = FoldedPhrases([
        "payment", "thank you", "autopay", "refund", "return", "credit", "ach deposit",
        "zahlung", "gutschrift", "paiement", "remboursement", "pago", "abono",
        "betaling", "terugbetaling", "pagamento", "rimborso", "storno",
        // Portuguese (Nubank's card bill): `Pagamento recebido`, `Crédito de "Google One"`, a
        // refund's `Estorno`, the tax given back with it (`IOF de volta de …`).
        "pagamento recebido", "credito", "estorno", "de volta", "reembolso",
    ])
    private static let cardWords = FoldedPhrases([
        "card", "credit card", "visa", "mastercard", "amex", "american express",
        "purchased by", "card member", "cardmember", "cardholder", "kreditkarte", "carte",
        "tarjeta", "creditcard", "carta di credito",
    ])
}
