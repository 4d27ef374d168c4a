/// The plain tables of a compiled rule set (`CompiledRules`) in one allocation that reference
/// counting frees: rules, conditions, branches, the fields actions set, and the literal pool, one
/// after another. A whole transaction's evaluation then runs inside one scope
/// (`withTables`), which the optimiser inlines to plain loads; a table per allocation would nest
/// five scopes and cost a call per transaction.
final class RuleTableStorage: ManagedBuffer<RuleTableStorage.Layout, UInt64> {
    /// Where each table starts, in bytes from the first element (each a multiple of 16).
    struct Layout {
        var rules = 0
        var conditions = 0
        var branches = 0
        var actionFields = 0
        var literals = 0
    }

    /// A copy of the tables (`literals` already padded as `PaddedText` needs).
    static func make(
        rules: [FlatRule], conditions: [FlatCondition], branches: [FlatBranch], actionFields: [TextField], literals: [UInt8]
    ) -> RuleTableStorage {
        var layout = Layout()
        var size = 0
        func place<T>(_ table: [T]) -> Int {
            let start = size
            size += (table.count * MemoryLayout<T>.stride + 15) & ~15
            return start
        }
        layout.rules = place(rules)
        layout.conditions = place(conditions)
        layout.branches = place(branches)
        layout.actionFields = place(actionFields)
        layout.literals = place(literals)
        let words = max(1, size / 8)
        let storage = unsafeDowncast(create(minimumCapacity: words) { _ in layout }, to: RuleTableStorage.self)
        storage.withUnsafeMutablePointerToElements { elements in
            let base = UnsafeMutableRawPointer(elements)
            func copy<T>(_ table: [T], at offset: Int) {
                table.withUnsafeBufferPointer { source in
                    if let from = source.baseAddress {
                        _ = (base + offset).initializeMemory(as: T.self, from: from, count: source.count)
                    }
                }
            }
            copy(rules, at: layout.rules)
            copy(conditions, at: layout.conditions)
            copy(branches, at: layout.branches)
            copy(actionFields, at: layout.actionFields)
            copy(literals, at: layout.literals)
        }
        return storage
    }

    /// Runs `body` with the tables readable; no pointer to them outlives the call.
    @inline(__always)
    func withTables<R>(regexes: RegexRunner, _ body: (RuleTables) -> R) -> R {
        withUnsafeMutablePointers { layout, elements in
            let base = UnsafeRawPointer(elements)
            let l = layout.pointee
            return body(
                RuleTables(
                    rules: (base + l.rules).assumingMemoryBound(to: FlatRule.self),
                    conditions: (base + l.conditions).assumingMemoryBound(to: FlatCondition.self),
                    literals: (base + l.literals).assumingMemoryBound(to: UInt8.self),
                    branches: (base + l.branches).assumingMemoryBound(to: FlatBranch.self),
                    actionFields: (base + l.actionFields).assumingMemoryBound(to: TextField.self),
                    regexes: regexes))
        }
    }
}

/// The tables of `CompiledRules` during one `withTables` scope (the pointers are valid only there).
struct RuleTables {
    let rules: UnsafePointer<FlatRule>
    let conditions: UnsafePointer<FlatCondition>
    let literals: UnsafePointer<UInt8>
    let branches: UnsafePointer<FlatBranch>
    let actionFields: UnsafePointer<TextField>
    let regexes: RegexRunner

    /// A condition's literal, folded.
    @inline(__always)
    func literal(_ c: UnsafePointer<FlatCondition>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: literals + Int(c.pointee.start), count: Int(c.pointee.end))
    }

    /// A lowered regex branch's literal, folded.
    @inline(__always)
    func literal(_ b: UnsafePointer<FlatBranch>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: literals + Int(b.pointee.literalStart), count: Int(b.pointee.literalCount))
    }
}
