import FinanceCore
import Foundation
import Reports
import StatementFormats
import StatementPipeline
import Testing

/// `MonthTransactionFiles`: every row of a month in its file, in the order read, whether encoded
/// on another thread or not, whether the file was written ahead or asked for later; files written
/// ahead that no page links are removed.
@Suite struct MonthTransactionFilesTests {
    static func activity(_ day: String, _ cents: Int64, _ name: String) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: UInt64(truncatingIfNeeded: cents) &* 31 &+ 7), account: "Giro", date: LocalDate(iso: day)!, name: name,
            address: nil, amount: Money(units: cents, scale: 2, currency: CurrencyCode("EUR")), memo: nil,
            type: cents < 0 ? .expense : .income, category: nil, source: SourceLocation(file: "may.csv", line: 2))
    }

    /// A new empty directory.
    static func directory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-month-files-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// An unlinked spill file in `directory`.
    static func spill(in directory: String) -> Int32 {
        let path = directory + "/spill"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        unlink(path)
        return fd
    }

    /// With `directMonths` 0 every month's rows wait in the spill file; with the default, a busy
    /// month's rows go straight into its file.
    static func files(in directory: String, inBackground: Bool, directMonths: Int = 128) -> MonthTransactionFiles {
        MonthTransactionFiles(
            options: ReportOptions(), inBackground: inBackground,
            openSpill: { () throws(OutputError) -> Int32 in Self.spill(in: directory) },
            openMonth: { (month) throws(OutputError) -> ByteOutput in try ByteOutput.atomicFile(directory + "/\(month).csv") },
            directMonths: directMonths)
    }

    /// Two busy months (one past the spill threshold) and a quiet one; returns the rows by month.
    static func fill(_ files: MonthTransactionFiles) -> [String: [String]] {
        var expected: [String: [String]] = [:]
        var rows = CSVActivityRows()
        func add(_ activity: PaymentActivity) {
            let buffer = ByteBuffer()
            rows.append(activity, to: buffer)
            expected[String(activity.date.description.prefix(7)), default: []].append(String(decoding: buffer.array, as: UTF8.self))
            files.add(activity)
        }
        // April: enough rows to spill (60 KiB a month in memory) several times.
        for i in 0..<3_000 { add(activity("2024-04-\(10 + i % 20)", -Int64(100 + i), "SHOP \(i) WITH A LONGER NAME, QUOTED \"X\"")) }
        for i in 0..<5 { add(activity("2024-05-0\(1 + i)", Int64(5_000 + i), "SALARY \(i)")) }
        add(activity("2024-06-01", -4_200, "=HYPERLINK(\"x\")"))
        return expected
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [true, false], [128, 0])
    func everyRowInItsMonthWrittenAheadOrLater(inBackground: Bool, directMonths: Int) throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = Self.files(in: directory, inBackground: inBackground, directMonths: directMonths)
        let expected = Self.fill(files)
        try files.finish()
        #expect(files.months.count == 3)
        // Months with more than four rows are written ahead: April and May.
        files.stageAhead(over: 4)
        for month in ["2024-04", "2024-05", "2024-06"] {
            let output = try files.output(for: #require(YearMonth(year: Int(month.prefix(4))!, month: Int(month.suffix(2))!))).get()
            try output.commit()
            let text = try #require(Self.read("\(directory)/\(month).csv"))
            #expect(text == CSVActivityWriter.header + "\n" + expected[month]!.joined(), "\(month)")
        }
        files.discardUnused()
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(left == ["2024-04.csv", "2024-05.csv", "2024-06.csv"])
    }

    @Test func filesWrittenAheadThatNoPageTakesAreRemoved() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = Self.files(in: directory, inBackground: true)
        _ = Self.fill(files)
        try files.finish()
        files.stageAhead(over: 0)
        // Only June's page was cut, say: the other two were written ahead for nothing.
        try files.output(for: #require(YearMonth(year: 2024, month: 6))).get().commit()
        files.discardUnused()
        let left = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(left == ["2024-06.csv"])
    }

    /// April's rows outgrew memory, so its file was begun while reading; no page takes it (the
    /// limit is above its rows): its temporary goes, with `discardUnused` or with the object.
    @Test(arguments: [true, false])
    func aMonthFileBegunWhileReadingThatNoPageTakesIsRemoved(explicitly: Bool) throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let files = Self.files(in: directory, inBackground: true)
            _ = Self.fill(files)
            try files.finish()
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 1)  // April's temporary
            files.stageAhead(over: 5_000)
            try files.output(for: #require(YearMonth(year: 2024, month: 6))).get().commit()
            if explicitly { files.discardUnused() }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(left == ["2024-06.csv"])
    }

    /// Out of descriptors when April's file is to be begun while reading: its rows wait in the
    /// spill file instead, and its file is still whole once the descriptor is there.
    @Test func monthsWithoutADescriptorWaitInTheSpillFile() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let refusals = Refusals(count: 1)
        let files = MonthTransactionFiles(
            options: ReportOptions(), inBackground: true,
            openSpill: { () throws(OutputError) -> Int32 in Self.spill(in: directory) },
            openMonth: { (month) throws(OutputError) -> ByteOutput in
                if refusals.take() { throw OutputError(path: "\(month).csv", errno: EMFILE) }
                return try ByteOutput.atomicFile(directory + "/\(month).csv")
            })
        let expected = Self.fill(files)
        try files.finish()
        #expect(refusals.left == 0)
        files.stageAhead(over: 4)
        try files.output(for: #require(YearMonth(year: 2024, month: 4))).get().commit()
        files.discardUnused()
        #expect(Self.read("\(directory)/2024-04.csv") == CSVActivityWriter.header + "\n" + expected["2024-04"]!.joined())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["2024-04.csv"])
    }
}

/// Refuses the first `count` requests (from the worker thread, then the caller's).
private final class Refusals: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int

    init(count: Int) { remaining = count }

    var left: Int { lock.withLock { remaining } }

    func take() -> Bool {
        lock.withLock {
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
    }
}
