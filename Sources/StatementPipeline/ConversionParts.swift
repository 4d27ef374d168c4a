import FinanceCore
import Glibc
import Rules
import StatementFormats

/// A conversion of a large CSV or JSON Lines file in parts on all threads (`PartReading`): each
/// thread reads a part, cleans the payees, applies the rules and encodes the output rows, and the
/// parts are written in file order with their ids numbered as one reading would number them. For a writer
/// whose rows stand alone (`RowEncoder`: JSON Lines, CSV); the output is the same byte for byte as
/// reading in order, on one thread or with `ReadAhead`.
///
/// A part whose rows the stage would have warned about (a regex that gave up, a type a rule set
/// that the category contradicts) is read again in order, so the warning comes where it would.
enum ConversionParts {
    /// Reads `source` in parts into `sink` when it is a CSV file in UTF-8 or a JSON Lines file, of
    /// more than two parts, and returns how many parts were converted apart; `nil`, having read
    /// nothing, for anything else, with the format it identified (if it did) set on `source`.
    static func read<Writer: StatementWriter, Reporter: DiagnosticReporter>(
        _ source: inout InputSource, options: ReadOptions, into sink: inout RulesStage<WriterSink<Writer, Reporter>>, threads: Int,
        partSize: Int, opened: (ByteInput) -> Void
    ) throws -> Int? {
        // A regular file, looked at before it is opened: opening a named pipe to look would cost
        // its writer the reader, and standard input cannot be read twice.
        var info = stat()
        guard threads > 1, !sink.base.tracksUncategorized, !sink.wantsRowBalances, sink.base.writer.makeRowEncoder() != nil,
            source.format == nil || source.format == .csv || source.format == .jsonl, source.path != "-", stat(source.path, &info) == 0,
            info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > 2 * partSize, let input = try? ByteInput(path: source.path)
        else { return nil }
        if source.format == nil {
            // A reading in order then goes straight to the reader found here.
            source.format = (try? StatementIdentification.identify(input))?.format
        }
        let format = source.format
        guard format == .csv || format == .jsonl else { return nil }
        var detection: DialectDetection?
        if format == .csv {
            guard case .success(let found) = try? CSVStatementReader().detect(input, options: options), found.dialect.encoding == .utf8
            else { return nil }
            detection = found
        }
        let writer = sink.base.writer
        let payees = sink.payees
        let engine = sink.engine
        let adopted = Count()
        let plan = PartReading<RulesStage<WriterSink<Writer, Reporter>>, PartRows>(
            threads: threads, partSize: partSize,
            // The reading thread reads parts only between its own rows: it shares the stage's tools.
            makeWorker: { slot in slot == 0 ? Worker(payees: payees, engine: engine) : Worker(payees: payees?.sibling(), engine: engine?.sibling()) },
            makePart: { PartRows(writer.makeRowEncoder()!) },
            begin: { sink, part in
                part.encoder.removeAll()
                part.contradictions = sink.contradictions
            },
            adopt: { sink, part, _, renumbered in
                adopted.count += 1
                let rows = part.encoder.rows
                for (row, id) in renumbered.changed { rows.setID(id, row: row) }
                try sink.base.adopt(rows)
            })
        opened(input)
        if let detection {
            try CSVStatementReader().read(input, detection: detection, options: options, into: &sink, parts: plan)
        } else {
            try JSONLinesReader().read(input, options: options, into: &sink, parts: plan)
        }
        return adopted.count
    }

    private final class Count { var count = 0 }

    /// A part's encoded rows, and the contradictions warned about before it (a new one sends the
    /// part back to be read in order).
    final class PartRows {
        let encoder: any RowEncoder
        @exclusivity(unchecked) var contradictions = RuleTypeContradiction()

        init(_ encoder: any RowEncoder) { self.encoder = encoder }
    }

    /// One thread's payee cleaning and rules, into the part it reads.
    final class Worker: PartWorker {
        let payees: PayeeNormaliser?
        let engine: RuleEngine?
        @exclusivity(unchecked) private var part: PartRows?

        init(payees: PayeeNormaliser?, engine: RuleEngine?) {
            self.payees = payees
            self.engine = engine
        }

        func start(_ part: AnyObject) {
            self.part = (part as! PartRows)
            batch.removeAll()
        }

        /// Activities read but not yet cleaned, ruled and encoded: taken 64 at a time.
        private let batch = ActivityBatch(capacity: 64)

        func accept(_ activity: consuming PaymentActivity) -> Bool {
            batch.append(activity)
            return !batch.isFull || flush()
        }

        func finish() -> Bool { flush() }

        private func flush() -> Bool {
            guard let part else { return false }
            return batch.drain { activity in
                payees?.normalise(&activity)
                if let engine {
                    let outcome = engine.apply(to: &activity)
                    guard outcome.gaveUp.isEmpty, part.contradictions.check(activity, set: outcome.set) == nil else { return false }
                }
                part.encoder.encode(activity)
                return true
            }
        }
    }
}
