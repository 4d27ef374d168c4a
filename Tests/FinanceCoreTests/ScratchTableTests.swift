import FinanceCore
import Testing

@Suite struct ScratchTableTests {
    @Test func madeFilledOrCopiedAndWrittenInScopes() {
        let zeros = ScratchTable<UInt32>.make(count: 5, repeating: 7)
        #expect(zeros.count == 5)
        #expect(zeros.withElements { p in (0..<5).map { p[$0] } } == [7, 7, 7, 7, 7])
        zeros.withElements { $0[2] = 9 }
        #expect(zeros.withElements { $0[2] } == 9)
        zeros.fill(0)
        #expect(zeros.withElements { p in (0..<5).reduce(0) { $0 + p[$1] } } == 0)
        let copy = ScratchTable<Int>.make(copying: [3, 1, 4, 1, 5])
        #expect(copy.count == 5)
        #expect(copy.withElements { p in (0..<5).map { p[$0] } } == [3, 1, 4, 1, 5])
        #expect(ScratchTable<Int>.make(copying: []).count == 0)
    }
}
