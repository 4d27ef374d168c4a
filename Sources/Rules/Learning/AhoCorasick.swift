import FinanceCore

/// Finds every occurrence of many literal byte strings in one pass (Aho and Corasick, 1975).
///
/// Rules files have hundreds of literals; trying each against every transaction would dominate the
/// run. The automaton is built once with failure links folded into a dense transition table over
/// byte classes (bytes that appear in no pattern share one class), so scanning costs one table
/// lookup per byte whatever the number of patterns. Entries hold the next state already multiplied
/// by the class count, or, when that state ends a pattern, its number complemented (negative), so
/// the loop has no multiply and one sign test.
///
/// The tables are in one `TableArena`, read in one scope per scan.
final class AhoCorasick {
    private let arena: TableArena
    private let classOf: ArenaTable<Int32>
    private let classCount: Int
    private let next: ArenaTable<Int32>
    /// Patterns ending at each state (following failure links), as ranges into `outputs`.
    private let outputStart: ArenaTable<Int32>
    private let outputs: ArenaTable<Int32>

    init(_ patterns: [[UInt8]]) {
        // Byte classes: one per byte used in a pattern, plus one (0) for all others.
        var classes = 1
        var classOf = [Int32](repeating: 0, count: 256)
        var used = [Bool](repeating: false, count: 256)
        for pattern in patterns { for b in pattern { used[Int(b)] = true } }
        for b in 0..<256 where used[b] {
            classOf[b] = Int32(classes)
            classes += 1
        }
        // Patterns are folded (no ASCII capitals), so an ASCII capital can share its small
        // letter's class: ASCII text is then scanned as it is, without folding it first.
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { classOf[Int(b)] = classOf[Int(b | 0x20)] }
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
        let states = children.count
        var fail = [Int](repeating: 0, count: states)
        var delta = [Int](repeating: 0, count: states * classes)
        var merged = terminal
        var queue: [Int] = []
        for c in 0..<classes {
            let child = Int(children[0][c])
            delta[c] = max(child, 0)
            if child > 0 { queue.append(child) }
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            merged[state] += merged[fail[state]]
            for c in 0..<classes {
                let child = Int(children[state][c])
                if child >= 0 {
                    fail[child] = delta[fail[state] * classes + c]
                    delta[state * classes + c] = child
                    queue.append(child)
                } else {
                    delta[state * classes + c] = delta[fail[state] * classes + c]
                }
            }
        }
        let table = delta.map { target in merged[target].isEmpty ? Int32(target * classes) : ~Int32(target) }
        var outputStart = [Int32](repeating: 0, count: states + 1)
        var outputs: [Int32] = []
        for state in 0..<states {
            outputStart[state] = Int32(outputs.count)
            outputs += merged[state]
        }
        outputStart[states] = Int32(outputs.count)
        var arena = TableArena.Builder()
        self.classOf = arena.add(classOf)
        classCount = classes
        next = arena.add(table)
        self.outputStart = arena.add(outputStart)
        self.outputs = arena.add(outputs)
        self.arena = arena.build()
    }

    /// Calls `found` with the id of every pattern occurring in `text` (once per occurrence). `text`
    /// must be folded, or ASCII (whose capitals the classes fold).
    @inline(__always)
    func scan(_ text: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Void) {
        arena.withTables { tables in
            let (table, classOf, outputStart, outputs) = (tables[next], tables[self.classOf], tables[self.outputStart], tables[self.outputs])
            var state: Int32 = 0
            for b in text {
                state = table[Int(state) &+ Int(classOf[Int(b)])]
                if state < 0 {
                    let s = Int(~state)
                    state = Int32(truncatingIfNeeded: s &* classCount)
                    for i in Int(outputStart[s])..<Int(outputStart[s + 1]) { found(Int(outputs[i])) }
                }
            }
        }
    }
}
