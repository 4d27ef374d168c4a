import FinanceCore
import Rules
import Testing

/// "All case-insensitive" (CONTRACT.md, Rules files), for ASCII and for the letters banks in
/// Europe print in upper case: É, Ü, ẞ. Accents are not case: `cafe` is not `café`.
///
/// Case is simple case folding, one scalar at a time, as in the regex engine (RuleRegex.swift):
/// `ς` and `σ` are one letter, but `ß` is not `ss` and a decomposed `é` is not a composed one. The
/// cases named "(simple folding)" and "(no normalisation)" pin those limits; change them on purpose.
struct CaseInsensitivityTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var condition: String
        var text: String
        var matches: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ASCII upper text, lower literal", condition: "name contains \"starbucks\"", text: "STARBUCKS #1234", matches: true),
        Case(name: "ASCII lower text, upper literal", condition: "name is \"STARBUCKS\"", text: "starbucks", matches: true),
        Case(name: "ASCII mixed case", condition: "name starts-with \"sTaR\"", text: "StarBucks", matches: true),
        Case(name: "É upper text, é literal", condition: "name contains \"café\"", text: "CAFÉ DE FLORE", matches: true),
        Case(name: "é text, É literal", condition: "name is \"CAFÉ DE FLORE\"", text: "Café de Flore", matches: true),
        Case(name: "Ü upper text, ü literal", condition: "name starts-with \"müller\"", text: "MÜLLER DROGERIE", matches: true),
        Case(name: "ü text, Ü literal", condition: "name ends-with \"MÜNCHEN\"", text: "Bäckerei München", matches: true),
        Case(name: "ß on both sides", condition: "name contains \"straße\"", text: "HAUPTSTRAßE 5", matches: true),
        Case(name: "capital ẞ text, ß literal", condition: "name contains \"große\"", text: "GROẞE FREIHEIT", matches: true),
        Case(name: "STRASSE is not straße (simple folding)", condition: "name contains \"straße\"", text: "HAUPTSTRASSE 5", matches: false),
        Case(name: "straße is not STRASSE (simple folding)", condition: "name contains \"STRASSE\"", text: "Hauptstraße 5", matches: false),
        Case(name: "Greek final sigma", condition: "name is \"οδος\"", text: "ΟΔΟΣ", matches: true),
        Case(name: "Å at the start", condition: "name starts-with \"århus\"", text: "ÅRHUS KOMMUNE", matches: true),
        Case(name: "ASCII literal in non-ASCII text", condition: "name contains \"flore\"", text: "CAFÉ DE FLORE", matches: true),
        Case(name: "non-ASCII literal ends a longer text", condition: "name ends-with \"Ü\"", text: "MENÜ", matches: true),
        Case(name: "emoji are kept", condition: "name contains \"☕ COFFEE\"", text: "☕ coffee bar", matches: true),
        Case(
            name: "decomposed é in the text, composed in the rule (no normalisation)", condition: "name contains \"café\"",
            text: "CAFE\u{301} DE FLORE", matches: false),
        Case(
            name: "composed é in the text, decomposed in the rule (no normalisation)", condition: "name is \"cafe\u{301}\"",
            text: "CAFÉ", matches: false),
        Case(name: "decomposed é on both sides", condition: "name is \"cafe\u{301}\"", text: "CAFE\u{301}", matches: true),
        Case(name: "micro sign and mu", condition: "name contains \"μg\"", text: "5 µG", matches: true),
        Case(name: "long s and s", condition: "name is \"ss\"", text: "\u{17F}\u{17F}", matches: true),
        Case(name: "an accent is not case", condition: "name contains \"cafe\"", text: "CAFÉ DE FLORE", matches: false),
        Case(name: "no accent is not an accent", condition: "name contains \"café\"", text: "CAFE DE FLORE", matches: false),
        Case(name: "ü is not ue", condition: "name contains \"müller\"", text: "MUELLER", matches: false),
    ]

    @Test(arguments: cases)
    func caseDoesNotMatter(_ c: Case) throws {
        let activity = RuleTesting.transaction(name: c.text)
        #expect(try RuleTesting.matches([c.condition], activity) == c.matches)
    }

    @Test(arguments: ["memo", "address", "account", "category"])
    func nonASCIIFoldingOnEveryField(_ field: String) throws {
        var activity = RuleTesting.transaction(name: "POS")
        switch field {
        case "memo": activity.memo = "ÉPICERIE GÉNÉRALE"
        case "address": activity.address = "ÉPICERIE GÉNÉRALE"
        case "account": activity.account = "ÉPICERIE GÉNÉRALE"
        default: activity.category = "ÉPICERIE GÉNÉRALE"
        }
        #expect(try RuleTesting.matches(["\(field) is \"épicerie générale\""], activity))
        #expect(try RuleTesting.matches(["\(field) ends-with \"générale\""], activity))
    }
}
