/// The three ISO 20022 bank-to-customer cash management messages pfin reads. They share the
/// account, balance and entry elements (`Acct`, `Bal`, `Ntry` and all below it); they differ in
/// the message element and in the name of what it holds.
enum CAMTMessage: CaseIterable, Sendable {
    /// camt.052 `BkToCstmrAcctRpt`/`Rpt`: an intraday account report, with booked and pending entries.
    case report
    /// camt.053 `BkToCstmrStmt`/`Stmt`: the end-of-day statement.
    case statement
    /// camt.054 `BkToCstmrDbtCdtNtfctn`/`Ntfctn`: a debit/credit notification of single entries.
    case notification

    /// The message's element below `Document`.
    var root: CAMTTag {
        switch self {
        case .report: return .bkToCstmrAcctRpt
        case .statement: return .bkToCstmrStmt
        case .notification: return .bkToCstmrDbtCdtNtfctn
        }
    }

    /// The element for one account, below `root`: `Rpt`, `Stmt` or `Ntfctn`.
    var container: CAMTTag {
        switch self {
        case .report: return .rpt
        case .statement: return .stmt
        case .notification: return .ntfctn
        }
    }

    /// The message type's name in namespaces: `camt.052`.
    var code: String {
        switch self {
        case .report: return "camt.052"
        case .statement: return "camt.053"
        case .notification: return "camt.054"
        }
    }

    /// `camt.052 (intraday account report)`, for evidence and messages.
    var title: String {
        switch self {
        case .report: return "camt.052 (intraday account report)"
        case .statement: return "camt.053 (account statement)"
        case .notification: return "camt.054 (debit/credit notification)"
        }
    }

    init?(root tag: CAMTTag) {
        guard let message = CAMTMessage.allCases.first(where: { $0.root == tag }) else { return nil }
        self = message
    }

    /// The message a namespace's message part names (`camt.052.001.08` is a report).
    init?(namespaceMessage: Substring) {
        guard let message = CAMTMessage.allCases.first(where: { namespaceMessage.hasPrefix($0.code + ".") }) else { return nil }
        self = message
    }

    /// The namespace versions whose shape pfin knows: `camt.05x.001.02` to `.14` (from `.09` on, the
    /// versions add elements pfin does not read and keep the paths it does).
    var knownVersions: [String] { (2...Self.latestVersion).map { "\(code).001.\($0 < 10 ? "0" : "")\($0)" } }

    /// The latest version pfin knows, and reads any later one as.
    static let latestVersion = 14
}
