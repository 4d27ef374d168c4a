/// The values of a `transfer` column (`ColumnRole.transfer`) that make a row a transfer between
/// the user's own accounts: an app's flag (Wallet's `true`) or its type word for such a transfer
/// (Copilot's `internal transfer`, Spendee's `Outgoing Transfer` and `Incoming Transfer`,
/// Firefly III's `Transfer`, Monzo's `Pot transfer`, Chase's card export's `Payment`, Chase's
/// checking export's `ACCT_XFER` and `LOAN_PMT`). Compared folded (`TextFolding.fold`): case,
/// spacing and underscores aside.
///
/// Only the column makes these words evidence: detection gives a column that role only in an
/// app's export (`AppTransferColumns`), or a profile names it.
enum AppTransferWords {
    static let words: Set<String> = [
        "true", "yes", "transfer", "internal transfer", "incoming transfer", "outgoing transfer", "pot transfer",
        // Chase's card export: a payment to the card.
        "payment",
        // Chase's checking export: between the user's Chase accounts; a payment to their card or loan.
        "acct xfer", "loan pmt",
    ]

    /// The user's other account a transfer cell names, as Monefy writes each side of money moved
    /// between two of the user's accounts in its category column: `To 'Payment card'` on the
    /// account the money left, `From 'Cash'` on the one it reached.
    static func otherAccount(_ cell: String) -> Substring? {
        guard cell.utf8.last == UInt8(ascii: "'") else { return nil }
        let rest: Substring
        if cell.hasPrefix("To '") {
            rest = cell.dropFirst(4)
        } else if cell.hasPrefix("From '") {
            rest = cell.dropFirst(6)
        } else {
            return nil
        }
        let account = rest.dropLast()
        return account.isEmpty ? nil : account
    }

    /// Whether `cell` (trimmed) marks a transfer.
    static func isTransfer(_ cell: String) -> Bool {
        // The longest word is 17 bytes; a longer cell (or an empty one) is none of them.
        guard !cell.isEmpty, cell.utf8.count <= 24 else { return false }
        return words.contains(TextFolding.fold(cell))
    }
}
