import Foundation
import Testing

@testable import PfinCLI

/// The declared command model: every option once per command, each short spelling once, values
/// checked while parsing, an option that takes one value given once, required options enforced.
@Suite struct CommandModelTests {
    static var allSpecs: [CommandSpec] {
        Pfin.commands.flatMap { [$0.spec] + $0.subcommands.map(\.spec) }
    }

    @Test func eachCommandDeclaresEachSpellingOnce() {
        for spec in Self.allSpecs {
            let spellings = spec.allOptions.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) }
            #expect(Set(spellings).count == spellings.count, "pfin \(spec.name) declares a spelling twice: \(spellings)")
            #expect(spec.synopsis.hasPrefix(spec.arguments), "pfin \(spec.name)")
        }
    }

    @Test func anOptionOfOneValueGivenTwiceIsAUsageError() throws {
        let twice = try PfinProcess.run(["convert", "Samples/nl-ing.csv", "--to", "csv", "--to", "ofx"])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("option '--to' given twice ('csv' and 'ofx'); it takes one value"))
        #expect(twice.stdout.isEmpty)
        // The same value again changes nothing (an alias plus a typed flag).
        let same = try PfinProcess.run(["convert", "Samples/nl-ing.csv", "--to", "csv", "--to=csv"])
        #expect(same.status == 0)
        #expect(same.stdout.hasPrefix("id,account,date,"))
    }

    @Test func repeatableOptionsKeepEveryValue() throws {
        let spec = RulesLoading.rules.spec
        #expect(spec.repeatable)
        let parsed = try ArgumentParser.parse(["--rules", "a.pfin", "--rules=b.pfin"], spec: ConvertCommand.spec)
        #expect(parsed.all(RulesLoading.rules) == ["a.pfin", "b.pfin"])
    }

    @Test func valuesAreCheckedBeforeTheCommandRuns() throws {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--to", "pdf"], spec: ConvertCommand.spec) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--limit", "0"], spec: ListCommand.spec) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--format", "yaml"], spec: ImportsCommand.spec) }
        let parsed = try ArgumentParser.parse(["--format", "JSON"], spec: ImportsCommand.spec)
        #expect(parsed[ImportsCommand.format] == .json)
        #expect(try ArgumentParser.parse([], spec: ImportsCommand.spec)[ImportsCommand.format] == .text)
    }

    @Test func aMisspeltValueGetsTheClosestSpelling() throws {
        do {
            _ = try ArgumentParser.parse(["--format", "jsn"], spec: ImportsCommand.spec)
            Issue.record("accepted --format jsn")
        } catch {
            #expect(error.message == "unknown value 'jsn' for --format; expected text or json")
            #expect(error.suggestion == "json")
        }
    }

    @Test func aRequiredOptionIsEnforcedButNotForHelp() throws {
        #expect(throws: UsageError(message: "'pfin rules explain' needs --rules FILE")) {
            try ArgumentParser.parse(["Samples/nl-ing.csv"], spec: RulesExplainCommand.spec)
        }
        #expect(try ArgumentParser.parse(["--help"], spec: RulesExplainCommand.spec).flag("--help"))
        #expect(RulesExplainCommand.spec.synopsis.contains(" --rules FILE…"))
    }

    @Test func completionKindsFollowTheDeclarations() {
        #expect(ConvertCommand.to.spec.completion == .values(["jsonl", "csv", "ofx", "ofx1", "ledger", "beancount", "qif"]))
        #expect(ConvertCommand.output.spec.completion == .file)
        #expect(ReportRequest.outDirectory.spec.completion == .directory)
        #expect(ListRequest.account.spec.completion == .account)
        #expect(ListRequest.category.spec.completion == .category)
    }
}
