import Foundation
import Testing

/// What the fault tests need around the built `pfin`: a scratch directory, generated inputs, a
/// shell for resource limits and mounts, and a look for leftover temporaries.
enum FaultHarness {
    /// A fresh directory under the system's temporary directory; the caller removes it.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A CSV of `rows` rows with dates, names and amounts; `months` spreads them over that many
    /// consecutive months from January 1900 (one row a month when `rows == months`).
    static func csv(rows: Int, months: Int = 1) -> String {
        var text = "Date,Payee,Amount\n"
        text.reserveCapacity(rows * 32)
        for i in 0..<rows {
            let m = i % months
            let day = months == 1 ? i % 28 + 1 : 15
            text += "\(1900 + m / 12)-\(pad(m % 12 + 1))-\(pad(day)),Shop \(i),-\(i % 90 + 1).00\n"
        }
        return text
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    struct ShellResult {
        var status: Int32
        var stderr: String
    }

    /// Runs `script` with `/bin/sh -c` in `directory`; `$PFIN` names the built pfin.
    static func shell(_ script: String, in directory: URL) throws -> ShellResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["PFIN"] = PfinProcess.executable.path
        process.environment = env
        let errURL = directory.appendingPathComponent("shell.stderr")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try err.close()
        let text = try String(contentsOf: errURL, encoding: .utf8)
        try FileManager.default.removeItem(at: errURL)
        return ShellResult(status: process.terminationStatus, stderr: text)
    }

    /// pfin's hidden temporaries (`.NAME.pfin-PID-N.tmp`) in `directory`.
    static func temporaries(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(".") && $0.contains(".pfin-") && $0.hasSuffix(".tmp") }
    }

    /// Whether this machine lets the tests mount a small tmpfs in a private mount namespace (root,
    /// `unshare` present): the real "disk full". Elsewhere the tests use a file-size limit.
    static let canMountTmpfs: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            let directory = try? scratch()
        else { return false }
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try? shell("mkdir m && unshare -m sh -c 'mount -t tmpfs -o size=64k tmpfs m'", in: directory)
        return result?.status == 0
    }()

    /// Whether `prlimit` is there to set a file-size limit (RLIMIT_FSIZE) on one command.
    static let hasPrlimit = FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")

    /// Starts `pfin ARGUMENTS` in `directory`, waits until one of its temporaries exists in
    /// `watched`, sends `signal`, and returns how the process ended (or nil if it finished first).
    static func interrupt(
        _ arguments: [String], in directory: URL, watching watched: URL, with signal: Int32,
        after delay: UInt32 = 50_000
    ) throws -> Process? {
        let process = Process()
        process.executableURL = PfinProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        while process.isRunning && temporaries(in: watched).isEmpty { usleep(2_000) }
        guard process.isRunning else { return nil }
        usleep(delay)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process
    }
}
