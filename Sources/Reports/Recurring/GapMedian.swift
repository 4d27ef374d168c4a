/// The median of the gaps between a group's payments, in days: the gap at index `count / 2` of
/// the gaps in ascending order, as `gaps.sorted()[gaps.count / 2]` is, without sorting them.
///
/// A grocer's group holds a payment every few days for years: sorting its gaps for the median
/// took 4 % of a million-transaction report's main thread, all of it after the reading, while the
/// pages waited. Gaps under `buckets` days are counted instead (one pass, then a walk over the
/// counts); the few longer ones are sorted.
enum GapMedian {
    static let buckets = 1024

    /// The lower median of `gaps` (non-empty; negative gaps count as the smallest values they are).
    static func of(_ gaps: [Int]) -> Int {
        precondition(!gaps.isEmpty, "the median of no gaps")
        var counts = [Int32](repeating: 0, count: buckets)
        var below: [Int] = []
        var above: [Int] = []
        for gap in gaps {
            if gap < 0 {
                below.append(gap)
            } else if gap < buckets {
                counts[gap] += 1
            } else {
                above.append(gap)
            }
        }
        var rank = gaps.count / 2
        if rank < below.count { return below.sorted()[rank] }
        rank -= below.count
        for (gap, count) in counts.enumerated() {
            if rank < Int(count) { return gap }
            rank -= Int(count)
        }
        return above.sorted()[rank]
    }
}
