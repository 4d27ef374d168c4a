import FinanceCore
import Testing

/// `BatchWorker`: items reach the work in order and whole, on its thread or the caller's, and
/// `finish` returns only once all of them are done.
@Suite struct BatchWorkerTests {
    /// Collects what the work saw; read only after `finish`.
    final class Seen: @unchecked Sendable {
        var items: [Int] = []
        var batches = 0
    }

    @Test(arguments: [true, false])
    func everyItemInOrderOnceFinished(inBackground: Bool) {
        let seen = Seen()
        let worker = BatchWorker<Int>(inBackground: inBackground, batchSize: 7, capacity: 2) { batch in
            seen.items += batch
            seen.batches += 1
        }
        #expect(worker.inBackground == inBackground)
        for i in 0..<1_000 { worker.append(i) }
        worker.finish()
        #expect(seen.items == Array(0..<1_000))
        // 142 full batches of seven and the six left over.
        #expect(seen.batches == 143)
        worker.finish()
        #expect(seen.items.count == 1_000)
    }

    @Test func workMayTakeItemsOut() {
        let seen = Seen()
        let worker = BatchWorker<Int?>(inBackground: true, batchSize: 3) { batch in
            for i in batch.indices {
                if let item = batch[i].take() { seen.items.append(item) }
            }
        }
        for i in 0..<10 { worker.append(i) }
        worker.finish()
        #expect(seen.items == Array(0..<10))
    }

    @Test func aLatchLetsEveryWaiterThroughOnceOpen() {
        let latch = Latch()
        let seen = Seen()
        let done = Latch()
        #expect(
            PosixThread.start {
                latch.wait()
                seen.items.append(1)
                done.open()
            })
        latch.open()
        done.wait()
        latch.wait()
        #expect(seen.items == [1])
    }
}
