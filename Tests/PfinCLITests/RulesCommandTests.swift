import Foundation
import TestSupport
import Testing

/// `pfin rules check|explain|suggest` and `--rules` on `convert`, run as a user runs them.
struct RulesCommandTests {
    static let rules = "Samples/rules.pfin"
    static let lint = Repository.fixture("rules/lint.pfin")
    static let broken = Repository.fixture("rules/broken.pfin")

    @Test func checkReportsEveryErrorOfAFileAtOnceAndExitsOne() throws {
        let result = try PfinProcess.run(["rules", "check", Self.broken])
        #expect(result.status == 1)
        #expect(result.stderr.components(separatedBy: ": error: ").count - 1 == 3)
        Golden.check(result.stderr, "rules/check-broken.stderr")
        Golden.check(result.stdout, "rules/check-broken.stdout")
    }

    @Test func checkWarnsAboutDuplicateNamesAndRulesThatCanNeverFire() throws {
        let result = try PfinProcess.run(["rules", "check", Self.lint])
        #expect(result.status == 0)
        #expect(result.stderr.contains("rule 'WF' can never change anything"))
        #expect(result.stderr.contains("rule 'Big rent' can never change anything: rule 'Stopper'"))
        #expect(result.stderr.contains("rule name 'Groceries' is already used"))
        Golden.check(result.stderr, "rules/check-lint.stderr")
    }

    @Test func theSampleRulesAreCleanAndCategoriseMostOfTheSamples() throws {
        let result = try PfinProcess.run(["rules", "check", Self.rules, "--against"] + Repository.samples.map(Repository.sample))
        #expect(result.status == 0)
        #expect(!result.stderr.contains("rules.pfin"), "no warnings about the sample rules: \(result.stderr)")
        let summary = try #require(result.stdout.firstMatch(of: /(\d+) of (\d+) transactions categorised/))
        #expect(Int(summary.1)! * 100 >= Int(summary.2)! * 90, "at least 90% categorised: \(result.stdout)")
    }

    @Test func checkAgainstInputsWarnsAboutRulesThatMatchedNothing() throws {
        let result = try PfinProcess.run(["rules", "check", Self.lint, "--against", "Samples/nl-ing.csv"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("rule 'Big rent' matched none of the 20 transactions"))
        Golden.check(result.stdout, "rules/check-against.stdout")
    }

    @Test func explainNamesTheRuleAndLineBehindEveryField() throws {
        let result = try PfinProcess.run(["rules", "explain", "--rules", Self.rules, "Samples/us-checking-chase.csv"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("category = \"Income:Salary\"  by 'Salary' (Samples/rules.pfin:"))
        Golden.check(result.stdout, "rules/explain-chase.stdout")
    }

    @Test func explainListsTransactionsNoRuleTouched() throws {
        let result = try PfinProcess.run(["rules", "explain", "--rules", Self.rules, "Samples/paypal-activity.csv", "--uncategorized"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Vintage Camera Shop\n  no rule matched\n"))
        #expect(!result.stdout.contains("Spotify"))
    }

    @Test func explainWithoutRulesIsAUsageError() throws {
        let result = try PfinProcess.run(["rules", "explain", "Samples/nl-ing.csv"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("needs --rules FILE"))
    }

    @Test func convertAppliesTheRules() throws {
        let result = try PfinProcess.run(["convert", "Samples/us-checking-chase.csv", "--rules", Self.rules])
        #expect(result.status == 0)
        Golden.check(result.stdout, "rules/convert-chase.jsonl")
    }

    @Test func severalRulesFilesApplyInOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("first.pfin")
        try "rule \"Mine first\"\n  when name contains \"netflix\"\n  set category = \"Fun\"\n".write(to: first, atomically: true, encoding: .utf8)
        let result = try PfinProcess.run(["convert", "Samples/nl-ing.csv", "--rules", first.path, "--rules", Self.rules])
        let netflix = result.stdout.split(separator: "\n").filter { $0.contains("Netflix") }
        #expect(netflix.count == 2)
        #expect(netflix.allSatisfy { $0.contains(#""category":"Fun""#) })
        #expect(result.stdout.contains(#""category":"Food:Groceries""#))
    }

    @Test func failUncategorizedExitsThreeAndListsThem() throws {
        let result = try PfinProcess.run(["convert", "Samples/paypal-activity.csv", "--rules", Self.rules, "--fail-uncategorized"])
        #expect(result.status == 3)
        #expect(result.stdout.split(separator: "\n").count == 20, "the output is still written")
        Golden.check(result.stderr, "rules/fail-uncategorized.stderr")
    }

    @Test func brokenRulesStopConvertBeforeAnythingIsWritten() throws {
        let directory = try TemporaryDirectory("rules")
        let output = directory.path("out.jsonl")
        let result = try PfinProcess.run(["convert", "Samples/nl-ing.csv", "--rules", Self.broken, "-o", output])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(result.stderr.contains("broken.pfin:3:8: error: unknown field 'nmae'"))
    }

    @Test func aMissingRulesFileIsAnError() throws {
        let result = try PfinProcess.run(["convert", "Samples/nl-ing.csv", "--rules", "no-such.pfin"])
        #expect(result.status == 1)
        #expect(result.stderr == "pfin: error: cannot read 'no-such.pfin': no such file or directory\n")
    }

    @Test func rulesAloneAsksForASubcommand() throws {
        let result = try PfinProcess.run(["rules"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("needs a subcommand: check, explain, suggest"))
        let typo = try PfinProcess.run(["rules", "chek", Self.rules])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean 'check'?"))
    }

    @Test(arguments: [["help", "rules"], ["rules", "--help"]])
    func helpForTheGroupDescribesTheLanguage(_ arguments: [String]) throws {
        let result = try PfinProcess.run(arguments)
        #expect(result.status == 0)
        Golden.check(result.stdout, "help/rules.stdout")
    }

    @Test(arguments: ["check", "explain", "suggest"])
    func eachSubcommandHasHelp(_ name: String) throws {
        let result = try PfinProcess.run(["help", "rules", name])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: pfin rules \(name) "))
        let same = try PfinProcess.run(["rules", name, "--help"])
        #expect(same.stdout == result.stdout)
        Golden.check(result.stdout, "help/rules-\(name).stdout")
    }
}

/// `pfin rules suggest`, on a categorised history (the samples as the sample rules categorise them).
struct RulesSuggestCommandTests {
    static let history = Repository.fixture("rules/history.jsonl")

    @Test func proposesReadyToPasteRulesMostUsefulFirst() throws {
        let result = try PfinProcess.run(["rules", "suggest", Self.history])
        #expect(result.status == 0)
        #expect(result.stdout.contains("rule \"Netflix\"\n  when name contains \"netflix\"\n  set category = \"Subscriptions:Streaming\"\n"))
        Golden.check(result.stdout, "rules/suggest.stdout")
    }

    @Test func theProposalsParseAndCategoriseTheirHistory() throws {
        let proposals = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-suggest-\(UUID().uuidString).pfin")
        defer { try? FileManager.default.removeItem(at: proposals) }
        let suggest = try PfinProcess.run(["rules", "suggest", Self.history, "-o", proposals.path])
        #expect(suggest.status == 0)
        #expect(suggest.stdout.isEmpty)
        let check = try PfinProcess.run(["rules", "check", proposals.path])
        #expect(check.status == 0, "the proposed rules parse: \(check.stderr)")
    }

    @Test func withRulesOnlyWhatTheyMissIsProposed() throws {
        let result = try PfinProcess.run(["rules", "suggest", Self.history, "--rules", "Samples/rules.pfin"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("rule \""), "the sample rules already categorise their own output")
        #expect(result.stderr.contains("nothing to propose"))
    }

    @Test func thresholdsAreValidated() throws {
        let result = try PfinProcess.run(["rules", "suggest", Self.history, "--min-consistency", "120"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--min-consistency expects a percentage from 1 to 100, found '120'"))
        let looser = try PfinProcess.run(["rules", "suggest", Self.history, "--min-support", "2", "--min-consistency", "75%"])
        #expect(looser.status == 0)
        #expect(looser.stdout.components(separatedBy: "\nrule ").count > result.stdout.components(separatedBy: "\nrule ").count)
    }
}
