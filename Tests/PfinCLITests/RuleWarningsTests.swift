import Foundation
import Testing

/// A rule whose regex gives up is said alike by every command that applies rules: `convert`,
/// `import` and `report` warn at the transaction (all through the library's rules stage), and
/// `rules explain` lists it under the transaction.
struct RuleWarningsTests {
    static let rules = """
        rule "Slow"
          when name matches /(a+)+$/
          set category = "Slow"

        """
    static let name = String(repeating: "a", count: 40) + "b"
    static let csv = "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,\(name),-8.00\n"
    static let warning = "t.csv:3: warning: the regular expression of rule 'Slow' ("

    @Test func everyCommandThatAppliesRulesSaysARegexGaveUp() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-rulewarn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = directory.appendingPathComponent("slow.pfin").path
        try Self.rules.write(toFile: rules, atomically: true, encoding: .utf8)
        let csv = directory.appendingPathComponent("t.csv").path
        try Self.csv.write(toFile: csv, atomically: true, encoding: .utf8)
        let db = directory.appendingPathComponent("l.sqlite").path
        let located = Self.warning.replacingOccurrences(of: "t.csv", with: csv)

        for command in [["convert", csv], ["import", csv, "--db", db], ["report", csv]] {
            let run = try PfinProcess.run(command + ["--rules", rules])
            #expect(run.status == 0, "\(command[0]): \(run.stderr)")
            #expect(run.stderr.contains(located), "\(command[0]): \(run.stderr)")
            #expect(run.stderr.contains("gave up on this transaction after too many steps; the rule was not applied"), "\(command[0])")
            #expect(run.stderr.components(separatedBy: "warning: the regular expression").count == 2, "once, at its row: \(command[0])")
        }
        let explain = try PfinProcess.run(["rules", "explain", "--rules", rules, csv])
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(
            explain.stdout.contains("gave up on 'Slow' (\(rules):1): its regular expression took too many steps; not applied"),
            "\(explain.stdout)")
    }
}
