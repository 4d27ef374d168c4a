import Foundation
import ReportRendering
import Reports
import TestSupport
import Testing

/// Templates: the built-in set matches Templates/, a user's directory overrides it file by file,
/// and a broken template is reported at its file, line and column.
@Suite struct HTMLTemplatesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A temporary directory holding `files` (name: text), removed when the test lets it go.
    static func temporaryDirectory(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("templates")
        for (name, text) in files { try Data(text.utf8).write(to: directory.url.appendingPathComponent(name)) }
        return directory
    }

    @Test func builtInTemplatesMatchTheTemplatesDirectory() throws {
        let directory = Self.repository.appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".mustache") }
        var onDisk: [String: String] = [:]
        for file in files {
            onDisk[String(file.dropLast(".mustache".count))] = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        }
        let embedded = HTMLTemplates.builtIn.sources
        #expect(
            embedded.keys.sorted() == onDisk.keys.sorted(),
            "the built-in templates are out of date with Templates/: run Scripts/embed-templates")
        for (name, text) in onDisk where embedded[name] != text {
            Issue.record("the built-in templates are out of date with Templates/\(name).mustache: run Scripts/embed-templates")
        }
    }

    @Test func everyTemplateTheREADMEDescribesExists() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("Templates/README.md"), encoding: .utf8)
        for name in HTMLTemplates.builtIn.sources.keys { #expect(readme.contains("`\(name).mustache`"), "\(name)") }
    }

    @Test func directoryOverridesFileByFile() throws {
        let directory = try Self.temporaryDirectory([
            "month.mustache": "<p>{{monthTitle}}: {{#currencies}}{{net}} {{> extra}}{{/currencies}}</p>\n",
            "extra.mustache": "({{currency}})",
            "notes.txt": "not a template",
        ])
        let templates = try HTMLTemplates.load(directory: directory.path)
        let renderer = HTMLReportRenderer(templates: templates)
        let may = String(decoding: renderer.render(ReportFixture.report, month: ReportFixture.may), as: UTF8.self)
        #expect(may == "<p>May 2024: +€1,819.80 (EUR)-¥12,345 (JPY)</p>\n")
        // The index was not overridden: still the built-in page, with its built-in stylesheet.
        #expect(String(decoding: renderer.renderIndex(ReportFixture.report), as: UTF8.self).contains("<!doctype html>"))
        #expect(templates.sources["style"] == HTMLTemplates.builtIn.sources["style"])
    }

    @Test func brokenTemplateNamesItsFileLineAndColumn() throws {
        let directory = try Self.temporaryDirectory(["month.mustache": "<h1>{{monthTitle}}</h1>\n\n    {{#currencies}}\n"])
        #expect {
            try HTMLTemplates.load(directory: directory.path)
        } throws: { error in
            let text = (error as? HTMLTemplateError)?.description ?? ""
            return text.hasPrefix(directory.path + "/month.mustache:3:5: error: ") && text.contains("\nnote: ")
        }
    }

    @Test func missingDirectoryAndUnreadableFileAreErrors() throws {
        #expect {
            try HTMLTemplates.load(directory: "/nonexistent/pfin-templates")
        } throws: { error in
            (error as? HTMLTemplateError)?.description
                .hasPrefix("/nonexistent/pfin-templates: error: cannot read the templates directory: ") == true
        }
        // A directory named like a template cannot be read as one.
        let directory = try Self.temporaryDirectory([:])
        try FileManager.default.createDirectory(atPath: directory.path + "/index.mustache", withIntermediateDirectories: false)
        #expect {
            try HTMLTemplates.load(directory: directory.path + "/")
        } throws: { error in
            (error as? HTMLTemplateError)?.description.hasPrefix(directory.path + "/index.mustache: error: cannot read the template: ") == true
        }
    }
}
