import FinanceCore

/// Problems in CAMT files (camt.052, camt.053, camt.054), as data; `diagnostic(at:)` gives the
/// wording. `path` is the element's path from the root, such as
/// `Document/BkToCstmrStmt/Stmt/Ntry[4]/Amt`.
enum CAMTIssue {
    case syntax(XMLProblem)
    case empty
    case notStatement(String)
    case utf16
    /// The namespace, and the message type it names when it names one pfin reads.
    case unknownNamespace(String, CAMTMessage?)
    case badAmount(path: String, text: String)
    case badIndicator(path: String, text: String)
    case badDate(path: String, text: String)
    case missing(path: String, element: String)
    case notBooked(path: String, status: String)
    case batchSum(path: String, count: Int, sum: Money, entry: Money, rest: Money?)
    case batchWithoutAmounts(path: String, count: Int)
    case batchInOtherCurrency(path: String, count: Int, currency: CurrencyCode?, entry: Money)
    case balanceMismatch(path: String, opening: Money, booked: Money, closing: Money, skipped: Int)

    func diagnostic(at location: SourceLocation) -> Diagnostic {
        switch self {
        case .syntax(let problem): return syntax(problem, at: location)
        case .empty:
            return Diagnostic(.error, code: "camt.empty", at: location, "the file is empty; expected a CAMT statement, report or notification")
        case .notStatement(let what):
            return Diagnostic(
                .error, code: "camt.not-camt053", at: location,
                "this is \(what), not a CAMT bank-to-customer statement, report or notification",
                notes: [
                    "pfin reads camt.053 statements (<BkToCstmrStmt>), camt.052 account reports (<BkToCstmrAcctRpt>) "
                        + "and camt.054 debit/credit notifications (<BkToCstmrDbtCdtNtfctn>); download the account statement in camt.053 format"
                ])
        case .utf16:
            return Diagnostic(
                .error, code: "camt.utf16", at: location, "the file is UTF-16 text; expected a CAMT statement in UTF-8",
                notes: ["banks send CAMT files as UTF-8; download the file again, or save it as UTF-8"])
        case .unknownNamespace(let namespace, let message):
            let code = (message ?? .statement).code
            return Diagnostic(
                .warning, code: "camt.unknown-version", at: location,
                "unknown \(message == nil ? "CAMT" : code) namespace \"\(namespace)\"; read as \(code).001.\(CAMTMessage.latestVersion)",
                notes: [
                    "pfin knows \(code).001.02 to .\(CAMTMessage.latestVersion); check the activities, and report the file's version if some are wrong"
                ])
        case .badAmount(let path, let text):
            return Diagnostic(
                .error, code: "camt.bad-amount", at: location, "\(path): expected a decimal amount like 12.50, found \"\(text)\"",
                notes: ["ISO 20022 amounts have a '.' before the decimals, no sign and no grouping; the entry was skipped"])
        case .badIndicator(let path, let text):
            return Diagnostic(
                .error, code: "camt.bad-indicator", at: location, "\(path): expected CRDT or DBIT, found \"\(text)\"",
                notes: ["the entry was skipped: without the direction its sign is unknown"])
        case .badDate(let path, let text):
            return Diagnostic(
                .error, code: "camt.bad-date", at: location, "\(path): expected a date like 2024-05-03, found \"\(text)\"",
                notes: ["the entry was skipped"])
        case .missing(let path, let element):
            return Diagnostic(
                .error, code: "camt.missing-element", at: location, "\(path) has no <\(element)>",
                notes: ["the entry was skipped; the bank's file is incomplete"])
        case .notBooked(let path, let status):
            let what: String
            switch status {
            case "PDNG": what = "is pending (status PDNG), not booked yet"
            case "INFO": what = "is information only (status INFO), not booked"
            default: what = "is not booked (status \(status))"
            }
            return Diagnostic(
                .warning, code: "camt.not-booked", at: location, "\(path) \(what); not read",
                notes: ["pending and information-only entries are not on the account yet; the bank lists them as booked in a later statement"])
        case .batchSum(let path, let count, let sum, let entry, let rest):
            return Diagnostic(
                .warning, code: "camt.batch-sum", at: location,
                "\(path): the \(count) <TxDtls> amounts add up to \(sum.decimalString), but the entry amount is \(entry.decimalString)",
                notes: [
                    rest.map {
                        "each transaction was read with its own amount, and the rest, \($0.decimalString), as a transaction of its own: "
                            + "the entry amount is what the bank booked"
                    } ?? "each transaction was read with its own amount; the entry amount is what the bank booked"
                ])
        case .batchWithoutAmounts(let path, let count):
            return Diagnostic(
                .warning, code: "camt.batch-without-amounts", at: location,
                "\(path): none of the \(count) <TxDtls> of this batched entry has an amount; read as one activity",
                notes: ["the bank lists the batch's transactions without their amounts, so they cannot be told apart"])
        case .batchInOtherCurrency(let path, let count, let currency, let entry):
            let other = currency.map { "in \($0.description)" } ?? "in another currency"
            return Diagnostic(
                .warning, code: "camt.batch-other-currency", at: location,
                "\(path): a <TxDtls> of this batched entry states its amount only \(other), not in the entry's "
                    + "\(entry.currency?.description ?? "currency"); the \(count) transactions were read as one activity of \(entry.decimalString)",
                notes: ["the amount in the payer's currency is not what the account moved by"])
        case .balanceMismatch(let path, let opening, let booked, let closing, let skipped):
            let expected = opening.adding(booked).map(\.decimalString) ?? "?"
            return Diagnostic(
                .warning, code: "camt.balance-mismatch", at: location,
                "\(path): opening balance \(opening.decimalString) + booked entries \(booked.decimalString) = \(expected), "
                    + "but the closing balance is \(closing.decimalString)",
                notes: [
                    skipped > 0
                        ? "\(skipped) \(skipped == 1 ? "entry was" : "entries were") skipped for errors (see above); fix or re-download the file"
                        : "entries are missing from the file; compare with the bank's statement"
                ])
        }
    }

    private func syntax(_ problem: XMLProblem, at location: SourceLocation) -> Diagnostic {
        switch problem.kind {
        case .malformed(let message):
            return Diagnostic(
                .error, code: "camt.xml", at: location, "malformed CAMT XML: \(message)",
                notes: problem.isFatal ? ["reading stopped here; entries before this point were read"] : [])
        case .forbidden(let what):
            return Diagnostic(
                .error, code: "camt.forbidden", at: location, "\(what) is not allowed in CAMT and is not read",
                notes: ["CAMT files carry no DOCTYPE or entity declarations; this file may be crafted to attack XML parsers"])
        case .tooDeep(let limit):
            return Diagnostic(
                .error, code: "camt.too-deep", at: location,
                "elements nested deeper than \(limit) elements; expected <Stmt>, <Rpt> or <Ntfctn> two levels below <Document>",
                notes: ["reading stopped here; no bank's CAMT nests this deep: is this the right file?"])
        case .textTooLong(let limit):
            return Diagnostic(
                .error, code: "camt.text-too-long", at: location, "element text longer than \(ByteCountText.describe(limit)); skipped",
                notes: ["no bank writes values this long; is this the right file?"])
        }
    }
}
