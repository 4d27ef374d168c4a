import FinanceCore
import Rules
import StatementFormats

/// Reads a file and applies the rules on a second thread, while the caller's thread takes what
/// comes out, in input order: for `pfin import`, reading and rules overlap the ledger's inserts
/// (a million-row JSON Lines import took 0.4 s less on two cores).
///
/// At most `capacity` batches of `batchSize` items wait between the threads (`BatchPipeline`), so
/// memory stays bounded. If the consumer throws, the reader is stopped and waited for before the
/// error goes on: it never outlives the call.
public enum ActivityPipeline {
    public enum Item {
        case activity(PaymentActivity, typeSetByRule: Bool)
        case diagnostic(Diagnostic)
        /// A statement's balances (a later one for the same statement supersedes it).
        case statement(StatementInfo)
        /// The balance a row states, right after its activity; only when `run` was asked for them.
        case rowBalance(RowBalance)
    }

    static let batchSize = 1024
    static let capacity = 4

    /// Reads `source` and hands each activity, through the rules stage, each diagnostic and each
    /// statement to `consume`, in order.
    ///
    /// - Parameters:
    ///   - source: the input and how to choose its reader.
    ///   - options: the reader's options (profile, account, currency, strictness).
    ///   - rules: applied on the reading thread, through a `RulesStage`; `nil` for none.
    ///   - rowBalances: also the balances rows state (readers parse them only when asked).
    ///   - opened: called with the input once it is open (a progress line watches it).
    ///   - consume: called on the calling thread with each item, in the input's order.
    public static func run(
        _ source: InputSource, options: ReadOptions, rules: RuleEngine?, rowBalances: Bool = false,
        opened: @escaping @Sendable (ByteInput) -> Void = { _ in }, consume: (Item) throws -> Void
    ) throws {
        let failure: Error? = try BatchPipeline.run(
            capacity: capacity,
            produce: { channel in
                var sink = RulesStage(rules, into: BatchingSink(channel: channel, wantsRowBalances: rowBalances))
                do {
                    try source.read(options: options, into: &sink, opened: opened)
                    try sink.base.flush()
                } catch is BatchingSink.Stopped {
                    // The consumer stopped; it has its own error to report.
                } catch {
                    return error
                }
                return nil
            },
            consume: { batch in
                for item in batch { try consume(item) }
            }, clear: { $0.removeAll(keepingCapacity: true) })
        if let failure { throw failure }
    }
}

/// Gathers what the rules stage passes on into batches for the channel.
private struct BatchingSink: RuledActivitySink {
    struct Stopped: Error {}

    let channel: BatchChannel<[ActivityPipeline.Item]>
    let wantsRowBalances: Bool
    var batch: [ActivityPipeline.Item] = []

    init(channel: BatchChannel<[ActivityPipeline.Item]>, wantsRowBalances: Bool) {
        self.channel = channel
        self.wantsRowBalances = wantsRowBalances
        batch.reserveCapacity(ActivityPipeline.batchSize)
    }

    mutating func accept(_ activity: PaymentActivity) throws {
        try append(.activity(activity, typeSetByRule: false))
    }

    mutating func accept(_ activity: consuming PaymentActivity, ruled outcome: RuleOutcome) throws {
        try append(.activity(activity, typeSetByRule: outcome.set.contains(.type)))
    }

    mutating func report(_ diagnostic: Diagnostic) throws {
        try append(.diagnostic(diagnostic))
    }

    mutating func statement(_ info: StatementInfo) throws {
        try append(.statement(info))
    }

    mutating func rowBalance(_ balance: RowBalance) throws {
        try append(.rowBalance(balance))
    }

    private mutating func append(_ item: ActivityPipeline.Item) throws {
        batch.append(item)
        if batch.count >= ActivityPipeline.batchSize { try flush() }
    }

    mutating func flush() throws {
        guard !batch.isEmpty else { return }
        guard channel.send(batch) else { throw Stopped() }
        batch = channel.reuse() ?? []
        if batch.capacity < ActivityPipeline.batchSize { batch.reserveCapacity(ActivityPipeline.batchSize) }
    }
}
