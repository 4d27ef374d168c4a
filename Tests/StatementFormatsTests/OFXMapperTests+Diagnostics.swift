import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// The mapper's diagnostics: missing and malformed values, bank STATUS codes, balances, damaged files.
extension OFXMapperTests {
    // MARK: Missing and malformed

    @Test("missing DTPOSTED: ofx.missing-element at the transaction, skipped, the others read")
    func missingDate() throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1", date: nil) + "\n" + Doc.sgmlTransaction("2", name: "Kept")))
        #expect(result.codes == ["ofx.missing-element@16:1"])
        #expect(result.errors.first?.message.contains("<DTPOSTED>") == true)
        #expect(result.rows == ["2024-01-05|Kept|-10.00|USD|111222333"])
    }

    @Test("missing TRNAMT: ofx.missing-element at the transaction, skipped, the others read")
    func missingAmount() throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("2", name: "Kept") + "\n" + Doc.sgmlTransaction("1", amount: nil)))
        #expect(result.codes == ["ofx.missing-element@23:1"])
        #expect(result.errors.first?.message.contains("<TRNAMT>") == true)
        #expect(result.rows == ["2024-01-05|Kept|-10.00|USD|111222333"])
    }

    @Test("a bad DTPOSTED and a bad TRNAMT in one transaction: each error quotes its own value at its own line")
    func badDateAndAmount() throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1", date: "201120000000", amount: "$120")))
        #expect(result.codes == ["ofx.bad-date@18:1", "ofx.bad-amount@19:1"])
        #expect(result.errors.map(\.message).first?.hasSuffix("in <DTPOSTED>, found '201120000000'") == true)
        #expect(result.errors.map(\.message).last?.hasSuffix("in <TRNAMT>, found '$120'") == true)
        #expect(result.activities.isEmpty)
    }

    @Test("a bad TRNAMT alone quotes its value; a missing DTPOSTED beside it is said as well")
    func badAmountMissingDate() throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1", amount: "1O.00") + "\n" + Doc.sgmlTransaction("2", date: nil, amount: "x")))
        #expect(result.codes == ["ofx.bad-amount@19:1", "ofx.missing-element@23:1", "ofx.bad-amount@25:1"])
        #expect(result.errors.first?.message.hasSuffix("found '1O.00'") == true)
    }

    @Test("STATUS 2000 ERROR in a statement: an ofx.status error, the transactions present still read")
    func statusError() throws {
        let text = """
            <OFX>
            <BANKMSGSRSV1>
            <STMTTRNRS>
            <TRNUID>1
            <STATUS>
            <CODE>2000
            <SEVERITY>ERROR
            <MESSAGE>General error, try again later
            </STATUS>
            <STMTRS><CURDEF>USD
            <BANKACCTFROM><BANKID>1<ACCTID>9<ACCTTYPE>CHECKING</BANKACCTFROM>
            <BANKTRANLIST>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>A<NAME>One</STMTTRN>
            </BANKTRANLIST>
            </STMTRS>
            </STMTTRNRS>
            </BANKMSGSRSV1>
            </OFX>
            """
        let result = try readOFX(text)
        #expect(result.codes == ["ofx.status@5:1"])
        let diagnostic = try #require(result.errors.first)
        #expect(diagnostic.message.contains("2000"))
        #expect(diagnostic.message.contains("statement"))
        #expect(diagnostic.message.contains("General error, try again later"))
        #expect(result.activities.count == 1)
    }

    @Test("STATUS in the sign-on: ERROR is an error, WARN a warning, INFO with code 0 nothing")
    func signOnStatus() throws {
        func signOn(_ code: Int, _ severity: String) -> String {
            "<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS><CODE>\(code)<SEVERITY>\(severity)</STATUS>\n</SONRS>\n</SIGNONMSGSRSV1>\n</OFX>\n"
        }
        let error = try readOFX(signOn(15500, "ERROR"))
        #expect(error.errors.map(\.code) == ["ofx.status"])
        #expect(error.errors.first?.message.contains("sign-on") == true)
        let warning = try readOFX(signOn(2003, "WARN"))
        #expect(warning.diagnostics.map(\.severity) == [.warning])
        #expect(try readOFX(signOn(0, "INFO")).diagnostics.isEmpty)
    }

    @Test("LEDGERBAL and AVAILBAL reach the sink's statement(_:) with the statement currency; a decimal comma among points is warned about")
    func balances() throws {
        let trailer =
            "<LEDGERBAL><BALAMT>1234.56<DTASOF>20240131120000[-5:EST]</LEDGERBAL>\n"
            + "<AVAILBAL><BALAMT>1000,00<DTASOF>20240201</AVAILBAL>"
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1"), trailer: trailer))
        #expect(result.codes == ["ofx.lenient.mixed-decimal-marks@25:11"])
        let statement = try #require(result.statements.first)
        #expect(statement.ledgerBalance == Balance(amount: Money(units: 123_456, scale: 2, currency: Self.usd), date: Self.date("2024-01-31")))
        #expect(statement.availableBalance == Balance(amount: Money(units: 100_000, scale: 2, currency: Self.usd), date: Self.date("2024-02-01")))
        #expect(statement.source == SourceLocation(file: "t.ofx", line: 12))
    }

    @Test("a statement without balances has none")
    func noBalances() throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1")))
        #expect(result.statements.count == 1)
        #expect(result.statements.first?.ledgerBalance == nil)
        #expect(result.statements.first?.availableBalance == nil)
    }

    @Test("truncated inside STMTTRN: ofx.truncated names it and its line; earlier transactions read, the cut one not")
    func truncated() throws {
        let full = Doc.sgmlBank(Doc.sgmlTransaction("1", name: "Before") + "\n" + Doc.sgmlTransaction("2", name: "Cut"))
        let cut = String(full[..<full.range(of: "<NAME>Cut")!.lowerBound])
        let result = try readOFX(Doc.sgmlHeader + cut)
        #expect(result.rows == ["2024-01-05|Before|-10.00|USD|111222333"])
        let error = try #require(result.errors.first)
        #expect(result.errors.map(\.code) == ["ofx.truncated"])
        #expect(error.message.contains("<STMTTRN> (opened on line 33)"))
        // The statement never closed: only its account, sent before its transactions, arrived.
        #expect(result.statements.map(\.account.id) == ["111222333"])
        #expect(result.statements.first?.end == nil && result.statements.first?.ledgerBalance == nil)
    }

    @Test("an unbalanced </FOO> is reported with line and column and the file is still read")
    func unbalanced() throws {
        let body = Doc.sgmlTransaction("1") + "\n   </FOO>\n" + Doc.sgmlTransaction("2")
        let result = try readOFX(Doc.sgmlBank(body))
        #expect(result.codes == ["ofx.unbalanced@23:4"])
        #expect(result.activities.count == 2)
    }

    @Test("leaves closed late and an aggregate closed twice: one warning with the count at the first, all read, --strict too")
    func strayEndTags() throws {
        let first = Doc.sgmlTransaction("1", extra: "<MEMO>a\n</MEMO>\n</NAME>\n</FITID>")
        let body = first + "\n</STMTTRN>\n" + Doc.sgmlTransaction("2")
        for strict in [false, true] {
            let result = try readOFX(Doc.sgmlBank(body), options: ReadOptions(strict: strict))
            #expect(result.codes == ["ofx.lenient.stray-end-tags@24:1"])
            #expect(result.diagnostics.first?.severity == .warning)
            #expect(
                result.diagnostics.first?.message == "3 end tags close no open element (the first: </NAME>); ignored, nothing is lost")
            #expect(result.activities.count == 2)
        }
    }

    @Test("a memo over 1 MiB: ofx.text-too-long, its transaction skipped as damaged, the others read")
    func textTooLong() throws {
        let long = String(repeating: "x", count: (1 << 20) + 10)
        let body =
            Doc.sgmlTransaction("1", name: "Before") + "\n" + Doc.sgmlTransaction("2", extra: "<MEMO>\(long)") + "\n"
            + Doc.sgmlTransaction("3", name: "After")
        let result = try readOFX(Doc.sgmlBank(body))
        #expect(result.codes == ["ofx.text-too-long@29:1", "ofx.damaged-transaction@23:1"])
        #expect(result.activities.map(\.name) == ["Before", "After"])
    }

    @Test("empty input and a file that is not OFX are reported, not read")
    func notOFX() throws {
        #expect(try readOFX([UInt8]()).codes == ["ofx.empty@1"])
        #expect(try readOFX("Date,Amount\n2024-01-01,5\n").codes == ["ofx.not-ofx@1"])
    }
}
