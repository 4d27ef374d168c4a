import FinanceCore
import Foundation
import LedgerStore
import Rules
import StatementFormats
import StatementPipeline
import TestSupport
import Testing

/// Payee normalisation on the way from a reader to the ledger: ids stay the bank text's, so a
/// ledger imported before normalisation existed takes every sample again without a new id.
@Suite struct PayeeNormalisationTests {
    static let sampleFiles = SampleManifest.files.map { SampleManifest.samplesDirectory.appendingPathComponent($0).path }

    @Test func importingWithAndWithoutNormalisationFindsNoNewIDs() throws {
        let ledger = try Ledger(path: ":memory:")
        let raw = RuleEngine(RuleSet(normalisesPayees: false))
        var firstInserted = 0
        for path in Self.sampleFiles {
            let outcome = LedgerImport.importFile(InputSource(path), into: ledger, rules: raw) { _ in }
            firstInserted += outcome.result.inserted
        }
        #expect(firstInserted > 300)
        #expect(try ledger.list().allSatisfy { $0.rawName == nil }, "--raw-names keeps the bank's text as the name")
        for path in Self.sampleFiles {
            let outcome = LedgerImport.importFile(InputSource(path), into: ledger, rules: nil) { _ in }
            #expect(outcome.result.inserted == 0, "\(path): no new ids")
        }
    }

    @Test func theStoreKeepsTheBankText() throws {
        let ledger = try Ledger(path: ":memory:")
        let path = SampleManifest.samplesDirectory.appendingPathComponent("ch-postfinance-excel.txt").path
        _ = LedgerImport.importFile(InputSource(path), into: ledger) { _ in }
        let coop = try #require(try ledger.list().first { $0.name == "Coop" })
        #expect(coop.rawName?.hasPrefix("Kauf/Dienstleistung vom") == true)
        #expect(coop.rawName?.hasSuffix("Coop Genève Cornavin") == true)
    }

    /// An SBI export's UPI, IMPS and NEFT narrations (the CSV quirk fixture) become the
    /// counterparties' names on their way into the ledger, the bank's text kept beside them.
    @Test func indianNarrationsBecomeTheCounterpartysName() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StatementFormatsTests/Fixtures/quirks/csv/upi-imps-neft-narrations-sbi.csv").path
        let ledger = try Ledger(path: ":memory:")
        let outcome = LedgerImport.importFile(InputSource(path), into: ledger) { _ in }
        #expect(outcome.result.inserted == 5)
        let rows = try ledger.list().sorted { $0.date < $1.date }
        #expect(rows.map(\.name) == ["Ravi Kumar", "Swiggy", "Acme Technologies", "Priya Sharma", "ATM WDL-ATM Cash Pune Camp"])
        #expect(rows[0].rawName == "TO TRANSFER-UPI/DR/409312345678/RAVI KUMAR/SBIN/ravikumar@okaxis/UPI")
        #expect(rows[2].rawName == "BY TRANSFER-NEFT*HDFC0000123*HDFCN52024040512345678*ACME TECHNOLOGIES--")
    }

    @Test func rulesSeeTheCleanNameAndTheRawOne() throws {
        let rules = try RulesParser.parse(
            """
            rule "Card"
              when raw-name starts-with "Kauf/Dienstleistung"
              set memo = "card"
            rule "Coop"
              when name is "Coop"
              set category = "Food:Groceries"

            """, file: "r.pfin"
        ).get()
        let ledger = try Ledger(path: ":memory:")
        let path = SampleManifest.samplesDirectory.appendingPathComponent("ch-postfinance-excel.txt").path
        _ = LedgerImport.importFile(InputSource(path), into: ledger, rules: RuleEngine(rules)) { _ in }
        let coop = try #require(try ledger.list().first { $0.name == "Coop" })
        #expect(coop.category == "Food:Groceries")
        #expect(coop.memo == "card")
    }
}
