import Foundation
import TestSupport
import Testing

/// `pfin completions bash`, loaded into a real bash and asked what it completes: commands,
/// subcommands of a group, options, the values of a format option, files where a command takes
/// them, and account names read from the ledger.
@Suite struct BashCompletionTests {
    /// bash, the script sourced, and the words of a command line being completed (the last one
    /// is the word under the cursor); the candidates, one a line.
    static func complete(_ words: [String], in directory: TemporaryDirectory, environment: [String: String] = [:]) throws -> [String] {
        let script = directory.path("pfin.bash")
        if !FileManager.default.fileExists(atPath: script) {
            let generated = try PfinProcess.run(["completions", "bash"])
            #expect(generated.status == 0)
            try generated.stdoutBytes.write(to: URL(fileURLWithPath: script))
        }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "--norc", "-c",
            """
            source "$1" || exit 9
            COMP_WORDS=(\(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _pfin
            printf '%s\\n' "${COMPREPLY[@]}"
            """, "bash", script,
        ]
        process.currentDirectoryURL = directory.url
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = PfinProcess.executable.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "bash failed on \(words)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    @Test func commandsSubcommandsAndOptions() throws {
        let directory = try TemporaryDirectory()
        #expect(try Self.complete(["pfin", "conv"], in: directory) == ["convert"])
        #expect(try Self.complete(["pfin", "re"], in: directory) == ["reconcile", "recurring", "report", "restore"])
        #expect(try Self.complete(["pfin", "budget", "su"], in: directory) == ["suggest"])
        #expect(try Self.complete(["pfin", "rules", "ch"], in: directory) == ["check"])
        #expect(try Self.complete(["pfin", "rules", "check", "--ag"], in: directory) == ["--against"])
        #expect(try Self.complete(["pfin", "convert", "--t"], in: directory) == ["--threads", "--to"])
        #expect(try Self.complete(["pfin", "report", "--out"], in: directory) == ["--out-dir", "--output"])
        #expect(try Self.complete(["pfin", "help", "imp"], in: directory) == ["import", "imports"])
        #expect(try Self.complete(["pfin", "completions", "z"], in: directory) == ["zsh"])
    }

    @Test func formatsAndOtherFixedValues() throws {
        let directory = try TemporaryDirectory()
        #expect(try Self.complete(["pfin", "convert", "--to", "o"], in: directory) == ["ofx", "ofx1"])
        #expect(try Self.complete(["pfin", "convert", "--from", "c"], in: directory) == ["camt", "csv"])
        #expect(try Self.complete(["pfin", "report", "--format", ""], in: directory) == ["csv", "html", "json", "text"])
        #expect(try Self.complete(["pfin", "list", "--type", "in"], in: directory) == ["income"])
        #expect(try Self.complete(["pfin", "imports", "--format", "j"], in: directory) == ["json"])
    }

    @Test func filesWhereACommandTakesThem() throws {
        let directory = try TemporaryDirectory()
        for name in ["statement.csv", "statement.ofx", "rules.pfin"] {
            _ = FileManager.default.createFile(atPath: directory.path(name), contents: Data())
        }
        #expect(try Self.complete(["pfin", "convert", "stat"], in: directory) == ["statement.csv", "statement.ofx"])
        #expect(try Self.complete(["pfin", "convert", "--rules", "ru"], in: directory) == ["rules.pfin"])
        // `pfin list` takes options only: no files offered.
        #expect(try Self.complete(["pfin", "list", "stat"], in: directory) == [])
    }

    @Test func accountsAndCategoriesComeFromTheLedger() throws {
        let fixture = try LedgerFixture.standard()
        let directory = try TemporaryDirectory()
        let environment = ["PFIN_DB": fixture.path]
        #expect(try Self.complete(["pfin", "list", "--account", ""], in: directory, environment: environment) == ["Card", "Checking", "Savings"])
        #expect(
            try Self.complete(["pfin", "list", "--category", "Food"], in: directory, environment: environment)
                == ["Food:Coffee", "Food:Groceries"])
        // No ledger: nothing to offer, and no error on the terminal.
        #expect(try Self.complete(["pfin", "list", "--account", ""], in: directory, environment: ["PFIN_DB": directory.path("none.sqlite")]) == [])
    }
}
