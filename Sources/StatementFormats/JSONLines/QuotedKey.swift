/// A key in quotes with its colon (`"date":`), as 8-byte words to compare the line against, so
/// that matching the key pfin writes next costs one or two integer comparisons.
struct QuotedKey {
    /// The first 8 bytes, little-endian; for a shorter key, its bytes and zeros.
    let head: UInt64
    /// Which bytes of `head` are the key's.
    let headMask: UInt64
    /// The last 8 bytes, for a key longer than 8 (they overlap `head` for keys under 16).
    let tail: UInt64
    let length: Int

    init(_ text: StaticString) {
        let bytes = Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        length = bytes.count
        func word(_ start: Int, _ count: Int) -> UInt64 {
            (0..<count).reduce(0) { $0 | UInt64(bytes[start + $1]) << (8 * UInt64($1)) }
        }
        head = word(0, min(length, 8))
        headMask = length >= 8 ? .max : (1 << (8 * UInt64(length))) - 1
        tail = length > 8 ? word(length - 8, 8) : 0
    }
}
