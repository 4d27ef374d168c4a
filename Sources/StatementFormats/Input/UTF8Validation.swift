/// UTF-8 well-formedness (Unicode 15, table 3-7), on bytes.
enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8. With `allowTruncatedEnd`, a sequence cut off by the
    /// end of the buffer counts as valid (the rest is in the next chunk).
    static func isValid(_ bytes: [UInt8], allowTruncatedEnd: Bool) -> Bool {
        bytes.withUnsafeBufferPointer { firstInvalid(in: $0, allowTruncatedEnd: allowTruncatedEnd) == nil }
    }

    /// Whether `bytes` is well-formed UTF-8, with a fast answer for ASCII (most cells).
    @inline(__always)
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isASCII(bytes) || firstInvalid(in: bytes, allowTruncatedEnd: false) == nil
    }

    /// Whether every byte is ASCII, eight bytes at a time.
    ///
    /// Cells are short and of every length, so the ends are read as whole (overlapping) words
    /// rather than in a byte loop whose length the branch predictor cannot guess: up to 16 bytes
    /// take two loads and no loop at all.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        let n = raw.count
        let high: UInt64 = 0x8080_8080_8080_8080
        if n >= 8 {
            var accumulated = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            var i = 0
            while i < n - 8 {
                accumulated |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            return accumulated & high == 0
        }
        if n >= 4 {
            let words = raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self) | raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            return words & 0x8080_8080 == 0
        }
        guard n > 0 else { return true }
        return (raw[0] | raw[n / 2] | raw[n - 1]) & 0x80 == 0
    }

    /// What starts at a byte of 0x80 or more.
    private enum Sequence {
        case valid(length: Int)
        case invalid
        /// Well-formed so far, but cut off by the end of the buffer.
        case truncated
    }

    /// The multi-byte sequence at `i` (Unicode 15, table 3-7: the lead byte decides the length and
    /// the range of the first continuation byte).
    @inline(__always)
    private static func sequence(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Sequence {
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch bytes[i] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return .invalid
        }
        for k in 1..<length {
            guard i + k < bytes.count else { return .truncated }
            let c = bytes[i + k]
            let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard c >= lo && c <= hi else { return .invalid }
        }
        return .valid(length: length)
    }

    /// How many well-formed multi-byte sequences `bytes` holds and how many bytes they take, and
    /// how many ill-formed bytes.
    static func tally(_ bytes: UnsafeBufferPointer<UInt8>, allowTruncatedEnd: Bool) -> (multiByte: Int, multiByteBytes: Int, invalid: Int) {
        var multiByte = 0, multiByteBytes = 0, invalid = 0
        var i = 0
        let raw = UnsafeRawBufferPointer(bytes)
        let high: UInt64 = 0x8080_8080_8080_8080
        while i < bytes.count {
            // ASCII runs (nearly all of a bank export) 32 bytes, then 8, at a time.
            while i + 32 <= raw.count
                && (raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) & high == 0
            {
                i += 32
            }
            if i + 8 <= raw.count && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & high == 0 {
                i += 8
                continue
            }
            if i >= bytes.count { break }
            if bytes[i] < 0x80 { i += 1; continue }
            switch sequence(bytes, at: i) {
            case .valid(let length): multiByte += 1; multiByteBytes += length; i += length
            case .truncated where allowTruncatedEnd: i = bytes.count
            case .truncated, .invalid: invalid += 1; i += 1
            }
        }
        return (multiByte, multiByteBytes, invalid)
    }

    /// The offset of the first byte that starts an ill-formed sequence, or `nil`.
    static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>, allowTruncatedEnd: Bool) -> Int? {
        var i = 0
        while i < bytes.count {
            if bytes[i] < 0x80 { i += 1; continue }
            switch sequence(bytes, at: i) {
            case .valid(let length): i += length
            case .truncated where allowTruncatedEnd: return nil
            case .truncated, .invalid: return i
            }
        }
        return nil
    }
}
