import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Valid JSON Lines records: every field, nulls, escapes, Unicode, number amounts, keys in any
/// order, unknown keys, and `--account` / `--currency`.
@Suite struct JSONLinesReaderTests {
    struct ValidCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let line: String
        /// `fields(_:)` of the one activity read.
        let expected: String
    }

    static let validCases: [ValidCase] = [
        .init(
            testDescription: "every field set",
            line:
                #"{"id":"0123456789abcdef","account":"Checking 1234","date":"2024-05-03","name":"Whole Foods Market","address":"Main St 1","amount":"-54.20","currency":"USD","memo":"POS 0503","type":"expense","category":"Food:Groceries","fitid":"20240503001","checkNumber":"1001","source":"chase.csv:14"}"#,
            expected: "2024-05-03|Whole Foods Market|-54.20|USD|expense|Checking 1234|Main St 1|POS 0503|Food:Groceries|20240503001|1001"),
        .init(
            testDescription: "every optional field null",
            line: record(["currency": "null", "type": "null"]),
            expected: "2024-05-03|Coffee|-3.50|∅|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "only the required keys; type from a positive sign",
            line: #"{"date":"2024-05-03","amount":"12.00","name":"Refund"}"#,
            expected: "2024-05-03|Refund|12.00|∅|income|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "empty name, as pfin writes it for a row without payee",
            line: record(["name": #""""#]),
            expected: "2024-05-03||-3.50|USD|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "empty optional strings stay empty, not null",
            line: record(["memo": #""""#, "category": #""""#]),
            expected: "2024-05-03|Coffee|-3.50|USD|expense|∅|∅|||∅|∅"),
        .init(
            testDescription: "every two-character escape",
            line: record(["name": #""a\"b\\c\/d\be\ff\ng\rh\ti""#]),
            expected: "2024-05-03|a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti|-3.50|USD|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "raw UTF-8: accents, CJK, emoji",
            line: record(["name": #""Café Zürich 東京 😀""#]),
            expected: "2024-05-03|Café Zürich 東京 😀|-3.50|USD|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "\\u escapes in both cases",
            line: record(["name": #""Caf\u00e9 \u6771\u4EAC""#]),
            expected: "2024-05-03|Café 東京|-3.50|USD|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "surrogate pair escapes",
            line: record(["name": #""\ud83d\ude00 \uD83C\uDF55""#]),
            expected: "2024-05-03|😀 🍕|-3.50|USD|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "escaped control characters, NUL included",
            line: record(["memo": #""a\u0000b\u001fc""#]),
            expected: "2024-05-03|Coffee|-3.50|USD|expense|∅|∅|a\u{0}b\u{1F}c|∅|∅|∅"),
        .init(
            testDescription: "amount as a JSON number keeps its digits",
            line: record(["amount": "-54.20"]),
            expected: "2024-05-03|Coffee|-54.20|USD|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "amount as an integer JSON number",
            line: record(["amount": "12", "type": "null"]),
            expected: "2024-05-03|Coffee|12.00|USD|income|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "amount with more digits than the currency keeps them",
            line: record(["amount": #""-54.200""#]),
            expected: "2024-05-03|Coffee|-54.200|USD|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "amount with a plus sign",
            line: record(["amount": #""+5.00""#, "type": "null"]),
            expected: "2024-05-03|Coffee|5.00|USD|income|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "three-digit currency, zero-digit currency",
            line: record(["amount": "-1.250", "currency": #""KWD""#]) + "\n" + record(["amount": #""-1500""#, "currency": #""JPY""#]),
            expected: "2024-05-03|Coffee|-1.250|KWD|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "transfer kept whatever the sign",
            line: record(["amount": #""250.00""#, "type": #""transfer""#]),
            expected: "2024-05-03|Coffee|250.00|USD|transfer|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "type that disagrees with the sign is kept (a rule set it)",
            line: record(["amount": #""-3.50""#, "type": #""income""#]),
            expected: "2024-05-03|Coffee|-3.50|USD|income|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "lower-case currency code",
            line: record(["currency": #""eur""#]),
            expected: "2024-05-03|Coffee|-3.50|EUR|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "keys in another order, spaces and tabs around tokens",
            line: "{ \"name\" : \"Tea\" ,\t\"amount\":\t\"-2.00\" , \"date\" :\"2024-05-04\" }",
            expected: "2024-05-04|Tea|-2.00|∅|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "a key written with an escape",
            line: #"{"d\u0061te":"2024-05-03","amount":"1.00","n\u0061me":"x"}"#,
            expected: "2024-05-03|x|1.00|∅|income|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "unknown keys ignored, nested values included",
            line: record(["tags": #"["a",{"b":[1,-2.5e3,true,false,null,{}],"c":"\u00e9"}]"#, "extra": #"{"x":{"y":[]}}"#, "flag": "true"]),
            expected: "2024-05-03|Coffee|-3.50|USD|expense|∅|∅|∅|∅|∅|∅"),
        .init(
            testDescription: "a number with an exponent is fine in a key pfin does not read",
            line: record(["rate": "1.085E+0"]),
            expected: "2024-05-03|Coffee|-3.50|USD|expense|∅|∅|∅|∅|∅|∅"),
    ]

    @Test(arguments: validCases)
    func readsAValidRecord(_ c: ValidCase) throws {
        let result = try readJSONL(c.line + "\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.first.map(fields) == c.expected)
        #expect(result.activities.count == c.line.split(separator: "\n").count)
    }

    @Test func idAndSourceAreKeptWhenValid() throws {
        let result = try readJSONL(record(["id": #""0123456789abcdef""#, "source": #""Samples/de-dkb-giro.csv:14""#]))
        let a = try #require(result.activities.first)
        #expect(a.id.description == "0123456789abcdef")
        #expect(a.source == SourceLocation(file: "Samples/de-dkb-giro.csv", line: 14))
    }

    struct IdentityCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let id: String?
        let source: String?
        let keepsID: Bool
        /// The source expected, `FILE:LINE`.
        let expectedSource: String
    }

    static let identityCases: [IdentityCase] = [
        .init(testDescription: "pfin id and FILE:LINE kept", id: #""ffffffffffffffff""#, source: #""a.csv:7""#, keepsID: true, expectedSource: "a.csv:7"),
        .init(
            testDescription: "a source with colons in the path", id: #""0000000000000001""#, source: #""C:\\exports\\a.csv:12""#,
            keepsID: true, expectedSource: #"C:\exports\a.csv:12"#),
        .init(testDescription: "source of stdin kept", id: #""0000000000000002""#, source: #""<stdin>:3""#, keepsID: true, expectedSource: "<stdin>:3"),
        .init(testDescription: "no id, no source", id: nil, source: nil, keepsID: false, expectedSource: "in.jsonl:1"),
        .init(testDescription: "null id, null source", id: "null", source: "null", keepsID: false, expectedSource: "in.jsonl:1"),
        .init(
            testDescription: "upper-case hex is not how pfin writes ids", id: #""00000000000000AB""#, source: #""x""#,
            keepsID: false, expectedSource: "in.jsonl:1"),
        .init(
            testDescription: "another tool's id (a UUID) and a source without a line", id: #""6f1c2b1e-8a3d-4c1f-9a7e-2b6d5c4e3f21""#,
            source: #""bank.csv""#, keepsID: false, expectedSource: "in.jsonl:1"),
        .init(
            testDescription: "15 hex digits; source with an empty file", id: #""000000000000001""#, source: #"":5""#,
            keepsID: false, expectedSource: "in.jsonl:1"),
        .init(
            testDescription: "a number id; source with a non-digit line", id: "12", source: #""a.csv:1x""#,
            keepsID: false, expectedSource: "in.jsonl:1"),
    ]

    @Test(arguments: identityCases)
    func idAndSourceAreKeptOrReplaced(_ c: IdentityCase) throws {
        let result = try readJSONL(record(["id": c.id, "source": c.source]))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let a = try #require(result.activities.first)
        let computed = ActivityIDBuilder().id(
            account: nil, date: LocalDate(year: 2024, month: 5, day: 3)!,
            amount: Money(units: -350, scale: 2, currency: CurrencyCode("USD")), name: "Coffee")
        #expect((a.id != computed) == c.keepsID)
        #expect(c.keepsID || a.id == computed, "computed as the CSV reader does")
        #expect(a.source.description == c.expectedSource)
    }

    @Test func computedIDsNumberIdenticalRecordsAndUseTheFITID() throws {
        let plain = #"{"date":"2024-05-03","amount":"-3.50","name":"Coffee","currency":"USD"}"#
        let withFITID = #"{"date":"2024-05-03","amount":"-3.50","name":"Coffee","fitid":"T1","account":"A"}"#
        let result = try readJSONL([plain, plain, withFITID].joined(separator: "\n"))
        let ids = ActivityIDBuilder()
        let date = LocalDate(year: 2024, month: 5, day: 3)!
        let amount = Money(units: -350, scale: 2, currency: CurrencyCode("USD"))
        let expected = [
            ids.id(account: nil, date: date, amount: amount, name: "Coffee"),
            ids.id(account: nil, date: date, amount: amount, name: "Coffee"),
            ids.id(account: "A", bankID: "T1", date: date),
        ]
        #expect(result.activities.map(\.id) == expected)
        #expect(Set(expected).count == 3, "two identical coffees stay two")
    }

    @Test func accountAndCurrencyOptionsApplyAsInOtherReaders() throws {
        let lines = [record(["account": #""Own""#, "currency": "null"]), record(["currency": #""EUR""#])].joined(separator: "\n")
        let options = ReadOptions(account: "Joint", currency: CurrencyCode("GBP"))
        let result = try readJSONL(lines, options: options)
        #expect(result.activities.map(\.account) == ["Joint", "Joint"], "--account wins over the file")
        #expect(result.activities.map { $0.currency?.description } == ["GBP", "EUR"], "--currency only where the file has none")
        #expect(result.activities.map(\.id.description) == ["00000000000000a1", "00000000000000a1"], "ids in the file are kept")
    }

    @Test func readsAFixtureOfCategorisedHistory() throws {
        let path = Repository.fixtures.appendingPathComponent("jsonl/history.jsonl").path
        let result = try readDetected(path)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.map(\.category) == ["Food:Groceries", "Income:Salary", "Transfers", nil, "Food:Coffee"])
        #expect(result.activities.map(\.type) == [.expense, .income, .transfer, .expense, .expense])
        #expect(sums(result.activities) == ["EUR": "2283.45", "USD": "-4.50"])
        #expect(
            result.activities.map(\.source.description)
                == ["de-dkb-giro.csv:8", "de-dkb-giro.csv:9", "de-dkb-giro.csv:11", "\(path):4", "\(path):6"])
    }
}
