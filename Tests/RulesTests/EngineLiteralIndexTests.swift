import TestSupport
import Testing

@testable import Rules

/// The literal index (`LiteralAnchors`) is the engine's only way to know which rules may match: a
/// literal it misses is a rule that silently never applies. So it is checked against the plainest
/// search there is, on seeded random literal sets and texts: ASCII in both cases, non-ASCII letters
/// whose folding is subtle (final sigma, Kelvin sign, long s, dotted I, sharp s), short and long
/// literals (each width and stride the plan can pick), literals inside literals, and repeats.
struct EngineLiteralIndexTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var seed: UInt64
        /// Literal lengths, in scalars, are drawn from this range.
        var lengths: ClosedRange<Int>
        var literals: Int
        var testDescription: String { "seed \(seed), \(literals) literals of \(lengths)" }
    }

    static let cases: [Case] = [
        Case(seed: 1, lengths: 1...24, literals: 60),
        Case(seed: 2, lengths: 4...7, literals: 40),
        Case(seed: 3, lengths: 8...12, literals: 200),
        Case(seed: 4, lengths: 16...30, literals: 300),
        Case(seed: 5, lengths: 1...3, literals: 30),
        Case(seed: 6, lengths: 9...40, literals: 500),
        Case(seed: 7, lengths: 2...10, literals: 5),
        Case(seed: 8, lengths: 5...60, literals: 800),
    ]

    /// Letters whose case folding is a trap: the index must see text exactly as the regex engine
    /// folds it (ς and Σ fold to σ, the Kelvin sign to k, ſ to s; İ stays itself; ß is no "ss").
    static let alphabet: [String] =
        Array("abcdefghijklmnopqrstuvwxyz0123456789 *#-.'&/").map(String.init)
        + ["é", "É", "ß", "ẞ", "σ", "Σ", "ς", "K", "ſ", "İ", "ı", "ü", "Ü", "☕", "東", "µ", "μ", "\u{301}"]

    @Test(arguments: cases)
    func findsEveryOccurrenceAndNothingElse(_ c: Case) {
        var random = SeededRandom(seed: c.seed)
        var literals: [[UInt8]] = []
        var seen = Set<[UInt8]>()
        while literals.count < c.literals {
            let folded = CaseFold.fold(Self.word(Int.random(in: c.lengths, using: &random), &random))
            if !folded.isEmpty, seen.insert(folded).inserted { literals.append(folded) }
        }
        let index = LiteralAnchors(literals)
        let sources = literals.map { String(decoding: $0, as: UTF8.self) }
        for t in 0..<300 {
            // Texts made of literals (recased, overlapping, cut short) and noise.
            var text = ""
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: text += Self.word(Int.random(in: 1...12, using: &random), &random)
                case 1: text += String(random.pick(sources).dropLast(Int.random(in: 0...2, using: &random)))
                default: text += Self.recase(random.pick(sources), &random)
                }
            }
            let folded = RuleRegex.folded(text)
            let found = Self.scan(index, folded)
            let expected = Self.naive(literals, folded)
            #expect(expected.isSubset(of: found), "missed \(expected.subtracting(found).sorted { $0.start < $1.start }) in text \(t) \(text.debugDescription)")
            #expect(found.isSubset(of: expected), "reported \(found.subtracting(expected)) not in text \(t) \(text.debugDescription)")
        }
    }

    /// A literal at the very start and the very end of a text, and a text exactly as long as it: the
    /// probes near the ends must still meet it.
    @Test(arguments: [1, 3, 4, 7, 8, 9, 15, 16, 17, 33])
    func findsLiteralsAtTheEdges(_ length: Int) {
        var random = SeededRandom(seed: UInt64(length))
        let literals = (0..<20).map { _ in CaseFold.fold(Self.word(length, &random)) }
        let index = LiteralAnchors(literals)
        for literal in literals {
            for prefix in 0..<10 {
                for suffix in [0, 1, 5] {
                    let text = [UInt8](repeating: 0x78, count: prefix) + literal + [UInt8](repeating: 0x79, count: suffix)
                    let found = Self.scan(index, text)
                    #expect(Self.naive(literals, text).isSubset(of: found), "prefix \(prefix), suffix \(suffix), \(literal)")
                }
            }
        }
    }

    @Test func anEmptyIndexAndAnEmptyTextFindNothing() {
        #expect(Self.scan(LiteralAnchors([]), Array("anything".utf8)).isEmpty)
        #expect(Self.scan(LiteralAnchors([Array("abc".utf8), Array("abcdefghij".utf8)]), []).isEmpty)
    }

    // MARK: Helpers

    /// What `index` reports in folded `text` (given 8 readable bytes past its end, as the engine does).
    static func scan(_ index: LiteralAnchors, _ text: [UInt8]) -> Set<Pair> {
        let padded = text + [UInt8](repeating: 0xA5, count: FoldedFields.padding)
        return padded.withUnsafeBufferPointer { buffer in
            let hits = index.scan(UnsafeBufferPointer(rebasing: buffer[0..<text.count]))
            return Set((0..<hits.count).map { Pair(hits.id($0), hits.start($0)) })
        }
    }

    /// Every (literal, start) where a literal's bytes stand in `text`.
    static func naive(_ literals: [[UInt8]], _ text: [UInt8]) -> Set<Pair> {
        var result = Set<Pair>()
        for (id, literal) in literals.enumerated() where literal.count <= text.count {
            for start in 0...(text.count - literal.count) where Array(text[start..<(start + literal.count)]) == literal {
                result.insert(Pair(id, start))
            }
        }
        return result
    }

    struct Pair: Hashable, CustomStringConvertible {
        var id: Int
        var start: Int
        init(_ id: Int, _ start: Int) { (self.id, self.start) = (id, start) }
        var description: String { "#\(id)@\(start)" }
    }

    static func word(_ length: Int, _ random: inout SeededRandom) -> String {
        (0..<length).map { _ in random.chance(0.8) ? random.pick(Array(alphabet.prefix(44))) : random.pick(alphabet) }.joined()
    }

    static func recase(_ text: String, _ random: inout SeededRandom) -> String {
        text.map { random.chance(0.5) ? $0.uppercased() : String($0) }.joined()
    }
}
