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
