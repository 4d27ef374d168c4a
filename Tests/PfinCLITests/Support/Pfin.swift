import Foundation
import TestSupport
import Testing

/// Runs the built `pfin` binary, as a user would.
enum PfinProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data
    }

    /// The `pfin` executable beside the test bundle (`.build/<config>/pfin`).
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("pfin").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("pfin")
    }()

    /// Runs `pfin ARGUMENTS` in the repository root, with `stdin` as standard input.
    /// Runs `pfin ARGUMENTS` under `script -qec` in the repository, its standard output and error
    /// a pseudo-terminal: what a person at a terminal sees (line ends as the terminal gives them,
    /// CR LF), and the exit status. `environment` values replace the test's own; `nil` removes one.
    static func onTerminal(_ arguments: [String], environment: [String: String?] = [:]) throws -> (text: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", ([executable.path] + arguments).map { "'\($0)'" }.joined(separator: " "), "/dev/null"]
        process.currentDirectoryURL = Repository.root
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = "/nonexistent/pfin-tests-config"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// Whether `onTerminal` can run here.
    static var hasScript: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/script") }

    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Repository.root
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        // Hermetic: no configuration of the machine's user applies unless a test gives one.
        env["XDG_CONFIG_HOME"] = "/nonexistent/pfin-tests-config"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        // Output goes to temporary files: nothing can stall on a full pipe.
        let out = try unlinkedFile("out"), err = try unlinkedFile("err")
        process.standardOutput = out.writing
        process.standardError = err.writing
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            try input.fileHandleForWriting.write(contentsOf: stdin)
            try input.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        try out.writing.close()
        try err.writing.close()
        let outData = try out.reading.readToEnd() ?? Data(), errData = try err.reading.readToEnd() ?? Data()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData)
    }

    /// A new file under the system's temporary directory, open for writing and for reading and
    /// already removed from the directory: not even a run that crashes leaves it behind.
    private static func unlinkedFile(_ suffix: String) throws -> (writing: FileHandle, reading: FileHandle) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-test-\(UUID().uuidString).\(suffix)")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: url) }
        return (try FileHandle(forWritingTo: url), try FileHandle(forReadingFrom: url))
    }
}

/// Paths of the repository's own files, found from this source file.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ name: String) -> String { "Tests/PfinCLITests/Fixtures/\(name)" }
    static func sample(_ name: String) -> String { "Samples/\(name)" }

    /// Every sample statement.
    static var samples: [String] { SampleManifest.files }

    /// The CSV samples (the ones with a dialect).
    static var csvSamples: [String] { SampleManifest.files(format: "csv") }
}

/// Compares text a user reads with a checked-in golden file under `Tests/PfinCLITests/Golden`
/// (`TestSupport.Golden`: `PFIN_RECORD_GOLDEN=1` re-records and fails the run).
enum Golden {
    static func check(_ actual: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        TestSupport.Golden.check(
            actual, at: Repository.testsDirectory.appendingPathComponent("Golden").appendingPathComponent(name),
            shownAs: "Golden/\(name)", sourceLocation: sourceLocation)
    }
}
