import FinanceCore
import Glibc
import Reports
import StatementFormats

/// Every transaction of each month as CSV, gathered while a report reads its input, for the
/// months whose HTML page lists only the newest (`ReportOptions.transactionLimit`): the page
/// links the month's file, so nothing is left out and no page grows with the month.
///
/// The rows are encoded as they come, on the thread that adds them, and written on a thread of
/// their own (`BatchWorker`). Memory stays bounded: each month keeps at most `bufferSize` bytes of
/// rows; beyond that they go (a few chunks may wait for the writing thread) straight into the
/// month's own file (a temporary from `openMonth`, to be committed with the pages), for up to
/// `directMonths` months at once, so that a busy month's rows are written once. Past that many
/// months (a history of decades) they go to one spill file (made on first need by `openSpill`, in
/// the report's directory, and unlinked at once, so that it never outlives the process), to be
/// copied into the month's file later. Once the reading is done, `stageAhead` finishes the files
/// of the busy months (the last rows, or the spilled chunks) on a thread of their own while the
/// report is finished; `output(for:)` hands each one over. Temporaries no page takes are removed
/// (`discardUnused`, or when this object goes).
///
/// The rows are those the report counts: the months of its range (up to its last month), in the
/// currency it shows, as `ReportCollector` adds them (converted, with `--convert-to`), in the
/// order read, in the columns of `pfin convert --to csv`.
///
/// Rows are added on one thread, in order. Sendable for the staging: after `finish`, the rows are
/// only read, and each month is written by one thread.
public final class MonthTransactionFiles: @unchecked Sendable {
    /// A month's rows go to the spill file once its buffer holds this many bytes: below the
    /// buffer's 64 KiB, so that the row which crosses it does not double the buffer.
    static let bufferSize = 60 << 10

    private let options: ReportOptions
    private let rows: Rows
    /// Writes the full chunks of rows on a thread of its own. Handing over the encoded bytes, not
    /// the activities, keeps the activities where they are: each one moved to another thread cost
    /// two copies of 224 bytes and a release of its texts there, more than encoding it here.
    private let writer: BatchWorker<Rows.Chunk?>
    /// The files written ahead, by month, once `aheadDone` is open; never changed after.
    @exclusivity(unchecked) private var ahead: [YearMonth: Result<ByteOutput, OutputError>] = [:]
    private var aheadDone: Latch?

    /// - Parameters:
    ///   - options: the report's, for its months and currency.
    ///   - inBackground: whether rows are written, and files written ahead, on threads of their
    ///     own (`--threads` 2 or more).
    ///   - openSpill: opens (read and write) a file for rows that do not fit in memory, already
    ///     unlinked; called at most once.
    ///   - openMonth: opens the temporary of a month's file, to be committed with the pages.
    ///   - directMonths: how many months' files may be open at once while reading (one descriptor
    ///     each); the rows of further months wait in the spill file.
    public init(
        options: ReportOptions, inBackground: Bool = true, openSpill: @escaping () throws(OutputError) -> Int32,
        openMonth: @escaping @Sendable (YearMonth) throws(OutputError) -> ByteOutput, directMonths: Int = 128
    ) {
        self.options = options
        let files = RowFiles(openSpill: openSpill, openMonth: openMonth, directMonths: directMonths)
        // A chunk at a time: each is 60 KiB of rows, and at most 16 wait (1 MiB).
        let writer = BatchWorker<Rows.Chunk?>(inBackground: inBackground, batchSize: 1, capacity: 16) { chunks in
            for i in chunks.indices {
                guard let chunk = chunks[i].take() else { continue }
                files.write(chunk)
            }
        }
        self.writer = writer
        rows = Rows(files: files, send: { writer.append($0) })
    }

    deinit {
        // The thread writing ahead holds this object until it is done, so none is running here;
        // files written ahead and not taken are removed.
        discardUnused()
    }

    /// Adds one transaction the report counts (others are passed over here too).
    public func add(_ activity: borrowing PaymentActivity) {
        if case .only(let currency) = options.currency, activity.amount.currency != currency { return }
        if let range = options.months, !range.contains(YearMonth(activity.date)) { return }
        rows.add(activity)
    }

    /// Waits until every full chunk of rows is written; throws the first write that failed (the
    /// report is then not written). Called on the thread that adds the rows, after the last;
    /// `months` and `output(for:)` may be used after it.
    public func finish() throws(OutputError) {
        writer.finish()
        if let failure = rows.files.failure { throw failure }
    }

    /// The months that have rows.
    public var months: Set<YearMonth> {
        writer.finish()
        return rows.months
    }

    /// Once the last row is added: starts writing the files of the months with more than `limit`
    /// rows, on a thread of their own (or here, with `inBackground` false), while the caller
    /// finishes the report. A page's limit counts the rows of one currency, so these are all the
    /// months whose pages will be cut, and perhaps a few that will not (`discardUnused`).
    public func stageAhead(over limit: Int) {
        guard aheadDone == nil else { return }
        writer.finish()
        let done = Latch()
        aheadDone = done
        let wanted = rows.months(over: limit).sorted()
        let write = { [self] in
            var staged: [YearMonth: Result<ByteOutput, OutputError>] = [:]
            for month in wanted { staged[month] = stage(month) }
            ahead = staged
            done.open()
        }
        if !writer.inBackground || !PosixThread.start(write) { write() }
    }

    /// The sealed temporary of `month`'s file: the one written ahead, else written now. After
    /// `finish`, several threads may ask at once for different months (the rows are only read).
    public func output(for month: YearMonth) -> Result<ByteOutput, OutputError> {
        aheadDone?.wait()
        return ahead[month] ?? stage(month)
    }

    /// Removes the files written ahead that no page links (those of `output(for:)` that were
    /// committed are left alone).
    public func discardUnused() {
        aheadDone?.wait()
        for case .success(let output) in ahead.values { output.discard() }
        writer.finish()
        rows.discardDirect()
    }

    private func stage(_ month: YearMonth) -> Result<ByteOutput, OutputError> {
        Result { () throws(OutputError) in try rows.file(for: month) }
    }
}

/// One month's rows: the latest, in memory (the adding thread's), and where the earlier ones went
/// (the writing thread's, while rows come).
private final class Month {
    let month: YearMonth
    /// The rows not yet handed to the writing thread.
    @exclusivity(unchecked) var buffer = ByteBuffer(capacity: 4096)
    @exclusivity(unchecked) var rows = 0
    /// The month's file, once its rows outgrew the buffer (and while `directMonths` allowed).
    @exclusivity(unchecked) var output: ByteOutput?
    /// Where the month's earlier rows are in the spill file, in order (when it has no `output`).
    @exclusivity(unchecked) var chunks: [(offset: Int, count: Int)] = []

    init(_ month: YearMonth) { self.month = month }
}

/// The encoded rows of each month, in memory and, through `files`, in the month files and the
/// spill file. Rows are added on one thread; a month's full buffer goes to `send` (the writing
/// thread) and a new one takes its place. Once the writing thread is done, the caller's thread
/// (then the staging threads, each its own months) use it alone.
private final class Rows {
    /// A month's full buffer of rows, for the writing thread.
    struct Chunk {
        let month: Month
        let bytes: ByteBuffer
    }

    let files: RowFiles
    private let send: (Chunk) -> Void
    @exclusivity(unchecked) private var entries: [YearMonth: Month] = [:]
    /// The month of the last row, looked up again only when the month changes (statements come
    /// in date order).
    @exclusivity(unchecked) private var lastMonth: YearMonth?
    @exclusivity(unchecked) private var last: Month?
    @exclusivity(unchecked) private var encoder = CSVActivityRows()

    init(files: RowFiles, send: @escaping (Chunk) -> Void) {
        self.files = files
        self.send = send
    }

    func add(_ activity: borrowing PaymentActivity) {
        let month = YearMonth(activity.date)
        let entry: Month
        if month == lastMonth, let last {
            entry = last
        } else {
            entry = entries[month] ?? Month(month)
            entries[month] = entry
            lastMonth = month
            last = entry
        }
        encoder.append(activity, to: entry.buffer)
        entry.rows += 1
        if entry.buffer.count >= MonthTransactionFiles.bufferSize {
            send(Chunk(month: entry, bytes: entry.buffer))
            entry.buffer = ByteBuffer(capacity: 64 << 10)
        }
    }

    var months: Set<YearMonth> { Set(entries.keys) }

    /// The months with more than `limit` rows.
    func months(over limit: Int) -> [YearMonth] {
        entries.compactMap { $0.value.rows > limit ? $0.key : nil }
    }

    /// The sealed file of `month`: the one begun while reading, its last rows added (asked again,
    /// the same file); else a new one of the header, the chunks in the spill file (read with
    /// `pread`, which leaves the file's offset alone) and the buffer.
    func file(for month: YearMonth) throws(OutputError) -> ByteOutput {
        if let failure = files.failure { throw failure }
        let entry = entries[month]
        let direct = entry?.output
        let output: ByteOutput
        if let direct { output = direct } else { output = try files.openMonth(month) }
        do throws(OutputError) {
            if direct == nil {
                try output.write(RowFiles.header)
                for (offset, count) in entry?.chunks ?? [] { try output.write(try files.read(count, at: offset)) }
            }
            if let entry {
                try output.write(entry.buffer)
                // Written once into the file that stays; a new file takes it again.
                if direct != nil { entry.buffer.removeAll() }
            }
            try output.seal()
        } catch {
            output.discard()
            throw error
        }
        return output
    }

    /// Removes the files written while reading that were not committed.
    func discardDirect() {
        for entry in entries.values { entry.output?.discard() }
    }
}

/// Where the rows of full buffers go: the month's own file, else the spill file; used by the
/// writing thread while rows come, then to read the spilled chunks back.
private final class RowFiles {
    static let header = Array((CSVActivityWriter.header + "\n").utf8)

    private let openSpill: () throws(OutputError) -> Int32
    let openMonth: (YearMonth) throws(OutputError) -> ByteOutput
    /// Months that may still get an `output` of their own.
    @exclusivity(unchecked) private var directLeft: Int
    @exclusivity(unchecked) private var spill: Int32 = -1
    @exclusivity(unchecked) private var spillSize = 0
    @exclusivity(unchecked) private(set) var failure: OutputError?

    init(openSpill: @escaping () throws(OutputError) -> Int32, openMonth: @escaping (YearMonth) throws(OutputError) -> ByteOutput, directMonths: Int) {
        self.openSpill = openSpill
        self.openMonth = openMonth
        directLeft = min(max(0, directMonths), Self.descriptorBudget())
    }

    /// A quarter of the descriptors the process may open: the month files leave room for the
    /// input, the pages being written and whatever the caller holds.
    private static func descriptorBudget() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int.max }
        return Int(clamping: limit.rlim_cur / 4)  // RLIM_INFINITY is the largest value: no limit
    }

    deinit {
        if spill >= 0 { close(spill) }
    }

    /// Writes a month's full buffer after its earlier rows; after a failure, nothing more.
    func write(_ chunk: Rows.Chunk) {
        guard failure == nil else { return }
        let entry = chunk.month
        do throws(OutputError) {
            if entry.output == nil && entry.chunks.isEmpty && directLeft > 0 {
                directLeft -= 1
                do throws(OutputError) {
                    let output = try openMonth(entry.month)
                    entry.output = output
                    try output.write(Self.header)
                } catch  where error.errno == EMFILE || error.errno == ENFILE {
                    // Out of descriptors: this month and the next ones wait in the spill file.
                    directLeft = 0
                }
            }
            if let output = entry.output {
                try output.write(chunk.bytes)
                return
            }
            if spill < 0 { spill = try openSpill() }
            let offset = spillSize
            try chunk.bytes.withBytes { (bytes) throws(OutputError) in try Self.write(bytes, to: spill) }
            entry.chunks.append((offset, chunk.bytes.count))
            spillSize += chunk.bytes.count
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

    /// `count` bytes of the spill file from `offset` (a chunk: at most `bufferSize` and a row).
    func read(_ count: Int, at offset: Int) throws(OutputError) -> [UInt8] {
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
