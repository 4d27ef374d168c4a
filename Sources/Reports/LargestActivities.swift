import FinanceCore

/// The `capacity` largest transactions of a month by magnitude, kept while they stream past.
///
/// A binary heap with the smallest kept entry at the root: each transaction costs one comparison
/// with the root, and only the few that beat it are copied, so no month keeps more than `capacity`
/// activities for this even when the builder keeps no transactions.
struct LargestActivities {
    struct Entry {
        /// |amount| in units of 10^-18.
        var magnitude: Int128
        var date: LocalDate
        /// The position of the activity in the input.
        var sequence: Int
        var activity: PaymentActivity
    }

    let capacity: Int
    private var heap: [Entry] = []

    init(capacity: Int) {
        self.capacity = Swift.max(0, capacity)
    }

    /// Whether one entry is listed before the other: larger first; for equal amounts the newer,
    /// then the one earlier in the input.
    @inline(__always)
    static func ranksBefore(
        _ magnitude: Int128, _ date: LocalDate, _ sequence: Int,
        _ other: Int128, _ otherDate: LocalDate, _ otherSequence: Int
    ) -> Bool {
        if magnitude != other { return magnitude > other }
        if date != otherDate { return date > otherDate }
        return sequence < otherSequence
    }

    private static func ranksBefore(_ a: Entry, _ b: Entry) -> Bool {
        ranksBefore(a.magnitude, a.date, a.sequence, b.magnitude, b.date, b.sequence)
    }

    /// Whether an activity of this size, date and position would be kept: check before `keep`,
    /// so that only the few kept activities are ever copied.
    @inline(__always)
    func admits(magnitude: Int128, date: LocalDate, sequence: Int) -> Bool {
        if heap.count < capacity { return true }
        guard let root = heap.first else { return false }
        return LargestActivities.ranksBefore(magnitude, date, sequence, root.magnitude, root.date, root.sequence)
    }

    /// Keeps an activity that `admits` accepted, dropping the smallest kept one when full.
    mutating func keep(_ activity: PaymentActivity, magnitude: Int128, sequence: Int) {
        let entry = Entry(magnitude: magnitude, date: activity.date, sequence: sequence, activity: activity)
        if heap.count < capacity {
            heap.append(entry)
            siftUp(heap.count - 1)
        } else if capacity > 0 {
            heap[0] = entry
            siftDown(0)
        }
    }

    /// The kept activities, largest first.
    func sorted() -> [PaymentActivity] {
        heap.sorted(by: LargestActivities.ranksBefore).map(\.activity)
    }

    // The root is the entry every other ranks before: the one to drop first.
    private mutating func siftUp(_ start: Int) {
        BinaryHeap.siftUp(&heap, from: start) { LargestActivities.ranksBefore($1, $0) }
    }

    private mutating func siftDown(_ start: Int) {
        BinaryHeap.siftDown(&heap, from: start) { LargestActivities.ranksBefore($1, $0) }
    }
}
