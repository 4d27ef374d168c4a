/// The sifts of a binary heap kept in an array, for the bounded selections of a report
/// (`LargestActivities`, `NewestActivities`): the root is the element to drop first.
enum BinaryHeap {
    /// Moves the element at `start` up to its place; `goesFirst(a, b)`: `a` belongs nearer the
    /// root than `b`.
    @inline(__always)
    static func siftUp<T>(_ heap: inout [T], from start: Int, goesFirst: (T, T) -> Bool) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard goesFirst(heap[child], heap[parent]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    /// Moves the element at `start` down to its place.
    @inline(__always)
    static func siftDown<T>(_ heap: inout [T], from start: Int, goesFirst: (T, T) -> Bool) {
        var parent = start
        while true {
            var first = parent
            let left = 2 * parent + 1, right = left + 1
            if left < heap.count && goesFirst(heap[left], heap[first]) { first = left }
            if right < heap.count && goesFirst(heap[right], heap[first]) { first = right }
            if first == parent { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
