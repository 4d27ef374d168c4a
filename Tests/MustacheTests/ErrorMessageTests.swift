import Mustache
import Testing

/// Every parse error as the user reads it, word for word: these lines end up in front of someone
/// editing a report template, so a change to them should be deliberate.
struct ErrorMessageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let kind: MustacheError.Kind
        let templates: [String: String]
        let expected: String
    }

    static let cases: [Case] = [
        Case(
            testDescription: "unclosed variable tag", kind: .unclosedTag,
            templates: ["row.html": "<td>{{payee</td>\n"],
            expected: """
                row.html:1:5: error: tag is never closed: no '}}' before the end of the template
                note: end the tag with '}}'; to write '{{' as text, change the delimiters first, e.g. '{{=<% %>=}}'
                """),
        Case(
            testDescription: "unclosed triple mustache wants three braces", kind: .unclosedTag,
            templates: ["row.html": "\n  {{{memo}}"],
            expected: """
                row.html:2:3: error: tag is never closed: no '}}}' before the end of the template
                note: end the tag with '}}}'; to write '{{' as text, change the delimiters first, e.g. '{{=<% %>=}}'
                """),
        Case(
            testDescription: "unclosed section points at its opening tag", kind: .unclosedSection,
            templates: ["month.html": "<table>\n{{#rows}}\n<tr>{{payee}}</tr>\n"],
            expected: """
                month.html:2:1: error: section 'rows' is never closed
                note: add '{{/rows}}' after the section's content
                """),
        Case(
            testDescription: "unclosed inverted section", kind: .unclosedSection,
            templates: ["month.html": "{{#rows}}x{{/rows}}{{^rows}}no rows"],
            expected: """
                month.html:1:20: error: inverted section 'rows' is never closed
                note: add '{{/rows}}' after the inverted section's content
                """),
        Case(
            testDescription: "unclosed block", kind: .unclosedSection,
            templates: ["layout.html": "<title>{{$title}}Statement</title>"],
            expected: """
                layout.html:1:8: error: block 'title' is never closed
                note: add '{{/title}}' after the block's content
                """),
        Case(
            testDescription: "unclosed section spelled with the delimiters it was written with", kind: .unclosedSection,
            templates: ["t": "{{=<% %>=}}\n<%#rows%>\n<%={{ }}=%>\n"],
            expected: """
                t:2:1: error: section 'rows' is never closed
                note: add '<%/rows%>' after the section's content
                """),
        Case(
            testDescription: "closing tag of an outer section", kind: .mismatchedClose,
            templates: ["t": "{{#rows}}\n  {{#cells}}{{.}}{{/rows}}\n"],
            expected: """
                t:2:18: error: closing tag '{{/rows}}' does not match the open section 'cells'
                note: '{{#cells}}' at line 2, column 3 must be closed first with '{{/cells}}'
                """),
        Case(
            testDescription: "closing tag without an open section", kind: .closeWithoutOpen,
            templates: ["t": "total{{/rows}}"],
            expected: """
                t:1:6: error: closing tag '{{/rows}}' has no open section
                note: remove it, or open the section before it with '{{#rows}}'
                """),
        Case(
            testDescription: "set delimiters with one delimiter", kind: .invalidDelimiters,
            templates: ["t": "a\n{{=<%=}}"],
            expected: """
                t:2:1: error: invalid set-delimiters tag '{{=<%=}}'
                note: write the new opening and closing delimiters between '=' signs, separated by a space, neither containing '=' or whitespace, e.g. '{{=<% %>=}}'
                """),
        Case(
            testDescription: "set delimiters without the closing equals sign", kind: .invalidDelimiters,
            templates: ["t": "{{=<% %>}}"],
            expected: """
                t:1:1: error: invalid set-delimiters tag '{{=<% %>}}'
                note: write the new opening and closing delimiters between '=' signs, separated by a space, neither containing '=' or whitespace, e.g. '{{=<% %>=}}'
                """),
        Case(
            testDescription: "empty variable name", kind: .emptyTagName,
            templates: ["t": "Total: {{ }}"],
            expected: """
                t:1:8: error: tag '{{ }}' has no name
                note: write a name between the delimiters, e.g. '{{payee}}', or '{{.}}' for the current item
                """),
        Case(
            testDescription: "empty section name", kind: .emptyTagName,
            templates: ["t": "{{#}}"],
            expected: """
                t:1:1: error: tag '{{#}}' has no name
                note: write a name between the delimiters, e.g. '{{payee}}', or '{{.}}' for the current item
                """),
        Case(
            testDescription: "columns count characters, not bytes", kind: .closeWithoutOpen,
            templates: ["t": "Müller {{/x}}"],
            expected: """
                t:1:8: error: closing tag '{{/x}}' has no open section
                note: remove it, or open the section before it with '{{#x}}'
                """),
        Case(
            testDescription: "an error in a partial names the partial and its line", kind: .unclosedSection,
            templates: ["month.html": "<table>\n{{>row.html}}\n</table>\n", "row.html": "<tr>\n{{#cells}}<td>{{.}}</td>\n</tr>\n"],
            expected: """
                row.html:2:1: error: section 'cells' is never closed
                note: add '{{/cells}}' after the section's content
                """),
    ]

    @Test(arguments: cases)
    func errorMessage(_ example: Case) {
        let error = #expect(throws: MustacheError.self) { try MustacheLibrary(templates: example.templates) }
        #expect(error?.description == example.expected)
        #expect(error?.kind == example.kind)
    }

    @Test func errorFieldsMatchTheDescription() throws {
        let error = try #require(MustacheLibrary.errors(in: ["t": "\n\n   {{#rows}}"]).first)
        #expect(error.templateName == "t")
        #expect(error.line == 3)
        #expect(error.column == 4)
        #expect(error.message == "section 'rows' is never closed")
        #expect(error.note == "add '{{/rows}}' after the section's content")
    }

    /// A single run shows every broken template, in name order, each with its own name.
    @Test func errorsListsEveryBrokenTemplate() {
        let errors = MustacheLibrary.errors(in: ["b.html": "{{/x}}", "ok.html": "fine {{x}}", "a.html": "{{#y}}"])
        #expect(errors.map(\.templateName) == ["a.html", "b.html"])
        #expect(errors.map(\.kind) == [.unclosedSection, .closeWithoutOpen])
        #expect(MustacheLibrary.errors(in: ["ok.html": "fine {{x}}"]).isEmpty)
    }

    @Test func templateErrorsUseTheTemplateName() {
        let own = #expect(throws: MustacheError.self) { try MustacheTemplate("{{#a}}", name: "summary.html") }
        #expect(own?.templateName == "summary.html")
        let inPartial = #expect(throws: MustacheError.self) {
            try MustacheTemplate("ok", name: "summary.html", partials: ["p": "{{/a}}"])
        }
        #expect(inPartial?.templateName == "p")
    }
}
