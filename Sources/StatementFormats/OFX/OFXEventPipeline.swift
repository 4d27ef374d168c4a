import FinanceCore

/// Runs an OFX parser on its own thread and the mapping of its events on the caller's
/// (`BatchPipeline`), batches of events between them.
enum OFXEventPipeline {
    /// Replays into `handler` the batches `produce` sends from another thread; returns what
    /// `produce` returns.
    static func run<Handler: OFXEventHandler>(
        into handler: inout Handler,
        produce: @escaping (OFXBatchChannel) -> InputError?
    ) throws -> InputError? {
        try BatchPipeline.run(produce: produce, consume: { try $0.replay(into: &handler) }, clear: { $0.clear() })
    }
}

/// The queue of event batches between the OFX parser and the mapper.
typealias OFXBatchChannel = BatchChannel<OFXEventBatch>
