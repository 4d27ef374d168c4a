import Foundation
import Testing

/// Text a user reads, compared with a checked-in file under `Tests/RulesTests/Golden`. Set
/// `PFIN_RECORD_GOLDEN=1` to re-record on purpose; otherwise a difference fails the test.
/// (The same convention as `Tests/PfinCLITests`.)
enum GoldenFile {
    /// `Tests/RulesTests`, found from this source file.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let directory = testsDirectory.appendingPathComponent("Golden")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["PFIN_RECORD_GOLDEN"] == "1" }

    /// The contents of `Golden/NAME`, or `nil` (with an issue recorded) when it is missing.
    static func read(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        let url = directory.appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing file Golden/\(name)", sourceLocation: sourceLocation)
            return nil
        }
        return text
    }

    /// Names of the files in `Golden/FOLDER` ending in `suffix`, without it, sorted.
    static func names(in folder: String, suffix: String) -> [String] {
        let path = directory.appendingPathComponent(folder).path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return files.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
    }

    static func check(_ actual: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if isRecording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file Golden/\(name); run with PFIN_RECORD_GOLDEN=1 to record it",
                         sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "differs from Golden/\(name)", sourceLocation: sourceLocation)
    }
}
