/// The columns of a broker's cash statement that say a row traded a security.
extension HeaderVocabulary {
    /// `Quantity` and its kin; taken as `ColumnRole.quantity` only beside a column that names the
    /// security (`SecurityColumns.names`), so a fuel card's litres stay a memo.
    static func addSecurities(_ add: (ColumnRole, Int, [String]) -> Void) {
        add(
            .quantity, 1,
            [
                "quantity", "qty", "shares", "share quantity", "units", "anzahl", "stück", "stueck", "aantal", "quantité", "cantidad", "quantità", "quantidade",
                "ilość", "количество",
            ])
    }
}

/// Headers that name the security a row trades: beside a quantity column they make the file a
/// broker's cash statement (`ColumnRole.quantity`).
enum SecurityColumns {
    static func names(_ header: [String]) -> Bool {
        header.contains { cell in
            let folded = TextFolding.fold(cell)
            return words.contains(folded)
        }
    }

    private static let words: Set<String> = [
        "symbol", "ticker", "isin", "cusip", "sedol", "wkn", "security", "security description", "security name", "security id",
        "instrument", "fund", "fund name", "investment name", "symbol cusip", "symbol/cusip", "wertpapier", "valeur", "titre",
    ]
}
