/// A growable byte buffer that writers fill through a raw pointer.
///
/// Writing a JSON Lines row appends twenty-odd small pieces; `Array.append` checks uniqueness and
/// capacity for each, which cost more than the copying. Here the writer reserves room for a whole
/// row once and then appends without checks.
package final class ByteBuffer {
    @usableFromInline @exclusivity(unchecked) package var base: UnsafeMutablePointer<UInt8>
    @usableFromInline @exclusivity(unchecked) package var count = 0
    @usableFromInline @exclusivity(unchecked) package var capacity: Int

    package init(capacity: Int = 1 << 17) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    package func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @usableFromInline
    package func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends one byte; room must have been reserved.
    @inlinable @inline(__always)
    package func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always)
    package func append(_ byte: UInt8) {
        reserve(1)
        appendReserved(byte)
    }

    @inlinable
    package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    @inlinable @inline(__always)
    package func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        (base + count).update(from: text.utf8Start, count: length)
        count += length
    }

    package func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Lets `body` write up to `maximum` bytes at the end; it returns how many it wrote.
    @inlinable @inline(__always)
    package func write(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximum)
        count += body(base + count)
    }

    /// Appends a non-negative integer in decimal.
    package func appendDecimal(_ value: Int) {
        var length = 1
        var probe = value.magnitude / 10
        while probe > 0 { length += 1; probe /= 10 }
        write(maximum: length) { out in
            var n = value.magnitude
            for i in stride(from: length - 1, through: 0, by: -1) {
                out[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
                n /= 10
            }
            return length
        }
    }

    package var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    package func removeAll() { count = 0 }

    /// Drops the first `n` bytes, moving the rest to the front.
    package func removeFirst(_ n: Int) {
        guard n > 0 else { return }
        let rest = count - n
        if rest > 0 { base.update(from: base + n, count: rest) }
        count = rest
    }
}
