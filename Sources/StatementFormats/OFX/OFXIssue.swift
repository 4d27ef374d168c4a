import FinanceCore

/// Problems in OFX files, as data; `diagnostic(at:)` gives the wording.
enum OFXIssue {
    case syntax(OFXSyntaxProblem)
    case missing(String)
    case badDate(String, element: String)
    case badAmount(String)
    case status(code: Int, severity: String, message: String?, scope: String, isError: Bool)
    case notOFX
    case noStatement
    /// An account list (`<ACCTINFORS>`, the answer to a sign-up request) and no statement.
    case accountList
    /// Investment transactions of one `INVTRANLIST` other than `INVBANKTRAN`.
    case skippedInvestments(Int)
    /// `LEDGERBAL`'s `DTASOF` more than a week after the statement's `DTEND`.
    case balanceAfterStatement(asOf: LocalDate, end: LocalDate)
    /// A transaction's `CURRENCY` differs from the statement's `CURDEF` and has no usable `CURRATE`.
    case currencyWithoutRate(CurrencyCode, account: CurrencyCode)

    func diagnostic(at location: SourceLocation) -> Diagnostic {
        switch self {
        case .syntax(let problem):
            return syntaxDiagnostic(problem, at: location)
        case .missing(let element):
            return Diagnostic(
                .error, code: "ofx.missing-element", at: location,
                "transaction has no <\(element)>; expected one in every <STMTTRN>",
                notes: ["the transaction was skipped; the bank's file is incomplete"])
        case .badDate(let text, let element):
            return Diagnostic(
                .error, code: "ofx.bad-date", at: location,
                "expected a date such as 20240503 or 20240503120000.000[-5:EST] in <\(element)>, found '\(text)'")
        case .badAmount(let text):
            return Diagnostic(
                .error, code: "ofx.bad-amount", at: location,
                "expected an amount such as -54.20 in <TRNAMT>, found '\(text)'")
        case .status(let code, let severity, let message, let scope, let isError):
            let detail = message.map { ": \($0)" } ?? ""
            return Diagnostic(
                isError ? .error : .warning, code: "ofx.status", at: location,
                "the bank reported \(severity.lowercased()) \(code) for this \(scope)\(detail)",
                notes: isError ? ["transactions the file does carry were still read; download the statement again if some are missing"] : [])
        case .noStatement:
            return Diagnostic(
                .error, code: "ofx.no-statement", at: location,
                "no statement found; expected <STMTRS>, <CCSTMTRS> or <INVSTMTRS> with the account's transactions",
                notes: ["the file holds no transactions: download the statement again, choosing a date range"])
        case .accountList:
            return Diagnostic(
                .error, code: "ofx.no-statement", at: location,
                "this is an account list (<ACCTINFORS>), not a statement: it names the accounts, with no transactions",
                notes: ["download the statement of one of those accounts (the bank's 'Download transactions' or 'Export' page), choosing a date range"])
        case .skippedInvestments(let count):
            return Diagnostic(
                .warning, code: "ofx.skipped-investment-transactions", at: location,
                "\(count) investment \(count == 1 ? "transaction" : "transactions") (trades, income, reinvestments: "
                    + "<BUYSTOCK>, <INCOME>, <REINVEST>…) not read; pfin reads an investment statement's cash lines (<INVBANKTRAN>) only",
                notes: ["the cash they moved is not among the transactions read; a portfolio tool reads trades"])
        case .balanceAfterStatement(let asOf, let end):
            return Diagnostic(
                .warning, code: "ofx.balance-after-statement", at: location,
                "the ledger balance is dated \(asOf), more than a week after the statement's end (\(end)): it counts "
                    + "transactions this file does not list, so it is not used as the statement's closing balance",
                notes: [
                    "banks give today's balance with a past period's transactions; download the statement up to today to have its balance checked"
                ])
        case .currencyWithoutRate(let code, let account):
            return Diagnostic(
                .warning, code: "ofx.currency-without-rate", at: location,
                "transactions in \(code) (<CURRENCY>) on a \(account) statement state no exchange rate (<CURRATE>): "
                    + "they are read in \(code), as stated, and the amount charged in \(account) is not known",
                notes: ["the statement's \(account) balance will not add up without those charges; the bank's other exports may state them"])
        case .notOFX:
            return Diagnostic(
                .error, code: "ofx.not-ofx", at: location,
                "this is not an OFX file; expected an OFXHEADER block, an <?xml …?><?OFX …?> header or <OFX>",
                notes: ["leave out --from to let pfin detect the format"])
        }
    }

    private func syntaxDiagnostic(_ problem: OFXSyntaxProblem, at location: SourceLocation) -> Diagnostic {
        switch problem.kind {
        case .unterminatedTag:
            return Diagnostic(.error, code: "ofx.unterminated-tag", at: location, "tag is not closed; expected '>'")
        case .unexpectedEndTag(let name):
            return Diagnostic(
                .error, code: "ofx.unbalanced", at: location,
                "end tag </\(name)> has no matching <\(name)>; ignored",
                notes: ["the file's tags are unbalanced; the elements around it were read as well as possible"])
        case .strayEndTag(let name):
            return OFXLeniency.strayEndTags(count: 1, first: name).diagnostic(at: location, options: ReadOptions())
        case .truncated(let name, let line):
            return Diagnostic(
                .error, code: "ofx.truncated", at: location,
                "the file ends inside <\(name)> (opened on line \(line)); expected </\(name)>",
                notes: ["the file is cut short: transactions before this point were read, the rest is missing"])
        case .textTooLong(let limit):
            return Diagnostic(
                .error, code: "ofx.text-too-long", at: location,
                "element text longer than \(ByteCountText.describe(limit)); skipped",
                notes: ["no bank writes values this long; is this the right file?"])
        case .xml(let message):
            return Diagnostic(
                .error, code: "ofx.xml", at: location, "malformed OFX 2.x XML: \(message)",
                notes: problem.isFatal ? ["reading stopped here; transactions before this point were read"] : [])
        case .tooDeep(let limit):
            return Diagnostic(
                .error, code: "ofx.too-deep", at: location,
                "elements nested deeper than \(limit) elements; expected a statement (<STMTRS>, <CCSTMTRS>) a few levels below <OFX>",
                notes: ["reading stopped here; no bank's OFX nests this deep: is this the right file?"])
        case .notUTF8(let element, let bytes, let declared):
            return OFXLeniency.notUTF8(element: element, bytes: bytes, declared: declared).diagnostic(at: location, options: ReadOptions())
        case .forbidden(let what):
            return Diagnostic(
                .error, code: "ofx.forbidden", at: location, "\(what) is not allowed in OFX and is not read",
                notes: ["OFX 2.x files carry no DOCTYPE or entity declarations; this file may be crafted to attack XML parsers"])
        }
    }
}
