/// The `Type` values of PayPal's activity download that move the account holder's own money
/// (folded, as `TextFolding.fold` gives them): the rows a PayPal file marks as transfers
/// (`AppTransferColumns`). PayPal's transaction event codes name the kinds: T03xx bank deposits
/// into the PayPal account, T04xx withdrawals from it, T02xx currency conversions.
///
/// A payment to anyone (`Express Checkout Payment`, `Subscription Payment`, `PreApproved Payment
/// Bill User Payment`) is none of these, whatever the money that paid it: it stays spending or
/// income.
enum PayPalTransferTypes {
    static let english: Set<String> = [
        // Funding from the holder's bank account or card.
        "bank deposit to pp account", "general card deposit", "general credit card deposit",
        // Money sent back to the holder's bank account or card.
        "general withdrawal", "user initiated withdrawal", "transfer to bank", "general card withdrawal",
        "general credit card withdrawal",
        // One of a pair of rows, one in each of the holder's PayPal balances.
        "general currency conversion", "currency conversion",
    ]

    static let german: Set<String> = [
        "bankgutschrift auf paypal konto", "allgemeine gutschrift auf kreditkarte", "von nutzer eingeleitete abbuchung",
        "allgemeine abbuchung", "allgemeine wahrungsumrechnung",
    ]
}
