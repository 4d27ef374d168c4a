import Testing

@testable import Reports

/// `GapMedian.of` is `sorted()[count / 2]` without the sort, whatever the gaps.
@Suite struct GapMedianTests {
    @Test func equalsTheSortedMiddleOnEdgeCases() {
        let cases: [[Int]] = [
            [7], [30, 31], [0, 0, 0], [1023, 1024], [5000, 3, 4000], [-2, 9, 9], [-5, -1, -3, 2000],
            Array(repeating: 28, count: 11) + [400, 2, 3000],
        ]
        for gaps in cases { #expect(GapMedian.of(gaps) == gaps.sorted()[gaps.count / 2], "\(gaps)") }
    }

    @Test func equalsTheSortedMiddleOnRandomGaps() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2_000 {
            let count = Int.random(in: 1...60, using: &generator)
            // Mostly the short gaps of real groups, some past the counted range, a few negative.
            let gaps = (0..<count).map { _ -> Int in
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: return Int.random(in: 1_000...3_000, using: &generator)
                case 1: return Int.random(in: -40...(-1), using: &generator)
                default: return Int.random(in: 0...40, using: &generator)
                }
            }
            #expect(GapMedian.of(gaps) == gaps.sorted()[gaps.count / 2], "round \(round): \(gaps)")
        }
    }
}
