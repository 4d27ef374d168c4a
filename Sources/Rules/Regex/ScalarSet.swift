/// A character class (`[a-z]`, `[^\d,]`, `\w`…) compiled for case-insensitive matching.
///
/// The set is asked about *folded* scalars only. It holds the fold of every member written in the
/// pattern, so `[A-Z]` matches "q" and `[é]` matches "É": a text scalar t matches when fold(t) is in
/// fold(members), which is exactly "some case variant of t is a member". Negation applies afterwards,
/// so `[^a]` rejects both "a" and "A".
struct ScalarSet: Sendable, Equatable {
    /// Built-in classes that can appear inside brackets or alone.
    struct Classes: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        static let digit = Classes(rawValue: 1 << 0)
        static let nonDigit = Classes(rawValue: 1 << 1)
        static let word = Classes(rawValue: 1 << 2)
        static let nonWord = Classes(rawValue: 1 << 3)
        static let space = Classes(rawValue: 1 << 4)
        static let nonSpace = Classes(rawValue: 1 << 5)
    }

    /// Membership of each ASCII byte, already folded and negated: bit b of `asciiLow` for b < 64, of
    /// `asciiHigh` for 64 ≤ b < 128. Also answers for the non-ASCII scalars that fold to ASCII.
    private(set) var asciiLow: UInt64 = 0
    private(set) var asciiHigh: UInt64 = 0
    /// Sorted, disjoint folded members ≥ U+0080 (before negation).
    private(set) var ranges: [ClosedRange<UInt32>] = []
    private(set) var classes: Classes = []
    private(set) var negated = false

    /// A set of the scalars in `ranges` (as written) and `classes`, or of everything else if `negated`.
    init(ranges written: [ClosedRange<UInt32>], classes: Classes, negated: Bool) {
        self.classes = classes
        self.negated = negated
        var members = written
        for range in written {
            let end = min(range.upperBound, CaseFolding.lastCasedScalar)
            guard range.lowerBound <= end else { continue }
            for scalar in range.lowerBound...end {
                let folded = CaseFolding.fold(scalar)
                if folded != scalar { members.append(folded...folded) }
            }
        }
        ranges = Self.merged(members.compactMap { $0.upperBound < 0x80 ? nil : max($0.lowerBound, 0x80)...$0.upperBound })
        for byte in UInt32(0)..<0x80 {
            let folded = CaseFolding.foldASCII(byte)
            let member = members.contains { $0.contains(folded) } || Self.classes(classes, contain: folded)
            guard member != negated else { continue }
            if byte < 64 { asciiLow |= 1 << UInt64(byte) } else { asciiHigh |= 1 << UInt64(byte - 64) }
        }
    }

    /// A built-in class such as `\d` or `\W` on its own.
    init(_ classes: Classes) {
        self.init(ranges: [], classes: classes, negated: false)
    }

    /// Whether the byte `byte` (< 0x80) is a member.
    @inline(__always)
    func containsASCII(_ byte: UInt32) -> Bool {
        byte < 64 ? (asciiLow >> UInt64(byte)) & 1 != 0 : (asciiHigh >> UInt64(byte &- 64)) & 1 != 0
    }

    /// Whether the folded scalar `folded` is a member. The matcher calls it for non-ASCII text only.
    @inline(never)
    func contains(folded: UInt32) -> Bool {
        if folded < 0x80 { return containsASCII(folded) }
        return (rangesContain(folded) || Self.classes(classes, contain: folded)) != negated
    }

    /// Whether some scalar ≥ U+0080 in a text can match (used to narrow the bytes a match may start with).
    var mayMatchNonASCII: Bool {
        if negated || !ranges.isEmpty { return true }
        if !classes.subtracting(.digit).isEmpty { return true }
        return CaseFolding.nonASCIIFoldingToASCII.contains { containsASCII(UInt32($0.folded)) }
    }

    private func rangesContain(_ scalar: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar {
                low = middle + 1
            } else if ranges[middle].lowerBound > scalar {
                high = middle
            } else {
                return true
            }
        }
        return false
    }

    private static func classes(_ classes: Classes, contain scalar: UInt32) -> Bool {
        if classes.isEmpty { return false }
        if classes.contains(.digit) && ScalarClassification.isDigit(scalar) { return true }
        if classes.contains(.nonDigit) && !ScalarClassification.isDigit(scalar) { return true }
        if classes.contains(.word) || classes.contains(.nonWord) {
            let word = ScalarClassification.isWord(scalar)
            if classes.contains(word ? .word : .nonWord) { return true }
        }
        if classes.contains(.space) || classes.contains(.nonSpace) {
            let space = ScalarClassification.isSpace(scalar)
            if classes.contains(space ? .space : .nonSpace) { return true }
        }
        return false
    }

    private static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
