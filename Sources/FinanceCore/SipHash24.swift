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
        last |= tailWord(raw, from: wholeWords * 8, count: count & 7)
        v3 ^= last
        round(); round()
        v0 ^= last
        v2 ^= 0xFF
        round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    /// The last `count` (0...7) bytes from `start` as a little-endian word, read with at most two
    /// loads instead of a loop: two overlapping 4-byte loads for 4...7 bytes, and the first,
    /// middle and last byte for 1...3 (which between them are every byte).
    @inline(__always)
    static func tailWord(_ raw: UnsafeRawBufferPointer, from start: Int, count: Int) -> UInt64 {
        if count >= 4 {
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: start + count - 4, as: UInt32.self)))
            return low | high << (8 * UInt64(count - 4))
        }
        guard count > 0 else { return 0 }
        let first = UInt64(raw[start])
        let middle = UInt64(raw[start + count / 2]) << (8 * UInt64(count / 2))
        let last = UInt64(raw[start + count - 1]) << (8 * UInt64(count - 1))
        return first | middle | last
    }
}

extension UInt64 {
    @inline(__always) fileprivate func rotl(_ n: UInt64) -> UInt64 {
        (self << n) | (self >> (64 - n))
    }
}
