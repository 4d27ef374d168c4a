import Foundation
import Testing

/// Report output compared byte for byte with a checked-in file under
/// `Tests/ReportRenderingTests/Golden`. Set `PFIN_RECORD_GOLDEN=1` to re-record on purpose;
/// otherwise a difference fails the test. (The convention of `Tests/RulesTests` and `Tests/PfinCLITests`.)
enum GoldenFile {
    /// `Tests/ReportRenderingTests`, found from this source file.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let directory = testsDirectory.appendingPathComponent("Golden")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["PFIN_RECORD_GOLDEN"] == "1" }

    static func check(_ actual: [UInt8], _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if isRecording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(actual).write(to: url, options: .atomic)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("missing golden file Golden/\(name); run with PFIN_RECORD_GOLDEN=1 to record it",
                         sourceLocation: sourceLocation)
            return
        }
        #expect(actual == [UInt8](expected), "differs from Golden/\(name)", sourceLocation: sourceLocation)
    }
}
