import FinanceCore
import StatementFormats

/// The end of a conversion: activities, after the rules stage, go to a writer; diagnostics go to
/// `reporter` as they come. With `stopsAtFirstError`, the first error ends the reading
/// (`FirstErrorStop` is thrown), for an all-or-nothing conversion.
///
///     var sink = RulesStage(engine, into: WriterSink(writer: JSONLinesWriter(output: output), reporter: DiagnosticList()))
///     try InputSource("checking.csv").read(options: ReadOptions(), into: &sink)
///     try sink.base.writer.finish()
public struct WriterSink<Writer: StatementWriter, Reporter: DiagnosticReporter>: RuledActivitySink {
    public var writer: Writer
    public var reporter: Reporter
    public let stopsAtFirstError: Bool
    public private(set) var written = 0
    public private(set) var errors = 0
    /// With `tracksUncategorized`: the transactions written without a category.
    public private(set) var uncategorized = UncategorizedTally()
    public let tracksUncategorized: Bool
    /// Called after each activity written (a progress line counts rows with it).
    public var rowWritten: (() -> Void)?

    public init(writer: Writer, reporter: Reporter, stopsAtFirstError: Bool = false, tracksUncategorized: Bool = false) {
        self.writer = writer
        self.reporter = reporter
        self.stopsAtFirstError = stopsAtFirstError
        self.tracksUncategorized = tracksUncategorized
    }

    public mutating func accept(_ activity: PaymentActivity) throws {
        if tracksUncategorized && (activity.category ?? "").isEmpty { uncategorized.add(activity) }
        try writer.write(activity)
        written += 1
        rowWritten?()
    }

    /// Writes rows encoded apart (`ConversionParts`), as many as if each had been accepted.
    mutating func adopt(_ rows: EncodedRows) throws {
        try writer.append(rows)
        written += rows.count
        if let rowWritten { for _ in 0..<rows.count { rowWritten() } }
    }

    public mutating func report(_ diagnostic: Diagnostic) throws {
        reporter.report(diagnostic)
        guard diagnostic.severity == .error else { return }
        errors += 1
        if stopsAtFirstError { throw FirstErrorStop() }
    }

    public mutating func statement(_ info: StatementInfo) throws {
        try writer.statement(info)
    }
}

/// Thrown by a sink that stops at the first error (`pfin convert --strict`).
public struct FirstErrorStop: Error, Sendable {
    public init() {}
}

/// How many transactions have no category, and the first `kept` of them.
public struct UncategorizedTally: Sendable {
    public static let kept = 100
    public private(set) var count = 0
    public private(set) var first: [PaymentActivity] = []

    public init() {}

    public mutating func add(_ activity: PaymentActivity) {
        count += 1
        if first.count < Self.kept { first.append(activity) }
    }
}
