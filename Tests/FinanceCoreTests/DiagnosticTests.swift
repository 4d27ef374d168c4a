import FinanceCore
import Testing

@Suite struct DiagnosticTests {
    // `Testing` has a `SourceLocation` too, so FinanceCore's is spelled in full.
    @Test(arguments: [
        (FinanceCore.SourceLocation(file: "bank.csv", line: 12, column: 7), "bank.csv:12:7"),
        (FinanceCore.SourceLocation(file: "bank.csv", line: 12), "bank.csv:12"),
        (FinanceCore.SourceLocation(file: "bank.csv", line: 0, column: 3), "bank.csv"),  // line 0: the whole file
        (FinanceCore.SourceLocation(file: "<stdin>", line: 1, column: 1), "<stdin>:1:1"),
    ])
    func locationRendering(_ location: FinanceCore.SourceLocation, expected: String) {
        #expect(location.description == expected)
    }

    @Test func compilerStyleRenderingWithNotes() {
        let diagnostic = Diagnostic(
            .error, code: "csv.unterminated-quote", at: FinanceCore.SourceLocation(file: "a.csv", line: 3, column: 9),
            "quote opened here is never closed", notes: ["close it with '\"'", "or quote the field"])
        #expect(
            diagnostic.description == """
                a.csv:3:9: error: quote opened here is never closed
                a.csv:3:9: note: close it with '"'
                a.csv:3:9: note: or quote the field
                """)
    }

    @Test func warningWithoutNotesIsOneLine() {
        let diagnostic = Diagnostic(.warning, code: "x", at: FinanceCore.SourceLocation(file: "a.csv", line: 0), "empty file")
        #expect(diagnostic.description == "a.csv: warning: empty file")
    }

    @Test func severityOrder() {
        #expect(Diagnostic.Severity.warning < .error)
        #expect(!(Diagnostic.Severity.error < .warning))
        #expect(!(Diagnostic.Severity.error < .error))
        #expect([Diagnostic.Severity.error, .warning, .error].max() == .error)
    }
}
