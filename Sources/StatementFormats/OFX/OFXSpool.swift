import FinanceCore
import Glibc

/// A statement's transactions, spooled while the file is written: a statement's `DTSTART` and
/// `DTEND` come before its transactions, so they wait until `finish()`.
///
/// Each record is a 4-byte length and its bytes. Records stay in memory while the writer's spools
/// together hold less than their budget's `limit`; beyond it, a spool moves its records to an
/// anonymous temporary file in writes of `spillSize`, so memory stays bounded whatever the input's size.
final class OFXSpool {
    private let budget: OFXSpoolBudget
    private let memory = ByteBuffer(capacity: 1 << 12)
    private var file: UnsafeMutablePointer<FILE>?

    init(budget: OFXSpoolBudget) {
        self.budget = budget
    }

    deinit {
        if let file { fclose(file) }
        budget.inMemory -= memory.count
    }

    /// Appends one record.
    func append(_ record: UnsafeBufferPointer<UInt8>) throws(OutputError) {
        var length = UInt32(record.count)
        memory.reserve(4 + record.count)
        withUnsafeBytes(of: &length) { memory.append(UnsafeBufferPointer(start: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 4)) }
        memory.append(record)
        budget.inMemory += 4 + record.count
        if budget.inMemory > budget.limit && memory.count >= budget.spillSize { try spill() }
    }

    /// Calls `body` with each record, in the order appended.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        if let file {
            rewind(file)
            let chunk = ByteBuffer(capacity: 1 << 20)
            while true {
                let before = chunk.count
                chunk.write(maximum: 1 << 20) { fread($0, 1, 1 << 20, file) }
                let n = chunk.count - before
                let consumed = try chunk.withBytes { try records(in: $0, body) }
                chunk.removeFirst(consumed)
                if n == 0 { break }
            }
            guard chunk.count == 0 else { throw OutputError(path: "temporary spool file", errno: EIO) }
        }
        _ = try memory.withBytes { try records(in: $0, body) }
    }

    /// The whole records at the start of `bytes`, given to `body`; returns the bytes they took.
    private func records(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int {
        var at = 0
        while bytes.count - at >= 4 {
            var length: UInt32 = 0
            withUnsafeMutableBytes(of: &length) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[at..<at + 4])) }
            guard bytes.count - at - 4 >= Int(length) else { break }
            try body(UnsafeBufferPointer(rebasing: bytes[at + 4..<at + 4 + Int(length)]))
            at += 4 + Int(length)
        }
        return at
    }

    private func spill() throws(OutputError) {
        if file == nil {
            guard let opened = tmpfile() else { throw OutputError(path: "temporary spool file", errno: errno) }
            file = opened
        }
        guard memory.withBytes({ fwrite($0.baseAddress, 1, $0.count, file) }) == memory.count else {
            throw OutputError(path: "temporary spool file", errno: errno)
        }
        budget.inMemory -= memory.count
        memory.removeAll()
    }
}

/// The bytes an `OFXWriter`'s spools hold in memory together, and how much they may.
final class OFXSpoolBudget {
    /// By default 64 MiB: a file of some 200,000 transactions is written without a temporary file.
    let limit: Int
    /// Once over the limit, a spool writes its records to its file when this many wait (256 KiB).
    let spillSize: Int
    var inMemory = 0

    init(limit: Int = 64 << 20, spillSize: Int = 1 << 18) {
        self.limit = limit
        self.spillSize = spillSize
    }
}
