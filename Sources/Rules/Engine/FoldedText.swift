/// Comparisons of folded text (see `CaseFold`): byte equality is then case-insensitive equality.
enum FoldedText {
    /// Whether `needle` occurs in `haystack`.
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count
        guard n > 0 else { return true }
        guard n <= haystack.count, let h = haystack.baseAddress, let p = needle.baseAddress else { return false }
        let first = p[0]
        var i = 0
        let last = haystack.count - n
        while i <= last {
            if h[i] == first && bytesEqual(h + i + 1, p + 1, n - 1) { return true }
            i += 1
        }
        return false
    }

    @inline(__always)
    private static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var k = 0
        while k < count {
            if a[k] != b[k] { return false }
            k += 1
        }
        return true
    }
}

/// Comparisons of folded buffers that have 8 readable bytes past their end (`FoldedFields`, the
/// literal pool of `CompiledRules`): whole words at a time, the last one masked, so a comparison
/// of a typical payee costs a few instructions instead of a loop per byte.
enum PaddedText {
    /// Whether `count` bytes at `a` and `b` are equal.
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        var k = 0
        while count - k > 8 {
            if x.loadUnaligned(fromByteOffset: k, as: UInt64.self) != y.loadUnaligned(fromByteOffset: k, as: UInt64.self) { return false }
            k += 8
        }
        let rest = count - k
        guard rest > 0 else { return true }
        let mask: UInt64 = rest == 8 ? ~0 : (1 << UInt64(8 * rest)) &- 1
        return (x.loadUnaligned(fromByteOffset: k, as: UInt64.self) ^ y.loadUnaligned(fromByteOffset: k, as: UInt64.self)) & mask == 0
    }

    @inline(__always)
    static func isEqual(_ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count == literal.count && (text.count == 0 || equal(text.baseAddress!, literal.baseAddress!, text.count))
    }

    @inline(__always)
    static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count >= prefix.count && (prefix.count == 0 || equal(text.baseAddress!, prefix.baseAddress!, prefix.count))
    }

    @inline(__always)
    static func hasSuffix(_ text: UnsafeBufferPointer<UInt8>, _ suffix: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count >= suffix.count
            && (suffix.count == 0 || equal(text.baseAddress! + (text.count - suffix.count), suffix.baseAddress!, suffix.count))
    }

    /// Whether `needle` occurs in `text`: candidates by the needle's first byte, then compared whole.
    @inline(__always)
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count
        guard n > 0 else { return true }
        guard n <= text.count, let h = text.baseAddress, let p = needle.baseAddress else { return false }
        let first = p[0]
        var i = 0
        let last = text.count - n
        while i <= last {
            if h[i] == first && equal(h + i, p, n) { return true }
            i += 1
        }
        return false
    }
}
