import Foundation
import Testing

/// Usage errors exit 2, name the problem and suggest the closest spelling; help is complete.
struct UsageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var testDescription: String { name }
    }

    static let usageErrors: [Case] = [
        Case(name: "unknown-option", arguments: ["convert", "--stirct", "Samples/nl-ing.csv"]),
        Case(name: "unknown-command", arguments: ["conver", "Samples/nl-ing.csv"]),
        Case(name: "missing-value", arguments: ["convert", "Samples/nl-ing.csv", "--to"]),
        Case(name: "unknown-format", arguments: ["convert", "Samples/nl-ing.csv", "--to", "jsnl"]),
        Case(name: "bad-date-format", arguments: ["convert", "Samples/nl-ing.csv", "--date-format", "dd/qq/yyyy"]),
        Case(name: "bad-currency", arguments: ["convert", "Samples/nl-ing.csv", "--currency", "EURO"]),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExitTwo(_ c: Case) throws {
        let result = try PfinProcess.run(c.arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        Golden.check(result.stderr, "usage/\(c.name).stderr")
    }

    @Test(arguments: ["--version", "-V"])
    func theVersionIsPrinted(_ flag: String) throws {
        let result = try PfinProcess.run([flag])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("pfin ") && result.stdout.split(separator: ".").count == 3, "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    @Test func unknownOptionSuggestsTheClosestSpelling() throws {
        let result = try PfinProcess.run(["convert", "--stirct"])
        #expect(result.stderr.contains("did you mean '--strict'?"))
    }

    static let helpRequests: [Case] = [
        Case(name: "overview", arguments: ["--help"]),
        Case(name: "help-convert", arguments: ["help", "convert"]),
        Case(name: "convert-help", arguments: ["convert", "--help"]),
        Case(name: "help-add", arguments: ["help", "add"]),
        Case(name: "help-edit", arguments: ["help", "edit"]),
        Case(name: "help-delete", arguments: ["help", "delete"]),
        Case(name: "help-show", arguments: ["help", "show"]),
        Case(name: "help-list", arguments: ["help", "list"]),
        Case(name: "help-summary", arguments: ["help", "summary"]),
        Case(name: "list-help", arguments: ["list", "--help"]),
        Case(name: "help-imports", arguments: ["help", "imports"]),
        Case(name: "help-undo", arguments: ["help", "undo"]),
        Case(name: "help-restore", arguments: ["help", "restore"]),
        Case(name: "undo-help", arguments: ["undo", "--help"]),
    ]

    @Test(arguments: helpRequests)
    func helpExitsZero(_ c: Case) throws {
        let result = try PfinProcess.run(c.arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("usage: pfin"))
        Golden.check(result.stdout, "help/\(c.name).stdout")
    }

    @Test func convertHelpListsEveryOptionAndAnExample() throws {
        let help = try PfinProcess.run(["convert", "--help"]).stdout
        for option in [
            "--from", "--to", "--profile", "--date-format", "--account", "--currency", "--output", "--strict",
            "--show-dialect", "--help",
        ] {
            #expect(help.contains(option), "help mentions \(option)")
        }
        #expect(help.contains("example"))
    }

    @Test(
        "every ledger command's help lists its options and an example",
        arguments: ["add", "edit", "delete", "show", "list", "summary", "imports", "undo", "restore"])
    func ledgerHelpIsComplete(_ command: String) throws {
        let help = try PfinProcess.run(["help", command]).stdout
        #expect(help.contains("--db PATH"))
        #expect(help.contains("example"))
        if command == "add" || command == "edit" {
            for option in ["--name", "--amount", "--type", "--date", "--address", "--memo", "--category", "--account", "--currency"] {
                #expect(help.contains(option), "help mentions \(option)")
            }
        }
    }

    @Test func noArgumentsPrintsTheOverviewAndExitsTwo() throws {
        let result = try PfinProcess.run([])
        #expect(result.status == 2)
        #expect(result.stderr.contains("commands:"))
    }
}
