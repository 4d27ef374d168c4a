import FinanceCore

/// The `capacity` newest transactions of a month, kept while they stream past: what a month page
/// lists when the month has more than it should show (`ReportOptions.transactionLimit`).
///
/// Newest means the order summaries list transactions in (`NewestFirst`): later date first, and
/// within a day the one later in the input first. A binary heap with the oldest kept entry at the
/// root: statements in date order make every new transaction newer than the root, one replacement
/// and a sift each; memory never holds more than `capacity` activities.
struct NewestActivities {
    /// What the heap orders: small, so that sifting moves no activity.
    struct Key {
        var date: LocalDate
        /// The position of the activity in the input.
        var sequence: Int
        /// Where the activity is in `activities`.
        var slot: Int
    }

    let capacity: Int
    private var heap: [Key] = []
    private var activities: [PaymentActivity] = []

    init(capacity: Int) {
        self.capacity = Swift.max(0, capacity)
    }

    /// Whether the first is listed after the second: older, or the same day and earlier in the input.
    @inline(__always)
    private static func isOlder(_ date: LocalDate, _ sequence: Int, than otherDate: LocalDate, _ otherSequence: Int) -> Bool {
        date != otherDate ? date < otherDate : sequence < otherSequence
    }

    @inline(__always)
    private static func isOlder(_ a: Key, than b: Key) -> Bool {
        isOlder(a.date, a.sequence, than: b.date, b.sequence)
    }

    /// Offers an activity at input position `sequence`; it is kept when it is among the newest.
    mutating func offer(_ activity: PaymentActivity, sequence: Int) {
        if heap.count < capacity {
            heap.append(Key(date: activity.date, sequence: sequence, slot: activities.count))
            activities.append(activity)
            siftUp(heap.count - 1)
        } else if let root = heap.first, Self.isOlder(root.date, root.sequence, than: activity.date, sequence) {
            // The oldest kept one leaves; the new one takes its slot.
            activities[root.slot] = activity
            heap[0] = Key(date: activity.date, sequence: sequence, slot: root.slot)
            siftDown(0)
        }
    }

    /// The kept activities, newest first.
    func sorted() -> [PaymentActivity] {
        heap.sorted { Self.isOlder($1, than: $0) }.map { activities[$0.slot] }
    }

    // The root is older than every other entry: the one to drop first.
    private mutating func siftUp(_ start: Int) {
        BinaryHeap.siftUp(&heap, from: start) { Self.isOlder($0, than: $1) }
    }

    private mutating func siftDown(_ start: Int) {
        BinaryHeap.siftDown(&heap, from: start) { Self.isOlder($0, than: $1) }
    }
}
