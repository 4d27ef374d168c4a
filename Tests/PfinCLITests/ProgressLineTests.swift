import Foundation
import Testing

/// The progress line of long work: shown on a terminal's standard error (a pseudo-terminal from
/// `script`), never on a pipe, never with `--quiet`, and erased before the run's last words.
struct ProgressLineTests {
    /// 40,000 rows: long enough in a debug build for several of the line's ticks.
    static func bigCSV() throws -> (path: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var text = "Date,Description,Amount\n"
        for i in 0..<40_000 { text += "2024-05-\(String(format: "%02d", i % 28 + 1)),Shop \(i),-\(i % 500).\(String(format: "%02d", i % 100))\n" }
        let path = directory.appendingPathComponent("big.csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, directory)
    }

    /// `pfin ARGUMENTS` on a terminal, the progress line due at once.
    static func onTerminal(_ arguments: [String]) throws -> String {
        try PfinProcess.onTerminal(arguments, environment: ["PFIN_PROGRESS_AFTER": "0", "TERM": "xterm"]).text
    }

    @Test(.enabled(if: PfinProcess.hasScript))
    func aTerminalSeesTheLineAndItIsErasedAtTheEnd() throws {
        let (path, directory) = try Self.bigCSV()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out.jsonl").path
        let text = try Self.onTerminal(["convert", path, "-o", out])
        #expect(text.contains("\r\(path): "), "\(text.prefix(300))")
        #expect(text.contains(" MB of "), "the size is known for a file")
        #expect(text.hasSuffix("\r\u{1B}[K"), "erased at the end: \(text.suffix(200).debugDescription)")
        let quiet = try Self.onTerminal(["convert", path, "-o", out, "--quiet"])
        #expect(!quiet.contains(" MB"), "\(quiet.prefix(300))")
    }

    @Test func aPipeNeverSeesIt() throws {
        let (path, directory) = try Self.bigCSV()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try PfinProcess.run(
            ["convert", path, "-o", directory.appendingPathComponent("out.jsonl").path],
            environment: ["PFIN_PROGRESS_AFTER": "0"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr.prefix(200))")
    }
}
