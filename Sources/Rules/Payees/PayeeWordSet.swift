/// A set of folded words that a step asks about for every word of a name (region codes, legal
/// forms, processors, check words, city suffixes, particles), answered without allocating or
/// hashing an array: a word of up to seven bytes is a 64-bit key (its bytes and its length) in an
/// open-addressed table, found with one multiplication and a probe or two; a longer word, rare in
/// these tables, is looked up the ordinary way.
struct PayeeWordSet: Sendable {
    private var keys: [UInt64]
    private var long: Set<[UInt8]> = []
    private let mask: Int

    init(_ words: [[UInt8]]) {
        var capacity = 16
        while capacity < words.count * 4 { capacity *= 2 }
        keys = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        for word in words {
            if let key = Self.key(word[...]) { insert(key) } else if !word.isEmpty { long.insert(word) }
        }
    }

    /// Whether `word` (folded bytes) is in the set.
    func contains(_ word: ArraySlice<UInt8>) -> Bool {
        guard let key = Self.key(word) else { return word.count > 7 && long.contains(Array(word)) }
        var slot = Self.slot(key, mask)
        while true {
            let found = keys[slot]
            if found == key { return true }
            if found == 0 { return false }
            slot = (slot &+ 1) & mask
        }
    }

    private mutating func insert(_ key: UInt64) {
        var slot = Self.slot(key, mask)
        while keys[slot] != 0 && keys[slot] != key { slot = (slot &+ 1) & mask }
        keys[slot] = key
    }

    /// The word's bytes in the low seven bytes and its length in the top one; `nil` when it is
    /// empty or longer than seven bytes.
    @inline(__always)
    private static func key(_ word: ArraySlice<UInt8>) -> UInt64? {
        guard !word.isEmpty, word.count <= 7 else { return nil }
        var key = UInt64(word.count) << 56
        var shift: UInt64 = 0
        for b in word {
            key |= UInt64(b) << shift
            shift &+= 8
        }
        return key
    }

    @inline(__always)
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }
}
