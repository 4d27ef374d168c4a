/// Short copies without a call: the strings of a row (a name, a memo, the file name) are a few
/// dozen bytes, where calling `memcpy` cost more than the copy itself.
public enum ByteCopy {
    /// Copies of at most this many bytes are done inline; longer ones call `memcpy`.
    public static var inlineLimit: Int { 64 }

    /// Copies `count` bytes from `source` to `target` (not overlapping) in whole words, the ends
    /// as overlapping words.
    @inlinable @inline(__always)
    public static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            var i = 0
            while i < count - 8 {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
                i += 8
            }
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else if count > 0 {
            let first = source[0], middle = source[count / 2], last = source[count - 1]
            target[0] = first
            target[count / 2] = middle
            target[count - 1] = last
        }
    }

    /// Copies any number of bytes: inline when short.
    @inlinable @inline(__always)
    public static func copyAny(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        if count <= inlineLimit {
            copy(source, to: target, count: count)
        } else {
            target.update(from: source, count: count)
        }
    }
}
