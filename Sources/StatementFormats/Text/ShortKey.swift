/// A short text's length with its first and last eight bytes: for texts of up to 16 bytes, an
/// exact key (the two words overlap for shorter texts; texts under eight bytes are zero-padded),
/// which the small caches of repeated names (`OFXTagCache`, `TextCache`, `PackedName`) compare
/// instead of the bytes.
enum ShortKey {
    @inline(__always)
    static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: UInt64, last: UInt64) {
        let count = bytes.count
        guard count >= 8 else {
            var first: UInt64 = 0
            for i in 0..<count { first |= UInt64(bytes[i]) << (8 * UInt64(i)) }
            return (first, 0)
        }
        let raw = UnsafeRawBufferPointer(bytes)
        return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// A cache slot of `bits` bits for a packed key.
    @inline(__always)
    static func slot(_ first: UInt64, _ last: UInt64, count: Int, bits: Int) -> Int {
        Int(truncatingIfNeeded: ((first ^ (last &* 31) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }
}
