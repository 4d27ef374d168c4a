import FinanceCore

/// Problems in CSV rows, as data; `diagnostic(file:)` gives the wording.
enum CSVIssue {
    case unterminatedQuote
    case overlongRecord(limit: Int)
    /// `inTable`: a row of the table, skipped; otherwise one of the first rows, why no table was
    /// found. `found` is a lower bound when the row runs past what detection looked at.
    case tooManyFields(found: Int, limit: Int, delimiter: UInt8, inTable: Bool, atLeast: Bool = false)
    case raggedRow(expected: Int, found: Int, headerLine: Int?, delimiter: UInt8)
    case badDate(text: String, format: DateFormat)
    case badAmount(text: String, column: String, decimalMark: UInt8, failure: AmountParseFailure)
    /// A row with neither a debit nor a credit: the names of the columns the file has (one may be
    /// missing, a file with a money-in column only).
    case noAmount(debit: String?, credit: String?)
    /// A row of a file with one amount column per currency (RBC's `CAD$` and `USD$`) that fills
    /// none of them, or more than one: the columns' names, and each filled one's name and text.
    case currencyAmounts(columns: [String], filled: [(column: String, text: String)])
    case badDirection(text: String, column: String)
    case badCurrency(text: String)
    case invalidUTF8
    /// Byte sequences of a multi-byte encoding's file that are no characters of it.
    case invalidBytes(TextEncoding, count: Int)
    /// The file's encoding cannot be decoded here (glibc has no converter for it).
    case encodingUnavailable(TextEncoding, reason: String)
    case badID(text: String)
    case badType(text: String)
    case badSource(text: String)
    /// A row naming the accounts on both sides (Firefly III's) where neither is the user's.
    case noOwnSide(source: String, sourceKind: String?, destination: String, destinationKind: String?, type: String?)

    var code: String {
        switch self {
        case .unterminatedQuote: return "csv.unterminated-quote"
        case .overlongRecord: return "csv.overlong-record"
        case .tooManyFields: return "csv.too-many-fields"
        case .raggedRow: return "csv.ragged-row"
        case .badDate: return "csv.bad-date"
        case .badAmount, .noAmount, .currencyAmounts, .badDirection: return "csv.bad-amount"
        case .badCurrency: return "csv.bad-currency"
        case .invalidUTF8: return "csv.invalid-utf8"
        case .invalidBytes: return "csv.invalid-bytes"
        case .encodingUnavailable: return "csv.encoding-unavailable"
        case .badID: return "csv.bad-id"
        case .badType: return "csv.bad-type"
        case .badSource: return "csv.bad-source"
        case .noOwnSide: return "csv.no-own-account"
        }
    }

    func diagnostic(at location: SourceLocation) -> Diagnostic {
        let example = LocalDate(year: 2024, month: 5, day: 3)!
        switch self {
        case .unterminatedQuote:
            return Diagnostic(
                .error, code: code, at: location,
                "unterminated quoted field; expected a closing '\"' before the end of the file",
                notes: ["reading resumed on the next line; a field that opens with '\"' must close with '\"' (write \"\" for a quote inside it)"])
        case .overlongRecord(let limit):
            return Diagnostic(
                .error, code: code, at: location,
                "line longer than \(ByteCountText.describe(limit)); expected a bank export row, skipped to the end of the line",
                notes: ["check that this is the CSV export and not another kind of file"])
        case .tooManyFields(let found, let limit, let delimiter, let inTable, let atLeast):
            let d = Self.delimiterName(delimiter)
            return Diagnostic(
                .error, code: code, at: location,
                "this row has \(atLeast ? "at least " : "")\(found) fields separated by \(d), far more than any statement's rows (pfin reads up to \(limit)); \(inTable ? "the row was skipped" : "no table of transactions found")",
                notes: ["check that this is the CSV export and not another kind of file; a field that contains \(d) must be quoted"])
        case .raggedRow(let expected, let found, let headerLine, let delimiter):
            let against = headerLine.map { "as in the header on line \($0)" } ?? "as in the first row"
            let d = Self.delimiterName(delimiter)
            return Diagnostic(
                .error, code: code, at: location, "expected \(expected) fields \(against), found \(found)",
                notes: ["a field that contains the delimiter \(d) must be quoted; check this row for a missing or extra \(d)"])
        case .badDate(let text, let format):
            return Diagnostic(
                .error, code: code, at: location,
                "expected a date in the layout \(format.pattern) (like \(format.render(example))), found '\(text)'",
                notes: ["if the file's dates use another layout, pass --date-format (or put 'date-format …' in a profile)"])
        case .badAmount(let text, let column, let mark, let failure):
            let like = mark == UInt8(ascii: ",") ? "-1.234,56" : "-1,234.56"
            let what = failure == .tooLarge ? "an amount of at most 18 digits" : "an amount like \(like)"
            return Diagnostic(
                .error, code: code, at: location,
                "expected \(what) in column '\(column)', found '\(text)'",
                notes: [
                    failure == .tooLarge
                        ? "no bank writes amounts this large; is this the right column?"
                        : "the decimal mark of this file was read as '\(String(UnicodeScalar(mark)))'; put 'decimal-mark …' in a profile if that is wrong"
                ])
        case .noAmount(let debit, let credit):
            let named = [debit, credit].compactMap { $0 }
            return Diagnostic(
                .error, code: code, at: location,
                named.count == 1
                    ? "expected an amount in column '\(named[0])', found it empty"
                    : "expected an amount in '\(named.first ?? "debit")' or '\(named.last ?? "credit")', found both empty")
        case .currencyAmounts(let columns, let filled):
            let quoted = columns.map { "'\($0)'" }
            let named = quoted.count <= 2 ? quoted.joined(separator: " or ") : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
            let found =
                filled.isEmpty
                ? (columns.count == 2 ? "both empty" : "all empty")
                : filled.map { "'\($0.text)' in '\($0.column)'" }.joined(separator: " and ")
            return Diagnostic(
                .error, code: code, at: location, "expected an amount in one of \(named), found \(found)",
                notes: [
                    "each of these columns holds the amounts in the currency its header names, and each row fills the column of its account's currency; the row was skipped"
                ])
        case .badDirection(let text, let column):
            return Diagnostic(
                .error, code: code, at: location,
                "expected a debit/credit mark in column '\(column)' (such as D/C, S/H, Af/Bij, DR/CR), found '\(text)'")
        case .badCurrency(let text):
            return Diagnostic(
                .error, code: code, at: location,
                "expected an ISO 4217 currency code such as EUR, found '\(text)'")
        case .badID(let text):
            return Diagnostic(
                .error, code: code, at: location, "expected a transaction id of 16 hex digits in column 'id', found '\(text)'",
                notes: ["this column holds the ids pfin writes; leave the cell empty for pfin to compute the id"])
        case .badType(let text):
            return Diagnostic(
                .error, code: code, at: location, "expected 'income', 'expense' or 'transfer' in column 'type', found '\(text)'",
                notes: ["leave the cell empty for the type to follow the amount's sign"])
        case .badSource(let text):
            return Diagnostic(
                .error, code: code, at: location, "expected FILE:LINE in column 'source', found '\(text)'",
                notes: ["this column says where pfin first read the transaction; leave the cell empty to use this file's line"])
        case .noOwnSide(let source, let sourceKind, let destination, let destinationKind, let type):
            func side(_ name: String, _ kind: String?) -> String { "'\(name)'" + (kind.map { " (\($0))" } ?? "") }
            return Diagnostic(
                .error, code: code, at: location,
                "neither side of this row is one of your accounts: from \(side(source, sourceKind)) to \(side(destination, destinationKind))"
                    + (type.map { ", type '\($0)'" } ?? ""),
                notes: [
                    "a row is read on the side whose kind is yours (Asset account, Default account, Loan, Debt, Mortgage, Credit card); without the kinds, a Withdrawal on its source, a Deposit on its destination"
                ])
        case .invalidUTF8:
            return Diagnostic(
                .warning, code: code, at: location,
                "text is not valid UTF-8; the bad bytes were replaced with U+FFFD",
                notes: ["if the file is in another encoding, pass a profile with 'encoding windows-1252' (or the right one)"])
        case .invalidBytes(let encoding, let count):
            return Diagnostic(
                .warning, code: code, at: location,
                "\(count) byte \(count == 1 ? "sequence that is" : "sequences that are") not \(encoding.name) replaced with U+FFFD",
                notes: ["if the file is in another encoding, pass a profile with 'encoding …' naming it"])
        case .encodingUnavailable(let encoding, let reason):
            return Diagnostic(
                .error, code: code, at: location, "cannot decode \(encoding.name) on this machine: \(reason)",
                notes: [
                    "install glibc's gconv modules (on Debian and Ubuntu they come with the libc6 package), or convert the file to UTF-8 first: 'iconv -f \(encoding.iconvName ?? encoding.name) -t UTF-8 FILE'"
                ])
        }
    }

    /// A delimiter as messages name it: `tab`, or the character in quotes (`';'`).
    static func delimiterName(_ delimiter: UInt8) -> String {
        delimiter == 0x09 ? "tab" : "'\(String(UnicodeScalar(delimiter)))'"
    }
}
