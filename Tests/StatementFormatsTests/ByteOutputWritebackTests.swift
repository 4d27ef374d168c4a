import FinanceCore
import Foundation
import StatementFormats
import Testing

/// `ByteOutput` sends a temporary's bytes to the disk a step at a time while they are written
/// (`sync_file_range`, a hint): the file that lands must hold every byte in order, whether it was
/// sealed first or committed directly, and a discarded one must leave nothing behind.
@Suite struct ByteOutputWritebackTests {
    static func directory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-writeback-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Bytes of uneven chunks that cross the writeback step several times (3.5 steps in all).
    static func chunks() -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        var total = 0, seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        while total < ByteOutput.writebackStep * 7 / 2 {
            let size = 1 + Int(seed % 300_000)
            chunks.append((0..<size).map { UInt8(truncatingIfNeeded: (total + $0) &* 31 &+ 7) })
            total += size
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        }
        return chunks
    }

    @Test(arguments: [true, false])
    func everyByteLandsInOrder(sealedFirst: Bool) throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/big.csv"
        let chunks = Self.chunks()
        let output = try ByteOutput.atomicFile(path)
        for chunk in chunks { try output.write(chunk) }
        #expect(!FileManager.default.fileExists(atPath: path))
        if sealedFirst { try output.seal() }
        try output.commit()
        let written = try #require(FileManager.default.contents(atPath: path))
        #expect(written.count == chunks.reduce(0) { $0 + $1.count })
        #expect(Array(written) == chunks.flatMap { $0 })
    }

    @Test func aDiscardedOutputLeavesNothing() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try ByteOutput.atomicFile(directory + "/big.csv")
        for chunk in Self.chunks() { try output.write(chunk) }
        output.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
