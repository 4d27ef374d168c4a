import FinanceCore

/// Puts a month's transactions in the order summaries list them: newest first, and within a day
/// the one latest in the input first, which is the input order reversed within each day.
///
/// Statements come in date order, oldest or newest first, so both are done in place in one pass
/// (reverse everything; or reverse each day's run); only mixed input pays for a sort. Elements move
/// through an unsafe buffer, whose `swapAt` moves them: `Array`'s copied each activity, a retain
/// and a release of each of its strings, which was most of `finish`.
enum NewestFirst {
    /// Reorders `activities`, given in input order.
    static func order(_ activities: inout [PaymentActivity]) {
        guard activities.count > 1 else { return }
        // Read the dates through a buffer: iterating the array would copy every activity, a
        // retain and a release of each of its strings.
        let (ascending, descending) = activities.withUnsafeBufferPointer { buffer in
            var ascending = true, descending = true
            var previous = buffer[0].date
            for i in 1..<buffer.count {
                let date = buffer[i].date
                if date < previous { ascending = false }
                if date > previous { descending = false }
                if !ascending && !descending { break }
                previous = date
            }
            return (ascending, descending)
        }
        activities.withUnsafeMutableBufferPointer { buffer in
            if ascending {
                buffer.reverse()
            } else if descending {
                reverseEachDay(buffer)
            } else {
                sortMixed(buffer)
            }
        }
    }

    /// Input newest first: days are already in order, only each day's run needs reversing.
    private static func reverseEachDay(_ activities: UnsafeMutableBufferPointer<PaymentActivity>) {
        var start = 0
        while start < activities.count {
            let date = activities[start].date
            var end = start + 1
            while end < activities.count && activities[end].date == date { end += 1 }
            if end - start > 1 {
                var day = UnsafeMutableBufferPointer(rebasing: activities[start..<end])
                day.reverse()
            }
            start = end
        }
    }

    /// Any other input (two exports concatenated, say): sort positions by (date descending,
    /// position descending), an order that is total, so the result does not depend on the sort
    /// being stable; then gather the activities into that order by moving their bytes, which
    /// copies no strings (a copy would retain and later release each of them).
    private static func sortMixed(_ activities: UnsafeMutableBufferPointer<PaymentActivity>) {
        guard let base = activities.baseAddress else { return }
        // Date in the high bits, position in the low 32: one integer comparison per step.
        var keys = activities.indices.map { Int64(activities[$0].date.packed) << 32 | Int64($0) }
        keys.sort(by: >)
        let ordered = UnsafeMutablePointer<PaymentActivity>.allocate(capacity: keys.count)
        defer { ordered.deallocate() }
        for (i, key) in keys.enumerated() {
            (ordered + i).moveInitialize(from: base + Int(truncatingIfNeeded: key & 0xFFFF_FFFF), count: 1)
        }
        base.moveInitialize(from: ordered, count: keys.count)
    }
}
