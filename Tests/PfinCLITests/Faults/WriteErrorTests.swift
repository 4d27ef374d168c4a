import Foundation
import Testing

/// A write error (full disk, file-size limit, full device, closed pipe) is an I/O error: nothing is
/// committed, the earlier file stays, exit 1 with the system's reason, and no count of rows written.
@Suite struct WriteErrorTests {
    static let earlier = "the earlier, complete output\n"

    /// `convert -o` onto a 64 KiB tmpfs that the output does not fit in.
    @Test(.enabled(if: FaultHarness.canMountTmpfs)) func fullDiskCommitsNothing() throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FaultHarness.csv(rows: 5_000).write(to: directory.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
        let result = try FaultHarness.shell(
            """
            mkdir disk && unshare -m sh -c '
              mount -t tmpfs -o size=64k tmpfs disk || exit 99
              printf "\(Self.earlier)" > disk/out.jsonl
              "$PFIN" convert in.csv -o disk/out.jsonl; status=$?
              cp disk/out.jsonl after.jsonl; ls -a disk > listing
              exit $status'
            """, in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("pfin: error: cannot write 'disk/out.jsonl': no space left on device"))
        #expect(result.stderr.contains("pfin: note: nothing was written to 'disk/out.jsonl'; an earlier file of that name is unchanged"))
        #expect(!result.stderr.contains("wrote the other"))
        #expect(try String(contentsOf: directory.appendingPathComponent("after.jsonl"), encoding: .utf8) == Self.earlier)
        let listing = try String(contentsOf: directory.appendingPathComponent("listing"), encoding: .utf8)
        #expect(!listing.contains(".pfin-"), "a temporary was left: \(listing)")
    }

    /// The same through a file-size limit (write() fails with EFBIG), on any machine; also for
    /// `--strict` and for `report -o` and `report --out-dir`.
    @Test(
        .enabled(if: FaultHarness.hasPrlimit),
        arguments: [
            ["convert", "in.csv", "-o", "out.txt"],
            ["convert", "in.csv", "--strict", "-o", "out.txt"],
            ["convert", "in.csv", "--to", "ofx", "-o", "out.txt"],
            ["report", "in.csv", "--format", "csv", "-o", "out.txt"],
        ])
    func fileSizeLimitCommitsNothing(_ arguments: [String]) throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FaultHarness.csv(rows: 20_000, months: 1_000).write(to: directory.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
        try Self.earlier.write(to: directory.appendingPathComponent("out.txt"), atomically: true, encoding: .utf8)
        let result = try FaultHarness.shell("prlimit --fsize=16384 \"$PFIN\" \(arguments.joined(separator: " "))", in: directory)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("pfin: error: cannot write 'out.txt': file too large"), "\(result.stderr)")
        #expect(!result.stderr.contains("wrote the other"))
        #expect(try String(contentsOf: directory.appendingPathComponent("out.txt"), encoding: .utf8) == Self.earlier)
        #expect(FaultHarness.temporaries(in: directory).isEmpty)
    }

    /// Small months fail on a page; busy ones (10,000 rows a month) already while reading, when
    /// the writing thread writes a month file's first 60 KiB chunk.
    @Test(.enabled(if: FaultHarness.hasPrlimit), arguments: [(2_000, 24, 4096), (20_000, 2, 32_768)])
    func outDirectoryOverTheLimitCommitsNothing(rows: Int, months: Int, limit: Int) throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FaultHarness.csv(rows: rows, months: months).write(to: directory.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
        let site = directory.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Self.earlier.write(to: site.appendingPathComponent("1900-01.html"), atomically: true, encoding: .utf8)
        let result = try FaultHarness.shell("prlimit --fsize=\(limit) \"$PFIN\" report in.csv --format html --out-dir site", in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("file too large"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == ["1900-01.html"])
        #expect(try String(contentsOf: site.appendingPathComponent("1900-01.html"), encoding: .utf8) == Self.earlier)
    }

    /// Standard output to a full device, for a writer's output and for plain text (help, identify).
    @Test(arguments: [
        "\"$PFIN\" convert in.csv > /dev/full",
        "\"$PFIN\" convert in.csv --strict > /dev/full",
        "\"$PFIN\" report in.csv > /dev/full",
        "\"$PFIN\" identify in.csv > /dev/full",
        "\"$PFIN\" convert --help > /dev/full",
    ])
    func fullStandardOutputIsAnError(_ script: String) throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FaultHarness.csv(rows: 100).write(to: directory.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
        let result = try FaultHarness.shell(script, in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("pfin: error: cannot write to standard output: no space left on device"), "\(result.stderr)")
        #expect(!result.stderr.contains("wrote the other"))
    }

    /// `pfin convert big.csv | head -1`: no death by SIGPIPE; exit 1 with the reason, at once.
    @Test func closedPipeIsAnError() throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FaultHarness.csv(rows: 20_000).write(to: directory.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
        let result = try FaultHarness.shell(
            """
            { "$PFIN" convert in.csv; echo $? > status; } | head -1 > first
            """, in: directory)
        #expect(result.status == 0)
        let status = try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)
        #expect(status == "1\n")
        #expect(result.stderr == "pfin: error: cannot write to standard output: broken pipe\n")
        #expect(try String(contentsOf: directory.appendingPathComponent("first"), encoding: .utf8).hasPrefix("{\"id\""))
    }
}
