import FinanceCore

/// The anchors of the literals of one window width (`AnchorPlan.Group`): a bit filter, and an
/// open-addressed table from window to the literals anchored under it.
///
/// A probe loads the text's window, multiplies it by an odd constant, and tests one bit of the
/// filter (64 Ki bits, 8 KB: it stays in the first-level cache); only when the bit is set is the
/// table read, one 16-byte slot holding the window and where its literals are listed. Each literal
/// listed carries its first eight bytes (masked to its length), so most wrong candidates cost one
/// load and compare; only literals that pass are compared whole.
///
/// A plain value: its tables are in the `TableArena` of its `LiteralAnchors`, which hands them
/// to `scan` with the literal pool; no reference counting when scanning.
struct AnchorGroup {
    /// 4 or 8 bytes.
    let width: Int
    /// Positions probed: 0, stride, 2 × stride, …
    let stride: Int
    private let filter: ArenaTable<UInt64>
    private let slots: ArenaTable<Slot>
    private let tableShift: UInt64
    private let tableMask: Int
    private let candidates: ArenaTable<Candidate>

    /// The literals' bytes, each padded to a multiple of 8, and where each starts (the tables of
    /// `LiteralAnchors`, during a scan).
    struct Pool {
        let bytes: UnsafePointer<UInt8>
        let start: UnsafePointer<Int32>
    }

    /// A window of the table: its literals are `candidates[start ..< start + count]` (none: empty).
    struct Slot {
        var window: UInt64 = 0
        var start: Int32 = 0
        var count: Int32 = 0
    }

    /// A literal behind an anchor.
    struct Candidate {
        /// The literal's first (up to) eight bytes, little-endian, and the mask of those it has.
        var head: UInt64
        var headMask: UInt64
        var literal: Int32
        /// Where the anchor's window stands in the literal.
        var offset: Int32
        var length: Int32
    }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// The filter has 64 Ki bits (8 KB, in the first-level cache), indexed by the hash's top 16 bits:
    /// a constant shift, and under 5% false hits for the few thousand anchors of a large rules file.
    private static let filterShift: UInt64 = 48
    private static let filterWords = 1 << 10

    init(_ group: AnchorPlan.Group, literals: [[UInt8]], arena: inout TableArena.Builder) {
        width = group.width
        stride = group.stride
        var lists: [UInt64: [Candidate]] = [:]
        for (window, literal, offset) in group.anchors {
            let bytes = literals[literal]
            var head: UInt64 = 0
            for k in 0..<min(8, bytes.count) { head |= UInt64(bytes[k]) << UInt64(8 * k) }
            let mask: UInt64 = bytes.count >= 8 ? ~0 : (1 << UInt64(8 * bytes.count)) - 1
            lists[window, default: []].append(
                Candidate(
                    head: head, headMask: mask, literal: Int32(literal),
                    offset: Int32(offset), length: Int32(bytes.count)))
        }
        var tableBits = 4
        while 1 << tableBits < lists.count * 2 { tableBits += 1 }
        tableShift = UInt64(64 - tableBits)
        tableMask = (1 << tableBits) - 1
        var filter = [UInt64](repeating: 0, count: Self.filterWords)
        var slots = [Slot](repeating: Slot(), count: 1 << tableBits)
        var all: [Candidate] = []
        for (key, list) in lists.sorted(by: { $0.key < $1.key }) {
            let hash = key &* Self.multiplier
            let f = Int(hash >> Self.filterShift)
            filter[f >> 6] |= 1 << UInt64(f & 63)
            var i = Int(hash >> tableShift)
            while slots[i].count > 0 { i = (i + 1) & tableMask }
            slots[i] = Slot(window: key, start: Int32(all.count), count: Int32(list.count))
            all += list
        }
        self.filter = arena.add(filter)
        self.slots = arena.add(slots)
        candidates = arena.add(all)
    }

    /// Appends to `hits` every literal that occurs in `text` (`n` bytes, 8 more readable) and is
    /// anchored here, with where it starts: at least once per occurrence.
    @inline(__always)
    func scan(_ text: UnsafePointer<UInt8>, _ n: Int, _ tables: ArenaTables, _ pool: Pool, into hits: HitList) {
        // One loop per width, so that the window mask is a constant (and gone for 8 bytes).
        if width == 8 {
            probe(text, n, width: 8, mask: ~0, tables, pool, into: hits)
        } else {
            probe(text, n, width: 4, mask: 0xFFFF_FFFF, tables, pool, into: hits)
        }
    }

    @inline(__always)
    private func probe(
        _ text: UnsafePointer<UInt8>, _ n: Int, width: Int, mask: UInt64, _ tables: ArenaTables, _ pool: Pool,
        into hits: HitList
    ) {
        // Everything the loop reads, in locals, and the rare hit handled out of line: the loop then
        // keeps all it needs in registers.
        let raw = UnsafeRawPointer(text)
        let last = n - width
        let (filter, tableShift, tableMask, slots, stride) = (tables[self.filter], tableShift, tableMask, tables[self.slots], stride)
        let candidates = tables[self.candidates]
        var p = 0
        while p <= last {
            let w = raw.loadUnaligned(fromByteOffset: p, as: UInt64.self) & mask
            let hash = w &* Self.multiplier
            let f = Int(truncatingIfNeeded: hash &>> Self.filterShift)
            if filter[f &>> 6] & (1 &<< UInt64(truncatingIfNeeded: f)) != 0 {
                var slot = slots + Int(truncatingIfNeeded: hash &>> tableShift)
                while slot.pointee.count > 0 {
                    if slot.pointee.window == w {
                        visit(slot, at: p, text, n, candidates, pool, hits)
                        break
                    }
                    slot = slots + ((slot - slots + 1) & tableMask)
                }
            }
            p &+= stride
        }
    }

    /// Compares the literals of `slot`, whose window is at `p`, with the text: first their first
    /// eight bytes (one load), then the rest.
    @inline(never)
    private func visit(
        _ slot: UnsafeMutablePointer<Slot>, at p: Int, _ text: UnsafePointer<UInt8>, _ n: Int,
        _ candidates: UnsafeMutablePointer<Candidate>, _ pool: Pool, _ hits: HitList
    ) {
        let raw = UnsafeRawPointer(text)
        var c = candidates + Int(slot.pointee.start)
        let end = c + Int(slot.pointee.count)
        while c < end {
            let from = p - Int(c.pointee.offset)
            let length = Int(c.pointee.length)
            if from >= 0 && from + length <= n
                && raw.loadUnaligned(fromByteOffset: from, as: UInt64.self) & c.pointee.headMask == c.pointee.head
                && (length <= 8 || PaddedText.equal(text + from + 8, pool.bytes + Int(pool.start[Int(c.pointee.literal)]) + 8, length - 8))
            {
                hits.append(c.pointee.literal, at: from)
            }
            c += 1
        }
    }
}

/// The literals a scan found and where, in one table reused from scan to scan (replaced by a
/// larger one when a scan finds more).
final class HitList {
    struct Hit {
        var id: Int32
        var start: Int
    }

    @exclusivity(unchecked) private var hits: ScratchTable<Hit>
    @exclusivity(unchecked) private(set) var count = 0

    init() { hits = .make(count: 64, repeating: Hit(id: 0, start: 0)) }

    /// Hit `k`'s literal.
    @inline(__always)
    func id(_ k: Int) -> Int { Int(hits.withElements { $0[k].id }) }

    /// Where hit `k`'s literal starts.
    @inline(__always)
    func start(_ k: Int) -> Int { hits.withElements { $0[k].start } }

    @inline(__always)
    func removeAll() { count = 0 }

    @inline(__always)
    func append(_ id: Int32, at start: Int) {
        if count == hits.count { grow() }
        hits.withElements { $0[count] = Hit(id: id, start: start) }
        count &+= 1
    }

    @inline(never)
    private func grow() {
        let more = ScratchTable<Hit>.make(count: 2 * count, repeating: Hit(id: 0, start: 0))
        hits.withElements { old in more.withElements { $0.update(from: old, count: count) } }
        hits = more
    }
}
