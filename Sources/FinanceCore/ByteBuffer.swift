/// A growable byte buffer that writers fill through a raw pointer.
///
/// Writing a JSON Lines row appends twenty-odd small pieces; `Array.append` checks uniqueness and
/// capacity for each, which cost more than the copying. Here the writer reserves room for a whole
/// row once and then appends without checks.
///
/// Public rather than `package` for speed alone: Swift 6.3 does not inline `package` `@inlinable`
/// code into other modules, so every one-line append was a call from the readers and writers.
public final class ByteBuffer {
    // Stored out of sight, reached through the inlined accessors below: Swift checks exclusivity
    // at run time on a class's stored properties touched from another module, even when they are
    // `@exclusivity(unchecked)` here, but not inside bodies inlined as this module compiled them.
    // Every reader and writer lives in another module (a check per access cost JSON Lines
    // writing 5 % of its instructions).
    @exclusivity(unchecked) @usableFromInline var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var used = 0
    @exclusivity(unchecked) @usableFromInline var allocated: Int

    /// The first byte.
    @inlinable public var base: UnsafeMutablePointer<UInt8> {
        @inline(__always) get { storage }
        @inline(__always) set { storage = newValue }
    }

    /// The bytes written so far.
    @inlinable public var count: Int {
        @inline(__always) get { used }
        @inline(__always) set { used = newValue }
    }

    /// The bytes there is room for.
    @inlinable public var capacity: Int {
        @inline(__always) get { allocated }
        @inline(__always) set { allocated = newValue }
    }

    public init(capacity: Int = 1 << 17) {
        allocated = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    public func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    public func grow(to needed: Int) {
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
    public func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1)
        appendReserved(byte)
    }

    @inlinable
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { ByteCopy.copyAny(source, to: base + count, count: bytes.count) }
        count += bytes.count
    }

    @inlinable @inline(__always)
    public func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        (base + count).update(from: text.utf8Start, count: length)
        count += length
    }

    public func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Where the next byte goes; a writer that wrote through a pointer sets it to where it stopped.
    @inlinable
    public var end: UnsafeMutablePointer<UInt8> {
        @inline(__always) get { base + count }
        @inline(__always) set { count = newValue - base }
    }

    /// Lets `body` write up to `maximum` bytes at the end; it returns how many it wrote.
    @inlinable @inline(__always)
    public func write(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximum)
        count += body(base + count)
    }

    /// Appends a non-negative integer in decimal (the magnitude, for a negative one).
    public func appendDecimal(_ value: Int) {
        write(maximum: 20) { DecimalDigits.write(UInt64(value.magnitude), to: $0) }
    }

    public var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    public func removeAll() { count = 0 }

    /// Drops the first `n` bytes, moving the rest to the front.
    public func removeFirst(_ n: Int) {
        guard n > 0 else { return }
        let rest = count - n
        if rest > 0 { base.update(from: base + n, count: rest) }
        count = rest
    }
}
