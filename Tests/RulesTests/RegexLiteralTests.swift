import TestSupport
import Testing

@testable import Rules

@Suite struct RegexLiteralTests {
    @Test(arguments: [
        ("plain literal", "payroll", "payroll" as String?),
        ("folded to lower case", "PayRoll", "payroll"),
        ("anchors add nothing", "^AMZN MKTP \\w+", "amzn mktp "),
        ("optional part splits the literal", "(ACME|GLOBEX) (CORP )?PAYROLL", "payroll"),
        ("digits only", "^\\d+$", nil),
        ("common part of alternatives", "amzn|amazon", "am"),
        ("alternatives with nothing in common", "foo|bar", nil),
        ("non-ASCII folded", "ÉCOLE", "école"),
        ("final sigma folds to σ", "ΛΟΓΟΣ", "λογοσ"),
        ("literal across a + repeat", "ab+", "ab"),
        ("counted group is repeated", "(?:abc){2}", "abcabc"),
        ("minimum copies then what follows", "(?:abc){2,}y", "abcabcy"),
        ("optional prefix dropped", "a?bcd", "bcd"),
        ("literal after alternatives", "(payroll|salary) acme", " acme"),
        ("literal after a class", "[ab]cde", "cde"),
        ("prefix common to alternatives", "caf(?:é|e)", "caf"),
        ("word boundaries", "\\bstarbucks\\b", "starbucks"),
        ("zero repeats vanish", "x{0}abc", "abc"),
        ("optional group has none", "(abc)?", nil),
        ("star has none", "(?:abc)*", nil),
        ("dot has none", "...", nil),
        ("escaped punctuation", "amzn\\.com", "amzn.com"),
        ("alternatives sharing a suffix", "(?:new|old)bank", "bank"),
        ("one alternative inside the other", "(?:amazon|amazon prime) video", "amazon"),
        ("lazy quantifiers do not matter", "ab+?c", "ab"),
    ])
    func requiredLiteral(_ name: String, _ pattern: String, _ literal: String?) throws {
        let regex = try RuleRegex(pattern)
        #expect(regex.requiredLiteral.map { String(decoding: $0, as: UTF8.self) } == literal, "\(name)")
    }

    @Test(arguments: [
        ("amzn|amazon", ["amzn", "amazon"] as [String]?),
        ("foo|bar", ["foo", "bar"]),
        ("^(?:AMZN|AMAZON) MKTP", nil),  // " mktp" is longer than "amzn"
        ("(?:amzn|amazon)x", ["amzn", "amazon"]),
        ("amazon|amazon prime|amzn", ["amzn", "amazon"]),
        ("payroll", nil),
        ("foo|\\d+", nil),  // a branch without a literal
        ("(?:ab|cd)+", ["ab", "cd"]),
        ("(?:ab|cd)*x", nil),
        ("Café|TEA", ["tea", "café"]),
    ])
    func requiredAlternatives(_ pattern: String, _ expected: [String]?) throws {
        let regex = try RuleRegex(pattern)
        let found = regex.requiredAlternatives?.map { String(decoding: $0, as: UTF8.self) }
        #expect(found.map(Set.init) == expected.map(Set.init))
    }

    static let soundnessPatterns = [
        "payroll", "amzn|amazon", "(acme|globex) (corp )?payroll", "^amzn mktp \\w+", "a?bcd", "(?:abc){2,}y",
        "(payroll|salary) acme", "caf(?:é|e)", "(?:new|old)bank", "(?:amazon|amazon prime) video", "ab+c",
        "x(?:ab|b)+y", "(?:ab|cd)+", "σοσ", "k[ks]s", "ß|ss", "(a|ab)(c|bcd)(d*)", "(?:x|xy){2}z", "\\bab\\b|ba",
        "(?:a|b)(?:c|d)e",
    ]

    /// Property: whenever a pattern matches, the folded text holds its required literal and one of its
    /// required alternatives. Texts are built from fragments of the pattern in mixed case (and from
    /// scalars that fold unusually), so that many of them match.
    @Test(arguments: soundnessPatterns)
    func literalsAreSound(_ pattern: String) throws {
        let regex = try RuleRegex(pattern)
        var random = SeededRandom(seed: UInt64(truncatingIfNeeded: pattern.utf8.count * 7919))
        let words = pattern.split { "()|?*+[]{}^$\\:.,0123456789".contains($0) }.map(String.init)
        let fragments =
            words + words.map { $0.uppercased() } + ["a", "B", " ", "x", "Σ", "ς", "\u{212A}", "\u{017F}", "ẞ", "é", "É", "y", "z", "prime ", "corp "]
        var matched = 0
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                var piece = fragments.randomElement(using: &random) ?? ""
                if Bool.random(using: &random) {
                    // A run of the pattern's words in order, each in either case.
                    let start = Int.random(in: 0..<words.count, using: &random)
                    let end = Int.random(in: start..<words.count, using: &random)
                    piece = words[start...end].map { Bool.random(using: &random) ? $0.uppercased() : $0 }.joined()
                }
                // Sometimes only part of it, for near misses.
                let cut = Int.random(in: 0...piece.count, using: &random)
                text += Int.random(in: 0..<4, using: &random) > 0 ? piece : String(piece.prefix(cut))
            }
            guard regex.matches(text) else { continue }
            matched += 1
            let folded = RuleRegex.folded(text)
            if let literal = regex.requiredLiteral {
                #expect(Self.contains(folded, literal), "/\(pattern)/ matched \(text.debugDescription) without its literal")
            }
            if let alternatives = regex.requiredAlternatives {
                #expect(alternatives.contains { Self.contains(folded, $0) }, "/\(pattern)/ matched \(text.debugDescription) without any alternative")
            }
        }
        #expect(matched > 20, "too few matches to say anything")
    }

    static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { text[$0..<($0 + part.count)].elementsEqual(part) }
    }
}

@Suite struct RegexCaseFoldingTests {
    @Test(arguments: [
        ("PAYROLL", "payroll"),
        ("ÉCOLE Ä Ö Ü", "école ä ö ü"),
        ("ΛΟΓΟΣ λογος", "λογοσ λογοσ"),
        ("STRAẞE", "straße"),
        ("5 µm", "5 μm"),
        ("\u{212A}elvin \u{017F}", "kelvin s"),
        ("İstanbul", "İstanbul"),  // lower case of İ is two scalars: left alone
        ("ПЕРЕВОД", "перевод"),
        ("", ""),
    ])
    func folded(_ text: String, _ expected: String) {
        #expect(RuleRegex.folded(text) == Array(expected.utf8))
    }

    @Test func foldingIsIdempotentAndOnlyKnownScalarsReachASCII() {
        var reachingASCII: [UInt32] = []
        for value in UInt32(0x80)...0x1FFFF where !(0xD800...0xDFFF).contains(value) {
            let folded = CaseFolding.fold(value)
            #expect(CaseFolding.fold(folded) == folded, "fold(fold(U+\(String(value, radix: 16)))) differs")
            if folded < 0x80 { reachingASCII.append(value) }
        }
        #expect(reachingASCII == CaseFolding.nonASCIIFoldingToASCII.map(\.scalar).sorted())
    }

    /// The blocks `fold` skips without a property lookup hold no scalar whose lower case or
    /// folding differs (so the shortcut cannot change a fold), and `isSpace` is White_Space exactly.
    @Test func shortcutsAgreeWithTheStandardLibrary() {
        var skippedButCased: [UInt32] = []
        var spaceDiffers: [UInt32] = []
        var wordDiffers: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if value >= CaseFolding.tableEnd && !CaseFolding.mayChange(value)
                && (scalar.properties.changesWhenLowercased || scalar.properties.changesWhenCaseFolded)
            {
                skippedButCased.append(value)
            }
            if ScalarClassification.isSpace(value) != scalar.properties.isWhitespace { spaceDiffers.append(value) }
            if value >= CaseFolding.tableEnd && value < 0x10000 && ScalarClassification.isWord(value) != Self.isWord(scalar) {
                wordDiffers.append(value)
            }
        }
        #expect(skippedButCased.isEmpty, "cased scalars outside the listed blocks: \(skippedButCased.prefix(8))")
        #expect(spaceDiffers.isEmpty, "isSpace differs from White_Space at \(spaceDiffers.prefix(8))")
        #expect(wordDiffers.isEmpty, "isWord's plane-zero bits differ from the properties at \(wordDiffers.prefix(8))")
        #expect(ScalarClassification.isWord(0x6771) && !ScalarClassification.isWord(0xFFFD) && !ScalarClassification.isWord(0x20AC))
        #expect(CaseFolding.fold(0xFFFD) == 0xFFFD && CaseFolding.fold(0x2160) == 0x2170 && CaseFolding.fold(0x1E900) == 0x1E922)
    }

    /// `\w` as the contract states it (Alphabetic, a mark, a decimal number, connector
    /// punctuation, ZWNJ or ZWJ), from the standard library's properties.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200C || scalar.value == 0x200D || scalar.properties.isAlphabetic { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    @Test func appendFoldedReusesABuffer() {
        var bytes: [UInt8] = Array("x|".utf8)
        RuleRegex.appendFolded("ÀB", to: &bytes)
        #expect(bytes == Array("x|àb".utf8))
    }
}
