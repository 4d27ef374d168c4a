import Foundation

/// A fresh directory `pfin-PURPOSE-UUID` under the system's temporary directory, removed with
/// everything in it when the value goes away: whether the test that made it passed, failed or
/// threw, nothing is left in `/tmp`. A test keeps it in a local for as long as it uses the
/// files, declared before what uses them: locals go in the reverse order, so a `Ledger` declared
/// after it is closed before its file is removed.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    /// The directory, made now; `purpose` names it (`pfin-report-…`) for whoever finds one left
    /// by a crashed run.
    public init(_ purpose: String = "test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    public var path: String { url.path }

    /// The path of `name` inside the directory (not created).
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
