import FinanceCore

/// A problem in one line of a JSON Lines file, as data, with the byte offset in the line it
/// concerns; the reader turns the offset into a column.
struct JSONLinesProblem: Error {
    var issue: JSONLinesIssue
    var offset: Int
}

/// Problems in JSON Lines records; `diagnostic(at:)` gives the wording. Each `found` is already
/// described for a reader of the message: `'x'`, `null`, `the number 12`, `the end of the line`.
enum JSONLinesIssue: Error, Equatable {
    // The line's bytes and JSON syntax.
    case overlongLine(limit: Int)
    case nul
    case invalidUTF8(byte: UInt8)
    case notAnObject(found: String)
    case expectedKey(found: String)
    case expectedColon(key: String, found: String)
    case expectedValue(found: String)
    case expectedSeparator(closing: Character, found: String)
    case badNumber(found: String)
    case trailingText(found: String)
    case unterminatedString
    case badEscape(found: String)
    case badUnicodeEscape(found: String)
    case unpairedSurrogate(escape: String)
    case controlCharacter(UInt8)
    case tooDeep(limit: Int)
    case duplicateKey(JSONLinesField)
    // The record's fields.
    case missing(JSONLinesField)
    case badDate(found: String)
    case badAmount(found: String, failure: DecimalTextFailure)
    case badCurrency(found: String)
    case badType(found: String)
    case notText(JSONLinesField, found: String)
    /// A bad `originalAmount`, `originalCurrency` or `exchangeRate`.
    case badOriginal(JSONLinesField, found: String)
    /// `originalAmount` or `exchangeRate` without `originalCurrency`.
    case originalWithoutCurrency(JSONLinesField)

    var code: String {
        switch self {
        case .overlongLine: return "jsonl.overlong-line"
        case .nul: return "jsonl.nul"
        case .invalidUTF8: return "jsonl.invalid-utf8"
        case .duplicateKey: return "jsonl.duplicate-key"
        case .missing: return "jsonl.missing-field"
        case .badDate: return "jsonl.bad-date"
        case .badAmount: return "jsonl.bad-amount"
        case .badCurrency: return "jsonl.bad-currency"
        case .badType: return "jsonl.bad-type"
        case .notText: return "jsonl.bad-value"
        case .badOriginal: return "jsonl.bad-original-amount"
        case .originalWithoutCurrency: return "jsonl.missing-field"
        default: return "jsonl.syntax"
        }
    }

    static let exampleRecord = #"{"date":"2024-05-03","amount":"-54.20","name":"Coffee"}"#

    func diagnostic(at location: SourceLocation) -> Diagnostic {
        let (message, note) = wording
        return Diagnostic(.error, code: code, at: location, message, notes: [note])
    }

    private var wording: (String, String) {
        switch self {
        case .overlongLine(let limit):
            return (
                "line longer than \(ByteCountText.describe(limit)); expected one transaction per line, skipped to the end of the line",
                "check that this is JSON Lines (one object per line) and not a JSON array or another kind of file"
            )
        case .nul:
            return (
                "expected JSON text, found a NUL byte",
                "this looks like a binary or UTF-16 file; JSON Lines are UTF-8 text"
            )
        case .invalidUTF8(let byte):
            return (
                "expected UTF-8 text, found the byte 0x\(Self.hex(byte)), which is not valid UTF-8",
                "JSON Lines are UTF-8; convert the file first, e.g. with 'iconv -f windows-1252 -t utf-8'"
            )
        case .notAnObject(let found):
            return (
                "expected a JSON object starting with '{', found \(found)",
                "each line holds one transaction as a JSON object, such as \(Self.exampleRecord)"
            )
        case .expectedKey(let found):
            return (
                "expected a key in double quotes, found \(found)",
                "keys are double-quoted (\"date\"), and JSON allows no ',' before '}'"
            )
        case .expectedColon(let key, let found):
            return (
                "expected ':' after the key \"\(key)\", found \(found)",
                "each member is written \"key\":value"
            )
        case .expectedValue(let found):
            return (
                "expected a value (a string, number, true, false, null, object or array), found \(found)",
                "text is written in double quotes, e.g. \"Coffee\""
            )
        case .expectedSeparator(let closing, let found):
            return (
                "expected ',' or '\(closing)' after a value, found \(found)",
                "check for a missing ',' or for a '\"' inside the string before it, which must be written \\\""
            )
        case .badNumber(let found):
            return (
                "expected a JSON number such as -54.20, found \(found)",
                "JSON numbers have no leading zeros, '+' or bare '.'; amounts are best written as strings, e.g. \"-54.20\""
            )
        case .trailingText(let found):
            return (
                "expected the end of the line after the object, found \(found)",
                "each line holds exactly one JSON object; put the next one on a line of its own"
            )
        case .unterminatedString:
            return (
                "unterminated string; expected a closing '\"' before the end of the line",
                "a '\"' inside a string is written \\\", and a line break \\n"
            )
        case .badEscape(let found):
            return (
                "expected an escape such as \\n, \\\" or \\u00e9 after '\\', found \(found)",
                "a backslash inside a string is written \\\\"
            )
        case .badUnicodeEscape(let found):
            return (
                "expected four hex digits after '\\u', found \(found)",
                "write the UTF-16 code unit as four hex digits, e.g. \\u00e9 for é"
            )
        case .unpairedSurrogate(let escape):
            return (
                "expected a UTF-16 surrogate pair such as \\ud83d\\ude00, found \(escape) alone",
                "a character beyond U+FFFF is escaped as two \\u escapes (high, then low), or written as UTF-8"
            )
        case .controlCharacter(let byte):
            return (
                "expected control characters in a string to be escaped, found a raw U+00\(Self.hex(byte))",
                "write them as escapes: \\t, \\n, \\r or \\u00\(Self.hex(byte).lowercased())"
            )
        case .tooDeep(let limit):
            return (
                "expected at most \(limit) levels of nested objects and arrays, found more",
                "pfin skips the values of keys it does not read, but still checks them; flatten them"
            )
        case .duplicateKey(let field):
            return (
                "expected each key once per record, found \"\(field.key)\" again",
                "remove one of the two; pfin does not guess which one is right"
            )
        case .missing(let field):
            return (
                "expected \"\(field.key)\" (\(Self.what(field))) in every record, found a record without it",
                "every record needs \"date\", \"amount\" and \"name\", as 'pfin convert --to jsonl' writes them"
            )
        case .badDate(let found):
            return (
                "expected a date YYYY-MM-DD in \"date\", found \(found)",
                "write the date as year-month-day with leading zeros, e.g. \"2024-05-03\""
            )
        case .badAmount(let found, .exponent):
            return (
                "expected a decimal amount like \"-54.20\" in \"amount\", found \(found), which has an exponent",
                "exponents are not read, so that amounts stay exact; write the amount out, e.g. \"1500.00\""
            )
        case .badAmount(let found, .tooLarge):
            return (
                "expected an amount of at most 18 digits in \"amount\", found \(found)",
                "no bank writes amounts this large; is this the right value?"
            )
        case .badAmount(let found, .malformed):
            return (
                "expected a decimal amount like \"-54.20\" in \"amount\", found \(found)",
                "write the amount with '.' as the decimal mark, no grouping and no currency, e.g. \"-1234.50\""
            )
        case .badCurrency(let found):
            return (
                "expected an ISO 4217 currency code such as \"EUR\", or null, in \"currency\", found \(found)",
                "write the three-letter code; null means unknown (then --currency applies)"
            )
        case .badOriginal(.originalCurrency, let found):
            return (
                "expected an ISO 4217 currency code such as \"USD\", or null, in \"originalCurrency\", found \(found)",
                "write the three-letter code of the currency the payment was made in"
            )
        case .badOriginal(.exchangeRate, let found):
            return (
                "expected a positive decimal rate like \"0.9225\" in \"exchangeRate\", found \(found)",
                "the rate is account-currency units per unit of \"originalCurrency\", with '.' as the decimal mark"
            )
        case .badOriginal(let field, let found):
            return (
                "expected a decimal amount like \"-12.00\", or null, in \"\(field.key)\", found \(found)",
                "write the amount in the original currency with '.' as the decimal mark, no grouping, e.g. \"-12.00\""
            )
        case .originalWithoutCurrency(let field):
            return (
                "\"\(field.key)\" needs \"originalCurrency\", which this record does not have",
                "add \"originalCurrency\" with the code of the currency the payment was made in, or drop \"\(field.key)\""
            )
        case .badType(let found):
            return (
                "expected \"income\", \"expense\", \"transfer\" or null in \"type\", found \(found)",
                "types are lower case; leave \"type\" out (or null) to take it from the amount's sign"
            )
        case .notText(.name, let found):
            return (
                "expected a string in \"name\", found \(found)",
                "write \"name\":\"\" when the payee is unknown"
            )
        case .notText(let field, let found):
            return (
                "expected a string or null in \"\(field.key)\", found \(found)",
                "put the value in double quotes, or write null when there is none"
            )
        }
    }

    /// What a required field holds, for `missing`.
    private static func what(_ field: JSONLinesField) -> String {
        switch field {
        case .date: return "a date YYYY-MM-DD"
        case .amount: return "a decimal amount such as \"-54.20\""
        default: return "a string, \"\" when unknown"
        }
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
