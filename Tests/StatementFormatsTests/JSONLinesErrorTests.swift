import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Every problem a JSON Lines line can have, with its exact message and column; each bad line is
/// followed by a good one, which must still be read.
@Suite struct JSONLinesErrorTests {
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let line: [UInt8]
        /// `brief(_:)` of the one diagnostic: `LINE:COLUMN: error: MESSAGE`.
        let expected: String
        let code: String

        init(_ description: String, _ line: String, _ expected: String, _ code: String = "jsonl.syntax") {
            self.init(description, Array(line.utf8), expected, code)
        }

        init(_ description: String, _ line: [UInt8], _ expected: String, _ code: String = "jsonl.syntax") {
            testDescription = description
            self.line = line
            self.expected = expected
            self.code = code
        }
    }

    static let fieldCases: [ErrorCase] = [
        .init(
            "date in another layout", #"{"date":"03/05/2024","amount":"-3.50","name":"x"}"#,
            #"1:9: error: expected a date YYYY-MM-DD in "date", found '03/05/2024'"#, "jsonl.bad-date"),
        .init(
            "a day that does not exist", #"{"date":"2023-02-29","amount":"-3.50","name":"x"}"#,
            #"1:9: error: expected a date YYYY-MM-DD in "date", found '2023-02-29'"#, "jsonl.bad-date"),
        .init(
            "date as a number", #"{"date":20240503,"amount":"-3.50","name":"x"}"#,
            #"1:9: error: expected a date YYYY-MM-DD in "date", found the number 20240503"#, "jsonl.bad-date"),
        .init(
            "date null", #"{"date":null,"amount":"-3.50","name":"x"}"#,
            #"1:9: error: expected a date YYYY-MM-DD in "date", found null"#, "jsonl.bad-date"),
        .init(
            "amount with grouping", #"{"date":"2024-05-03","amount":"1,234.50","name":"x"}"#,
            #"1:31: error: expected a decimal amount like "-54.20" in "amount", found '1,234.50'"#, "jsonl.bad-amount"),
        .init(
            "amount with a currency sign", #"{"date":"2024-05-03","amount":"$5.00","name":"x"}"#,
            #"1:31: error: expected a decimal amount like "-54.20" in "amount", found '$5.00'"#, "jsonl.bad-amount"),
        .init(
            "amount ending in a point", #"{"date":"2024-05-03","amount":"5.","name":"x"}"#,
            #"1:31: error: expected a decimal amount like "-54.20" in "amount", found '5.'"#, "jsonl.bad-amount"),
        .init(
            "empty amount", #"{"date":"2024-05-03","amount":"","name":"x"}"#,
            #"1:31: error: expected a decimal amount like "-54.20" in "amount", found ''"#, "jsonl.bad-amount"),
        .init(
            "amount null", #"{"date":"2024-05-03","amount":null,"name":"x"}"#,
            #"1:31: error: expected a decimal amount like "-54.20" in "amount", found null"#, "jsonl.bad-amount"),
        .init(
            "amount number with an exponent", #"{"date":"2024-05-03","amount":1.5e3,"name":"x"}"#,
            #"1:31: error: expected a decimal amount like "-54.20" in "amount", found the number 1.5e3, which has an exponent"#, "jsonl.bad-amount"),
        .init(
            "amount string with an exponent", #"{"date":"2024-05-03","amount":"-1E2","name":"x"}"#,
            #"1:31: error: expected a decimal amount like "-54.20" in "amount", found '-1E2', which has an exponent"#, "jsonl.bad-amount"),
        .init(
            "amount of 19 digits", #"{"date":"2024-05-03","amount":"1234567890123456789.00","name":"x"}"#,
            #"1:31: error: expected an amount of at most 18 digits in "amount", found '1234567890123456789.00'"#, "jsonl.bad-amount"),
        .init(
            "currency not a code", #"{"date":"2024-05-03","amount":"-3.50","name":"x","currency":"EURO"}"#,
            #"1:61: error: expected an ISO 4217 currency code such as "EUR", or null, in "currency", found 'EURO'"#, "jsonl.bad-currency"),
        .init(
            "currency as a symbol", #"{"date":"2024-05-03","amount":"-3.50","name":"x","currency":"€"}"#,
            #"1:61: error: expected an ISO 4217 currency code such as "EUR", or null, in "currency", found '€'"#, "jsonl.bad-currency"),
        .init(
            "type capitalised", #"{"date":"2024-05-03","amount":"-3.50","name":"x","type":"Expense"}"#,
            #"1:57: error: expected "income", "expense", "transfer" or null in "type", found 'Expense'"#, "jsonl.bad-type"),
        .init(
            "type a bank word", #"{"date":"2024-05-03","amount":"-3.50","name":"x","type":"debit"}"#,
            #"1:57: error: expected "income", "expense", "transfer" or null in "type", found 'debit'"#, "jsonl.bad-type"),
        .init(
            "memo a number", #"{"date":"2024-05-03","amount":"-3.50","name":"x","memo":12}"#,
            #"1:57: error: expected a string or null in "memo", found the number 12"#, "jsonl.bad-value"),
        .init(
            "category an array", #"{"date":"2024-05-03","amount":"-3.50","name":"x","category":["a"]}"#,
            #"1:61: error: expected a string or null in "category", found an array"#, "jsonl.bad-value"),
        .init(
            "account true", #"{"date":"2024-05-03","amount":"-3.50","name":"x","account":true}"#,
            #"1:60: error: expected a string or null in "account", found true"#, "jsonl.bad-value"),
        .init(
            "name null", #"{"date":"2024-05-03","amount":"-3.50","name":null}"#,
            #"1:46: error: expected a string in "name", found null"#, "jsonl.bad-value"),
        .init(
            "name an object", #"{"date":"2024-05-03","amount":"-3.50","name":{"a":1}}"#,
            #"1:46: error: expected a string in "name", found an object"#, "jsonl.bad-value"),
        .init(
            "no date", #"{"amount":"-3.50","name":"x"}"#,
            #"1:1: error: expected "date" (a date YYYY-MM-DD) in every record, found a record without it"#, "jsonl.missing-field"),
        .init(
            "no amount", #"{"date":"2024-05-03","name":"x"}"#,
            #"1:1: error: expected "amount" (a decimal amount such as "-54.20") in every record, found a record without it"#, "jsonl.missing-field"),
        .init(
            "no name, after spaces", #"  {"date":"2024-05-03","amount":"-3.50"}"#,
            #"1:3: error: expected "name" (a string, "" when unknown) in every record, found a record without it"#, "jsonl.missing-field"),
        .init(
            "an empty object", "{}",
            #"1:1: error: expected "date" (a date YYYY-MM-DD) in every record, found a record without it"#, "jsonl.missing-field"),
        .init(
            "a key twice", #"{"date":"2024-05-03","amount":"-3.50","name":"x","amount":"1.00"}"#,
            #"1:50: error: expected each key once per record, found "amount" again"#, "jsonl.duplicate-key"),
        .init(
            "a key twice, the second escaped", #"{"date":"2024-05-03","amount":"-3.50","name":"x","n\u0061me":"y"}"#,
            #"1:50: error: expected each key once per record, found "name" again"#, "jsonl.duplicate-key"),
    ]

    static let syntaxCases: [ErrorCase] = [
        .init("a JSON array", #"["2024-05-03","-3.50","x"]"#, "1:1: error: expected a JSON object starting with '{', found '['"),
        .init("a CSV line", "2024-05-03,-3.50,x", "1:1: error: expected a JSON object starting with '{', found '2024-05-03'"),
        .init("a CSV header whose first cell has braces", "{id},date,amount", "1:2: error: expected a key in double quotes, found 'id'"),
        .init(
            "a trailing comma", #"{"date":"2024-05-03","amount":"-3.50","name":"x",}"#,
            "1:50: error: expected a key in double quotes, found '}'"),
        .init("a single-quoted key", #"{'date':"2024-05-03"}"#, "1:2: error: expected a key in double quotes, found '''"),
        .init("a missing colon", #"{"date" "2024-05-03"}"#, #"1:9: error: expected ':' after the key "date", found '"'"#),
        .init(
            "a missing comma", #"{"date":"2024-05-03" "amount":"-3.50"}"#,
            #"1:22: error: expected ',' or '}' after a value, found '"'"#),
        .init(
            "a missing value", #"{"date":}"#,
            "1:9: error: expected a value (a string, number, true, false, null, object or array), found '}'"),
        .init(
            "an unquoted string", #"{"date":"2024-05-03","amount":"-3.50","name":Coffee}"#,
            "1:46: error: expected a value (a string, number, true, false, null, object or array), found 'Coffee'"),
        .init(
            "a misspelt literal", #"{"date":"2024-05-03","amount":"-3.50","name":nul}"#,
            "1:46: error: expected a value (a string, number, true, false, null, object or array), found 'nul'"),
        .init("an unquoted date", #"{"date":2024-05-03}"#, "1:9: error: expected a JSON number such as -54.20, found '2024-05-03'"),
        .init(
            "a leading zero", #"{"date":"2024-05-03","amount":01.5,"name":"x"}"#,
            "1:31: error: expected a JSON number such as -54.20, found '01.5'"),
        .init(
            "a bare point", #"{"date":"2024-05-03","amount":1.,"name":"x"}"#,
            "1:31: error: expected a JSON number such as -54.20, found '1.'"),
        .init(
            "two objects on one line", #"{"date":"2024-05-03","amount":"-3.50","name":"x"} {"date":"2024-05-04"}"#,
            "1:51: error: expected the end of the line after the object, found '{'"),
        .init(
            "an object cut short", #"{"date":"2024-05-03","amount":"-3.50","name":"x""#,
            "1:49: error: expected ',' or '}' after a value, found the end of the line"),
        .init(
            "an unterminated string", #"{"date":"2024-05-03","amount":"-3.50","name":"x}"#,
            #"1:46: error: unterminated string; expected a closing '"' before the end of the line"#),
        .init(
            "an unknown escape", #"{"date":"2024-05-03","amount":"-3.50","name":"a\x"}"#,
            #"1:48: error: expected an escape such as \n, \" or \u00e9 after '\', found '\x'"#),
        .init(
            "a short \\u escape", #"{"date":"2024-05-03","amount":"-3.50","name":"a\u12G4"}"#,
            #"1:48: error: expected four hex digits after '\u', found '\u12G4'"#),
        .init(
            "a lone high surrogate", #"{"date":"2024-05-03","amount":"-3.50","name":"\ud83d"}"#,
            #"1:47: error: expected a UTF-16 surrogate pair such as \ud83d\ude00, found '\ud83d' alone"#),
        .init(
            "a lone low surrogate", #"{"date":"2024-05-03","amount":"-3.50","name":"\ude00x"}"#,
            #"1:47: error: expected a UTF-16 surrogate pair such as \ud83d\ude00, found '\ude00' alone"#),
        .init(
            "a high surrogate before a plain escape", #"{"date":"2024-05-03","amount":"-3.50","name":"\ud83d\u0041"}"#,
            #"1:47: error: expected a UTF-16 surrogate pair such as \ud83d\ude00, found '\ud83d' alone"#),
        .init(
            "a raw tab in a string", splice(#"{"date":"2024-05-03","amount":"-3.50","name":"a¤b"}"#, 0x09),
            "1:48: error: expected control characters in a string to be escaped, found a raw U+0009"),
        .init(
            "a raw NUL in a string", splice(#"{"date":"2024-05-03","amount":"-3.50","name":"a¤b"}"#, 0x00),
            "1:48: error: expected JSON text, found a NUL byte", "jsonl.nul"),
        .init("NUL bytes instead of a record", [0, 0, 0], "1:1: error: expected JSON text, found a NUL byte", "jsonl.nul"),
        .init(
            "a NUL byte between members", splice(#"{"date":"2024-05-03",¤"amount":"-3.50","name":"x"}"#, 0x00),
            "1:22: error: expected JSON text, found a NUL byte", "jsonl.nul"),
        .init(
            "Latin-1 in a string", splice(#"{"date":"2024-05-03","amount":"-3.50","name":"Caf¤"}"#, 0xE9),
            "1:50: error: expected UTF-8 text, found the byte 0xE9, which is not valid UTF-8", "jsonl.invalid-utf8"),
        .init(
            "a cut UTF-8 sequence after other accents (columns count characters)",
            splice(#"{"date":"2024-05-03","amount":"-3.50","name":"Zürich ¤("}"#, 0xC3),
            "1:54: error: expected UTF-8 text, found the byte 0xC3, which is not valid UTF-8", "jsonl.invalid-utf8"),
        .init(
            "invalid UTF-8 in a key pfin skips", splice(#"{"date":"2024-05-03","amount":"-3.50","name":"x","n¤":1}"#, 0xFF),
            "1:52: error: expected UTF-8 text, found the byte 0xFF, which is not valid UTF-8", "jsonl.invalid-utf8"),
        .init(
            "invalid UTF-8 outside strings", splice(#"{"date":"2024-05-03","amount":"-3.50","name":"x"}¤"#, 0x80),
            "1:50: error: expected UTF-8 text, found the byte 0x80, which is not valid UTF-8", "jsonl.invalid-utf8"),
        .init(
            "nesting deeper than 64 levels", #"{"x":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}",
            "1:70: error: expected at most 64 levels of nested objects and arrays, found more"),
    ]

    @Test(arguments: fieldCases + syntaxCases)
    func reportsTheProblemAndReadsOn(_ c: ErrorCase) throws {
        let good = Array(#"{"date":"2024-05-04","amount":"1.00","name":"next"}"#.utf8)
        let result = try readJSONL(c.line + [0x0A] + good + [0x0A])
        #expect(result.diagnostics.map(brief) == [c.expected])
        #expect(result.diagnostics.map(\.code) == [c.code])
        #expect(result.diagnostics.allSatisfy { $0.location.file == "in.jsonl" && $0.notes.count == 1 })
        #expect(result.activities.map(\.name) == ["next"], "the bad line gives nothing, the next is read")
        #expect(result.activities.map(\.source.line) == [2])
    }

    /// The full wording, notes included, of a file with a problem on every other line, against
    /// `Fixtures/jsonl/errors.diagnostics`.
    @Test func errorFileMatchesItsExpectedDiagnostics() throws {
        let directory = Repository.fixtures.appendingPathComponent("jsonl")
        let result = try readJSONL(Array(try Data(contentsOf: directory.appendingPathComponent("errors.jsonl"))), name: "errors.jsonl")
        let expected = try String(contentsOf: directory.appendingPathComponent("errors.diagnostics"), encoding: .utf8)
        #expect(result.diagnostics.map(\.description).joined(separator: "\n") + "\n" == expected)
        #expect(result.activities.map(\.source.line) == [1, 3, 5, 7, 9])
    }
}
