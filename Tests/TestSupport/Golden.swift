import Foundation
import Testing

/// Output compared byte for byte with a checked-in golden file, for every test target.
///
/// `PFIN_RECORD_GOLDEN=1` re-records on purpose: the file is written and the check **fails**,
/// naming it, so that a recording run can never pass for a checking one (in CI, or by a variable
/// left set); review the diff and run again without it. Otherwise a missing file or a difference
/// fails the test.
public enum Golden {
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["PFIN_RECORD_GOLDEN"] == "1" }

    /// Checks `actual` against the file at `url`; `shownAs` names it in messages (`Golden/x.txt`).
    /// - Parameter recording: whether to record instead of checking (the environment's setting).
    public static func check(
        _ actual: [UInt8], at url: URL, shownAs name: String, recording: Bool = isRecording,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        if recording {
            let existing = try? Data(contentsOf: url)
            if existing.map({ [UInt8]($0) }) == actual {
                Issue.record(
                    "Golden \(name) is unchanged; PFIN_RECORD_GOLDEN=1 is set, so this run checks nothing: run again without it",
                    sourceLocation: sourceLocation)
                return
            }
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual).write(to: url, options: .atomic)
                Issue.record("recorded \(name) (PFIN_RECORD_GOLDEN=1); review the diff, then run again without it", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot record \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("missing golden file \(name); run with PFIN_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == [UInt8](expected), "differs from \(name)", sourceLocation: sourceLocation)
    }

    public static func check(
        _ actual: String, at url: URL, shownAs name: String, recording: Bool = isRecording,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        check(Array(actual.utf8), at: url, shownAs: name, recording: recording, sourceLocation: sourceLocation)
    }
}
