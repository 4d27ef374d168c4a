import FinanceCore
import Testing

@testable import StatementFormats

/// Which texts are currency codes: current ISO 4217 codes, withdrawn ones as themselves, and
/// `RUR` as the rouble's current code.
@Suite struct CurrencyTextTests {
    @Test(arguments: [
        ("EUR", "EUR"), ("eur", "EUR"), ("LTL", "LTL"), ("LVL", "LVL"), ("EEK", "EEK"), ("DEM", "DEM"),
        ("HRK", "HRK"), ("RUR", "RUB"), ("rur", "RUB"), ("RMB", "CNY"),
    ])
    func codes(text: String, code: String) {
        #expect(CurrencyText.code(text)?.description == code)
    }

    @Test(arguments: ["ABC", "XYZ", "EU", "EURO", "Исп"])
    func notCodes(text: String) {
        #expect(CurrencyText.code(text) == nil)
    }

    @Test func bankSynonym() {
        #expect(CurrencyCode("RUR")?.bankSynonym == CurrencyCode("RUB"))
        #expect(CurrencyCode("RMB")?.bankSynonym == CurrencyCode("CNY"))
        #expect(CurrencyCode("RUB")?.bankSynonym == nil)
        #expect(CurrencyCode("CNY")?.bankSynonym == nil)
        #expect(CurrencyCode("LTL")?.bankSynonym == nil)
    }

    /// In an amount's text a withdrawn code counts only in capitals: `SUR`, `BEL` are words too.
    @Test func withdrawnCodesInAmountsOnlyInCapitals() {
        #expect(CurrencyText.currency(named: "LTL") == CurrencyCode("LTL"))
        #expect(CurrencyText.currency(named: "sur") == nil)
        #expect(CurrencyText.currency(named: "eur") == CurrencyCode("EUR"))
    }
}
