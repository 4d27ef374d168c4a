import FinanceCore

/// A balance a CSV export states outside its table, in the lines above the header or below the
/// last row: DKB's `"Kontostand vom 31.05.2024:";"3.456,78 EUR"`, Crédit Agricole's
/// `Solde au 31/05/2024 : 1 234,56 €`, `Opening balance,05/01/2024,1234.56`, `Endsaldo;1.234,56 EUR`.
///
/// Dialect detection finds them (it is the only part that sees those lines); the reader passes them
/// on as the statement's opening or closing balance once it knows the statement's period.
public struct CSVStatedBalance: Equatable, Sendable {
    /// What the label says the balance is.
    public enum Kind: Equatable, Sendable {
        /// `Alter Kontostand`, `Anfangssaldo`, `Opening balance`, `Solde initial`, `Saldo inicial`…
        case opening
        /// `Neuer Kontostand`, `Endsaldo`, `Closing balance`, `Solde final`, `Eindsaldo`…
        case closing
        /// `Kontostand`, `Solde`, `Saldo`, `Balance`: its date decides (at or after the last row:
        /// the closing; before the first row: the opening); undated, it is the closing.
        case either
    }

    public var kind: Kind
    /// As the file writes it: the sign of a card export that writes charges as positive is turned
    /// by the reader, like its rows'. Without a currency when the line names none.
    public var amount: Money
    /// The day in the label (`Kontostand vom 31.05.2024`) or in a cell of its own.
    public var date: LocalDate?
    /// The line of the file that states it.
    public var line: Int
    /// The label as written, for messages.
    public var label: String

    public init(kind: Kind, amount: Money, date: LocalDate?, line: Int, label: String) {
        self.kind = kind
        self.amount = amount
        self.date = date
        self.line = line
        self.label = label
    }
}
