import Dispatch
import Glibc
import ReportRendering
import Reports
import StatementFormats

/// `--out-dir`: every month's file (and the index) rendered on all cores, staged as temporaries
/// (each flushed and closed as soon as it is written), and renamed into place only when all of them
/// were written: the batch lands whole or not at all.
///
/// Month pages are independent, and an HTML page of a busy month is milliseconds of work, so the
/// pages are spread over the cores; each worker holds one page at a time.
enum ReportBatch {
    /// A file to stage: its sealed temporary, or why there is none.
    typealias Job = @Sendable () -> Result<ByteOutput, OutputError>

    /// - Parameter extra: more files to stage in the same batch (a month's transaction list, which
    ///   may still be being written ahead); they are taken on the same workers after the pages,
    ///   and committed or discarded with them.
    static func write(
        _ report: MonthlyReport, with renderer: ReportRenderers.Chosen, format: ReportFormat,
        to files: ReportFiles, alsoStaging extra: [Job] = []
    ) throws(OutputError) -> Int {
        var pending: [Job] = []
        for month in report.months {
            let name = "\(month).\(format.fileExtension)"
            pending.append { Result { () throws(OutputError) in try files.stage(renderer.renderer.render(report, month: month), as: name) } }
        }
        if let index = renderer.index {
            pending.append { Result { () throws(OutputError) in try files.stage(index(report), as: "index.html") } }
        }
        let jobs = pending + extra
        let staged = StagedOutputs(count: jobs.count)
        let workers = min(jobs.count, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for i in stride(from: worker, to: jobs.count, by: workers) where !staged.failed {
                staged.set(i, jobs[i]())
            }
        }
        let outputs = try staged.all()
        for (i, output) in outputs.enumerated() {
            do throws(OutputError) {
                try output.commit()
            } catch {
                for later in outputs[(i + 1)...] { later.discard() }
                throw error
            }
        }
        return outputs.count
    }
}

/// The workers' staged files, by job; the first failure stops the others and discards the rest.
private final class StagedOutputs: @unchecked Sendable {
    private let lock = DispatchQueue(label: "pfin.report.batch")
    private var results: [Result<ByteOutput, OutputError>?]
    private var failure = false

    init(count: Int) { results = Array(repeating: nil, count: count) }

    var failed: Bool { lock.sync { failure } }

    func set(_ index: Int, _ result: Result<ByteOutput, OutputError>) {
        lock.sync {
            results[index] = result
            if case .failure = result { failure = true }
        }
    }

    /// Every staged output, or the first error (after discarding what was staged).
    func all() throws(OutputError) -> [ByteOutput] {
        var outputs: [ByteOutput] = [], firstError: OutputError?
        for result in results {
            switch result {
            case .success(let output)?: outputs.append(output)
            case .failure(let error)?: firstError = firstError ?? error
            case nil: continue
            }
        }
        if let firstError {
            for output in outputs { output.discard() }
            throw firstError
        }
        return outputs
    }
}
