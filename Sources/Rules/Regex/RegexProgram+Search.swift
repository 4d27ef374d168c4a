/// A choice point the matcher can return to.
struct BacktrackFrame {
    enum Kind: Int32 {
        /// Resume at `pc` with `position`.
        case branch
        /// Put `position` back into slot `pc`, then keep backtracking.
        case restore
        /// A greedy repeat at `pc − 1` that ended at `position`: give back one scalar, not below `bound`.
        case greedy
        /// A lazy repeat at `pc` that stopped at `position` after `bound` matches: take one more.
        case lazy
    }

    var kind: Kind
    var pc: Int32
    var position: Int
    var bound: Int
}

extension RegexProgram {
    /// Every search may take this many steps, plus `stepsPerByte` per byte of text, before it gives up
    /// and reports no match. A step is one instruction, one scalar taken by a repeat, or one return to a
    /// choice point. Real rules over real payees take tens to hundreds; `(a+)+$` over 30 a's and a b
    /// would take billions.
    static let baseStepBudget = 1_000_000
    /// Lets linear patterns such as `.*PAYROLL` still finish on texts of megabytes.
    static let stepsPerByte = 8
    /// The most choice points kept at once (24 MB): `(a|b)*` over megabytes gives up rather than
    /// growing without bound.
    static let maximumBacktrackDepth = 1 << 20

    /// Finds the leftmost match in UTF-8 `text`. On `.match`, `slots` holds the byte offsets of each
    /// group's start and end (`-1` for groups that did not take part), group 0 first. `.gaveUp` when
    /// the step budget ran out before the search could decide.
    func search(_ text: UnsafeBufferPointer<UInt8>, slots: UnsafeMutablePointer<Int>) -> RegexTest {
        // 40 frames fit the 1 KB that `withUnsafeTemporaryAllocation` keeps on the stack, so ordinary
        // searches never touch the heap.
        withUnsafeTemporaryAllocation(of: BacktrackFrame.self, capacity: 40) { frames in
            guard let stack = frames.baseAddress else { return .noMatch }
            return withTables { code, literals, sets in
                var matcher = Backtracker(
                    program: self, code: code, input: RegexInput(text: text, literals: literals, sets: sets), slots: slots,
                    stack: stack, capacity: frames.count)
                defer { matcher.releaseStack() }
                if matcher.search() { return .match }
                return matcher.exhausted ? .gaveUp : .noMatch
            }
        }
    }
}

/// The state of one search: a backtracking interpreter with an explicit stack, so that neither long
/// texts nor deep alternations recurse.
private struct Backtracker {
    let input: RegexInput
    let code: UnsafeMutablePointer<RegexInstruction>
    let slotCount: Int
    let anchoredAtStart: Bool
    let startBytes: StartBytes?
    let leadingRepeat: RegexInstruction?
    let slots: UnsafeMutablePointer<Int>
    var stack: UnsafeMutablePointer<BacktrackFrame>
    var capacity: Int
    var depth = 0
    var stackOnHeap = false
    var steps = 0
    let budget: Int

    /// `code` and `input`'s tables are the program's, valid for this search (`RegexProgram.withTables`).
    init(
        program: RegexProgram, code: UnsafeMutablePointer<RegexInstruction>, input: RegexInput, slots: UnsafeMutablePointer<Int>,
        stack: UnsafeMutablePointer<BacktrackFrame>, capacity: Int
    ) {
        self.input = input
        self.code = code
        slotCount = program.slotCount
        anchoredAtStart = program.anchoredAtStart
        startBytes = program.startBytes
        leadingRepeat = program.leadingRepeat
        self.slots = slots
        self.stack = stack
        self.capacity = capacity
        budget = RegexProgram.baseStepBudget + RegexProgram.stepsPerByte * input.text.count
    }

    var exhausted: Bool { steps > budget }

    mutating func search() -> Bool {
        slots.initialize(repeating: -1, count: slotCount)
        if anchoredAtStart { return run(from: 0) }
        let bytes = input.text
        var start = 0
        if let startBytes {
            while start < bytes.count {
                if startBytes.contains(bytes[start]) {
                    if run(from: start) { return true }
                    if exhausted { return false }
                    start = skipLeadingRun(from: start)
                }
                start += 1
            }
            return false
        }
        // The pattern can match the empty string: every scalar boundary, the end included, is a start.
        while true {
            if run(from: start) { return true }
            if exhausted || start >= bytes.count { return false }
            start = skipLeadingRun(from: start)
            if start >= bytes.count { return false }
            start += UTF8Scalars.length(lead: bytes[start])
        }
    }

    /// After a failed start: the last start that `leadingRepeat` proves hopeless too (see there).
    @inline(__always)
    private func skipLeadingRun(from start: Int) -> Int {
        guard let leading = leadingRepeat else { return start }
        return input.advance(leading.matcher, leading.argument, from: start, limit: RegexInstruction.unbounded).end
    }

    mutating func releaseStack() {
        if stackOnHeap { stack.deallocate() }
    }

    /// Tries to match starting exactly at `start`.
    private mutating func run(from start: Int) -> Bool {
        depth = 0
        slots[0] = start
        var pc = 0
        var position = start
        while true {
            steps &+= 1
            if steps > budget { return false }
            let instruction = code[pc]
            var failed = false
            switch instruction.opcode {
            case .one:
                let next = input.matchOne(instruction.matcher, instruction.argument, at: position)
                if next < 0 {
                    failed = true
                } else {
                    position = next
                    pc += 1
                }
            case .string:
                let next = input.matchString(Int(instruction.argument), length: Int(instruction.minimum), at: position)
                if next < 0 {
                    failed = true
                } else {
                    position = next
                    pc += 1
                }
            case .repeatGreedy:
                let required = input.advance(instruction.matcher, instruction.argument, from: position, limit: instruction.minimum)
                if required.taken < instruction.minimum {
                    steps &+= Int(required.taken)
                    failed = true
                    break
                }
                let more = input.advance(instruction.matcher, instruction.argument, from: required.end, limit: instruction.maximum - instruction.minimum)
                steps &+= Int(required.taken) &+ Int(more.taken)
                if more.end > required.end { push(.greedy, pc: pc + 1, position: more.end, bound: required.end) }
                position = more.end
                pc += 1
            case .repeatLazy:
                let required = input.advance(instruction.matcher, instruction.argument, from: position, limit: instruction.minimum)
                steps &+= Int(required.taken)
                if required.taken < instruction.minimum {
                    failed = true
                    break
                }
                if instruction.minimum < instruction.maximum {
                    push(.lazy, pc: pc, position: required.end, bound: Int(instruction.minimum))
                }
                position = required.end
                pc += 1
            case .split:
                push(.branch, pc: Int(instruction.minimum), position: position, bound: 0)
                pc = Int(instruction.argument)
            case .jump:
                pc = Int(instruction.argument)
            case .save:
                let slot = Int(instruction.argument)
                push(.restore, pc: slot, position: slots[slot], bound: 0)
                slots[slot] = position
                pc += 1
            case .exitIfNoProgress:
                pc = slots[Int(instruction.argument)] == position ? Int(instruction.minimum) : pc + 1
            case .assertStart:
                failed = position != 0
                pc += 1
            case .assertEnd:
                failed = position != input.count
                pc += 1
            case .wordBoundary:
                failed = !input.isWordBoundary(position)
                pc += 1
            case .notWordBoundary:
                failed = input.isWordBoundary(position)
                pc += 1
            case .match:
                slots[1] = position
                return true
            }
            if failed && !backtrack(pc: &pc, position: &position) { return false }
        }
    }

    /// Returns to the latest choice point, undoing slot writes on the way; false when none is left.
    private mutating func backtrack(pc: inout Int, position: inout Int) -> Bool {
        while depth > 0 {
            steps &+= 1
            let frame = stack[depth - 1]
            switch frame.kind {
            case .restore:
                slots[Int(frame.pc)] = frame.position
                depth -= 1
            case .branch:
                depth -= 1
                pc = Int(frame.pc)
                position = frame.position
                return true
            case .greedy:
                // Skip the positions where the next instruction would fail at once.
                let follower = code[Int(frame.pc) - 1].follower
                let (previous, skipped) = input.retreat(from: frame.position, to: frame.bound, follower: follower)
                steps &+= skipped
                if previous > frame.bound {
                    stack[depth - 1].position = previous
                } else {
                    depth -= 1
                }
                pc = Int(frame.pc)
                position = previous
                return true
            case .lazy:
                depth -= 1
                let instruction = code[Int(frame.pc)]
                let next = input.matchOne(instruction.matcher, instruction.argument, at: frame.position)
                if next < 0 { continue }
                let taken = frame.bound + 1
                if taken < Int(instruction.maximum) { push(.lazy, pc: Int(frame.pc), position: next, bound: taken) }
                pc = Int(frame.pc) + 1
                position = next
                return true
            }
        }
        return false
    }

    @inline(__always)
    private mutating func push(_ kind: BacktrackFrame.Kind, pc: Int, position: Int, bound: Int) {
        if depth == capacity { grow() }
        stack[depth] = BacktrackFrame(kind: kind, pc: Int32(truncatingIfNeeded: pc), position: position, bound: bound)
        depth += 1
    }

    /// Moves the stack to a heap buffer twice the size. Past `maximumBacktrackDepth` the budget is
    /// spent instead, so the search stops at its next step; a little slack holds the pushes until then.
    @inline(never)
    private mutating func grow() {
        var larger = min(capacity * 2, RegexProgram.maximumBacktrackDepth)
        if depth >= RegexProgram.maximumBacktrackDepth {
            steps = budget &+ 1
            larger = capacity + 16
        }
        let buffer = UnsafeMutablePointer<BacktrackFrame>.allocate(capacity: larger)
        buffer.moveInitialize(from: stack, count: depth)
        if stackOnHeap { stack.deallocate() }
        stack = buffer
        capacity = larger
        stackOnHeap = true
    }
}
