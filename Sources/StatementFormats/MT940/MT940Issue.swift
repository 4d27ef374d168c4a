import FinanceCore

/// Problems in MT940 files, as data; `diagnostic(at:)` gives the wording.
enum MT940Issue {
    case empty
    case binary(offset: Int)
    case notMT940
    case badStatementLine(MT940StatementLine.Problem)
    case badBalance(tag: String, MT940Balance.Problem)
    case unknownCurrency(missing: String, assumed: CurrencyCode?)
    case balanceMismatch(opening: Money, lines: Int, total: Money, closing: Money, expected: Money)
    case truncated
    case strayText
    case overlongLine(limit: Int)
    case overlongField(limit: Int)
    case invalidUTF8
    case singleByteText
    case badTotal(tag: String, text: String)
    case totalsMismatch(tag: String, stated: MT942Fields.Total, counted: MT942Fields.Total)

    var code: String {
        switch self {
        case .empty: return "mt940.empty"
        case .binary: return "mt940.binary"
        case .notMT940: return "mt940.not-mt940"
        case .badStatementLine: return "mt940.bad-statement-line"
        case .badBalance: return "mt940.bad-balance"
        case .unknownCurrency: return "mt940.unknown-currency"
        case .balanceMismatch: return "mt940.balance-mismatch"
        case .truncated: return "mt940.truncated"
        case .strayText: return "mt940.stray-text"
        case .overlongLine: return "mt940.overlong-line"
        case .overlongField: return "mt940.overlong-field"
        case .invalidUTF8: return "mt940.invalid-utf8"
        case .singleByteText: return "mt940.encoding"
        case .badTotal: return "mt940.bad-total"
        case .totalsMismatch: return "mt940.totals-mismatch"
        }
    }

    func diagnostic(at location: SourceLocation) -> Diagnostic {
        // The note of every problem that stops the whole file from being read.
        let identify = Diagnostic.identifyNote(location.file)
        switch self {
        case .empty:
            return Diagnostic(.error, code: code, at: location, "the file is empty; expected an MT940 statement", notes: [identify])
        case .binary(let offset):
            return Diagnostic(
                .error, code: code, at: location,
                "this looks like a binary file (a NUL byte at offset \(offset)), not an MT940 statement; expected text",
                notes: ["export the statement from your bank as MT940 (.sta), or pass --from with the right format", identify])
        case .notMT940:
            return Diagnostic(
                .error, code: code, at: location,
                "no MT940 field found; expected lines such as ':20:', ':25:', ':60F:' and ':61:'",
                notes: ["check that this is the bank's MT940 (.sta) export, or pass --from with the right format", identify])
        case .badStatementLine(let problem):
            let what: String
            switch problem.kind {
            case .valueDate: what = "a value date YYMMDD (like 240315)"
            case .entryDate: what = "an entry date MMDD after the value date (like 0315)"
            case .mark: what = "a debit/credit mark C, D, RC or RD"
            case .amount: what = "an amount with a decimal comma (like 1234,56)"
            }
            return Diagnostic(
                .error, code: code, at: location, "expected \(what) in the :61: statement line, found '\(problem.text)'",
                notes: ["the transaction was skipped; a :61: line reads like '2403150315D1234,56NTRFNONREF//BANKREF'"])
        case .badBalance(let tag, let problem):
            let what: String
            switch problem.kind {
            case .mark: what = "a debit/credit mark C or D"
            case .date: what = "a date YYMMDD"
            case .currency: what = "an ISO 4217 currency code such as EUR"
            case .amount: what = "an amount with a decimal comma (like 1234,56)"
            }
            return Diagnostic(
                .error, code: code, at: location, "expected \(what) in the :\(tag): balance, found '\(problem.text)'",
                notes: ["a balance reads like 'C240315EUR1234,56'; the balance was ignored"])
        case .unknownCurrency(let missing, let assumed):
            let note =
                assumed.map { "its amounts were read in \($0) as --currency says" }
                ?? "its amounts have no currency; pass --currency (such as --currency EUR) to set one"
            return Diagnostic(
                .warning, code: code, at: location,
                "statement line before \(missing) of its statement, so its currency is unknown", notes: [note])
        case .balanceMismatch(let opening, let lines, let total, let closing, let expected):
            let signed = total.isNegative ? total.decimalString : "+" + total.decimalString
            let counted = lines == 1 ? "1 statement line" : "\(lines) statement lines"
            return Diagnostic(
                .warning, code: code, at: location,
                "the closing balance \(closing) does not match the opening balance \(opening) and the \(counted) (\(signed)): expected \(expected)",
                notes: ["a statement line may be missing from the export, or the file was edited; compare it with the bank's statement"])
        case .truncated:
            return Diagnostic(
                .warning, code: code, at: location,
                "the file ends inside a statement, before its closing balance (:62F:)",
                notes: ["the file may have been cut short; download the statement again"])
        case .strayText:
            return Diagnostic(
                .warning, code: code, at: location,
                "text outside any field was ignored; expected a field such as ':61:' or a '-' line ending a message")
        case .overlongLine(let limit):
            return Diagnostic(
                .error, code: code, at: location,
                "line longer than \(ByteCountText.describe(limit)); expected an MT940 field, skipped to the end of the line",
                notes: ["check that this is the MT940 export and not another kind of file"])
        case .overlongField(let limit):
            return Diagnostic(
                .warning, code: code, at: location,
                "field longer than \(ByteCountText.describe(limit)); the rest of it was ignored")
        case .singleByteText:
            return Diagnostic(
                .warning, code: code, at: location,
                "this text is not UTF-8 as the start of the file is; it and any like it were read as Windows-1252 (ISO 8859-1)",
                notes: ["check the accented letters of this file's names and memos"])
        case .badTotal(let tag, let text):
            return Diagnostic(
                .error, code: code, at: location,
                "expected a number of entries, a currency and a sum (like 2EUR115,50) in the :\(tag): total, found '\(text)'",
                notes: ["the total was ignored; the report's statement lines were still read"])
        case .totalsMismatch(let tag, let stated, let counted):
            let kind = tag == "90D" ? "debit" : "credit"
            func entries(_ n: Int?, _ sum: Money) -> String {
                guard let n else { return "\(kind) entries of \(sum)" }
                return n == 1 ? "1 \(kind) entry of \(sum)" : "\(n) \(kind) entries of \(sum)"
            }
            return Diagnostic(
                .warning, code: code, at: location,
                "the :\(tag): total is \(entries(stated.count, stated.sum)), but the report's statement lines are \(entries(counted.count, counted.sum))",
                notes: ["a statement line may be missing from the report, or the file was edited; compare it with the bank's report"])
        case .invalidUTF8:
            return Diagnostic(
                .warning, code: code, at: location,
                "text is not valid UTF-8; the bad bytes were replaced with U+FFFD",
                notes: ["MT940 files are usually ISO 8859-1 or Windows-1252; a file that mixes encodings cannot be read cleanly"])
        }
    }
}
