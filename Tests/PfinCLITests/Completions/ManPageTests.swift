import Foundation
import TestSupport
import Testing

/// `pfin help --man`: the manual written from the command declarations, kept in the repository as
/// docs/pfin.1 (re-recorded with PFIN_RECORD_GOLDEN=1), and rendered by man without a warning.
@Suite struct ManPageTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/pfin.1")

    @Test func theRepositoryCopyIsTheGeneratedPage() throws {
        let result = try PfinProcess.run(["help", "--man"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(".\\\" The pfin manual"))
        TestSupport.Golden.check(result.stdout, at: Self.page, shownAs: "docs/pfin.1")
    }

    @Test func everyCommandAndOptionIsInIt() throws {
        let text = try PfinProcess.run(["help", "--man"]).stdout
        for name in ["convert", "import", "report", "rules check", "rules explain", "rules suggest", "list", "completions"] {
            #expect(text.contains(".SS \"pfin \(name)\""), "no section for \(name)")
        }
        for option in ["\\-\\-out\\-dir", "\\-\\-fail\\-uncategorized", "\\-\\-min\\-consistency", "\\-\\-no\\-transfer\\-matching"] {
            #expect(text.contains("\\fB\(option)\\fR"), "no entry for \(option)")
        }
        let ascii = text.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "troff input beyond ASCII")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man")))
    func manRendersItWithoutWarnings() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/man")
        process.arguments = ["--warnings", "-l", Self.page.path]
        process.environment = ["MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let rendered = out.fileHandleForReading.readDataToEndOfFile()
        let warnings = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(warnings.isEmpty, "man: \(warnings)")
        #expect(String(decoding: rendered, as: UTF8.self).contains("EXIT STATUS"))
    }
}
