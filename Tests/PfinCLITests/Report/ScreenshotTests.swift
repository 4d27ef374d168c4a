import BrowserCheck
import Foundation
import TestSupport
import Testing

/// The README's pictures of the report are current: `Scripts/screenshots` takes them again, from
/// this build, into a temporary directory, and each must have the committed picture's dimensions
/// and at most 1 % of its pixels different (the browser compares them; fonts may render a little
/// differently from machine to machine, a changed page moves whole rows). After a change that
/// shows on the pages, run the script and commit `docs/*.png` with it.
@Suite(.enabled(if: BrowserCheck.executable != nil, "needs chromium on PATH"))
struct ScreenshotTests {
    static let pictures = ["report-month.png", "report-month-phone.png", "report-index.png"]

    /// A PNG's width and height, from its header chunk.
    static func dimensions(_ png: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](png.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func theReadmePicturesAreCurrent() throws {
        let directory = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["Scripts/screenshots", PfinProcess.executable.path, directory.url.path]
        process.currentDirectoryURL = Repository.root
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for name in Self.pictures {
            let committed = try Data(contentsOf: Repository.root.appendingPathComponent("docs/" + name))
            let taken = try Data(contentsOf: directory.url.appendingPathComponent(name))
            let a = try #require(Self.dimensions(committed)), b = try #require(Self.dimensions(taken))
            #expect(a == b, "\(name): committed \(a), taken \(b)")
            let counted = try #require(
                try BrowserCheck.differingPixels(
                    Repository.root.appendingPathComponent("docs/" + name), directory.url.appendingPathComponent(name), in: directory.url))
            #expect(counted.differing * 100 <= counted.total, "\(name): \(counted.differing) of \(counted.total) pixels differ; run Scripts/screenshots")
        }
    }
}
