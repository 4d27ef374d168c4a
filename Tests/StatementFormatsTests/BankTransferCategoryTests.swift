import Testing

@testable import StatementFormats

/// A bank's own category column that says a row is a transfer: the whole value, any case.
struct BankTransferCategoryTests {
    @Test(arguments: [
        "Payment", "PAYMENTS", "Transfer", "transfers", "Credit Card Payment", "Payment/Credit",
        "Internal Transfer", "Balance Transfer", "Umbuchung", "Virements émis de comptes à comptes",
        "Virements reçus de comptes à comptes",
    ])
    func transfers(_ category: String) {
        #expect(BankTransferCategory.isTransfer(category))
    }

    @Test(arguments: [
        "Card payment", "Payment fees", "Shopping", "Transport", "Income", "Interest", "",
        "Transfer fee", "Bills & Payments", "Virements émis", "Umbuchungsgebühr",
    ])
    func notTransfers(_ category: String) {
        #expect(!BankTransferCategory.isTransfer(category))
    }
}
