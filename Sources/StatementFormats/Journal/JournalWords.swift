/// Eight bytes at a time: whether a word of text holds a byte a context must rewrite.
///
/// The tests are exact for the question "does any byte…" (see `JSONEscaping.needsEscaping`): `x - 0x01…`
/// borrows into a byte's top bit only for a zero byte or below the subtrahend, and `& ~x` drops
/// bytes of 0x80 and above.
enum JournalWords {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Non-zero when a byte is below 0x20 or is DEL.
    @inline(__always)
    static func controls(_ word: UInt64) -> UInt64 {
        ((word &- ones &* 0x20) & ~word & highs) | matches(word, 0x7F)
    }

    /// Non-zero when a byte equals `byte`.
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Copies whole words from `source` to `out` while `special` says none needs rewriting;
    /// returns how many bytes were copied (all `n`, or up to the first word that needs work).
    @inline(__always)
    static func copyClean(
        _ source: UnsafePointer<UInt8>, _ n: Int, to out: UnsafeMutablePointer<UInt8>,
        _ special: (UInt64) -> Bool
    ) -> Int {
        let raw = UnsafeRawPointer(source), target = UnsafeMutableRawPointer(out)
        var i = 0
        while i + 8 <= n {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if special(word) { return i }
            target.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < n {
            // The tail, one byte a word (zero-padded words would read as controls).
            if special(UInt64(source[i]) | 0x2020_2020_2020_2000) { return i }
            out[i] = source[i]
            i += 1
        }
        return n
    }
}
