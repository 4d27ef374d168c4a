import Foundation
import TestSupport
import Testing

/// Text a user reads, compared with a checked-in file under `Tests/RulesTests/Golden`. `PFIN_RECORD_GOLDEN=1`
/// re-records (and fails the run, see `TestSupport.Golden`).
enum GoldenFile {
    /// `Tests/RulesTests`, found from this source file.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let directory = testsDirectory.appendingPathComponent("Golden")

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
        Golden.check(actual, at: directory.appendingPathComponent(name), shownAs: "Golden/\(name)", sourceLocation: sourceLocation)
    }
}
