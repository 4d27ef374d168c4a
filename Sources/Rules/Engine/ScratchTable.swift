/// A fixed number of trivial values in one allocation that reference counting frees: the engine's
/// per-transaction scratch tables. Read and written only inside `withElements` (a scoped pointer,
/// inlined to plain loads and stores: no bounds or uniqueness checks, which an `Array` field of a
/// class pays on every write), so no raw pointer outlives its access and nothing needs a `deinit`.
final class ScratchTable<Element: BitwiseCopyable>: ManagedBuffer<Int, Element> {
    /// `count` elements, each `value`.
    static func make(count: Int, repeating value: Element) -> ScratchTable<Element> {
        let table = unsafeDowncast(create(minimumCapacity: max(1, count)) { _ in max(1, count) }, to: ScratchTable<Element>.self)
        table.withUnsafeMutablePointerToElements { $0.initialize(repeating: value, count: max(1, count)) }
        return table
    }

    /// A copy of `array` (one element when it is empty, so that the table is never empty).
    static func make(copying array: [Element]) -> ScratchTable<Element> {
        let table = unsafeDowncast(create(minimumCapacity: max(1, array.count)) { _ in array.count }, to: ScratchTable<Element>.self)
        table.withUnsafeMutablePointerToElements { elements in
            array.withUnsafeBufferPointer { if let base = $0.baseAddress { elements.initialize(from: base, count: $0.count) } }
        }
        return table
    }

    var count: Int { header }

    @inline(__always)
    func withElements<R>(_ body: (UnsafeMutablePointer<Element>) throws -> R) rethrows -> R {
        try withUnsafeMutablePointerToElements(body)
    }

    /// Every element set to `value`.
    func fill(_ value: Element) {
        withElements { $0.update(repeating: value, count: header) }
    }
}
