/// The anchors of the literals of one window width (`AnchorPlan.Group`): a bit filter, and an
/// open-addressed table from window to the literals anchored under it.
///
/// A probe loads the text's window, multiplies it by an odd constant, and tests one bit of the
/// filter (64 Ki bits, 8 KB: it stays in the first-level cache); only when the bit is set is the
/// table read, one 16-byte slot holding the window and where its literals are listed. Each literal
/// listed carries its first eight bytes (masked to its length), so most wrong candidates cost one
/// load and compare; only literals that pass are compared whole.
///
/// A plain value over raw memory (its owner deallocates it): no reference counting when scanning.
struct AnchorGroup {
    /// 4 or 8 bytes.
    let width: Int
    /// Positions probed: 0, stride, 2 × stride, …
    let stride: Int
    private let filter: UnsafeMutablePointer<UInt64>
    private let slots: UnsafeMutablePointer<Slot>
    private let tableShift: UInt64
    private let tableMask: Int
    private let candidates: UnsafeMutablePointer<Candidate>
    /// The literals' bytes, each padded to a multiple of 8 (owned by `LiteralAnchors`).
    private let pool: UnsafePointer<UInt8>
    private let poolStart: UnsafePointer<Int32>

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

    init(_ group: AnchorPlan.Group, literals: [[UInt8]], pool: UnsafePointer<UInt8>, poolStart: UnsafePointer<Int32>) {
        self.pool = pool
        self.poolStart = poolStart
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
        filter = .allocate(capacity: Self.filterWords)
        filter.initialize(repeating: 0, count: Self.filterWords)
        slots = .allocate(capacity: 1 << tableBits)
        slots.initialize(repeating: Slot(), count: 1 << tableBits)
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
        candidates = .allocate(capacity: max(1, all.count))
        candidates.initialize(from: all, count: all.count)
    }

    func deallocate() {
        filter.deallocate()
        slots.deallocate()
        candidates.deallocate()
    }

    /// Appends to `hits` every literal that occurs in `text` (`n` bytes, 8 more readable) and is
    /// anchored here, with where it starts: at least once per occurrence.
    @inline(__always)
    func scan(_ text: UnsafePointer<UInt8>, _ n: Int, into hits: UnsafeMutablePointer<HitList>) {
        // One loop per width, so that the window mask is a constant (and gone for 8 bytes).
        if width == 8 {
            probe(text, n, width: 8, mask: ~0, into: hits)
        } else {
            probe(text, n, width: 4, mask: 0xFFFF_FFFF, into: hits)
        }
    }

    @inline(__always)
    private func probe(_ text: UnsafePointer<UInt8>, _ n: Int, width: Int, mask: UInt64, into hits: UnsafeMutablePointer<HitList>) {
        // Everything the loop reads, in locals, and the rare hit handled out of line: the loop then
        // keeps all it needs in registers.
        let raw = UnsafeRawPointer(text)
        let last = n - width
        let (filter, tableShift, tableMask, slots, stride) = (filter, tableShift, tableMask, slots, stride)
        var p = 0
        while p <= last {
            let w = raw.loadUnaligned(fromByteOffset: p, as: UInt64.self) & mask
            let hash = w &* Self.multiplier
            let f = Int(truncatingIfNeeded: hash &>> Self.filterShift)
            if filter[f &>> 6] & (1 &<< UInt64(truncatingIfNeeded: f)) != 0 {
                var slot = slots + Int(truncatingIfNeeded: hash &>> tableShift)
                while slot.pointee.count > 0 {
                    if slot.pointee.window == w {
                        visit(slot, at: p, text, n, hits)
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
    private func visit(_ slot: UnsafeMutablePointer<Slot>, at p: Int, _ text: UnsafePointer<UInt8>, _ n: Int, _ hits: UnsafeMutablePointer<HitList>) {
        let raw = UnsafeRawPointer(text)
        var c = candidates + Int(slot.pointee.start)
        let end = c + Int(slot.pointee.count)
        while c < end {
            let from = p - Int(c.pointee.offset)
            let length = Int(c.pointee.length)
            if from >= 0 && from + length <= n
                && raw.loadUnaligned(fromByteOffset: from, as: UInt64.self) & c.pointee.headMask == c.pointee.head
                && (length <= 8 || PaddedText.equal(text + from + 8, pool + Int(poolStart[Int(c.pointee.literal)]) + 8, length - 8))
            {
                hits.pointee.append(c.pointee.literal, at: from)
            }
            c += 1
        }
    }
}

/// The literals a scan found and where, in buffers reused from scan to scan.
struct HitList {
    private(set) var ids: UnsafeMutablePointer<Int32>
    private(set) var starts: UnsafeMutablePointer<Int>
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 64
        ids = .allocate(capacity: capacity)
        starts = .allocate(capacity: capacity)
    }

    func deallocate() {
        ids.deallocate()
        starts.deallocate()
    }

    @inline(__always)
    mutating func removeAll() { count = 0 }

    mutating func append(_ id: Int32, at start: Int) {
        if count == capacity {
            let (moreIDs, moreStarts) = (
                UnsafeMutablePointer<Int32>.allocate(capacity: 2 * capacity),
                UnsafeMutablePointer<Int>.allocate(capacity: 2 * capacity)
            )
            moreIDs.update(from: ids, count: count)
            moreStarts.update(from: starts, count: count)
            deallocate()
            (ids, starts) = (moreIDs, moreStarts)
            capacity *= 2
        }
        ids[count] = id
        starts[count] = start
        count += 1
    }
}
