/// A card payment's merchant as the card networks give it: name, street, city and postcode with
/// country, each after a backslash (SEB Estonia's `Beneficiary's name`: `TAMMSAARE RIMI
/// ISETEEN\TAMMSAARE TEE 104A   \TALLINN      \12918     ESTEST`). The payee is the first part;
/// the rest is the merchant's address.
enum CardAcceptorLocation {
    /// The name before the first backslash and the other parts, each trimmed and its runs of
    /// spaces made one, joined by `, ` (`nil` when none holds a letter or digit); `nil` when the
    /// cell has no backslash, or when the part before it is no name (two letters at least: Alfa-Bank's
    /// `123456++++++7890    22222222\643\MOSKVA\…` starts with a card number, and stays whole).
    static func split(_ cell: String) -> (name: String, address: String?)? {
        // Asked of every name cell: the bytes searched in place (the UTF-8 view's iterator is
        // several times slower, a few per cent of a whole conversion).
        guard cell.utf8.withContiguousStorageIfAvailable({ $0.contains(UInt8(ascii: "\\")) }) ?? cell.utf8.contains(UInt8(ascii: "\\"))
        else { return nil }
        let parts = cell.split(separator: "\\", omittingEmptySubsequences: false).map { Preamble.oneLine(String($0)) }
        guard let name = parts.first, name.unicodeScalars.filter({ $0.properties.isAlphabetic }).count >= 2 else { return nil }
        let rest = parts.dropFirst().filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) } }
        return (name, rest.isEmpty ? nil : rest.joined(separator: ", "))
    }
}
