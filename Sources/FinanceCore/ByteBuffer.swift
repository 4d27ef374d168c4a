/// A growable byte buffer that readers and writers fill in scopes.
///
/// Writing a JSON Lines row appends twenty-odd small pieces; `Array.append` checks uniqueness and
/// capacity for each, which cost more than the copying. Here the writer reserves room once and
/// then appends without checks. The bytes live in a `ScratchTable` that reference counting frees;
/// they are reached only inside the scopes below (`write(maximum:)`, `withBytes`,
/// `withMutableBytes`, `fill(maximum:)`), so no pointer to them outlives its use and nothing needs
/// a `deinit`. A scope's body must not append to the same buffer: growing replaces the storage.
///
/// Public rather than `package` for speed alone: Swift 6.3 does not inline `package` `@inlinable`
/// code into other modules, so every one-line append was a call from the readers and writers.
///
/// ```swift
/// let out = ByteBuffer()
/// out.append("amount=")
/// out.write(maximum: Money.maximumDecimalLength) { amount.writeDecimal(to: $0) }
/// try out.withBytes { try output.write(UnsafeRawBufferPointer($0)) }
/// ```
public final class ByteBuffer {
    // The count and the capacity are kept here rather than read from the table's header: a
    // `ManagedBuffer` header read from another module is an exclusivity check at run time.
    @exclusivity(unchecked) @usableFromInline var table: ScratchTable<UInt8>
    @exclusivity(unchecked) @usableFromInline var used = 0
    @exclusivity(unchecked) @usableFromInline var allocated: Int

    /// The bytes written so far.
    @inlinable public var count: Int { @inline(__always) get { used } }

    /// The bytes there is room for before the next growth.
    @inlinable public var capacity: Int { @inline(__always) get { allocated } }

    public init(capacity: Int = 1 << 17) {
        allocated = max(1, capacity)
        table = .make(uninitialized: max(1, capacity))
    }

    /// The start of the storage, for the length of `body`. The table stays alive through the
    /// scope (the buffer holds it and the body may not replace it), so it is borrowed without a
    /// retain and a release per scope: the writers open one per field.
    @inlinable @inline(__always)
    func storage<R>(_ body: (UnsafeMutablePointer<UInt8>) throws -> R) rethrows -> R {
        try Unmanaged.passUnretained(table)._withUnsafeGuaranteedRef { try $0.withElements(body) }
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    public func reserve(_ extra: Int) {
        if used + extra > allocated { grow(to: used + extra) }
    }

    @inline(never)
    public func grow(to needed: Int) {
        var newCapacity = allocated * 2
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = ScratchTable<UInt8>.make(uninitialized: newCapacity)
        let n = used
        bigger.withElements { to in storage { from in to.update(from: from, count: n) } }
        table = bigger
        allocated = newCapacity
    }

    /// Appends one byte; room must have been reserved.
    @inlinable @inline(__always)
    public func appendReserved(_ byte: UInt8) {
        let at = used
        storage { $0[at] = byte }
        used = at + 1
    }

    @inlinable @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1)
        appendReserved(byte)
    }

    @inlinable
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress {
            let at = used
            storage { ByteCopy.copyAny(source, to: $0 + at, count: bytes.count) }
        }
        used += bytes.count
    }

    @inlinable @inline(__always)
    public func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        let at = used
        storage { ($0 + at).update(from: text.utf8Start, count: length) }
        used = at + length
    }

    public func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Lets `body` write up to `maximum` bytes at the end; it returns how many it wrote.
    @inlinable @inline(__always)
    public func write(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) throws -> Int) rethrows {
        reserve(maximum)
        let at = used
        used = at + (try storage { try body($0 + at) })
    }

    /// Lets `body` fill up to `maximum` bytes at the end (a `read` into the buffer); it returns
    /// how many it filled.
    @inlinable
    public func fill<E: Error>(maximum: Int, _ body: (UnsafeMutableRawBufferPointer) throws(E) -> Int) throws(E) {
        reserve(maximum)
        let at = used
        let got: Result<Int, E> = storage { start in
            Result { () throws(E) in try body(UnsafeMutableRawBufferPointer(start: start + at, count: maximum)) }
        }
        used = at + (try got.get())
    }

    /// Room for at least `minimum` bytes past the end, for the length of `body`, which may use it
    /// as scratch space: the count does not change.
    @inlinable @inline(__always)
    public func withUnusedCapacity<R, E: Error>(
        minimum: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws(E) -> R
    ) throws(E) -> R {
        reserve(minimum)
        let at = used
        let room = allocated - at
        let result: Result<R, E> = storage { start in
            Result { () throws(E) in try body(UnsafeMutableBufferPointer(start: start + at, count: room)) }
        }
        return try result.get()
    }

    /// The bytes written so far, for the length of `body`.
    @inlinable @inline(__always)
    public func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let n = used
        let result: Result<R, E> = storage { start in
            Result { () throws(E) in try body(UnsafeBufferPointer(start: start, count: n)) }
        }
        return try result.get()
    }

    /// The bytes written so far, changeable in place, for the length of `body`.
    @inlinable @inline(__always)
    public func withMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let n = used
        return try storage { try body(UnsafeMutableBufferPointer(start: $0, count: n)) }
    }

    /// The byte at `index`, which must be below `count`.
    @inlinable public subscript(index: Int) -> UInt8 {
        @inline(__always) get {
            precondition(index >= 0 && index < used, "ByteBuffer index out of range")
            return storage { $0[index] }
        }
    }

    /// A copy of the bytes written so far.
    public var array: [UInt8] { withBytes { Array($0) } }

    /// Appends a non-negative integer in decimal (the magnitude, for a negative one).
    public func appendDecimal(_ value: Int) {
        write(maximum: 20) { DecimalDigits.write(UInt64(value.magnitude), to: $0) }
    }

    public func removeAll() { used = 0 }

    /// Drops the last `n` bytes.
    @inlinable public func removeLast(_ n: Int) {
        precondition(n >= 0 && n <= used, "ByteBuffer cannot remove more than it holds")
        used -= n
    }

    /// Drops the first `n` bytes, moving the rest to the front.
    public func removeFirst(_ n: Int) {
        guard n > 0 else { return }
        let rest = used - n
        if rest > 0 { storage { $0.update(from: $0 + n, count: rest) } }
        used = rest
    }
}
