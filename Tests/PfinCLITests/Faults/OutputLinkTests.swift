import Foundation
import Testing

/// `-o` onto a symbolic link writes through to its target; a replaced file keeps its mode; a new
/// file gets 0666 less the umask; a hard-linked file is replaced under the name given.
@Suite struct OutputLinkTests {
    static let earlier = "the earlier output\n"
    /// A sample statement, by its absolute path (the commands run in a scratch directory).
    static let sample = "'" + Repository.root.appendingPathComponent(Repository.sample("de-dkb-giro.csv")).path + "'"

    private func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func symbolicLinkIsWrittenThrough() throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let targets = directory.appendingPathComponent("targets")
        try FileManager.default.createDirectory(at: targets, withIntermediateDirectories: true)
        try Self.earlier.write(to: targets.appendingPathComponent("real.csv"), atomically: true, encoding: .utf8)
        // A chain of two links, the last one relative to its own directory.
        try FileManager.default.createSymbolicLink(atPath: targets.appendingPathComponent("inner.csv").path, withDestinationPath: "real.csv")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("out.csv").path, withDestinationPath: "targets/inner.csv")
        let result = try FaultHarness.shell("\"$PFIN\" convert \(Self.sample) --to csv -o out.csv", in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("out.csv").path) == "targets/inner.csv")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: targets.appendingPathComponent("inner.csv").path) == "real.csv")
        let written = try String(contentsOf: targets.appendingPathComponent("real.csv"), encoding: .utf8)
        #expect(written != Self.earlier && written.hasPrefix("id,"))
        #expect(FaultHarness.temporaries(in: targets).isEmpty && FaultHarness.temporaries(in: directory).isEmpty)
    }

    @Test func danglingSymbolicLinkCreatesItsTarget() throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("out.jsonl").path, withDestinationPath: "new.jsonl")
        let result = try FaultHarness.shell("\"$PFIN\" convert \(Self.sample) -o out.jsonl", in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("out.jsonl").path) == "new.jsonl")
        #expect(try String(contentsOf: directory.appendingPathComponent("new.jsonl"), encoding: .utf8).hasPrefix("{\"id\""))
    }

    @Test(arguments: [0o600, 0o640, 0o755, 0o444])
    func replacedFileKeepsItsMode(_ permissions: Int) throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out.jsonl")
        try Self.earlier.write(to: out, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: out.path)
        let result = try FaultHarness.shell("\"$PFIN\" convert \(Self.sample) -o out.jsonl", in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try mode(out) == permissions)
        #expect(try String(contentsOf: out, encoding: .utf8) != Self.earlier)
    }

    @Test(arguments: [(0o022, 0o644), (0o077, 0o600), (0o027, 0o640)])
    func newFileFollowsTheUmask(_ umask: Int, _ expected: Int) throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try FaultHarness.shell("umask \(String(umask, radix: 8)) && \"$PFIN\" convert \(Self.sample) -o out.jsonl", in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try mode(directory.appendingPathComponent("out.jsonl")) == expected)
    }

    /// Atomic replacement gives the name a new file: the other names of a hard link keep the
    /// earlier content (documented; writing in place would give up all-or-nothing).
    @Test func hardLinkIsReplacedUnderTheNameGiven() throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out.jsonl"), other = directory.appendingPathComponent("other.jsonl")
        try Self.earlier.write(to: out, atomically: true, encoding: .utf8)
        try FileManager.default.linkItem(at: out, to: other)
        let result = try FaultHarness.shell("\"$PFIN\" convert \(Self.sample) -o out.jsonl", in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8).hasPrefix("{\"id\""))
        #expect(try String(contentsOf: other, encoding: .utf8) == Self.earlier)
    }

    /// Names under /dev are written in place, never replaced: `-o /dev/stdout` reaches standard output.
    @Test func deviceNamesAreWrittenInPlace() throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try FaultHarness.shell(
            "\"$PFIN\" convert \(Self.sample) -o /dev/stdout > captured && \"$PFIN\" convert \(Self.sample) -o /dev/null", in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: directory.appendingPathComponent("captured"), encoding: .utf8).hasPrefix("{\"id\""))
    }
}
