import FinanceCore
import Rules
import Testing

/// Every error a rules file can produce, as the user reads it: `Golden/errors/NAME.pfin` parsed as
/// `NAME.pfin` must print exactly `Golden/errors/NAME.expected` (`PFIN_RECORD_GOLDEN=1` re-records).
struct ErrorMessageTests {
    static let cases = GoldenFile.names(in: "errors", suffix: ".pfin")

    static func diagnostics(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic]? {
        guard let text = GoldenFile.read("errors/\(name).pfin", sourceLocation: sourceLocation) else { return nil }
        return RuleTesting.errors(text, file: "\(name).pfin", sourceLocation: sourceLocation)
    }

    @Test(arguments: cases)
    func errorMessage(_ name: String) throws {
        let diagnostics = try #require(Self.diagnostics(name))
        #expect(!diagnostics.isEmpty)
        for diagnostic in diagnostics {
            #expect(diagnostic.severity == .error)
            #expect(diagnostic.code.hasPrefix("rules."))
            #expect(diagnostic.location.file == "\(name).pfin")
            #expect(diagnostic.location.line > 0)
            #expect(diagnostic.location.column != nil, "errors point at a column: \(diagnostic)")
            #expect(!diagnostic.message.hasSuffix("."), "messages have no trailing period: \(diagnostic.message)")
        }
        GoldenFile.check(RuleTesting.rendered(diagnostics), "errors/\(name).expected")
    }

    /// A column points into the line, or just past its end for something missing there.
    @Test(arguments: cases)
    func columnsPointIntoTheLine(_ name: String) throws {
        let text = try #require(GoldenFile.read("errors/\(name).pfin"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for diagnostic in RuleTesting.errors(text, file: "\(name).pfin") {
            let line = diagnostic.location.line
            try #require(line >= 1 && line <= lines.count, "line \(line) exists")
            let column = try #require(diagnostic.location.column)
            #expect(
                column >= 1 && column <= lines[line - 1].count + 1,
                "column \(column) is outside line \(line) (\(lines[line - 1].count) characters): \(diagnostic.message)")
        }
    }

    @Test func theCasesAreThereAndEachHasItsExpectedOutput() {
        #expect(Self.cases.count >= 60)
        #expect(GoldenFile.names(in: "errors", suffix: ".expected") == Self.cases)
    }

    /// One run shows every mistake of a file, in line order, each once.
    @Test func aFileWithSeveralErrorsReportsThemAll() throws {
        let diagnostics = try #require(Self.diagnostics("several-errors"))
        #expect(diagnostics.map(\.location.line) == [2, 5, 6, 9, 10, 11, 18, 19, 20])
        #expect(diagnostics.map(\.location.line) == diagnostics.map(\.location.line).sorted())
        #expect(Set(diagnostics).count == diagnostics.count)
    }

    /// An error on one line does not hide the next rule, which still parses on its own.
    @Test func errorsDoNotSpillIntoTheNextRule() {
        let diagnostics = RuleTesting.errors(
            """
            rule "bad"
              when amount > lots
              set category = "x"
            rule "good"
              when name contains "x"
              set category = "y"
            """)
        #expect(diagnostics.map(\.location.line) == [2])
    }
}
