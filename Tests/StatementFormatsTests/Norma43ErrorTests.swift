import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Damaged Norma 43 files: each problem at `file:line:column` naming the field, what was skipped,
/// and the checks that notice what is missing.
@Suite struct Norma43ErrorTests {
    typealias N43 = Norma43Text

    /// A movement's field replaced in column `column` (1-based) by `text`.
    static func damaged(_ record: String, at column: Int, _ text: String) -> String {
        var chars = Array(record)
        chars.replaceSubrange((column - 1)..<(column - 1 + text.count), with: Array(text))
        return String(chars)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var column: Int
        var text: String
        var expected: String
    }

    @Test(arguments: [
        Case(
            testDescription: "a letter O for a zero in the amount", column: 29, text: "0000000001O050",
            expected: "t.n43:4:29: error: amount (record 22, columns 29–42): expected 14 digits, in cents (like 00000000012345 for 123.45), "
                + "found '0000000001O050'"),
        Case(
            testDescription: "a day 32", column: 11, text: "240532",
            expected: "t.n43:4:11: error: transaction date (record 22, columns 11–16): expected a date YYMMDD (like 240315), found '240532'"),
        Case(
            testDescription: "a debit/credit code 3", column: 28, text: "3",
            expected: "t.n43:4:28: error: debit/credit code (record 22, column 28): expected 1 (debit) or 2 (credit), found '3'"),
    ])
    func badMovement(_ c: Case) throws {
        var records = N43.account([-1000, 2000, -3000])
        records[3] = Self.damaged(records[3], at: c.column, c.text)
        let result = try readNorma43(N43.file(records))
        #expect(result.errors.map(\.description) == [c.expected + "\nt.n43:4:\(c.column): note: the movement was skipped"])
        #expect(result.rows.map { $0.split(separator: "|")[1] } == ["MOVIMIENTO 1", "MOVIMIENTO 3"], "its 23 record goes with it")
        #expect(result.codes.dropFirst() == ["norma43.totals-mismatch@8:21", "norma43.balance-mismatch@8:59"])
        #expect(result.diagnostics.last?.notes == ["1 movement was skipped for errors (see above); fix or download the file again"])
    }

    @Test("a bad header field: an error at it, and the rest of the account is read")
    func badHeader() throws {
        var records = N43.account([-1000])
        records[0] = Self.damaged(records[0], at: 27, "24AB31")
        records[0] = Self.damaged(records[0], at: 34, "0000000001000X")
        let result = try readNorma43(N43.file(records))
        #expect(result.codes == ["norma43.bad-field@1:27", "norma43.bad-field@1:34"])
        #expect(result.diagnostics.map(\.notes) == [["the statement's period was left open"], ["the account's balances were not checked"]])
        #expect(result.activities.count == 1)
        #expect(result.statements.first?.openingBalance == nil && result.statements.first?.end == nil)
    }

    @Test("records out of place and unknown record codes: an error each at column 1, the rest read")
    func outOfPlace() throws {
        let records = [
            N43.concept(1, "SIN MOVIMIENTO"), N43.movement(-500), N43.header(), N43.concept(1, "HUERFANO"),
            N43.text("77 LINEA DESCONOCIDA", 80), N43.movement(-500), N43.end(movements: [-500]),
        ]
        let result = try readNorma43(N43.file(records))
        #expect(
            result.diagnostics.map(\.description) == [
                "t.n43:1:1: error: a complementary concept record (23) before its movement record (22); skipped\n"
                    + "t.n43:1:1: note: the file's records are out of order or some are missing; download the statement again",
                "t.n43:2:1: error: a movement record (22) before any account header (11); skipped\n"
                    + "t.n43:2:1: note: the file's records are out of order or some are missing; download the statement again",
                "t.n43:4:1: error: a complementary concept record (23) before its movement record (22); skipped\n"
                    + "t.n43:4:1: note: the file's records are out of order or some are missing; download the statement again",
                "t.n43:5:1: error: expected a Norma 43 record code (11, 22, 23, 24, 33 or 88) in columns 1–2, found '77'\n"
                    + "t.n43:5:1: note: the line was skipped",
            ])
        #expect(result.rows == ["2024-05-02||-5.00|EUR|2100 0418 45 0200051332"])
    }

    @Test("the file ends inside an account: a warning, the movements kept, a statement without a final balance")
    func truncated() throws {
        let records = Array(N43.account([-1000, 2000]).dropLast())
        let result = try readNorma43(records.joined(separator: "\r\n") + "\r\n")
        #expect(
            result.diagnostics.map(\.description) == [
                "t.n43:5: warning: the file ends inside account 2100 0418 45 0200051332 (its header is at line 1), before its end record (33)\n"
                    + "t.n43:5: note: the file may have been cut short; its balances were not checked; download the statement again"
            ])
        #expect(result.activities.count == 2)
        #expect(result.statements.first?.ledgerBalance == nil)
        #expect(result.statements.first?.openingBalance != nil)
    }

    @Test("an account whose end record is missing before the next header, and a file without its 88")
    func missingEnds() throws {
        let first = Array(N43.account([-1000]).dropLast())
        let second = N43.account([700]).map { $0.replacingOccurrences(of: "0200051332", with: "0200051333") }
        let result = try readNorma43((first + second).joined(separator: "\n"))
        #expect(result.codes == ["norma43.truncated@4"])
        #expect(
            result.diagnostics.first?.message
                == "account 2100 0418 45 0200051332 (its header is at line 1) has no end record (33) before the next account header")
        #expect(result.statements.count == 2)
        let noEnd = try readNorma43(N43.account([-1000]).joined(separator: "\n"))
        #expect(
            noEnd.diagnostics.map(\.description)
                == ["t.n43:4: warning: the file has no end-of-file record (88)\nt.n43:4: note: the file may have been cut short; download the statement again"])
    }

    @Test("the end record names another account: a warning, read as the header's")
    func otherAccount() throws {
        var records = N43.account([-1000])
        records[3] = records[3].replacingOccurrences(of: "0200051332", with: "0200051399")
        let result = try readNorma43(N43.file(records))
        #expect(
            result.diagnostics.map(\.message)
                == [
                    "the account end record (33) names account 2100 0418 40 0200051399, but its header (11) names 2100 0418 45 0200051332; "
                        + "read as 2100 0418 45 0200051332"
                ])
        #expect(result.codes == ["norma43.other-account@4:3"])
    }

    @Test("text past column 80: one warning per file, refused under --strict")
    func longRecords() throws {
        let records = N43.account([-1000, 500]).map { $0.hasPrefix("23") ? $0 + " EXTRA" : $0 }
        let lenient = try readNorma43(N43.file(records))
        #expect(
            lenient.diagnostics.map(\.description)
                == ["t.n43:3:81: warning: records run past Norma 43's 80 columns (first at line 3); ignored the text after column 80"])
        #expect(lenient.activities.count == 2)
        let strict = try readNorma43(N43.file(records), options: ReadOptions(strict: true))
        #expect(
            strict.errors.map(\.message)
                == ["records run past Norma 43's 80 columns (first at line 3); ignored the text after column 80 (refused under --strict)"])
    }

    @Test("a line that is not UTF-8 in a UTF-8 file: read as Windows-1252, one warning")
    func mixedEncoding() throws {
        var bytes = Array(N43.file([N43.header(name: "IBÁÑEZ"), N43.movement(-100), N43.concept(1, "CAFE"), N43.end(movements: [-100])]).utf8)
        let cafe = Array("CAFE".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: cafe) })
        bytes[at + 3] = 0xC9  // É in Windows-1252
        let result = try readNorma43(bytes)
        #expect(result.codes == ["norma43.lenient.mixed-encoding@3:1"])
        #expect(result.diagnostics.first?.message == "line 3 is not UTF-8 as the start of the file is; read it and any like it as Windows-1252")
        #expect(result.activities.map(\.name) == ["CAFÉ"])
    }

    @Test("short records warn once per file, at the first")
    func shortRecordsOnce() throws {
        let text = N43.file(N43.account([-100, 200])).replacingOccurrences(of: " \r\n", with: "\r\n")
        let trimmed = text.split(separator: "\r\n").map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
        let result = try readNorma43(trimmed.joined(separator: "\r\n"))
        #expect(result.codes == ["norma43.lenient.short-records@1:70"])
        #expect(result.activities.count == 2)
    }

    @Test("an empty file, a binary file, a CSV read as Norma 43")
    func notNorma43() throws {
        #expect(try readNorma43("").codes == ["norma43.empty@1"])
        #expect(try readNorma43(" \r\n\n").codes == ["norma43.empty@1"])
        #expect(try readNorma43([0x31, 0x31, 0x00, 0x32]).codes == ["norma43.binary@1"])
        let csv = try readNorma43("Fecha;Concepto;Importe\n02/05/2024;RECIBO;-65,40\n")
        #expect(
            csv.diagnostics.map(\.description) == [
                "t.n43:1: error: no Norma 43 account header found; expected 80-column records starting 11 (account), 22 (movement), 33 and 88\n"
                    + "t.n43:1: note: check that this is the bank's Norma 43 (Cuaderno 43) download\n"
                    + "t.n43:1: note: 'pfin identify t.n43' shows what each reader saw"
            ])
    }

    @Test("lines before the first account header that are no records: one warning, not counted by record 88")
    func preamble() throws {
        let result = try readNorma43("EXTRACTO DE CUENTA\r\n\r\nGenerado 31/05/2024\r\n" + N43.file(N43.account([-100])))
        #expect(
            result.diagnostics.map(\.description)
                == ["t.n43:1:1: warning: skipped 2 lines before the first account header (record 11) that are not Norma 43 records"])
        #expect(result.activities.count == 1)
    }

    @Test("a line longer than the limit: an error, skipped without being held")
    func overlong() throws {
        let records = N43.account([-100]) + [String(repeating: "9", count: 10_000)]
        var collector = StatementCollector()
        try Norma43StatementReader(maximumLineBytes: 200, chunkSize: 64)
            .read(ByteInput(bytes: Array(N43.file(records).utf8), displayName: "t.n43"), options: ReadOptions(), into: &collector)
        #expect(collector.codes == ["norma43.overlong-line@5:1", "norma43.record-count@6:21"])
        #expect(collector.activities.count == 1)
    }
}

extension Norma43ErrorTests {
    @Test("thousands of complementary records after one movement: the text stays bounded, each extra one an error")
    func tooManyConcepts() throws {
        let concepts = (1...70).map { N43.concept(min($0, 99), "TEXTO \($0)") }
        let result = try readNorma43(N43.file([N43.header(), N43.movement(-100)] + concepts + [N43.end(movements: [-100])]))
        #expect(result.codes.count == 6)
        #expect(result.codes.first == "norma43.too-many-concepts@67:1")
        #expect(result.activities.first?.memo?.hasSuffix("TEXTO 64") == true)
    }
}
