import FinanceCore

/// What became of each line of a table-shaped input (a CSV export, a workbook's sheet): runs of
/// transactions, of rows in error, and of lines skipped with their reason. A sink, so it reads
/// the input as any command does; `pfin identify` shows it as evidence that nothing was lost.
///
/// Memory is bounded by the number of runs, not rows: consecutive lines of one kind are one run.
public struct LineCensus: ActivitySink {
    public enum Kind: Hashable, Sendable {
        case transactions
        case errors
        case skipped(SkippedLines.Reason)

        public var name: String {
            switch self {
            case .transactions: "transactions"
            case .errors: "errors"
            case .skipped(let reason): reason.rawValue
            }
        }
    }

    /// Lines `first` through `last` (`nil`: to the end of the input), holding `count` records
    /// of one kind (for skipped lines, the count of ranges the reader sent).
    public struct Run: Equatable, Sendable {
        public var kind: Kind
        public var first: Int
        public var last: Int?
        public var count: Int
    }

    /// The most runs kept; a file cut into more (every other row an error) keeps the first ones
    /// and counts the rest in `droppedRuns`.
    public static let maximumRuns = 1_000

    private var unsorted: [Run] = []
    public private(set) var droppedRuns = 0
    public private(set) var transactions = 0
    public private(set) var errors = 0
    public private(set) var warnings = 0

    public init() {}

    /// The runs in line order.
    public var runs: [Run] {
        // Stable: runs that start on one line keep the order they came in.
        unsorted.enumerated().sorted { ($0.element.first, $0.offset) < ($1.element.first, $1.offset) }.map(\.element)
    }

    public mutating func accept(_ activity: PaymentActivity) throws {
        transactions += 1
        note(.transactions, activity.source.line, activity.source.line)
    }

    public mutating func report(_ diagnostic: Diagnostic) throws {
        guard diagnostic.severity == .error else { warnings += 1; return }
        errors += 1
        if diagnostic.location.line > 0 { note(.errors, diagnostic.location.line, diagnostic.location.line) }
    }

    public mutating func skipped(_ lines: SkippedLines) throws {
        note(.skipped(lines.reason), lines.location.line, lines.lastLine)
    }

    private mutating func note(_ kind: Kind, _ first: Int, _ last: Int?) {
        if let index = unsorted.indices.last, unsorted[index].kind == kind, let end = unsorted[index].last, first > end,
            kind == .transactions || kind == .errors || first == end + 1
        {
            unsorted[index].last = last
            unsorted[index].count += 1
            return
        }
        guard unsorted.count < Self.maximumRuns else { droppedRuns += 1; return }
        unsorted.append(Run(kind: kind, first: first, last: last, count: 1))
    }
}
