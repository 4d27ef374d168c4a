import FinanceCore

/// Problems in Norma 43 files, as data; `diagnostic(at:)` gives the wording.
enum Norma43Issue {
    case empty
    case binary(offset: Int)
    /// No account header in the whole file; the file's display name for the note.
    case noAccount(file: String)
    /// A field that does not hold what its record layout says; `record` is `record 22`, and
    /// `consequence` what pfin did.
    case badField(record: String, Norma43Field, found: String, consequence: String)
    case unknownRecord(found: String)
    /// A record where it cannot stand: `what` names it, `expected` says what must come first.
    case outOfPlace(what: String, expected: String)
    case unknownCurrency(numeric: String, assumed: CurrencyCode?)
    case otherAccount(header: String, end: String)
    case totalsMismatch(account: String, counted: Totals, read: Totals, skipped: Int)
    case balanceMismatch(account: String, initial: Money, movements: Int, sum: Money, final: Money, expected: Money, skipped: Int)
    case recordCount(counted: Int, read: Int)
    /// An account without its end record: at the end of the file, or before the next header.
    case truncated(account: String, headerLine: Int, atEnd: Bool)
    case noFileEnd
    case overlongLine(limit: Int)
    case tooManyConcepts(limit: Int, movementLine: Int)

    /// Record 33's or the movements' debits and credits: counts and totals, in cents.
    struct Totals: Equatable {
        var debits = 0
        var debitCents: Int64 = 0
        var credits = 0
        var creditCents: Int64 = 0
    }

    var code: String {
        switch self {
        case .empty: return "norma43.empty"
        case .binary: return "norma43.binary"
        case .noAccount: return "norma43.no-account"
        case .badField: return "norma43.bad-field"
        case .unknownRecord: return "norma43.unknown-record"
        case .outOfPlace: return "norma43.out-of-place"
        case .unknownCurrency: return "norma43.unknown-currency"
        case .otherAccount: return "norma43.other-account"
        case .totalsMismatch: return "norma43.totals-mismatch"
        case .balanceMismatch: return "norma43.balance-mismatch"
        case .recordCount: return "norma43.record-count"
        case .truncated: return "norma43.truncated"
        case .noFileEnd: return "norma43.no-file-end"
        case .overlongLine: return "norma43.overlong-line"
        case .tooManyConcepts: return "norma43.too-many-concepts"
        }
    }

    func diagnostic(at location: SourceLocation) -> Diagnostic {
        switch self {
        case .empty:
            return Diagnostic(.error, code: code, at: location, "the file is empty; expected a Norma 43 (AEB Cuaderno 43) statement")
        case .binary(let offset):
            return Diagnostic(
                .error, code: code, at: location,
                "this looks like a binary file (a NUL byte at offset \(offset)), not a Norma 43 statement; expected text",
                notes: ["download the statement from your bank as Norma 43 (Cuaderno 43, .n43 or .txt), or pass --from with the right format"])
        case .noAccount(let file):
            return Diagnostic(
                .error, code: code, at: location,
                "no Norma 43 account header found; expected 80-column records starting 11 (account), 22 (movement), 33 and 88",
                notes: ["check that this is the bank's Norma 43 (Cuaderno 43) download", Diagnostic.identifyNote(file)])
        case .badField(let record, let field, let found, let consequence):
            return Diagnostic(
                .error, code: code, at: location,
                "\(field.name) (\(record), \(field.columns)): expected \(field.expectation), found \(found)",
                notes: [consequence])
        case .unknownRecord(let found):
            return Diagnostic(
                .error, code: code, at: location,
                "expected a Norma 43 record code (11, 22, 23, 24, 33 or 88) in columns 1–2, found '\(found)'",
                notes: ["the line was skipped"])
        case .outOfPlace(let what, let expected):
            return Diagnostic(
                .error, code: code, at: location, "\(what) before \(expected); skipped",
                notes: ["the file's records are out of order or some are missing; download the statement again"])
        case .unknownCurrency(let numeric, let assumed):
            let note =
                assumed.map { "its amounts were read in \($0) as --currency says" }
                ?? "its amounts have no currency; pass --currency (such as --currency EUR) to set one"
            return Diagnostic(
                .warning, code: code, at: location,
                "currency code \(numeric) in columns 48–50 of the account header is not an ISO 4217 numeric code pfin knows",
                notes: [note])
        case .otherAccount(let header, let end):
            return Diagnostic(
                .warning, code: code, at: location,
                "the account end record (33) names account \(end), but its header (11) names \(header); read as \(header)",
                notes: ["the file may have been edited or put together from several files"])
        case .totalsMismatch(let account, let counted, let read, let skipped):
            func describe(_ t: Totals) -> String {
                "\(t.debits) \(t.debits == 1 ? "debit" : "debits") totalling \(Self.cents(t.debitCents)) and "
                    + "\(t.credits) \(t.credits == 1 ? "credit" : "credits") totalling \(Self.cents(t.creditCents))"
            }
            return Diagnostic(
                .warning, code: code, at: location,
                "account \(account): the account end record (33) counts \(describe(counted)), but the file's movements are \(describe(read))",
                notes: [Self.missingNote(skipped)])
        case .balanceMismatch(let account, let initial, let movements, let sum, let final, let expected, let skipped):
            let signed = sum.isNegative ? sum.decimalString : "+" + sum.decimalString
            return Diagnostic(
                .warning, code: code, at: location,
                "account \(account): the initial balance \(initial) and the \(movements) \(movements == 1 ? "movement" : "movements") "
                    + "(\(signed)) give \(expected), but the final balance (record 33) is \(final)",
                notes: [Self.missingNote(skipped)])
        case .recordCount(let counted, let read):
            return Diagnostic(
                .warning, code: code, at: location,
                "the end-of-file record (88) counts \(Plural.count(counted, "record")), but the file has \(read) before it",
                notes: ["records may be missing from the file, or it was edited; compare it with the bank's statement"])
        case .truncated(let account, let line, let atEnd):
            return Diagnostic(
                .warning, code: code, at: location,
                atEnd
                    ? "the file ends inside account \(account) (its header is at line \(line)), before its end record (33)"
                    : "account \(account) (its header is at line \(line)) has no end record (33) before the next account header",
                notes: ["the file may have been cut short; its balances were not checked; download the statement again"])
        case .noFileEnd:
            return Diagnostic(
                .warning, code: code, at: location, "the file has no end-of-file record (88)",
                notes: ["the file may have been cut short; download the statement again"])
        case .tooManyConcepts(let limit, let line):
            return Diagnostic(
                .error, code: code, at: location,
                "the movement at line \(line) already has \(limit) complementary concept records (23); this one was skipped",
                notes: ["Norma 43 allows five; is this the right file?"])
        case .overlongLine(let limit):
            return Diagnostic(
                .error, code: code, at: location,
                "line longer than \(ByteCountText.describe(limit)); expected an 80-column Norma 43 record, skipped to the end of the line",
                notes: ["check that this is the Norma 43 download and not another kind of file"])
        }
    }

    /// `1234.56` for 123456 cents.
    static func cents(_ value: Int64) -> String { Money(units: value, scale: 2).decimalString }

    private static func missingNote(_ skipped: Int) -> String {
        skipped > 0
            ? "\(skipped) \(skipped == 1 ? "movement was" : "movements were") skipped for errors (see above); fix or download the file again"
            : "a movement may be missing from the file, or the file was edited; compare it with the bank's statement"
    }
}
