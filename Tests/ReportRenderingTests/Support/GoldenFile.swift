import Foundation
import TestSupport
import Testing

/// Report output compared byte for byte with a checked-in file under
/// `Tests/ReportRenderingTests/Golden`. `PFIN_RECORD_GOLDEN=1` re-records (and fails the
/// run, see `TestSupport.Golden`).
enum GoldenFile {
    /// `Tests/ReportRenderingTests`, found from this source file.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let directory = testsDirectory.appendingPathComponent("Golden")

    static func check(_ actual: [UInt8], _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Golden.check(actual, at: directory.appendingPathComponent(name), shownAs: "Golden/\(name)", sourceLocation: sourceLocation)
    }
}
