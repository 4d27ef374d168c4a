/// Finds which of many literals occur in a text, by looking up every 4-byte window of the text in a
/// small hash table of "anchors": one 4-byte piece of each literal, the one the fewest other
/// literals share. Where an anchor occurs, the literals behind it are compared with the text
/// around it.
///
/// Compared with an Aho–Corasick automaton over the same literals, the lookups of successive
/// windows do not depend on each other and the table stays in the first-level cache, so a text is
/// scanned several times faster, which matters because every transaction's text is scanned.
///
/// Case: text and literals are compared with bit 0x20 set in every byte. For ASCII text that is
/// the same as comparing folded text (case differences are that bit), so ASCII text is scanned as
/// it is; other text must be folded first. The comparison can only say "equal" too often (`@` and
/// `` ` `` look alike), never too rarely, so a reported literal may, rarely, not be there; the rule
/// it admits then decides. Literals of fewer than four bytes are anchored on their whole self, in
/// tables of 1-, 2- and 3-byte windows.
final class LiteralAnchors {
    /// Per anchor width (1…4 bytes): open-addressed keys (0 = empty) and each key's id.
    private var tables: [AnchorTable] = []
    /// Bit `w - 1`: some anchor has width `w`.
    private let widths: UInt8
    /// For anchor id `a`: the literals behind it, `literalStart[a] ..< literalStart[a + 1]`.
    private let literalStart: UnsafeMutablePointer<Int32>
    private let literalIDs: UnsafeMutablePointer<Int32>
    /// Where in its literal each listed anchor stands.
    private let anchorOffsets: UnsafeMutablePointer<Int32>
    /// Every literal's bytes with bit 0x20 set, at `bytesStart[id] ..< bytesStart[id + 1]`.
    private let bytes: UnsafeMutablePointer<UInt8>
    private let bytesStart: UnsafeMutablePointer<Int32>

    /// Indexes `literals` (folded, non-empty); `scan` reports their positions in this array.
    init(_ literals: [[UInt8]]) {
        // How many literals each 4-byte window appears in: the rarer, the better the anchor.
        var shared: [UInt32: Int] = [:]
        for literal in literals where literal.count >= 4 {
            var seen = Set<UInt32>()
            for i in 0...(literal.count - 4) where seen.insert(Self.window(literal, i, 4)).inserted {
                shared[Self.window(literal, i, 4), default: 0] += 1
            }
        }
        var anchors: [[UInt32: [(id: Int32, offset: Int32)]]] = Array(repeating: [:], count: 4)
        for (id, literal) in literals.enumerated() {
            let width = min(literal.count, 4)
            var best = Self.window(literal, 0, width)
            var offset = 0
            if width == 4 {
                for i in stride(from: 1, through: literal.count - 4, by: 1) {
                    let w = Self.window(literal, i, 4)
                    if shared[w, default: 0] < shared[best, default: 0] { (best, offset) = (w, i) }
                }
            }
            anchors[width - 1][best, default: []].append((Int32(id), Int32(offset)))
        }
        var start: [Int32] = [0]
        var ids: [Int32] = []
        var offsets: [Int32] = []
        var widths: UInt8 = 0
        for width in 1...4 {
            var table = AnchorTable(capacity: anchors[width - 1].count)
            for (key, list) in anchors[width - 1].sorted(by: { $0.key < $1.key }) {
                table.insert(key, id: Int32(start.count - 1))
                ids += list.map(\.id)
                offsets += list.map(\.offset)
                start.append(Int32(ids.count))
            }
            if !anchors[width - 1].isEmpty { widths |= 1 << UInt8(width - 1) }
            tables.append(table)
        }
        self.widths = widths
        literalStart = .allocate(capacity: start.count)
        literalStart.initialize(from: start, count: start.count)
        literalIDs = .allocate(capacity: max(ids.count, 1))
        literalIDs.initialize(from: ids, count: ids.count)
        anchorOffsets = .allocate(capacity: max(offsets.count, 1))
        anchorOffsets.initialize(from: offsets, count: offsets.count)
        let all = literals.flatMap { $0.map { $0 | 0x20 } }
        bytes = .allocate(capacity: max(all.count, 1))
        bytes.initialize(from: all, count: all.count)
        var at: [Int32] = [0]
        for literal in literals { at.append(at.last! + Int32(literal.count)) }
        bytesStart = .allocate(capacity: at.count)
        bytesStart.initialize(from: at, count: at.count)
    }

    deinit {
        literalStart.deallocate()
        literalIDs.deallocate()
        anchorOffsets.deallocate()
        bytes.deallocate()
        bytesStart.deallocate()
        for table in tables { table.deallocate() }
    }

    /// Calls `found` with every literal that occurs in `text` (folded, or ASCII), once per place.
    @inline(__always)
    func scan(_ text: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Void) {
        guard let base = text.baseAddress else { return }
        let n = text.count
        let raw = UnsafeRawPointer(base)
        if widths & 8 != 0 && n >= 4 {
            let table = tables[3]
            for i in 0...(n - 4) {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self) | 0x2020_2020
                let id = table.find(w)
                if id >= 0 { report(id, at: i, in: text, found) }
            }
        }
        if widths & 7 != 0 {
            for width in 1...3 where widths & (1 << UInt8(width - 1)) != 0 && n >= width {
                let table = tables[width - 1]
                for i in 0...(n - width) {
                    var w: UInt32 = 0
                    for k in 0..<width { w |= UInt32(base[i + k] | 0x20) << UInt32(8 * k) }
                    let id = table.find(w)
                    if id >= 0 { report(id, at: i, in: text, found) }
                }
            }
        }
    }

    /// The literals behind an anchor found at `position`, those that are there.
    @inline(__always)
    private func report(_ anchor: Int32, at position: Int, in text: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Void) {
        for k in Int(literalStart[Int(anchor)])..<Int(literalStart[Int(anchor) + 1]) {
            let id = Int(literalIDs[k])
            let from = position - Int(anchorOffsets[k])
            let literal = bytes + Int(bytesStart[id])
            let length = Int(bytesStart[id + 1] - bytesStart[id])
            guard from >= 0, from + length <= text.count else { continue }
            let base = text.baseAddress! + from
            var i = 0
            while i < length && base[i] | 0x20 == literal[i] { i += 1 }
            if i == length { found(id) }
        }
    }

    /// Bytes `i ..< i + width` of `literal`, each with bit 0x20 set, little-endian.
    private static func window(_ literal: [UInt8], _ i: Int, _ width: Int) -> UInt32 {
        var w: UInt32 = 0
        for k in 0..<width { w |= UInt32(literal[i + k] | 0x20) << UInt32(8 * k) }
        return w
    }
}

/// An open-addressed set of non-zero 32-bit keys with an id each.
struct AnchorTable {
    private let keys: UnsafeMutablePointer<UInt32>
    private let ids: UnsafeMutablePointer<Int32>
    private let mask: Int
    private let shift: UInt32

    init(capacity: Int) {
        var size = 16
        while size < capacity * 4 { size *= 2 }
        keys = .allocate(capacity: size)
        keys.initialize(repeating: 0, count: size)
        ids = .allocate(capacity: size)
        ids.initialize(repeating: -1, count: size)
        mask = size - 1
        shift = UInt32(32 - size.trailingZeroBitCount)
    }

    func deallocate() {
        keys.deallocate()
        ids.deallocate()
    }

    @inline(__always)
    private func slot(_ key: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> shift)
    }

    mutating func insert(_ key: UInt32, id: Int32) {
        var i = slot(key)
        while keys[i] != 0 { i = (i + 1) & mask }
        keys[i] = key
        ids[i] = id
    }

    /// The key's id, or -1.
    @inline(__always)
    func find(_ key: UInt32) -> Int32 {
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key { return ids[i] }
            if k == 0 { return -1 }
            i = (i + 1) & mask
        }
    }
}
