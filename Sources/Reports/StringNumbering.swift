/// Numbers strings 0, 1, 2… in order of first sight, telling them apart by their exact UTF-8 bytes.
///
/// Every transaction looks up its category and its payee. With `[String: Int]` those two lookups
/// were over half of `ReportBuilder.add`: `Hasher` (SipHash) seeds, mixes and finalises per
/// string, and `String ==` checks canonical equivalence. Here a string's bytes are hashed a word at
/// a time and compared with the stored bytes directly. The price is that two spellings of the same
/// text in different Unicode normal forms are two names, as they are to the rest of the pipeline,
/// which works on bytes.
///
/// Open addressing with linear probing, at most half full. The hash is seeded per table at random
/// so that crafted input cannot pick colliding names ahead of time.
struct StringNumbering {
    /// The strings by number.
    private(set) var strings: [String] = []
    /// Each slot: 0 when empty, else the upper 32 bits of the hash and the number + 1 below them.
    private var slots: [UInt64] = Array(repeating: 0, count: 64)
    /// The bytes of every string, back to back; string n spans `ends[n - 1]..<ends[n]`.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private let seed = UInt64.random(in: 0...UInt64.max) | 1

    var count: Int { strings.count }

    /// The number of `string`, numbering it on first sight.
    @inline(__always)
    mutating func number(of string: String) -> Int {
        if let found = string.utf8.withContiguousStorageIfAvailable({ find(UnsafeRawBufferPointer($0)) }) {
            return found >= 0 ? found : insert(string)
        }
        // Not contiguous UTF-8 (never for strings made on Linux, but the API allows it).
        let found = Array(string.utf8).withUnsafeBytes { find($0) }
        return found >= 0 ? found : insert(string)
    }

    /// The number of `string` if it has one; never numbers it.
    func known(_ string: String) -> Int? {
        let found = string.utf8.withContiguousStorageIfAvailable { find(UnsafeRawBufferPointer($0)) } ?? Array(string.utf8).withUnsafeBytes { find($0) }
        return found >= 0 ? found : nil
    }

    /// The number of the string with these bytes, or -1.
    @inline(__always)
    private func find(_ key: UnsafeRawBufferPointer) -> Int {
        let hash = StringNumbering.hash(key, seed: seed)
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        let tag = hash >> 32
        while true {
            let slot = slots[i]
            if slot == 0 { return -1 }
            if slot >> 32 == tag {
                let number = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                if matches(number, key) { return number }
            }
            i = (i + 1) & mask
        }
    }

    private func matches(_ number: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let start = number == 0 ? 0 : ends[number - 1]
        guard ends[number] - start == key.count else { return false }
        return bytes.withUnsafeBytes { stored in
            StringNumbering.equal(UnsafeRawBufferPointer(rebasing: stored[start..<start + key.count]), key)
        }
    }

    private mutating func insert(_ string: String) -> Int {
        let number = strings.count
        strings.append(string)
        bytes.append(contentsOf: string.utf8)
        ends.append(bytes.count)
        if (number + 1) * 2 > slots.count { grow() }
        place(number)
        return number
    }

    private mutating func place(_ number: Int) {
        let start = number == 0 ? 0 : ends[number - 1]
        let hash = bytes.withUnsafeBytes {
            StringNumbering.hash(UnsafeRawBufferPointer(rebasing: $0[start..<ends[number]]), seed: seed)
        }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = (hash >> 32) << 32 | UInt64(number + 1)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for number in strings.indices.dropLast() { place(number) }
    }

    /// A multiply-and-rotate hash of 8-byte words; the length is mixed in first so that
    /// trailing zero bytes still change the hash.
    @inline(__always)
    static func hash(_ key: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var h = seed ^ (UInt64(key.count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= key.count {
            h = (h ^ key.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h = h.rotatedLeft(by: 29)
            offset += 8
        }
        if offset < key.count {
            var tail: UInt64 = 0
            for i in offset..<key.count { tail = tail << 8 | UInt64(key[i]) }
            h = (h ^ tail) &* 0xFF51_AFD7_ED55_8CCD
        }
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 29)
    }

    @inline(__always)
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= a.count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < a.count {
            if a[offset] != b[offset] { return false }
            offset += 1
        }
        return true
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotatedLeft(by n: UInt64) -> UInt64 { self << n | self >> (64 - n) }
}
