import FinanceCore
import Rules
import StatementFormats

/// A whole conversion, as `pfin convert` runs it: each input read in turn through the rules into
/// one writer, the writer finished, and the output committed or dropped as `ConversionEnd` says.
///
///     let output = try ByteOutput.atomicFile("clean.csv")
///     var conversion = Conversion(writer: CSVWriter(output: output), reporter: DiagnosticList(), rules: engine)
///     let end = conversion.run([(InputSource("may.csv"), ReadOptions())], output: output)
///     // end: .complete(written:), .partial(written:errors:) …; conversion.reporter.diagnostics
///
/// The inputs share the writer (one output file), the rules and the reporter; a stop at the first
/// error (`stopsAtFirstError`) or a write error ends the reading of all of them.
public struct Conversion<Writer: StatementWriter, Reporter: DiagnosticReporter> {
    public private(set) var sink: RulesStage<WriterSink<Writer, Reporter>>

    /// What watches each input while it is read (a progress line); all optional.
    public struct Observer {
        /// The input, once open (its `bytesRead` against its `size`); called on the reading thread.
        public var opened: @Sendable (ByteInput) -> Void
        /// After each activity written.
        public var rowWritten: (() -> Void)?
        /// When the input is done, whatever the outcome.
        public var finished: () -> Void

        public init(opened: @escaping @Sendable (ByteInput) -> Void = { _ in }, rowWritten: (() -> Void)? = nil, finished: @escaping () -> Void = {}) {
            self.opened = opened
            self.rowWritten = rowWritten
            self.finished = finished
        }
    }

    /// `--threads`: with 2 or more, each input is parsed on a second thread while this one cleans
    /// payees, applies the rules and writes (`ReadAhead`); the output is the same either way.
    public var threads = ReadAhead.defaultThreads
    /// With 2 threads or more, a CSV file larger than two parts of this size is converted in parts
    /// on all of them, when the writer's rows stand alone (`ConversionParts`).
    public var partSize = 1 << 18
    /// Parts converted apart so far (`ConversionParts`); the others were read in order.
    public private(set) var partsAdopted = 0

    public init(writer: Writer, reporter: Reporter, rules: RuleEngine?, stopsAtFirstError: Bool = false, tracksUncategorized: Bool = false) {
        sink = RulesStage(
            rules, into: WriterSink(writer: writer, reporter: reporter, stopsAtFirstError: stopsAtFirstError, tracksUncategorized: tracksUncategorized))
    }

    /// The diagnostics' destination, after the run: the CLI's printer counts what it printed.
    public var reporter: Reporter { sink.base.reporter }
    /// The transactions written without a category (with `tracksUncategorized`).
    public var uncategorized: UncategorizedTally { sink.base.uncategorized }
    /// What the format could not hold, worth a warning once the output is written.
    public var notices: [String] { sink.base.writer.notices }

    /// Reads `inputs` in order into the writer, finishes it, and commits or discards `output`.
    /// A failure to commit (the last flush, the rename) is an output failure like any write error.
    ///
    /// - Parameters:
    ///   - inputs: each input with the options to read it with, in the order to read them.
    ///   - output: where the writer writes; committed or discarded before this returns.
    ///   - observe: called as each input starts; what it returns watches that input.
    /// - Returns: how the conversion ended; `.outputFailed` also when the commit failed.
    public mutating func run(
        _ inputs: [(source: InputSource, options: ReadOptions)], output: ByteOutput, observe: (InputSource) -> Observer? = { _ in nil }
    ) -> ConversionEnd {
        var stoppedEarly = false
        var writeFailure: OutputError?
        // Payees are cleaned by the reading (`ReadAhead` shares the work out between its threads).
        let readingNormaliser = sink.payees?.sibling()
        sink.normalisesPayees = readingNormaliser == nil
        defer { sink.normalisesPayees = true }
        do {
            for (given, options) in inputs {
                var source = given
                let observer = observe(source)
                defer { observer?.finished() }
                sink.base.rowWritten = observer?.rowWritten
                var opened: @Sendable (ByteInput) -> Void = { _ in }
                if let observer { opened = observer.opened }
                sink.normalisesPayees = true
                if let adopted = try ConversionParts.read(
                    &source, options: options, into: &sink, threads: threads, partSize: partSize, opened: opened)
                {
                    partsAdopted += adopted
                    continue
                }
                sink.normalisesPayees = readingNormaliser == nil
                try ReadAhead.read(source, options: options, into: &sink, threads: threads, normaliser: readingNormaliser, opened: opened)
            }
            sink.base.rowWritten = nil
            // Inputs that all failed write nothing, not even a CSV header or an empty OFX document:
            // "nothing was written" holds on standard output too. An input without transactions
            // and without errors still gets its header.
            if sink.base.written > 0 || sink.base.errors == 0 { try sink.base.writer.finish() }
        } catch is FirstErrorStop {
            stoppedEarly = true
        } catch let error as OutputError {
            writeFailure = error
        } catch let diagnostic as Diagnostic {
            try? sink.report(diagnostic)
        } catch {
            try? sink.report(Diagnostic(.error, code: "pipeline.failed", at: SourceLocation(file: inputs.last?.source.path ?? "", line: 0), "\(error)"))
        }
        let end = ConversionEnd(
            written: sink.base.written, errors: sink.base.errors, stoppedAtFirstError: stoppedEarly, outputFailure: writeFailure)
        do {
            try end.finish(output)
        } catch {
            return .outputFailed(error)
        }
        return end
    }
}
