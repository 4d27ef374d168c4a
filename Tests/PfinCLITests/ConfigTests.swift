import Foundation
import Testing

/// `$XDG_CONFIG_HOME/pfin/config`: defaults for rules, currency, ledger and per-file account and
/// profile; a flag wins over the environment, which wins over the file, which wins over pfin's
/// defaults; `pfin config` says which applied and where it came from.
struct ConfigTests {
    final class Home {
        let directory: URL
        var config: String { directory.appendingPathComponent("pfin/config").path }
        init(_ text: String) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-config-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("pfin/profiles"), withIntermediateDirectories: true)
            try text.write(toFile: config, atomically: true, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        func pfin(_ arguments: [String], environment: [String: String] = [:]) throws -> PfinProcess.Result {
            try PfinProcess.run(arguments, environment: ["XDG_CONFIG_HOME": directory.path, "PFIN_DB": ""].merging(environment) { $1 })
        }
    }

    static let rules = "rule \"Rent\"\n  when name contains \"miete\"\n  set category = \"Housing:Rent\"\n"
    static let csv = "Date,Description,Amount\n2024-05-01,Miete Mai,-800.00\n2024-05-02,Kaffee,-3.50\n"

    @Test func theLedgerComesFromTheFlagThenTheEnvironmentThenTheFileThenTheDefault() throws {
        let home = try Home("db ledger.sqlite\n")
        let fromFile = try home.pfin(["config"])
        #expect(fromFile.stdout.contains("db        \(home.path("pfin/ledger.sqlite"))"), "\(fromFile.stdout)")
        #expect(fromFile.stdout.contains("from \(home.config):1"))
        let fromEnvironment = try home.pfin(["config"], environment: ["PFIN_DB": "/tmp/env.sqlite"])
        #expect(fromEnvironment.stdout.contains("/tmp/env.sqlite") && fromEnvironment.stdout.contains("from $PFIN_DB"))
        let fromFlag = try home.pfin(["config", "--db", "/tmp/flag.sqlite"], environment: ["PFIN_DB": "/tmp/env.sqlite"])
        #expect(fromFlag.stdout.contains("/tmp/flag.sqlite") && fromFlag.stdout.contains("from --db"))
        let none = try Home("")
        try FileManager.default.removeItem(atPath: none.config)
        let fallback = try none.pfin(["config"], environment: ["XDG_DATA_HOME": "/tmp/data"])
        #expect(fallback.stdout.contains("(not there; pfin's defaults apply)"))
        #expect(fallback.stdout.contains("/tmp/data/pfin/ledger.sqlite") && fallback.stdout.contains("from default"), "\(fallback.stdout)")

        // And the commands open that ledger: an import without --db lands where the file says.
        let statement = home.path("giro.csv")
        try Self.csv.write(toFile: statement, atomically: true, encoding: .utf8)
        #expect(try home.pfin(["import", statement]).status == 0)
        #expect(FileManager.default.fileExists(atPath: home.path("pfin/ledger.sqlite")))
        #expect(try home.pfin(["list", "--format", "jsonl"]).stdout.split(separator: "\n").count == 2)
    }

    @Test func rulesCurrencyAndAMatchApplyUnlessTheCommandLineSaysOtherwise() throws {
        let home = try Home("rules rules.pfin\ncurrency EUR\nmatch \"*giro*.csv\" account \"DKB Giro\"\n")
        try Self.rules.write(toFile: home.path("pfin/rules.pfin"), atomically: true, encoding: .utf8)
        let statement = home.path("my-giro.csv")
        try Self.csv.write(toFile: statement, atomically: true, encoding: .utf8)
        let run = try home.pfin(["convert", statement])
        #expect(run.status == 0, "\(run.stderr)")
        let first = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.split(separator: "\n")[0].utf8)) as? [String: Any])
        #expect(first["category"] as? String == "Housing:Rent")
        #expect(first["currency"] as? String == "EUR")
        #expect(first["account"] as? String == "DKB Giro")

        let flags = try home.pfin(["convert", statement, "--account", "Other", "--currency", "CHF"])
        let overridden = try #require(try JSONSerialization.jsonObject(with: Data(flags.stdout.split(separator: "\n")[0].utf8)) as? [String: Any])
        #expect(overridden["account"] as? String == "Other")
        #expect(overridden["currency"] as? String == "CHF")

        let other = home.path("card.csv")
        try Self.csv.write(toFile: other, atomically: true, encoding: .utf8)
        let unmatched = try home.pfin(["convert", other])
        #expect(!unmatched.stdout.contains("DKB Giro"), "the pattern does not fit card.csv")
    }

    @Test func aBrokenConfigurationStopsEveryCommandWithLocatedErrors() throws {
        let home = try Home("currency EUR\ncurency EUR\nmatch \"*.csv\" acount X\n")
        let run = try home.pfin(["convert", "Samples/nl-ing.csv"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("\(home.config):2:1: error: unknown setting 'curency'"), "\(run.stderr)")
        #expect(run.stderr.contains("\(home.config):2:1: note: did you mean 'currency'?"))
        #expect(run.stderr.contains("\(home.config):3:15: error: unknown part 'acount' of a match"))
    }
}
