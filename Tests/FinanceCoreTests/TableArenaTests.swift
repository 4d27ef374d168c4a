import FinanceCore
import Testing

@Suite struct TableArenaTests {
    struct Pair: BitwiseCopyable, Equatable {
        var a: Int32
        var b: Int64
    }

    /// Tables of different element sizes, side by side: each reads back what was placed, none
    /// overlaps its neighbour, and a table made by `repeating` can be written.
    @Test func tablesOfSeveralTypesReadBackAndDoNotOverlap() {
        var builder = TableArena.Builder()
        let bytes = builder.add([UInt8](1...5))
        let pairs = builder.add([Pair(a: 1, b: -1), Pair(a: 2, b: -2), Pair(a: 3, b: -3)])
        let empty = builder.add([UInt16]())
        let scratch = builder.add(repeating: UInt64(7), count: 4)
        let words = builder.add([UInt32](repeating: 0xFFFF_FFFF, count: 3))
        let arena = builder.build()
        #expect(empty.count == 0 && pairs.count == 3)
        arena.withTables { t in
            #expect((0..<5).map { t[bytes][$0] } == [1, 2, 3, 4, 5])
            #expect((0..<3).map { t[pairs][$0] } == [Pair(a: 1, b: -1), Pair(a: 2, b: -2), Pair(a: 3, b: -3)])
            #expect((0..<4).map { t[scratch][$0] } == [7, 7, 7, 7])
            #expect((0..<3).map { t[words][$0] } == [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF])
            for k in 0..<4 { t[scratch][k] = UInt64(k) }
        }
        arena.withTables { t in
            #expect((0..<4).map { t[scratch][$0] } == [0, 1, 2, 3])
            #expect((0..<5).map { t[bytes][$0] } == [1, 2, 3, 4, 5])
            #expect((0..<3).map { t[words][$0] } == [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF])
            #expect(Int(bitPattern: t[pairs]) % MemoryLayout<Pair>.alignment == 0)
        }
        #expect(TableArena.Builder().build().withTables { _ in true })
    }
}
