/// A bookkeeping program's export or book: the postings of a general ledger, both sides of every
/// entry, where a bank statement lists one account's payments. Read as a statement, every entry
/// would count twice and accounts would pass for payees; identification names it instead.
public enum AccountingFile: Sendable, Equatable {
    /// France's `Fichier des écritures comptables` (art. A47 A-1 of the Livre des procédures
    /// fiscales): `JournalCode`, `JournalLib`, `EcritureNum`… `Debit`, `Credit`, tab or `|` separated.
    case fec
    /// QuickBooks' Intuit Interchange Format: `!TRNS`, `!SPL`, `!ENDTRNS` header lines, tab separated.
    case iif
    /// A DATEV export (`"EXTF";510;21;"Buchungsstapel";…`), with the kind its header names.
    case datev(String)
    /// A general ledger's journal as CSV (Xero's, QuickBooks'): a journal number, an account, debit and credit.
    case journal
    /// A GnuCash book saved as XML (`<gnc-v2>`).
    case gnucash
    /// A KMyMoney file (`<KMYMONEY-FILE>`).
    case kmymoney
    /// A Swedish SIE file (`#FLAGGA`, `#SIETYP`), bookkeeping programs' interchange format.
    case sie

    public var description: String {
        switch self {
        case .fec: return "a French FEC accounting export (Fichier des écritures comptables)"
        case .iif: return "a QuickBooks IIF file"
        case .datev(let kind): return "a DATEV export (\(kind))"
        case .journal: return "a general-ledger journal export (Xero, QuickBooks…)"
        case .gnucash: return "a GnuCash book"
        case .kmymoney: return "a KMyMoney file"
        case .sie: return "an SIE bookkeeping file"
        }
    }

    /// How to get the bank account's transactions instead.
    public var advice: String {
        let statement = "download the account's statement from your bank (CSV, OFX, QIF, CAMT or MT940) instead"
        switch self {
        case .fec, .datev, .sie:
            return "this holds a company's books, every entry on both sides; pfin reads bank statements: \(statement)"
        case .iif, .journal:
            return "this holds the postings of a general ledger, every entry on both sides; pfin reads bank statements: \(statement)"
        case .gnucash:
            return "in GnuCash choose File › Export › Export Transactions to CSV, which pfin reads as postings; or \(statement)"
        case .kmymoney:
            return "in KMyMoney choose File › Export › QIF for the account, which pfin reads; or \(statement)"
        }
    }
}
