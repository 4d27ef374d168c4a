import Foundation
import Testing

/// `report --out-dir` over more months than there are open files: each month's temporary is closed
/// once written, so 1,500 months pass under `ulimit -n 256`, all of them landing together.
@Suite struct ManyMonthsReportTests {
    @Test(arguments: ["csv", "html"])
    func fifteenHundredMonthsUnderAnOpenFileLimitOf256(_ format: String) throws {
        let directory = try FaultHarness.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FaultHarness.csv(rows: 1_500, months: 1_500).write(to: directory.appendingPathComponent("months.csv"), atomically: true, encoding: .utf8)
        let result = try FaultHarness.shell("ulimit -n 256 && \"$PFIN\" report months.csv --format \(format) --out-dir site", in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("site").path)
        #expect(names.filter { $0.hasSuffix(".\(format)") && $0 != "index.html" }.count == 1_500)
        #expect(names.contains("1900-01.\(format)") && names.contains("2024-12.\(format)"))
        #expect(FaultHarness.temporaries(in: directory.appendingPathComponent("site")).isEmpty)
    }
}
