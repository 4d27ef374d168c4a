/// The UTF-8 bytes a match can start with, so the search skips hopeless start positions with one table
/// lookup per byte instead of starting the matcher there.
///
/// Bytes ≥ 0x80 are treated coarsely: if any non-ASCII scalar may begin a match, every lead byte
/// (0xC2–0xF4) is allowed. Continuation bytes never are, so start positions stay on scalar boundaries.
struct StartBytes: Sendable, Equatable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    static func == (a: StartBytes, b: StartBytes) -> Bool {
        a.words == b.words
    }

    /// The start bytes of `node`, or nil when the node can match the empty string (every position is
    /// then a candidate).
    init?(_ node: RegexNode) {
        guard Self.collect(node, into: &self) else { return nil }
    }

    private init() {}

    /// Branch-free: a `switch` on the word compiles to an indirect jump per byte, four times slower.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let word = withUnsafeBytes(of: words) { $0.load(fromByteOffset: Int(byte >> 6) &* 8, as: UInt64.self) }
        return (word >> UInt64(byte & 63)) & 1 != 0
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    private mutating func insertLeadBytes() {
        for byte in UInt8(0xC2)...0xF4 { insert(byte) }
    }

    /// Adds the bytes that can start a match of a scalar whose fold is `folded`.
    private mutating func insertFolded(_ folded: UInt32) {
        guard folded < 0x80 else { return insertLeadBytes() }
        insert(UInt8(folded))
        if folded &- 0x61 < 26 { insert(UInt8(folded) & 0xDF) }
        if CaseFolding.nonASCIIFoldingToASCII.contains(where: { UInt32($0.folded) == folded }) { insertLeadBytes() }
    }

    /// Adds the start bytes of `node`; returns whether `node` always consumes at least one scalar.
    private static func collect(_ node: RegexNode, into bytes: inout StartBytes) -> Bool {
        switch node {
        case .literal(let scalar):
            bytes.insertFolded(scalar)
            return true
        case .anyExceptNewline:
            for byte in UInt8(0)..<0x80 where byte != 0x0A { bytes.insert(byte) }
            bytes.insertLeadBytes()
            return true
        case .set(let set):
            for byte in UInt8(0)..<0x80 where set.containsASCII(UInt32(byte)) { bytes.insert(byte) }
            if set.mayMatchNonASCII { bytes.insertLeadBytes() }
            return true
        case .assertion:
            return false
        case .concatenation(let items):
            for item in items where collect(item, into: &bytes) { return true }
            return false
        case .alternation(let branches):
            var consumes = true
            for branch in branches where !collect(branch, into: &bytes) { consumes = false }
            return consumes
        case .group(let inner, _):
            return collect(inner, into: &bytes)
        case .repetition(let inner, let quantifier, _):
            return collect(inner, into: &bytes) && quantifier.minimum > 0
        }
    }
}
