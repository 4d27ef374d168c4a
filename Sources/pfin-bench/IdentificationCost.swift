import StatementFormats

/// What identifying a file costs: every reader's sniffer over its first 64 KiB, once per file
/// (`pfin convert` and `pfin import` do it before reading, unless `--from` is given).
enum IdentificationCost {
    /// One line for a benchmark's report: the best of `runs` identifications of `path`.
    static func line(_ path: String, runs: Int = 20) -> String {
        var best = Double.infinity
        var format = "nothing"
        for _ in 0..<runs {
            guard let input = try? ByteInput(path: path) else { return "  identification: cannot open \(path)" }
            let start = Measure.now()
            let identification = try? StatementIdentification.identify(input)
            best = min(best, Measure.now() - start)
            format = identification?.format?.name ?? "nothing"
        }
        return "  identification (once per file, first 64 KiB, best of \(runs)): \(Measure.format(best * 1000, 3)) ms, as \(format)"
    }
}
