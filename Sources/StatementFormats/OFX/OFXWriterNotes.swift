import FinanceCore

/// What an OFX writing left out or changed, said once at the end, from its counts (`OFXWriterNotes`).
extension OFXWriter {
    public var notices: [String] {
        var lines: [String] = []
        /// `singular` for one, `plural` for more.
        func verb(_ count: Int, _ singular: String, _ plural: String) -> String { count == 1 ? singular : plural }
        let n = notes
        if n.missingCurrency > 0 {
            lines.append(
                "\(Plural.count(n.missingCurrency, "transaction")) \(verb(n.missingCurrency, "has", "have")) no currency and \(verb(n.missingCurrency, "was", "were")) written with CURDEF XXX; pass --currency CODE"
            )
        }
        if n.missingAccount > 0 {
            lines.append(
                "\(Plural.count(n.missingAccount, "transaction")) \(verb(n.missingAccount, "has", "have")) no account and \(verb(n.missingAccount, "was", "were")) written under ACCTID UNKNOWN; pass --account NAME"
            )
        }
        if n.longCheckNumbers > 0 {
            lines.append(
                "\(Plural.count(n.longCheckNumbers, "check number")) longer than OFX's 12 characters \(verb(n.longCheckNumbers, "was", "were")) left out")
        }
        if n.lineBreaks > 0 {
            lines.append(
                "\(Plural.count(n.lineBreaks, "transaction")) had line breaks in \(verb(n.lineBreaks, "its", "their")) text, which OFX 1.x cannot hold: written as spaces (--to ofx keeps them)"
            )
        }
        if n.longMemos > 0 {
            lines.append("\(Plural.count(n.longMemos, "memo")) \(verb(n.longMemos, "was", "were")) cut to OFX's 255 characters")
        }
        return lines
    }
}

/// What an OFX file could not hold, for warnings after writing.
public struct OFXWriterNotes: Sendable, Equatable {
    public var missingCurrency = 0
    public var missingAccount = 0
    public var longCheckNumbers = 0
    public var longMemos = 0
    /// Transactions whose texts had line breaks, written as spaces (OFX 1.x only).
    public var lineBreaks = 0
}
