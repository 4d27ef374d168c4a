import Foundation
import Testing

@testable import Rules

/// Our engine against Foundation's NSRegularExpression (ICU) with `.caseInsensitive`, on the syntax
/// both share. Deliberate differences are kept out of the table: ICU's `$` also matches before a final
/// newline, its `.` also refuses CR and U+2028, its `\d` takes every script's digits, and its
/// case-insensitive mode folds "ß" to "ss".
@Suite struct RegexDifferentialTests {
    static let patterns = [
        "payroll", "^amzn mktp \\w+", "(acme|globex) (corp )?payroll", "amzn|amazon", "\\bcoffee\\b", "\\d{4,}",
        "(\\w+) (\\w+) store", "^\\S+ \\S+ (\\d+)", "a+?b", "<.+?>", "<.+>", "[a-c]+", "[^a-c ]+", "(x)?y",
        "(a|ab)(c|bcd)(d*)", "cat|category", "x*", "\\s+", "\\W+", "é+", "[à-ÿ]+", "(\\d+)\\.(\\d{2})", "a{2,3}",
        "a{2,3}?", "(?:ab){2}", "\\Bcat", "[\\w.-]+@[\\w.-]+", "ref[:#]? ?(\\d+)", "(?:sq|tst) ?\\* ?(.+)",
        "^(.*?)(\\d+)$", "(\\w+)\\s*$", "[A-Z]{2}\\d{2}", "\\b\\w", "(m)(ü)(l+)(er)", "^$", "(?:a|b)*c",
        "(\\d{1,3})(?:,(\\d{3}))*", "[^\\s\\d]+", "\\$\\d+", "(é|e)cole",
    ]

    static let texts = [
        "ACME CORP PAYROLL PPD ID: 1234567890", "Globex Payroll", "AMZN MKTP US*2K4LL0QT2", "amazon.com",
        "SQ *BLUE BOTTLE COFFEE OAKLAND", "STARBUCKS COFFEE STORE 12345", "Überweisung MÜLLER GmbH Ref#4471",
        "École 12.50 EUR", "<a><b>", "aaab", "abcd", "category", "x y xy", "john.doe@example.com paid",
        "CAFÉ àÉÎ ÿ", "", "   ", "concat cat", "IBAN DE89370400440532013000", "1,234,567 units", "$15 fee",
        "ecole École", "Mueller Müller MÜLLER",
    ]

    @Test(arguments: patterns)
    func agreesWithFoundation(_ pattern: String) throws {
        let ours = try RuleRegex(pattern)
        let theirs = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        #expect(ours.captureCount == theirs.numberOfCaptureGroups)
        for text in Self.texts {
            let expected = Self.foundationCaptures(theirs, in: text)
            let found = ours.firstMatch(in: text)?.captures.map { $0.map(String.init) }
            #expect(found == expected, "/\(pattern)/ in \(text.debugDescription)")
            #expect(ours.matches(text) == (expected != nil))
        }
    }

    private static func foundationCaptures(_ regex: NSRegularExpression, in text: String) -> [String?]? {
        guard let result = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0..<result.numberOfRanges).map { group in
            Range(result.range(at: group), in: text).map { String(text[$0]) }
        }
    }
}
