import Foundation
import TestSupport
import Testing

/// The golden-file check every test target uses: it passes only on equal bytes, and a recording
/// run always fails, so that it cannot stand in for a checking one.
@Suite struct GoldenTests {
    static func scratch(_ name: String) -> URL {
        URL(fileURLWithPath: "/tmp/pfin-golden-\(getpid())-\(name)")
    }

    @Test func equalBytesPassAndADifferenceOrAMissingFileFails() throws {
        let url = Self.scratch("check")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("total 12.00\n".utf8).write(to: url)
        Golden.check("total 12.00\n", at: url, shownAs: "check", recording: false)
        withKnownIssue { Golden.check("total 12.01\n", at: url, shownAs: "check", recording: false) }
        withKnownIssue { Golden.check("x", at: Self.scratch("missing"), shownAs: "missing", recording: false) }
    }

    @Test func recordingWritesTheFileAndFailsTheRun() throws {
        let url = Self.scratch("record")
        defer { try? FileManager.default.removeItem(at: url) }
        withKnownIssue { Golden.check("new text\n", at: url, shownAs: "record", recording: true) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "new text\n")
        // Unchanged, the recording run fails all the same.
        withKnownIssue { Golden.check("new text\n", at: url, shownAs: "record", recording: true) }
    }
}
