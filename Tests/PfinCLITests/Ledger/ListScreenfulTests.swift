import Foundation
import Testing

/// `pfin list` on a terminal shows the newest screenful and says how many more match; a pipe gets
/// every match. The terminal is a pseudo-terminal from `script`, its height `$LINES`.
struct ListScreenfulTests {
    /// `pfin ARGUMENTS` with standard output a terminal of `lines` rows, line ends as LF.
    static func onTerminal(_ arguments: [String], lines: Int) throws -> String {
        try PfinProcess.onTerminal(arguments, environment: ["LINES": String(lines)]).text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test(.enabled(if: PfinProcess.hasScript))
    func aTerminalGetsTheNewestScreenfulAndHowManyMore() throws {
        let fixture = try LedgerFixture.standard()
        let text = try Self.onTerminal(["list", "--db", fixture.path], lines: 8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 7, "the header, 5 rows and the line saying how many more: \(text)")
        #expect(lines.first?.hasPrefix("ID") == true)
        #expect(lines.last == "… 4 more transactions (--all lists every one, --limit N the newest N)")

        let all = try Self.onTerminal(["list", "--db", fixture.path, "--all"], lines: 8)
        #expect(all.split(separator: "\n").count == 10, "the header and all nine: \(all)")
        let limited = try Self.onTerminal(["list", "--db", fixture.path, "--limit", "2"], lines: 8)
        #expect(limited.split(separator: "\n").count == 3)
        #expect(!limited.contains("more transaction"))
    }

    @Test func aPipeGetsEveryMatch() throws {
        let fixture = try LedgerFixture.standard()
        let run = try fixture.pfin(["list"], environment: ["LINES": "8"])
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 10)
        #expect(!run.stdout.contains("more transaction"))
    }

    @Test func allWithLimitIsAUsageError() throws {
        let fixture = try LedgerFixture.standard()
        let run = try fixture.pfin(["list", "--all", "--limit", "3"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--all and --limit contradict each other"))
    }
}

/// `pfin convert` with no FILE and a terminal on standard input says it is reading it; with a
/// pipe it says nothing.
struct StandardInputNoticeTests {
    @Test(.enabled(if: PfinProcess.hasScript))
    func aTerminalOnStandardInputIsToldItIsRead() throws {
        let text = try ListScreenfulTests.onTerminal(["convert"], lines: 24)
        #expect(text.hasPrefix("pfin: reading standard input (type or paste the statement, then Ctrl-D; or name a FILE)\n"), "\(text)")
    }

    @Test func aPipeIsReadWithoutANotice() throws {
        let run = try PfinProcess.run(["convert"], stdin: Data("Date,Amount\n2024-05-01,-1.00\n".utf8))
        #expect(run.status == 0)
        #expect(!run.stderr.contains("reading standard input"), "\(run.stderr)")
    }
}
