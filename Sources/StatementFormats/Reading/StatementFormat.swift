/// The statement formats pfin reads or writes, by their `--from` / `--to` names (CONTRACT.md).
public enum StatementFormat: String, Sendable, CaseIterable, Hashable {
    case csv
    /// Excel workbooks (Office Open XML, `.xlsx`), read as CSV would be (read).
    case xlsx
    /// Excel 97–2003 workbooks (BIFF8 in an OLE2 compound file, `.xls`), read as CSV would be (read).
    case xls
    /// An HTML page's table of transactions, as some banks send their exports (often named `.xls`),
    /// read as CSV would be (read).
    case html
    /// Excel's XML Spreadsheet 2003, as some banks send their exports (often named `.xls`), read
    /// as CSV would be (read).
    case spreadsheetml
    /// OFX 2.x XML when written; any OFX when read.
    case ofx
    /// OFX 1.0.2 SGML when written.
    case ofx1
    /// Quicken's OFX; read as OFX.
    case qfx
    case qif
    /// ISO 20022 CAMT.052 reports, CAMT.053 statements and CAMT.054 notifications (read).
    case camt
    /// SWIFT MT940 customer statements (read).
    case mt940
    /// AEB Norma 43 (Cuaderno 43), the Spanish banks' fixed-width statement (read).
    case norma43
    /// Blocks of labelled lines (`Date:`, `Description:`, `Amount:`, `Balance:`), as Santander
    /// UK's text download writes them (read).
    case blocks
    case jsonl
    /// A ledger/hledger journal.
    case ledger
    case beancount

    /// The name on the command line.
    public var name: String { rawValue }
}
