/// Lowers a `RegexNode` tree to a `RegexProgram`.
///
/// Shapes (`L:` marks an instruction index):
/// - `a|b|c`: `split L1, L2; L1: a; jump End; L2: split L3, L4; L3: b; jump End; L4: c; End:`
/// - `x*` (x one scalar, no group inside): a single `repeatGreedy`; the matcher backs off one scalar at
///   a time without a backtrack frame per iteration, which keeps `.*` on a long text cheap.
/// - `x*` in general: `L: split Body, Exit; Body: x; jump L; Exit:` (lazy: the split's targets swap).
///   When x can match empty, the iteration start is saved in a register and an iteration that consumed
///   nothing leaves the loop, so `(a*)*` terminates.
/// - `x{n,m}`: n copies of x, then m−n optional copies, each `split Next, Exit`.
struct RegexCompiler {
    /// Programs above this size are refused: `((a|b){1000}){1000}` would otherwise take gigabytes.
    static let maximumInstructions = 20_000

    private var code: [RegexInstruction] = []
    private var literals: [UInt32] = []
    private var sets: [ScalarSet] = []
    private let captureSlots: Int
    private var registerCount = 0
    private let keepCaptures: Bool
    /// Offsets of the repetitions being expanded, outermost first: the outermost is the one to blame
    /// when the program grows too large.
    private var expanding: [Int] = []

    /// Compiles `node`; with `keepCaptures` false the program skips group bookkeeping (for `matches`).
    static func compile(_ node: RegexNode, captureCount: Int, keepCaptures: Bool) throws(RegexSyntaxError) -> RegexProgram {
        var compiler = RegexCompiler(captureSlots: 2 * (captureCount + 1), keepCaptures: keepCaptures)
        try compiler.emit(node)
        compiler.code.append(RegexInstruction(opcode: .match))
        compiler.setFollowers()
        return RegexProgram(
            code: compiler.code,
            literals: compiler.literals,
            sets: compiler.sets,
            slotCount: compiler.captureSlots + compiler.registerCount,
            anchoredAtStart: node.isAnchoredAtStart,
            startBytes: StartBytes(node)
        )
    }

    private init(captureSlots: Int, keepCaptures: Bool) {
        self.captureSlots = captureSlots
        self.keepCaptures = keepCaptures
    }

    private mutating func emit(_ node: RegexNode) throws(RegexSyntaxError) {
        switch node {
        case .literal(let scalar):
            code.append(RegexInstruction(opcode: .one, matcher: .scalar, argument: Int32(bitPattern: scalar)))
        case .anyExceptNewline:
            code.append(RegexInstruction(opcode: .one, matcher: .any))
        case .set(let set):
            sets.append(set)
            code.append(RegexInstruction(opcode: .one, matcher: .set, argument: Int32(sets.count - 1)))
        case .assertion(let assertion):
            code.append(RegexInstruction(opcode: Self.opcode(for: assertion)))
        case .concatenation(let items):
            try emitConcatenation(items)
        case .alternation(let branches):
            try emitAlternation(branches)
        case .group(let inner, let capture):
            guard let capture, keepCaptures else { return try emit(inner) }
            code.append(RegexInstruction(opcode: .save, argument: Int32(2 * capture)))
            try emit(inner)
            code.append(RegexInstruction(opcode: .save, argument: Int32(2 * capture + 1)))
        case .repetition(let inner, let quantifier, let offset):
            try emitRepetition(inner, quantifier, offset: offset)
        }
    }

    private static func opcode(for assertion: RegexAssertion) -> RegexInstruction.Opcode {
        switch assertion {
        case .start: .assertStart
        case .end: .assertEnd
        case .wordBoundary: .wordBoundary
        case .notWordBoundary: .notWordBoundary
        }
    }

    /// Runs of literals become one `string` instruction.
    private mutating func emitConcatenation(_ items: [RegexNode]) throws(RegexSyntaxError) {
        var run: [UInt32] = []
        for item in items {
            if case .literal(let scalar) = item {
                run.append(scalar)
                continue
            }
            emitLiteralRun(run)
            run.removeAll()
            try emit(item)
        }
        emitLiteralRun(run)
    }

    private mutating func emitLiteralRun(_ run: [UInt32]) {
        switch run.count {
        case 0:
            return
        case 1:
            code.append(RegexInstruction(opcode: .one, matcher: .scalar, argument: Int32(bitPattern: run[0])))
        default:
            code.append(RegexInstruction(opcode: .string, argument: Int32(literals.count), minimum: Int32(run.count)))
            literals += run
        }
    }

    private mutating func emitAlternation(_ branches: [RegexNode]) throws(RegexSyntaxError) {
        var jumpsToEnd: [Int] = []
        for branch in branches.dropLast() {
            let split = code.count
            code.append(RegexInstruction(opcode: .split, argument: Int32(split + 1)))
            try emit(branch)
            jumpsToEnd.append(code.count)
            code.append(RegexInstruction(opcode: .jump))
            code[split].minimum = Int32(code.count)
        }
        if let last = branches.last { try emit(last) }
        for jump in jumpsToEnd { code[jump].argument = Int32(code.count) }
    }

    private mutating func emitRepetition(_ inner: RegexNode, _ quantifier: RegexQuantifier, offset: Int) throws(RegexSyntaxError) {
        if let (matcher, argument) = singleScalarMatcher(inner) {
            code.append(
                RegexInstruction(
                    opcode: quantifier.greedy ? .repeatGreedy : .repeatLazy,
                    matcher: matcher,
                    argument: argument,
                    minimum: Int32(quantifier.minimum),
                    maximum: quantifier.maximum.map { Int32($0) } ?? RegexInstruction.unbounded
                )
            )
            return
        }
        expanding.append(offset)
        defer { expanding.removeLast() }
        for _ in 0..<quantifier.minimum { try emitChecked(inner, offset: offset) }
        guard let maximum = quantifier.maximum else { return try emitLoop(inner, greedy: quantifier.greedy, offset: offset) }
        var splits: [Int] = []
        for _ in quantifier.minimum..<maximum {
            splits.append(code.count)
            code.append(RegexInstruction(opcode: .split, argument: Int32(code.count + 1), minimum: Int32(code.count + 1)))
            try emitChecked(inner, offset: offset)
        }
        for split in splits { patch(split: split, exit: code.count, greedy: quantifier.greedy) }
    }

    /// `x*` for a general x.
    private mutating func emitLoop(_ inner: RegexNode, greedy: Bool, offset: Int) throws(RegexSyntaxError) {
        let head = code.count
        code.append(RegexInstruction(opcode: .split, argument: Int32(head + 1), minimum: Int32(head + 1)))
        var register: Int32? = nil
        if inner.canMatchEmpty {
            let slot = Int32(captureSlots + registerCount)
            registerCount += 1
            code.append(RegexInstruction(opcode: .save, argument: slot))
            register = slot
        }
        try emitChecked(inner, offset: offset)
        let check = code.count
        if let register { code.append(RegexInstruction(opcode: .exitIfNoProgress, argument: register)) }
        code.append(RegexInstruction(opcode: .jump, argument: Int32(head)))
        let exit = code.count
        patch(split: head, exit: exit, greedy: greedy)
        if register != nil { code[check].minimum = Int32(exit) }
    }

    /// Points a `split` placed before its body at `exit`, as second choice (greedy) or first (lazy).
    private mutating func patch(split: Int, exit: Int, greedy: Bool) {
        if greedy {
            code[split].minimum = Int32(exit)
        } else {
            code[split].argument = Int32(exit)
        }
    }

    private mutating func emitChecked(_ node: RegexNode, offset: Int) throws(RegexSyntaxError) {
        try emit(node)
        guard code.count <= Self.maximumInstructions else {
            throw .patternTooLarge(limit: Self.maximumInstructions, at: expanding.first ?? offset)
        }
    }

    /// Notes, on each greedy repeat, the ASCII scalar that the next consuming instruction requires.
    private mutating func setFollowers() {
        for index in code.indices where code[index].opcode == .repeatGreedy {
            var next = index + 1
            while code[next].opcode == .save { next += 1 }
            let instruction = code[next]
            var required: UInt32? = nil
            if instruction.opcode == .one, instruction.matcher == .scalar { required = UInt32(bitPattern: instruction.argument) }
            if instruction.opcode == .string { required = literals[Int(instruction.argument)] }
            if let required, required > 0, required < 0x80 { code[index].follower = UInt8(required) }
        }
    }

    /// The matcher for a node that always matches exactly one scalar, or nil.
    private mutating func singleScalarMatcher(_ node: RegexNode) -> (RegexInstruction.Matcher, Int32)? {
        switch node {
        case .literal(let scalar):
            return (.scalar, Int32(bitPattern: scalar))
        case .anyExceptNewline:
            return (.any, 0)
        case .set(let set):
            sets.append(set)
            return (.set, Int32(sets.count - 1))
        case .group(let inner, let capture) where capture == nil || !keepCaptures:
            return singleScalarMatcher(inner)
        case .concatenation(let items) where items.count == 1:
            return singleScalarMatcher(items[0])
        default:
            return nil
        }
    }
}
