import FinanceCore
import Glibc
import Reports
import StatementFormats

/// Every transaction of each month as CSV, gathered while a report reads its input, for the
/// months whose HTML page lists only the newest (`ReportOptions.transactionLimit`): the page
/// links the month's file, so nothing is left out and no page grows with the month.
///
/// Memory stays bounded: each month keeps at most `bufferSize` bytes of rows; beyond that they go
/// to one spill file (made on first need by `openSpill`, in the report's directory, and unlinked at
/// once, so that it never outlives the process). At the end, `stage` writes the files of the months
/// asked for, each from its chunks, as temporaries to be committed with the pages.
///
/// The rows are those the report counts: the months of its range (up to its last month), in the
/// currency it shows, as `ReportCollector` adds them (converted, with `--convert-to`), in the
/// order read, in the columns of `pfin convert --to csv`.
public final class MonthTransactionFiles {
    /// A month's rows go to the spill file once its buffer holds this many bytes: below the
    /// buffer's 64 KiB, so that the row which crosses it does not double the buffer.
    static let bufferSize = 60 << 10

    private final class Month {
        let buffer = ByteBuffer(capacity: 4096)
        /// Where the month's earlier rows are in the spill file, in order.
        var chunks: [(offset: Int, count: Int)] = []
    }

    private let options: ReportOptions
    private let openSpill: () throws(OutputError) -> Int32
    private var months: [YearMonth: Month] = [:]
    /// The month of the last row, looked up again only when the month changes (statements come
    /// in date order).
    private var lastMonth: YearMonth?
    private var last: Month?
    private var encoder = CSVActivityRows()
    private var spill: Int32 = -1
    private var spillSize = 0
    /// The first write that failed; the report is then not written.
    public private(set) var failure: OutputError?

    /// - Parameters:
    ///   - options: the report's, for its months and currency.
    ///   - openSpill: opens (read and write) a file for rows that do not fit in memory, already
    ///     unlinked; called at most once.
    public init(options: ReportOptions, openSpill: @escaping () throws(OutputError) -> Int32) {
        self.options = options
        self.openSpill = openSpill
    }

    deinit {
        if spill >= 0 { close(spill) }
    }

    /// Adds one transaction the report counts (others are passed over here too).
    public func add(_ activity: PaymentActivity) {
        guard failure == nil else { return }
        if case .only(let currency) = options.currency, activity.amount.currency != currency { return }
        let month = YearMonth(activity.date)
        if let range = options.months, !range.contains(month) { return }
        let entry: Month
        if month == lastMonth, let last {
            entry = last
        } else {
            entry = months[month] ?? Month()
            months[month] = entry
            lastMonth = month
            last = entry
        }
        encoder.append(activity, to: entry.buffer)
        if entry.buffer.count >= Self.bufferSize { spill(entry) }
    }

    private func spill(_ entry: Month) {
        do throws(OutputError) {
            if spill < 0 { spill = try openSpill() }
            let offset = spillSize
            try entry.buffer.withBytes { (bytes) throws(OutputError) in try Self.write(bytes, to: spill) }
            entry.chunks.append((offset, entry.buffer.count))
            spillSize += entry.buffer.count
            entry.buffer.removeAll()
        } catch {
            failure = error
        }
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) throws(OutputError) {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw OutputError(path: "<spill>", errno: n < 0 ? errno : EIO) }
            done += n
        }
    }

    /// Writes the file of each month in `wanted` through `open` (a temporary, committed or
    /// discarded by the caller with the pages), sealed; the outputs by month. On a failure the
    /// outputs made so far are discarded and the error thrown.
    public func stage(_ wanted: Set<YearMonth>, open: (YearMonth) throws(OutputError) -> ByteOutput) throws(OutputError) -> [ByteOutput] {
        if let failure { throw failure }
        var outputs: [ByteOutput] = []
        do throws(OutputError) {
            for month in wanted.sorted() {
                guard let entry = months[month] else { continue }
                let output = try open(month)
                outputs.append(output)
                try output.write(Array((CSVActivityWriter.header + "\n").utf8))
                for (offset, count) in entry.chunks { try output.write(try read(count, at: offset)) }
                try output.write(entry.buffer)
                try output.seal()
            }
        } catch {
            for output in outputs { output.discard() }
            throw error
        }
        return outputs
    }

    /// `count` bytes of the spill file from `offset` (a chunk: at most `bufferSize` and a row).
    private func read(_ count: Int, at offset: Int) throws(OutputError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { storage, initialized in
            var done = 0
            while done < count {
                let n = pread(spill, storage.baseAddress! + done, count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    failure = n < 0 ? errno : EIO
                    break
                }
                done += n
            }
            initialized = done
        }
        if failure != 0 { throw OutputError(path: "<spill>", errno: failure) }
        return bytes
    }
}
