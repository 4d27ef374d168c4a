/// ASCII case folding, eight bytes at a time.
///
/// Bank text is almost always ASCII, and for ASCII the regex engine's case folding is just "A–Z to
/// a–z", so a word of eight bytes is folded with a few additions and masks instead of a call per
/// scalar. Anything else goes through `RuleRegex.appendFolded`, so the two always agree.
enum ASCIIFold {
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// `w` with its ASCII capitals made small; valid when no byte of `w` has its high bit set.
    @inline(__always)
    static func fold(word w: UInt64) -> UInt64 {
        // For bytes below 0x80: the high bit of b + 0x3F is b ≥ "A", of b + 0x25 is b > "Z".
        let atLeastA = w &+ 0x3F3F_3F3F_3F3F_3F3F
        let pastZ = w &+ 0x2525_2525_2525_2525
        return w | ((atLeastA & ~pastZ & high) >> 2)
    }

    /// Folds ASCII `source` (`n` bytes) into `out`, which must have room for `max(n, 8)` bytes; false,
    /// with `out` partly written, when `source` holds a byte outside ASCII.
    ///
    /// Whole words only: the tail is the last eight bytes again (overlapping, folded twice to the
    /// same bytes), and a text under eight bytes is gathered into one word and stored whole, which
    /// is why `out` needs eight bytes of room.
    @inline(__always)
    static func fold(_ source: UnsafePointer<UInt8>, _ n: Int, into out: UnsafeMutablePointer<UInt8>) -> Bool {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(out)
        if n >= 8 {
            var k = 0
            while k + 8 < n {
                let w = from.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                if w & high != 0 { return false }
                to.storeBytes(of: fold(word: w), toByteOffset: k, as: UInt64.self)
                k += 8
            }
            let w = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            if w & high != 0 { return false }
            to.storeBytes(of: fold(word: w), toByteOffset: n - 8, as: UInt64.self)
            return true
        }
        var w: UInt64 = 0
        var k = 0
        if n & 4 != 0 {
            w = UInt64(from.loadUnaligned(as: UInt32.self))
            k = 4
        }
        if n & 2 != 0 {
            w |= UInt64(from.loadUnaligned(fromByteOffset: k, as: UInt16.self)) << UInt64(8 * k)
            k += 2
        }
        if n & 1 != 0 { w |= UInt64(source[k]) << UInt64(8 * k) }
        if w & high != 0 { return false }
        to.storeBytes(of: fold(word: w), as: UInt64.self)
        return true
    }

    /// Whether every byte is ASCII.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let from = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(from)
        let n = bytes.count
        var k = 0
        var any: UInt64 = 0
        while k + 8 <= n {
            any |= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            k += 8
        }
        var tail: UInt8 = 0
        while k < n {
            tail |= from[k]
            k += 1
        }
        return any & high == 0 && tail < 0x80
    }
}
