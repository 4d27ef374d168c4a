import FinanceCore
import Testing

@testable import StatementFormats

/// `rawName`: the bank's text of a normalised name, last (after `source`), only when it differs.
@Suite struct JSONLinesRawNameTests {
    static func activity(rawName: String?) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: 0xab), account: "Giro", date: LocalDate(year: 2024, month: 5, day: 2)!, name: "Coop",
            amount: Money(units: -1250, scale: 2, currency: CurrencyCode("CHF")), source: SourceLocation(file: "p.txt", line: 4),
            rawName: rawName)
    }

    @Test func writtenLastOnlyWhenKnown() {
        let line = JSONLinesWriter.object(Self.activity(rawName: "Kauf/Dienstleistung vom 02.05.2024 Coop Genève"))
        #expect(line.contains(#""name":"Coop","address":null"#), "\(line)")
        #expect(line.hasSuffix(#""source":"p.txt:4","rawName":"Kauf/Dienstleistung vom 02.05.2024 Coop Genève"}"#), "\(line)")
        var foreign = Self.activity(rawName: "KAUF COOP")
        foreign.original = OriginalAmount(currency: CurrencyCode("EUR")!)
        #expect(JSONLinesWriter.object(foreign).hasSuffix(#""originalCurrency":"EUR","rawName":"KAUF COOP"}"#))
        #expect(!JSONLinesWriter.object(Self.activity(rawName: nil)).contains("rawName"))
    }

    @Test func readBackOnTheFastAndTheGeneralPath() throws {
        let written = JSONLinesWriter.object(Self.activity(rawName: "KAUF COOP"))
        let reordered = #"{"rawName":"KAUF COOP","name":"Coop","date":"2024-05-02","amount":"-12.50"}"#
        for line in [written, reordered] {
            let result = try readJSONL(line + "\n")
            #expect(result.errors.isEmpty, "\(result.errors)")
            #expect(result.activities.first?.rawName == "KAUF COOP")
            #expect(result.activities.first?.name == "Coop")
        }
    }

    @Test func anIDIsComputedFromTheBankText() throws {
        let clean = try readJSONL(#"{"name":"Coop","rawName":"KAUF COOP","date":"2024-05-02","amount":"-12.50"}"# + "\n")
        let raw = try readJSONL(#"{"name":"KAUF COOP","date":"2024-05-02","amount":"-12.50"}"# + "\n")
        #expect(clean.activities.first?.id == raw.activities.first?.id)
    }
}
