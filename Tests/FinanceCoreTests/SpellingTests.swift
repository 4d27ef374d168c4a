import FinanceCore
import Testing

@Suite struct SpellingTests {
    @Test(arguments: [
        ("", "", 0),
        ("", "abc", 3),  // all insertions
        ("abc", "", 3),  // all deletions
        ("same", "same", 0),
        ("kitten", "sitting", 3),  // the textbook example
        ("flaw", "lawn", 2),
        ("delimeter", "delimiter", 1),  // one substitution
        ("amuont", "amount", 1),  // adjacent transposition counts as one edit
        ("ab", "ba", 1),
        ("abcdef", "badcfe", 3),  // three separate transpositions
        ("ca", "abc", 3),  // optimal string alignment: no edit of a transposed pair (true Damerau gives 2)
        ("Date", "date", 1),  // distance itself is case-sensitive
        ("café", "cafe", 1),  // é is one scalar, one substitution
        ("cafe\u{301}", "café", 2),  // decomposed é is two scalars: compared by scalar, not by character
        ("münchen", "munchen", 1),
    ])
    func distance(_ a: String, _ b: String, expected: Int) {
        #expect(Spelling.distance(a, b) == expected)
        #expect(Spelling.distance(b, a) == expected, "distance is symmetric")
    }

    static let options = ["--delimiter", "--date-format", "--decimal-mark", "--encoding", "--account"]

    @Test(arguments: [
        ("--delimeter", "--delimiter" as String?),  // the doc comment's example
        ("--DELIMITER", "--delimiter"),  // case-insensitive
        ("--date-fromat", "--date-format"),  // transposition
        ("--encodign", "--encoding"),
        ("--acount", "--account"),
        ("--delimiter", "--delimiter"),  // exact match
        ("--verbose", nil),  // nothing close
        ("--d", nil),  // too short to be a typo of any
        ("--", nil),
    ])
    func closestOption(_ word: String, expected: String?) {
        #expect(Spelling.closest(to: word, in: Self.options) == expected)
    }

    @Test(arguments: [
        // The limit is a third of the word's length, at least one.
        ("ab", ["ax"], "ax" as String?),  // 1 edit allowed for a two-letter word
        ("ab", ["xy"], nil),  // 2 edits exceed it
        ("amount", ["amxxnt"], "amxxnt"),  // 6 letters allow 2 edits
        ("amount", ["axxxnt"], nil),  // 3 is too many
        ("date", ["data", "dare"], "data"),  // a tie keeps the first candidate
        ("date", ["dare", "data"], "dare"),
        ("dte", ["dates", "date"], "date"),  // the closest wins, not the first
        ("anything", [], nil),
    ])
    func closestLimitAndTies(_ word: String, candidates: [String], expected: String?) {
        #expect(Spelling.closest(to: word, in: candidates) == expected)
    }
}
