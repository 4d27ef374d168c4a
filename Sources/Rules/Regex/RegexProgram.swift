import FinanceCore

/// One step of a compiled pattern, for the backtracking matcher in `RegexProgram+Search.swift`.
///
/// Sixteen bytes with no references, so the program is one flat buffer the matcher walks by index.
struct RegexInstruction: Sendable, Equatable {
    enum Opcode: UInt8, Sendable {
        /// Match one scalar with `matcher`/`argument`.
        case one
        /// Match `minimum` folded scalars from the literal pool at `argument`.
        case string
        /// Match `matcher`/`argument` between `minimum` and `maximum` times, as many as possible first.
        case repeatGreedy
        /// Likewise, as few as possible first.
        case repeatLazy
        /// Continue at `argument`; on failure, resume at `minimum`.
        case split
        case jump
        /// Record the position in slot `argument` (undone on backtracking).
        case save
        /// If the position equals slot `argument` (an empty loop iteration), leave the loop for `minimum`.
        case exitIfNoProgress
        case assertStart
        case assertEnd
        case wordBoundary
        case notWordBoundary
        case match
    }

    /// How `.one` and the repeats test a single scalar.
    enum Matcher: UInt8, Sendable {
        /// A scalar whose fold equals `argument`.
        case scalar
        /// Any scalar but LF.
        case any
        /// A member of set number `argument`.
        case set
    }

    var opcode: Opcode
    var matcher: Matcher = .scalar
    /// For `repeatGreedy`: the folded ASCII scalar that must come next (0 if unknown), so that giving
    /// back scalars can skip positions where the rest cannot start.
    var follower: UInt8 = 0
    var argument: Int32 = 0
    var minimum: Int32 = 0
    var maximum: Int32 = 0

    /// `maximum` for an unbounded repeat.
    static let unbounded = Int32.max
}

/// A compiled pattern: the instructions, the literal pool and the sets they refer to, and how to find
/// the positions worth starting at. Immutable once built, so it can be shared between threads
/// (hence `@unchecked Sendable`: nothing writes the tables after `init`). A search reads them
/// inside `withTables`, without retain/release or bounds checks, and no pointer to them outlives it.
final class RegexProgram: @unchecked Sendable {
    /// The instructions and the literal pool, in one allocation.
    private let arena: TableArena
    private let code: ArenaTable<RegexInstruction>
    private let literals: ArenaTable<UInt32>
    /// Never empty, so that a search can point at its first element (the sets hold arrays: not
    /// trivial values an arena can hold).
    private let sets: [ScalarSet]
    /// Capture slots (two per group, group 0 included) followed by the empty-loop registers.
    let slotCount: Int
    /// Every match starts at offset 0 (`^…`): try only there.
    let anchoredAtStart: Bool
    /// The bytes a match can start with; nil when the pattern can match the empty string.
    let startBytes: StartBytes?
    /// Set when the pattern begins with an unbounded repeat of one scalar (`.*`, `\w+`): if a match
    /// fails at a start whose scalar the repeat takes, it fails at the next start too (the repeat
    /// would just have taken one more), so the search skips the whole run.
    let leadingRepeat: RegexInstruction?

    init(code: [RegexInstruction], literals: [UInt32], sets: [ScalarSet], slotCount: Int, anchoredAtStart: Bool, startBytes: StartBytes?) {
        var arena = TableArena.Builder()
        self.code = arena.add(code)
        self.literals = arena.add(literals)
        self.arena = arena.build()
        self.sets = sets.isEmpty ? [ScalarSet(ranges: [], classes: [], negated: false)] : sets
        self.slotCount = slotCount
        self.anchoredAtStart = anchoredAtStart
        self.startBytes = startBytes
        let first = code.first { $0.opcode != .save }
        if let first, first.opcode == .repeatGreedy || first.opcode == .repeatLazy, first.maximum == RegexInstruction.unbounded {
            leadingRepeat = first
        } else {
            leadingRepeat = nil
        }
    }

    /// The number of instructions.
    var instructionCount: Int { code.count }

    /// Instruction `pc` (for analyses of the program; a search reads them in `withTables`).
    func instruction(_ pc: Int) -> RegexInstruction {
        precondition(pc >= 0 && pc < code.count, "instruction \(pc) of \(code.count)")
        return arena.withTables { $0[code][pc] }
    }

    /// Runs `body` with the instructions, the literal pool and the sets readable.
    @inline(__always)
    func withTables<R>(
        _ body: (UnsafeMutablePointer<RegexInstruction>, UnsafeMutablePointer<UInt32>, UnsafePointer<ScalarSet>) -> R
    ) -> R {
        arena.withTables { tables in
            sets.withUnsafeBufferPointer { sets in body(tables[code], tables[literals], sets.baseAddress.unsafelyUnwrapped) }
        }
    }
}
