/// Finds every occurrence of many literal byte strings in one pass (Aho and Corasick, 1975).
///
/// Rules files have hundreds of literals; trying each against every transaction would dominate the
/// run. The automaton is built once with failure links folded into a dense transition table over
/// byte classes (bytes that appear in no pattern share one class), so scanning costs one table
/// lookup per byte whatever the number of patterns.
struct AhoCorasick: Sendable {
    /// Byte → class.
    private let classOf: [UInt8]
    private let classCount: Int
    /// `next[state * classCount + class]`.
    private let next: [Int32]
    /// Patterns ending at each state (following failure links), as ranges into `outputs`.
    private let outputStart: [Int32]
    private let outputCount: [Int32]
    private let outputs: [Int32]

    init(_ patterns: [[UInt8]]) {
        // Byte classes: one per byte used in a pattern, plus one for all others.
        var classOf = [UInt8](repeating: 0, count: 256)
        var used = [Bool](repeating: false, count: 256)
        for pattern in patterns { for b in pattern { used[Int(b)] = true } }
        var classes = 1
        for b in 0..<256 where used[b] {
            classOf[b] = UInt8(classes)
            classes += 1
            if classes == 256 { break }
        }
        // The trie.
        var children: [[Int32]] = [[Int32](repeating: -1, count: classes)]
        var terminal: [[Int32]] = [[]]
        for (id, pattern) in patterns.enumerated() {
            var state = 0
            for b in pattern {
                let c = Int(classOf[Int(b)])
                if children[state][c] < 0 {
                    children[state][c] = Int32(children.count)
                    children.append([Int32](repeating: -1, count: classes))
                    terminal.append([])
                }
                state = Int(children[state][c])
            }
            terminal[state].append(Int32(id))
        }
        // Breadth first: failure links, dense transitions, outputs merged along failure links.
        var fail = [Int32](repeating: 0, count: children.count)
        var next = [Int32](repeating: 0, count: children.count * classes)
        var merged = terminal
        var queue: [Int] = []
        for c in 0..<classes {
            let child = children[0][c]
            if child >= 0 {
                next[c] = child
                fail[Int(child)] = 0
                queue.append(Int(child))
            } else {
                next[c] = 0
            }
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            merged[state] += merged[Int(fail[state])]
            for c in 0..<classes {
                let child = children[state][c]
                if child >= 0 {
                    fail[Int(child)] = next[Int(fail[state]) * classes + c]
                    next[state * classes + c] = child
                    queue.append(Int(child))
                } else {
                    next[state * classes + c] = next[Int(fail[state]) * classes + c]
                }
            }
        }
        var outputStart = [Int32](repeating: 0, count: children.count)
        var outputCount = [Int32](repeating: 0, count: children.count)
        var outputs: [Int32] = []
        for state in 0..<children.count {
            outputStart[state] = Int32(outputs.count)
            outputCount[state] = Int32(merged[state].count)
            outputs += merged[state]
        }
        self.classOf = classOf
        self.classCount = classes
        self.next = next
        self.outputStart = outputStart
        self.outputCount = outputCount
        self.outputs = outputs
    }

    /// Calls `found` with the id of every pattern occurring in `text` (once per occurrence).
    @inline(__always)
    func scan(_ text: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Void) {
        classOf.withUnsafeBufferPointer { classOf in
            next.withUnsafeBufferPointer { next in
                outputCount.withUnsafeBufferPointer { outputCount in
                    var state = 0
                    for b in text {
                        state = Int(next[state &* classCount &+ Int(classOf[Int(b)])])
                        let count = Int(outputCount[state])
                        if count > 0 {
                            let start = Int(outputStart[state])
                            for i in start..<(start + count) { found(Int(outputs[i])) }
                        }
                    }
                }
            }
        }
    }
}
