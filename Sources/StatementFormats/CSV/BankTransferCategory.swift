/// The values of a bank's own category column that say a row is money moved between the user's
/// own accounts, not spending: Apple Card files a payment to the card under `Payment`; budgeting
/// exports (Mint, Monarch, Copilot) use `Transfer` and `Credit Card Payment`; Capital One files
/// card payments (and credits) under `Payment/Credit`, Discover under `Payments and Credits`,
/// where counting a payment as a refund of
/// spending would be far the larger error.
///
/// Only the whole value counts, ignoring case and spaces around it: `Payments` is a transfer, but
/// `Card payment` (a purchase by card, to a British bank) is not. Such a row is typed `transfer`
/// (`AccountingModel` then counts it as one) and keeps the bank's category.
enum BankTransferCategory {
    static let words: Set<String> = [
        "payment", "payments", "transfer", "transfers", "credit card payment", "credit card payments",
        "internal transfer", "account transfer", "balance transfer", "payment/credit", "payments/credits",
        "credit card repayment", "credit card repayments", "payments and credits",
        // German for a move between the holder's own accounts (C24's `Pocket-Umbuchung` rows).
        "umbuchung", "umbuchungen",
        // Boursorama's categories of a move between the holder's own accounts, under its parent
        // `Mouvements internes débiteurs` / `créditeurs` (internal movements).
        "virements émis de comptes à comptes", "virements reçus de comptes à comptes",
    ]

    /// Whether `category` (the bank's category cell, trimmed) names a transfer.
    static func isTransfer(_ category: String) -> Bool {
        // Most categories are longer than any of the words, or start with another letter.
        guard category.utf8.count <= 40, let first = category.utf8.first,
            first | 0x20 == 0x70 || first | 0x20 == 0x74
                || first | 0x20 == 0x63 || first | 0x20 == 0x69 || first | 0x20 == 0x61 || first | 0x20 == 0x62
                || first | 0x20 == 0x75 || first | 0x20 == 0x76
        else { return false }
        return words.contains(category.lowercased())
    }

    /// The account a category in brackets names: Quicken's, Moneydance's and Banktivity's CSV
    /// exports write a transfer between two of the user's accounts as the other account's name
    /// in brackets (`[Savings]`), as QIF does.
    static func bracketedAccount(_ category: String) -> Substring? {
        guard category.utf8.first == UInt8(ascii: "["), category.utf8.last == UInt8(ascii: "]"), category.utf8.count > 2 else { return nil }
        let inner = category.dropFirst().dropLast()
        let trimmed = inner.drop { $0 == " " }
        guard !trimmed.isEmpty, !trimmed.contains("["), !trimmed.contains("]") else { return nil }
        var end = trimmed.endIndex
        while end > trimmed.startIndex, trimmed[trimmed.index(before: end)] == " " { end = trimmed.index(before: end) }
        return trimmed[..<end]
    }

    /// The account a budgeting app's transfer payee names: YNAB writes each side of a transfer
    /// between two of the user's accounts with the payee `Transfer : Savings`.
    static func transferPayee(_ name: String) -> Substring? {
        guard name.utf8.first == UInt8(ascii: "T"), name.hasPrefix("Transfer : ") else { return nil }
        let account = name.dropFirst("Transfer : ".count)
        return account.isEmpty ? nil : account
    }
}
