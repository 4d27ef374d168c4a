/// How `LiteralAnchors` anchors a set of literals: which window width each literal gets (4 or 8
/// bytes), how far apart the probes of each width are, and which windows anchor each literal.
///
/// The choice trades probes against comparisons. Probing every `s`-th position costs about
/// `probeCost` per probe, so `fieldLength / s` per field. But each literal needs an anchor per residue
/// `0 ..< s`, and the larger `s`, the more of them fall on windows other literals share (" bakery ",
/// " store"); where text has such a window, every literal anchored under it is compared. If a field
/// holds one literal (the usual case for a payee a rule matches), a literal anchored under window `w`
/// is compared with probability `1/s` for each literal that contains `w`: so a stride's comparison
/// cost is the sum, over its anchors, of how many literals contain the anchor's window, over `s`
/// times the number of literals. And every anchor takes room (about 60 bytes of tables) that the
/// scan reads at random, so beyond a few thousand anchors cache misses outweigh probes saved: each
/// anchor costs a little (`anchorCost`; measured: with 500 rules, stride 2 beat both 1 and 5). The
/// plan takes the stride, per width, and the split between widths that minimise the three costs
/// together. The model only weighs speed: every plan finds everything.
struct AnchorPlan {
    struct Group {
        /// 4 or 8 bytes.
        let width: Int
        let stride: Int
        /// `(window, literal, offset)`: the literal, if it starts at `offset` bytes before a probed
        /// window equal to `window` (little-endian), is there.
        let anchors: [(window: UInt64, literal: Int, offset: Int)]
    }

    let groups: [Group]

    /// Instructions per probe, per comparison, and a typical field's length: rough, and only their
    /// ratios matter.
    private static let probeCost = 10.0, compareCost = 12.0, fieldLength = 32.0, anchorCost = 0.1
    private static let maximumStride = 8

    /// Plans `literals` (folded); those under 4 bytes are left out (`LiteralAnchors` looks them up
    /// byte by byte).
    init(_ literals: [[UInt8]]) {
        let windows4 = Windows(literals, width: 4)
        let windows8 = Windows(literals, width: 8)
        let usable = literals.indices.filter { literals[$0].count >= 4 }
        var best: (cost: Double, groups: [Group]) = (.infinity, [])
        // Literals from `threshold` bytes get 8-byte windows (fewer false hits), shorter ones 4-byte
        // windows (a shorter literal does not then force a small stride on the long ones).
        for threshold in [8, 10, 12, 14, 16, Int.max] {
            let long = usable.filter { literals[$0].count >= threshold }
            let middle = usable.filter { literals[$0].count < threshold }
            var cost = 0.0
            var groups: [Group] = []
            for (ids, windows) in [(long, windows8), (middle, windows4)] where !ids.isEmpty {
                let (groupCost, group) = Self.bestGroup(ids, windows, literals: literals)
                cost += groupCost
                groups.append(group)
            }
            if cost < best.cost { best = (cost, groups) }
        }
        groups = best.groups
    }

    /// The cheapest stride for `ids` on `windows`' width, and its anchors.
    private static func bestGroup(_ ids: [Int], _ windows: Windows, literals: [[UInt8]]) -> (Double, Group) {
        let width = windows.width
        let widest = min(maximumStride, ids.map { literals[$0].count - width + 1 }.min()!)
        var best: (cost: Double, stride: Int) = (.infinity, 1)
        for stride in 1...widest {
            var shared = 0
            for id in ids {
                for residue in 0..<stride { shared += windows.shared[id][windows.rarest(id, residue: residue, stride: stride)] }
            }
            let compares = Double(shared) / Double(stride * max(1, windows.literalCount))
            let cost = probeCost * fieldLength / Double(stride) + compareCost * compares + anchorCost * Double(stride * ids.count)
            if cost < best.cost { best = (cost, stride) }
        }
        var anchors: [(window: UInt64, literal: Int, offset: Int)] = []
        for id in ids {
            for residue in 0..<best.stride {
                let offset = windows.rarest(id, residue: residue, stride: best.stride)
                anchors.append((windows.windows[id][offset], id, offset))
            }
        }
        return (best.cost, Group(width: width, stride: best.stride, anchors: anchors))
    }

    /// Every literal's windows of one width, and for each, how many literals contain it.
    private struct Windows {
        let width: Int
        /// `windows[id][offset]`: bytes `offset ..< offset + width` of literal `id`, little-endian.
        let windows: [[UInt64]]
        /// `shared[id][offset]`: how many literals contain `windows[id][offset]`.
        let shared: [[Int]]
        /// Literals with at least one window.
        let literalCount: Int

        init(_ literals: [[UInt8]], width: Int) {
            self.width = width
            let windows = literals.map { literal -> [UInt64] in
                guard literal.count >= width else { return [] }
                return (0...(literal.count - width)).map { i in
                    var w: UInt64 = 0
                    for k in 0..<width { w |= UInt64(literal[i + k]) << UInt64(8 * k) }
                    return w
                }
            }
            var counts: [UInt64: Int] = [:]
            for list in windows { for w in Set(list) { counts[w, default: 0] += 1 } }
            self.windows = windows
            shared = windows.map { $0.map { counts[$0]! } }
            literalCount = windows.filter { !$0.isEmpty }.count
        }

        /// The offset `≡ residue (mod stride)` of literal `id`'s least shared window (the first of
        /// equals).
        func rarest(_ id: Int, residue: Int, stride: Int) -> Int {
            var best = residue
            for offset in Swift.stride(from: residue, to: shared[id].count, by: stride) where shared[id][offset] < shared[id][best] {
                best = offset
            }
            return best
        }
    }
}
