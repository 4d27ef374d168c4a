import FinanceCore

/// Problems in CAMT.053 files, as data; `diagnostic(at:)` gives the wording. `path` is the
/// element's path from the root, such as `Document/BkToCstmrStmt/Stmt/Ntry[4]/Amt`.
enum CAMTIssue {
    case syntax(XMLProblem)
    case empty
    case notStatement(String)
    case utf16
    case unknownNamespace(String)
    case badAmount(path: String, text: String)
    case badIndicator(path: String, text: String)
    case badDate(path: String, text: String)
    case missing(path: String, element: String)
    case notBooked(path: String, status: String)
    case batchSum(path: String, count: Int, sum: Money, entry: Money)
    case batchWithoutAmounts(path: String, count: Int)
    case balanceMismatch(path: String, opening: Money, booked: Money, closing: Money, skipped: Int)

    func diagnostic(at location: SourceLocation) -> Diagnostic {
        switch self {
        case .syntax(let problem): return syntax(problem, at: location)
        case .empty:
            return Diagnostic(.error, code: "camt.empty", at: location, "the file is empty; expected a CAMT.053 statement")
        case .notStatement(let what):
            return Diagnostic(.error, code: "camt.not-camt053", at: location, "this is \(what), not a CAMT.053 bank-to-customer statement",
                              notes: ["pfin reads camt.053 statements (<BkToCstmrStmt>); download the account statement in camt.053 format"])
        case .utf16:
            return Diagnostic(.error, code: "camt.utf16", at: location, "the file is UTF-16 text; expected a CAMT.053 statement in UTF-8",
                              notes: ["banks send CAMT.053 as UTF-8; download the file again, or save it as UTF-8"])
        case .unknownNamespace(let namespace):
            return Diagnostic(.warning, code: "camt.unknown-version", at: location,
                              "unknown CAMT.053 namespace \"\(namespace)\"; read as camt.053.001.08",
                              notes: ["pfin knows camt.053.001.02 to .08; check the activities, and report the file's version if some are wrong"])
        case .badAmount(let path, let text):
            return Diagnostic(.error, code: "camt.bad-amount", at: location, "\(path): expected a decimal amount like 12.50, found \"\(text)\"",
                              notes: ["ISO 20022 amounts have a '.' before the decimals, no sign and no grouping; the entry was skipped"])
        case .badIndicator(let path, let text):
            return Diagnostic(.error, code: "camt.bad-indicator", at: location, "\(path): expected CRDT or DBIT, found \"\(text)\"",
                              notes: ["the entry was skipped: without the direction its sign is unknown"])
        case .badDate(let path, let text):
            return Diagnostic(.error, code: "camt.bad-date", at: location, "\(path): expected a date like 2024-05-03, found \"\(text)\"",
                              notes: ["the entry was skipped"])
        case .missing(let path, let element):
            return Diagnostic(.error, code: "camt.missing-element", at: location, "\(path) has no <\(element)>",
                              notes: ["the entry was skipped; the bank's file is incomplete"])
        case .notBooked(let path, let status):
            return Diagnostic(.warning, code: "camt.not-booked", at: location, "\(path) is not booked (status \(status)); skipped",
                              notes: ["pending and information-only entries are not on the account yet; the bank lists them as booked in a later statement"])
        case .batchSum(let path, let count, let sum, let entry):
            return Diagnostic(.warning, code: "camt.batch-sum", at: location,
                              "\(path): the \(count) <TxDtls> amounts add up to \(sum.decimalString), but the entry amount is \(entry.decimalString)",
                              notes: ["each transaction was read with its own amount; the entry amount is what the bank booked"])
        case .batchWithoutAmounts(let path, let count):
            return Diagnostic(.warning, code: "camt.batch-without-amounts", at: location,
                              "\(path): none of the \(count) <TxDtls> of this batched entry has an amount; read as one activity",
                              notes: ["the bank lists the batch's transactions without their amounts, so they cannot be told apart"])
        case .balanceMismatch(let path, let opening, let booked, let closing, let skipped):
            let expected = opening.adding(booked).map(\.decimalString) ?? "?"
            return Diagnostic(.warning, code: "camt.balance-mismatch", at: location,
                              "\(path): opening balance \(opening.decimalString) + booked entries \(booked.decimalString) = \(expected), "
                                  + "but the closing balance is \(closing.decimalString)",
                              notes: [skipped > 0 ? "\(skipped) \(skipped == 1 ? "entry was" : "entries were") skipped for errors (see above); fix or re-download the file"
                                  : "entries are missing from the file; compare with the bank's statement"])
        }
    }

    private func syntax(_ problem: XMLProblem, at location: SourceLocation) -> Diagnostic {
        switch problem.kind {
        case .malformed(let message):
            return Diagnostic(.error, code: "camt.xml", at: location, "malformed CAMT.053 XML: \(message)",
                              notes: problem.isFatal ? ["reading stopped here; entries before this point were read"] : [])
        case .forbidden(let what):
            return Diagnostic(.error, code: "camt.forbidden", at: location, "\(what) is not allowed in CAMT.053 and is not read",
                              notes: ["CAMT.053 files carry no DOCTYPE or entity declarations; this file may be crafted to attack XML parsers"])
        case .textTooLong(let limit):
            return Diagnostic(.error, code: "camt.text-too-long", at: location, "element text longer than \(ByteCountText.describe(limit)); skipped",
                              notes: ["no bank writes values this long; is this the right file?"])
        }
    }
}
