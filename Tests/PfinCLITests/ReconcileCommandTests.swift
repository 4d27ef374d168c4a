import Foundation
import TestSupport
import Testing

/// `pfin reconcile` end to end: every sample that states balances adds up, and a sample with one
/// row deleted, doubled or mistyped exits 1 naming the row.
struct ReconcileCommandTests {
    @Test("every sample reconciles", arguments: Repository.samples)
    func sampleReconciles(_ sample: String) throws {
        let result = try PfinProcess.run(["reconcile", Repository.sample(sample)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("MISMATCH"))
    }

    @Test func aFileWithoutBalancesIsANoteNotAnError() throws {
        let result = try PfinProcess.run(["reconcile", Repository.sample("nl-ing.csv")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("note: the file states no balances for this account; nothing to reconcile"))
    }

    @Test func statedBalancesAreShown() throws {
        let result = try PfinProcess.run(["reconcile", Repository.sample("de-mt940-commerzbank.sta")])
        #expect(
            result.stdout.contains(
                """
                Samples/de-mt940-commerzbank.sta: 30040000/0612345600 EUR 2023-12-27…2023-12-29, 11 transactions totalling 2144.35
                  opening   1843.27 on 2023-12-22
                  closing   3987.62 on 2023-12-29
                  OK: the transactions add up to every stated balance
                """))
    }

    /// Balances a CSV states above or below its table (DKB's `Kontostand vom`, Crédit Agricole's
    /// `Solde au`, HDFC's statement summary) are checked.
    @Test(
        "a CSV's preamble or footer balance is checked",
        arguments: [
            ("de-dkb-giro.csv", "  closing   3456.78 on 2024-05-31\n"),
            ("fr-credit-agricole.csv", "  closing   1234.56 on 2024-05-31\n"),
            ("in-hdfc-footer.csv", "  opening   184320.55 on 2024-04-01\n  closing   300636.40 on 2024-05-31\n"),
        ])
    func csvStatedBalances(_ sample: String, _ shown: String) throws {
        let result = try PfinProcess.run(["reconcile", Repository.sample(sample)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(shown), "\(result.stdout)")
        #expect(!result.stdout.contains("states no balances"))
    }

    @Test func jsonHasOneObjectPerStatement() throws {
        let result = try PfinProcess.run(["reconcile", Repository.sample("multi-account-ofx2.ofx"), "--format", "json"])
        #expect(result.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]]
        let statements = try #require(parsed)
        #expect(statements.count == 3, "checking, savings and the card (whose line in EUR is charged in USD)")
        #expect(statements.first?["outcome"] as? String == "closingOnly")
        #expect(statements.first?["impliedOpening"] as? String == "2887.35")
        #expect((statements.first?["closing"] as? [String: Any])?["amount"] as? String == "6214.37")
    }

    // MARK: Tampered samples

    /// `sample` with its lines changed by `edit`, in a file `name` in `directory`; its path.
    private func tampered(_ sample: String, _ name: String, in directory: TemporaryDirectory, _ edit: (inout [String]) -> Void) throws -> String {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Samples").appendingPathComponent(sample), encoding: .isoLatin1)
        // "\r\n" is one Character: split on scalars, and write the lines back as they were ended.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        edit(&lines)
        let path = directory.path(name)
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .isoLatin1)
        return path
    }

    @Test func anOpeningBalanceAloneIsSaidSo() throws {
        // The Sparkasse statement without its closing balance (CLBD): OPBD alone.
        let directory = try TemporaryDirectory("reconcile")
        let path = try tampered("de-sparkasse-camt053.xml", "opening-only.xml", in: directory) { lines in
            lines = lines.map { $0.replacingOccurrences(of: "<Cd>CLBD</Cd>", with: "<Cd>XXXX</Cd>") }
        }
        let text = try PfinProcess.run(["reconcile", path])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("note: only an opening balance stated, no closing balance to check the transactions against"), "\(text.stdout)")
        let json = try PfinProcess.run(["reconcile", path, "--format", "json"])
        let statements = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]])
        #expect(statements.map { $0["outcome"] as? String } == ["openingOnly"])
        #expect(statements.first?["closing"] is NSNull)
    }

    @Test func aDeletedRowIsFoundAtTheNextRow() throws {
        // Line 7 (SAFEWAY, -88.14, 05/29) gone; the file runs newest first, so the balance goes
        // wrong on the payroll of 05/31, line 6.
        let directory = try TemporaryDirectory("reconcile")
        let path = try tampered("us-checking-chase.csv", "deleted.csv", in: directory) { $0.remove(at: 6) }
        let result = try PfinProcess.run(["reconcile", path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("deleted.csv:6: error: the balance goes wrong here (2024-05-31): expected 4420.24, the row states 4332.10 (off by -88.14)"),
            "\(result.stdout)")
        #expect(result.stdout.contains("note: a transaction of -88.14 may be missing between 2024-05-24 and 2024-05-31 (7 days apart)"))
    }

    @Test func aDoubledRowIsNamedAsADuplicate() throws {
        let directory = try TemporaryDirectory("reconcile")
        let path = try tampered("us-checking-chase.csv", "doubled.csv", in: directory) { $0.insert($0[6], at: 6) }
        let result = try PfinProcess.run(["reconcile", path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("doubled.csv:7: error: the balance goes wrong here (2024-05-29): expected 2093.96, the row states 2182.10"),
            "\(result.stdout)")
        #expect(result.stdout.contains("note: line 7 repeats line 8 (same date, amount -88.14 and name): one may be there twice"))
    }

    @Test func aShiftedAmountIsNamedAtItsRow() throws {
        let directory = try TemporaryDirectory("reconcile")
        let path = try tampered("us-checking-chase.csv", "shifted.csv", in: directory) { $0[2] = $0[2].replacingOccurrences(of: ",-12.00,", with: ",-120.00,") }
        let result = try PfinProcess.run(["reconcile", path, "--format", "json"])
        #expect(result.status == 1)
        let parsed = try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]]
        let mismatches = try #require(parsed?.first?["mismatches"] as? [[String: Any]])
        #expect(mismatches.count == 1)
        #expect(mismatches.first?["line"] as? Int == 3)
        #expect(mismatches.first?["expected"] as? String == "2355.65")
        #expect(mismatches.first?["found"] as? String == "2463.65")
        let cause = (mismatches.first?["causes"] as? [[String: Any]])?.first
        #expect(cause?["kind"] as? String == "amount")
        #expect(cause?["text"] as? String == "the amount -120.00 on line 3 may be wrong: -12.00 would add up")
    }

    @Test func aDoubledMT940LineIsNamedAgainstTheClosingBalance() throws {
        // The first :61: and its :86: (lines 5 to 9) twice.
        let directory = try TemporaryDirectory("reconcile")
        let path = try tampered("de-mt940-commerzbank.sta", "doubled.sta", in: directory) { $0.insert(contentsOf: $0[4..<9], at: 9) }
        let result = try PfinProcess.run(["reconcile", path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("the closing balance on 2023-12-29 is 3987.62, the transactions add up to 3933.25 (off by 54.37)"),
            "\(result.stdout)")
        #expect(result.stdout.contains("note: line 10 repeats line 5 (same date, amount -54.37 and name): one may be there twice"))
    }
}
