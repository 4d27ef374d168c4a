/// SipHash-2-4 (Aumasson and Bernstein, 2012) with a 64-bit output.
///
/// Used for activity ids because its output is fixed by the published specification (unlike Swift's
/// per-process seeded `Hasher`) and it is fast on short inputs.
public enum SipHash24 {
    /// The 64-bit SipHash-2-4 of `bytes` under the 128-bit key `(k0, k1)` (little-endian words).
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>, key: (UInt64, UInt64)) -> UInt64 {
        var v0: UInt64 = 0x736f_6d65_7073_6575 ^ key.0
        var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ key.1
        var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ key.0
        var v3: UInt64 = 0x7465_6462_7974_6573 ^ key.1

        @inline(__always) func round() {
            v0 &+= v1; v1 = v1.rotl(13); v1 ^= v0; v0 = v0.rotl(32)
            v2 &+= v3; v3 = v3.rotl(16); v3 ^= v2
            v0 &+= v3; v3 = v3.rotl(21); v3 ^= v0
            v2 &+= v1; v1 = v1.rotl(17); v1 ^= v2; v2 = v2.rotl(32)
        }

        let count = bytes.count
        let wholeWords = count / 8
        let raw = UnsafeRawBufferPointer(bytes)
        for i in 0..<wholeWords {
            let m = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
            v3 ^= m
            round(); round()
            v0 ^= m
        }
        var last = UInt64(truncatingIfNeeded: count) << 56
        let tail = wholeWords * 8
        for i in 0..<(count - tail) {
            last |= UInt64(bytes[tail + i]) << (8 * UInt64(i))
        }
        v3 ^= last
        round(); round()
        v0 ^= last
        v2 ^= 0xFF
        round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }
}

extension UInt64 {
    @inline(__always) fileprivate func rotl(_ n: UInt64) -> UInt64 {
        (self << n) | (self >> (64 - n))
    }
}
