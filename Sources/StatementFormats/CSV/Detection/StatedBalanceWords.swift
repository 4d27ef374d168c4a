/// The labels of balances stated above or below a CSV table: those of balance rows
/// (`BalanceRowWords`: `Anfangssaldo`, `Closing balance`, `Solde final`…), a few more that only
/// appear there (`New balance`, `Statement balance` on card exports), and the plain word for a
/// balance (`Kontostand`, `Solde`, `Saldo`, `Balance`), whose date says which one it is.
///
/// Labels are matched after `TextFolding.fold`, as a whole or as their first words followed by a
/// date, an amount or a word such as `vom`, `au`, `al`, `as of` (`Kontostand vom 31.05.2024`),
/// so that `Verfügbarer Betrag` or `Balance transfer fee` are no balances.
enum StatedBalanceWords {
    static func kind(ofFolded folded: String) -> CSVStatedBalance.Kind? {
        switch BalanceRowWords.kind(ofFolded: folded) {
        case .opening?: return .opening
        case .closing?: return .closing
        case .stated?: return .either
        case .turnover?, nil: break
        }
        guard folded.utf8.count >= 5 && folded.utf8.count <= 60 else { return nil }
        let words = folded.split(separator: " ")
        for count in stride(from: min(3, words.count), through: 1, by: -1) {
            guard let kind = phrases[words[0..<count].joined(separator: " ")] else { continue }
            if count == words.count { return kind }
            let next = words[count]
            if next.utf8.contains(where: { $0 &- UInt8(ascii: "0") < 10 }) || BalanceRowWords.connectors.contains(String(next)) {
                return kind
            }
        }
        return nil
    }

    private static let phrases: [String: CSVStatedBalance.Kind] = {
        var table: [String: CSVStatedBalance.Kind] = [:]
        for phrase in ["previous statement balance", "last statement balance", "opening bal"] { table[phrase] = .opening }
        for phrase in ["new balance", "statement balance", "closing bal", "neuer stand", "nieuw saldo", "nuovo saldo", "nuevo saldo"] {
            table[phrase] = .closing
        }
        for phrase in [
            // English, German, French, Spanish, Italian, Dutch: the balance on a day.
            "balance", "account balance", "current balance", "ledger balance", "booked balance",
            "kontostand", "kontosaldo", "saldo", "buchungssaldo", "aktueller kontostand", "kontostand aktuell", "gebuchter saldo",
            "solde", "solde comptable", "solde actuel", "solde du compte",
            "saldo contable", "saldo de la cuenta", "saldo contabile", "saldo conto", "saldo del conto",
            "huidig saldo", "saldo rekening",
        ] { table[phrase] = .either }
        return table
    }()
}
