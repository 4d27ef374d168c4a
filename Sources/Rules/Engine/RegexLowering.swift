/// A regex that only ever matches a few fixed strings (`/amzn|amazon/`, `/^(sq|tst) \*/`,
/// `/(maple|uptown) bakery store/`) tested as those strings: `contains`, `starts-with`, `ends-with`
/// or `is` on the folded text, which the index often answers already (`FoundLiterals`).
///
/// Why it is the same test: the pattern is a tree of literals, groups, alternations and `^`/`$`
/// only, so it matches a text exactly when one of its branches does, and a branch (`^`? literal `$`?)
/// matches when the text's scalars, each folded, contain, start with, end with or equal the branch's
/// folded scalars. Folded text is those scalars in UTF-8, and UTF-8 is self-synchronising: a byte
/// match of a whole encoded literal is a scalar match. Captures do not matter to a rule that uses
/// none (the engine lowers only those).
///
/// And the matcher never gives up on such a pattern below a certain length: without repetition its
/// program has no loops, so one start executes each instruction at most once per path leading to
/// it (`executions`) and undoes at most as many choice points; starts are at most one per byte plus
/// one. Below `maxTextLength` bytes the step budget therefore cannot run out, and the matcher would
/// decide exactly as the literal test does; longer texts are left to the matcher.
struct LoweredRegex {
    struct Branch {
        var op: TextOperator
        /// Folded UTF-8, never empty.
        var literal: [UInt8]
    }

    let branches: [Branch]
    /// The longest text (UTF-8 bytes, before folding) the literal test may stand in for the matcher.
    let maxTextLength: Int

    /// Beyond this many branches the matcher is left to do the work.
    static let maximumBranches = 32

    /// The literal form of `regex`, or nil when it has none (classes, repetition, `.`, `\b`…).
    init?(_ regex: RuleRegex) {
        // `testing`: the program without group bookkeeping, the one a test runs.
        guard let expanded = Self.expand(regex.tree), !expanded.isEmpty, expanded.allSatisfy({ !$0.scalars.isEmpty }),
            let executions = Self.executions(regex.testing)
        else { return nil }
        branches = expanded.map { branch in
            var literal: [UInt8] = []
            for scalar in branch.scalars { CaseFolding.appendUTF8(scalar, to: &literal) }
            let op: TextOperator = branch.start ? (branch.end ? .is : .startsWith) : (branch.end ? .endsWith : .contains)
            return Branch(op: op, literal: literal)
        }
        // Steps ≤ (n + 1) × 2 × executions must stay within base + perByte × n.
        let perStart = 2 * executions + 1
        let (base, perByte) = (RegexProgram.baseStepBudget, RegexProgram.stepsPerByte)
        if perStart <= perByte {
            maxTextLength = Int.max
        } else {
            maxTextLength = perStart > base ? -1 : (base - perStart) / (perStart - perByte)
        }
    }

    /// One way through the pattern: `^`, scalars, `$`.
    private struct Path {
        var start = false
        var scalars: [UInt32] = []
        var end = false
    }

    /// Every path through `node`, or nil when it is more than literals, groups, alternations and
    /// `^`/`$` (or has too many paths). Paths that can never match (`a^b`, `a$b`) are left out.
    private static func expand(_ node: RegexNode) -> [Path]? {
        switch node {
        case .literal(let scalar): return [Path(scalars: [scalar])]
        case .assertion(.start): return [Path(start: true)]
        case .assertion(.end): return [Path(end: true)]
        case .assertion, .anyExceptNewline, .set, .repetition: return nil
        case .group(let inner, _): return expand(inner)
        case .alternation(let branches):
            var paths: [Path] = []
            for branch in branches {
                guard let more = expand(branch), paths.count + more.count <= maximumBranches else { return nil }
                paths += more
            }
            return paths
        case .concatenation(let items):
            var paths = [Path()]
            for item in items {
                guard let next = expand(item), paths.count * next.count <= maximumBranches else { return nil }
                paths = paths.flatMap { a in next.compactMap { b in join(a, b) } }
            }
            return paths
        }
    }

    /// `a` followed by `b`; nil when that cannot match: a `^` after text, or text after a `$`.
    private static func join(_ a: Path, _ b: Path) -> Path? {
        if b.start && (!a.scalars.isEmpty || a.end) { return nil }
        if a.end && !b.scalars.isEmpty { return nil }
        return Path(start: a.start || b.start, scalars: a.scalars + b.scalars, end: a.end || b.end)
    }

    /// How many instructions one start can execute at most: the sum, over instructions, of the paths
    /// reaching each; nil unless the program only moves forward through instructions this knows.
    private static func executions(_ program: RegexProgram) -> Int? {
        let count = program.instructionCount
        var paths = [Int](repeating: 0, count: count + 1)
        paths[0] = 1
        var total = 0
        for pc in 0..<count {
            let reaching = paths[pc]
            guard reaching > 0 else { continue }
            total += reaching
            guard total < 1 << 40 else { return nil }
            let instruction = program.instruction(pc)
            var next: [Int]
            switch instruction.opcode {
            case .one, .string, .save, .assertStart, .assertEnd, .wordBoundary, .notWordBoundary: next = [pc + 1]
            case .split: next = [Int(instruction.argument), Int(instruction.minimum)]
            case .jump: next = [Int(instruction.argument)]
            case .match: next = []
            case .repeatGreedy, .repeatLazy, .exitIfNoProgress: return nil
            }
            for target in next {
                guard target > pc, target <= count else { return nil }
                paths[target] += reaching
            }
        }
        return total
    }
}
