import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Entries without `<BookgDt>` (optional in ISO 20022): dated by their value date, else by the
/// statement, with one warning per file; refused under `--strict` only when the statement dates them.
@Suite struct CAMTBookingDateTests {
    typealias Doc = CAMTDocument

    static func entry(_ amount: String, valueDate: String? = nil) -> String {
        "<Ntry><Amt Ccy=\"EUR\">\(amount)</Amt><CdtDbtInd>DBIT</CdtDbtInd>"
            + (valueDate.map { "<ValDt><Dt>\($0)</Dt></ValDt>" } ?? "") + "</Ntry>"
    }

    @Test("ValDt without BookgDt: the value date, one warning for the file, also under --strict")
    func valueDate() throws {
        let text = Doc.statement(
            [Self.entry("1.00", valueDate: "2024-05-13"), Self.entry("2.00", valueDate: "2024-05-14")], closing: "97.00")
        let result = try readCAMT(text)
        #expect(result.activities.map(\.date.description) == ["2024-05-13", "2024-05-14"])
        #expect(result.codes == ["camt.lenient.value-date-as-booking-date@11:5"])
        #expect(
            result.diagnostics.first?.message
                == "Document/BkToCstmrStmt/Stmt/Ntry[1] has no <BookgDt>; dated by its value date (<ValDt>), 2024-05-13, and so every such entry in this file")
        let strict = try readCAMT(text, options: ReadOptions(strict: true))
        #expect(strict.errors.isEmpty)
        #expect(strict.activities.count == 2)
    }

    @Test("neither BookgDt nor ValDt: the closing balance's date, one warning; an error each under --strict")
    func closingBalanceDate() throws {
        let text = Doc.statement([Self.entry("1.00"), Self.entry("2.00")], closing: "97.00")
        let result = try readCAMT(text)
        #expect(result.activities.map(\.date.description) == ["2024-05-31", "2024-05-31"])
        #expect(result.codes == ["camt.lenient.statement-date-as-booking-date@11:5"])
        #expect(
            result.diagnostics.first?.message
                == "Document/BkToCstmrStmt/Stmt/Ntry[1] has neither <BookgDt> nor <ValDt>; dated 2024-05-31, the date of the statement's closing balance (CLBD), and so every such entry in this file"
        )
        let strict = try readCAMT(text, options: ReadOptions(strict: true))
        #expect(strict.activities.isEmpty)
        #expect(strict.errors.map(\.code) == ["camt.lenient.statement-date-as-booking-date", "camt.lenient.statement-date-as-booking-date"])
    }

    @Test("no closing balance: the end of the statement's period (FrToDt)")
    func periodEnd() throws {
        let text = Doc.statement([Self.entry("1.00")]).replacingOccurrences(
            of: "<Id>S1</Id>", with: "<Id>S1</Id><FrToDt><FrDtTm>2024-05-01T00:00:00</FrDtTm><ToDtTm>2024-05-07T23:59:59</ToDtTm></FrToDt>")
        let result = try readCAMT(text)
        #expect(result.activities.map(\.date.description) == ["2024-05-07"])
        #expect(result.diagnostics.first?.message.contains("the end of the statement's period (FrToDt)") == true)
    }

    @Test("no date anywhere: the entry is an error, as before")
    func noDate() throws {
        let result = try readCAMT(Doc.statement([Self.entry("1.00")]))
        #expect(result.activities.isEmpty)
        #expect(result.errors.map(\.message) == ["Document/BkToCstmrStmt/Stmt/Ntry[1] has no <BookgDt>"])
    }
}
