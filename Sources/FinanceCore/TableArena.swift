/// Several tables of trivial values in one allocation that reference counting frees: the
/// precomputed tables of the rules engine and its literal index, each placed once when it is built.
/// Read only inside `withTables`, a scope that inlines to plain loads; one scope reaches every
/// table, where a `ScratchTable` per table would nest one scope each (a closure call and its
/// spills per transaction, measured in `RuleEngine`). No pointer outlives the scope and nothing
/// needs a `deinit`.
///
/// ```swift
/// var builder = TableArena.Builder()
/// let rules = builder.add(flatRules)
/// let arena = builder.build()
/// arena.withTables { tables in tables[rules][0] }
/// ```
public final class TableArena: ManagedBuffer<Int, UInt64> {
    /// Places tables, then allocates and fills them at once (`build`).
    public struct Builder {
        private var size = 0
        private var fills: [(UnsafeMutableRawPointer) -> Void] = []

        public init() {}

        /// A place for a copy of `table`.
        /// - Parameter table: the elements, copied when the arena is built.
        /// - Returns: where the table will stand in the arena.
        public mutating func add<Element: BitwiseCopyable>(_ table: [Element]) -> ArenaTable<Element> {
            let offset = place(Element.self, count: table.count)
            fills.append { base in
                table.withUnsafeBufferPointer { source in
                    if let from = source.baseAddress { _ = (base + offset).initializeMemory(as: Element.self, from: from, count: source.count) }
                }
            }
            return ArenaTable(offset: offset, count: table.count)
        }

        /// A place for `count` elements, each `value`.
        /// - Parameters:
        ///   - value: every element's first value.
        ///   - count: how many elements.
        /// - Returns: where the table will stand in the arena.
        public mutating func add<Element: BitwiseCopyable>(repeating value: Element, count: Int) -> ArenaTable<Element> {
            let offset = place(Element.self, count: count)
            fills.append { base in _ = (base + offset).initializeMemory(as: Element.self, repeating: value, count: count) }
            return ArenaTable(offset: offset, count: count)
        }

        /// The arena, every table filled.
        public func build() -> TableArena {
            let arena = unsafeDowncast(TableArena.create(minimumCapacity: max(1, size / 8)) { _ in size }, to: TableArena.self)
            arena.withUnsafeMutablePointerToElements { elements in
                let base = UnsafeMutableRawPointer(elements)
                for fill in fills { fill(base) }
            }
            return arena
        }

        /// Each table starts on a 16-byte boundary (elements are 8-byte aligned, which every
        /// element type placed here must fit).
        private mutating func place<Element>(_: Element.Type, count: Int) -> Int {
            precondition(MemoryLayout<Element>.alignment <= 8, "TableArena elements are 8-byte aligned")
            let offset = size
            size += (count * MemoryLayout<Element>.stride + 15) & ~15
            return offset
        }
    }

    /// Runs `body` with every table readable (and writable: a table filled by `add(repeating:)` can
    /// serve as scratch).
    /// - Parameter body: reads the tables through its argument, which must not escape it.
    /// - Returns: what `body` returns.
    @inlinable @inline(__always)
    public func withTables<R>(_ body: (ArenaTables) throws -> R) rethrows -> R {
        try withUnsafeMutablePointerToElements { try body(ArenaTables(base: UnsafeMutableRawPointer($0))) }
    }
}

/// Where a table stands in a `TableArena`: a plain value, kept next to the arena.
public struct ArenaTable<Element: BitwiseCopyable>: BitwiseCopyable {
    /// Bytes from the arena's start.
    public let offset: Int
    /// Its elements.
    public let count: Int
}

/// An arena's tables during one `withTables` scope.
public struct ArenaTables {
    @usableFromInline let base: UnsafeMutableRawPointer

    @inlinable init(base: UnsafeMutableRawPointer) { self.base = base }

    /// The first element of `table` (valid within the scope only).
    /// - Parameter table: a table of the arena these are the tables of.
    @inlinable @inline(__always)
    public subscript<Element>(_ table: ArenaTable<Element>) -> UnsafeMutablePointer<Element> {
        (base + table.offset).assumingMemoryBound(to: Element.self)
    }
}
