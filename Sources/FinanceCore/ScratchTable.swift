/// A fixed number of trivial values in one allocation that reference counting frees: the hot
/// tables of the rules engine and the readers. Read and written only inside `withElements` (a scoped pointer,
/// inlined to plain loads and stores: no bounds or uniqueness checks, which an `Array` field of a
/// class pays on every write), so no raw pointer outlives its access and nothing needs a `deinit`.
public final class ScratchTable<Element: BitwiseCopyable>: ManagedBuffer<Int, Element> {
    /// `count` elements, each `value`.
    @inlinable public static func make(count: Int, repeating value: Element) -> ScratchTable<Element> {
        let table = unsafeDowncast(create(minimumCapacity: max(1, count)) { _ in max(1, count) }, to: ScratchTable<Element>.self)
        table.withUnsafeMutablePointerToElements { $0.initialize(repeating: value, count: max(1, count)) }
        return table
    }

    /// `count` elements left uninitialised, for a type whose every bit pattern is a value
    /// (bytes), written before they are read.
    @inlinable public static func make(uninitialized count: Int) -> ScratchTable<Element> {
        unsafeDowncast(create(minimumCapacity: max(1, count)) { _ in max(1, count) }, to: ScratchTable<Element>.self)
    }

    /// A copy of `array` (with room for one element when it is empty, so that a table is never
    /// an empty allocation).
    @inlinable public static func make(copying array: [Element]) -> ScratchTable<Element> {
        let table = unsafeDowncast(create(minimumCapacity: max(1, array.count)) { _ in array.count }, to: ScratchTable<Element>.self)
        table.withUnsafeMutablePointerToElements { elements in
            array.withUnsafeBufferPointer { if let base = $0.baseAddress { elements.initialize(from: base, count: $0.count) } }
        }
        return table
    }

    /// A table of its own with the same elements (for another thread, which must not share this
    /// one's reference count or its cache lines).
    @inlinable public func copy() -> ScratchTable<Element> {
        let count = count
        let table = unsafeDowncast(Self.create(minimumCapacity: max(1, count)) { _ in count }, to: ScratchTable<Element>.self)
        table.withUnsafeMutablePointerToElements { to in withElements { to.initialize(from: $0, count: count) } }
        return table
    }

    /// Read through the header's pointer: `header`, a class's stored property, is read with a
    /// dynamic exclusivity check (a runtime call), which a hot loop asking the count paid each time.
    @inlinable public var count: Int { withUnsafeMutablePointerToHeader { $0.pointee } }

    @inlinable @inline(__always)
    public func withElements<R>(_ body: (UnsafeMutablePointer<Element>) throws -> R) rethrows -> R {
        try withUnsafeMutablePointerToElements(body)
    }

    /// Every element set to `value`.
    @inlinable public func fill(_ value: Element) {
        withElements { $0.update(repeating: value, count: count) }
    }
}
