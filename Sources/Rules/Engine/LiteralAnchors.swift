import FinanceCore

/// Finds which of many literals occur in a text: every literal is "anchored" under a few of its
/// 4- or 8-byte windows in a hash table, and the text is probed only at every `stride`-th position.
///
/// Why that finds everything: a literal of `n` bytes has `n - w + 1` windows of `w` bytes. If the
/// text is probed at positions 0, s, 2s, … with `s ≤ n - w + 1`, one probe falls within the first `s`
/// windows of every occurrence, at an offset `o` that depends only on where the occurrence starts,
/// modulo `s`. So each literal is anchored under one window per residue `0 ..< s`, and every
/// occurrence meets a probe that hits one of its anchors. The bytes around the hit are then compared
/// with the literal, so nothing is reported that is not there.
///
/// Why it is fast: a probe is a load, a multiply and a bit test in an 8 KB filter (`AnchorGroup`),
/// with no dependency between probes and no branch taken on ordinary text, and only every `s`-th
/// position is probed (`AnchorPlan` picks `s` and the anchors, weighing probes against the
/// comparisons that anchors shared by many literals cause). An Aho–Corasick automaton pays a
/// dependent table load on every byte instead.
///
/// Literals of 1–3 bytes are looked up by their first byte at every position (rules files seldom
/// have them).
///
/// The text must be folded (`FoldedFields`) and readable for 8 bytes past its end (the windows and
/// comparisons read whole words; bytes past the end never decide anything).
final class LiteralAnchors {
    /// Every table below, in one allocation.
    private let arena: TableArena
    /// The literals of each anchor width (their tables in `arena`).
    private let first: AnchorGroup?
    private let second: AnchorGroup?
    /// Every literal, each padded with zeros to a multiple of 8 bytes, at `start[id]`.
    private let pool: ArenaTable<UInt8>
    private let start: ArenaTable<Int32>
    private let length: ArenaTable<Int32>
    /// 1–3-byte literals by first byte: `shortStart[b] ..< shortStart[b + 1]` in `shortIDs`.
    private let shortStart: ArenaTable<Int32>
    private let shortIDs: ArenaTable<Int32>
    private let hasShort: Bool
    /// Scratch for `scan`'s result: an engine scans from one thread at a time.
    private let hits = HitList()
    let count: Int

    /// Indexes `literals` (folded, non-empty); `scan` reports them by their position in this array.
    init(_ literals: [[UInt8]]) {
        count = literals.count
        var arena = TableArena.Builder()
        var poolBytes: [UInt8] = []
        var starts: [Int32] = []
        for literal in literals {
            starts.append(Int32(poolBytes.count))
            poolBytes += literal
            poolBytes += [UInt8](repeating: 0, count: (8 - literal.count % 8) % 8)
        }
        pool = arena.add(poolBytes)
        start = arena.add(starts)
        length = arena.add(literals.map { Int32($0.count) })

        let ids = Array(literals.indices)
        let plan = AnchorPlan(literals)
        var groups: [AnchorGroup] = []
        for group in plan.groups { groups.append(AnchorGroup(group, literals: literals, arena: &arena)) }
        first = groups.first
        second = groups.count > 1 ? groups[1] : nil

        var byFirst = [[Int32]](repeating: [], count: 256)
        for id in ids where literals[id].count < 4 { byFirst[Int(literals[id][0])].append(Int32(id)) }
        var shortStart: [Int32] = [0]
        for list in byFirst { shortStart.append(shortStart.last! + Int32(list.count)) }
        self.shortStart = arena.add(shortStart)
        shortIDs = arena.add(byFirst.flatMap { $0 })
        hasShort = shortStart.last! > 0
        self.arena = arena.build()
    }

    /// The same index for another thread: the tables (never changed once built) are shared, the
    /// scratch a scan fills is its own.
    func sibling() -> LiteralAnchors { LiteralAnchors(sharing: self) }

    private init(sharing other: LiteralAnchors) {
        (arena, first, second, pool, start, length) = (other.arena, other.first, other.second, other.pool, other.start, other.length)
        (shortStart, shortIDs, hasShort, count) = (other.shortStart, other.shortIDs, other.hasShort, other.count)
    }

    /// The literals that occur in `text` and where they start (each occurrence at least once,
    /// sometimes more), valid until the next scan. `text` must be folded, with 8 readable bytes after
    /// its end.
    @inline(__always)
    func scan(_ text: UnsafeBufferPointer<UInt8>) -> HitList {
        hits.removeAll()
        if let base = text.baseAddress {
            arena.withTables { tables in
                let pool = AnchorGroup.Pool(bytes: tables[self.pool], start: tables[start])
                first?.scan(base, text.count, tables, pool, into: hits)
                second?.scan(base, text.count, tables, pool, into: hits)
                if hasShort { scanShort(base, text.count, tables, pool) }
            }
        }
        return hits
    }

    /// Literal `id`'s length in bytes.
    @inline(__always)
    func literalLength(_ id: Int) -> Int { Int(arena.withTables { $0[length][id] }) }

    private func scanShort(_ base: UnsafePointer<UInt8>, _ n: Int, _ tables: ArenaTables, _ pool: AnchorGroup.Pool) {
        let (shortStart, shortIDs, length) = (tables[shortStart], tables[shortIDs], tables[length])
        for p in 0..<n {
            let b = Int(base[p])
            for k in Int(shortStart[b])..<Int(shortStart[b + 1]) {
                let id = Int(shortIDs[k])
                let count = Int(length[id])
                if p + count <= n && PaddedText.equal(base + p, pool.bytes + Int(pool.start[id]), count) {
                    hits.append(Int32(id), at: p)
                }
            }
        }
    }
}
