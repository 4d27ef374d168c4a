import FinanceCore
import Testing

@testable import StatementFormats

/// SWIFT's `/OCMT/` and `/EXCH/` codewords, in a statement line's supplementary details or its
/// narrative, keep a foreign payment's original amount and rate.
@Suite struct MT940OriginalAmountTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// The `:61:` value (with its supplementary line) and the `:86:` after it, if any.
        let line: String
        var narrative: String?
        /// `amount currency @ rate`, or nil for no original.
        let expected: String?
        /// The activity's name.
        var name: String?
    }

    static let cases: [Case] = [
        .init(
            testDescription: "supplementary details, German style, with charges", line: "240314D11,07NTRFNONREF//B1\n/OCMT/USD12,00//CHGS/EUR0,25/",
            expected: "-12.00 USD @ -", name: ""),
        .init(
            testDescription: "the codewords leave the rest of the details as the name",
            line: "240314D11,07NTRFNONREF//B1\nVISA COFFEE NYC /OCMT/USD12,00/", expected: "-12.00 USD @ -", name: "VISA COFFEE NYC"),
        .init(
            testDescription: "a rate per unit of the original currency", line: "240314D11,07NTRFNONREF",
            narrative: "COFFEE NYC\n/OCMT/USD12,00//EXCH/0,9225/", expected: "-12.00 USD @ 0.9225", name: "COFFEE NYC"),
        .init(
            testDescription: "a rate per unit of the account's currency is kept as its reciprocal", line: "240314D11,07NTRFNONREF",
            narrative: "COFFEE NYC\n/OCMT/USD12,00//EXCH/1,0840/", expected: "-12.00 USD @ 0.9225092251"),
        .init(
            testDescription: "a credit keeps a positive original", line: "240314C46,00NTRFNONREF",
            narrative: "166?00GUTSCHRIFT?20/OCMT/CHF50,00/?32Hotel Bern", expected: "50.00 CHF @ -", name: "Hotel Bern"),
        .init(
            testDescription: "the slash-structured narrative", line: "240314D11,07NTRFNONREF",
            narrative: "/TRTP/BETAALAUTOMAAT/NAME/Coffee NYC/OCMT/USD12,00//EXCH/0,9225/", expected: "-12.00 USD @ 0.9225"),
        .init(
            testDescription: "wrapped across the narrative's lines", line: "240314D11,07NTRFNONREF",
            narrative: "COFFEE NYC\n/OCMT/US\nD12,00/", expected: "-12.00 USD @ -"),
        .init(
            testDescription: "the account's own currency is nothing foreign", line: "240314D11,07NTRFNONREF\n/OCMT/EUR11,32/", expected: nil),
        .init(
            testDescription: "no codewords", line: "240314D11,07NTRFNONREF", narrative: "Shop\nOCMT USD 12", expected: nil),
        .init(
            testDescription: "a bad amount after /OCMT/ is no original", line: "240314D11,07NTRFNONREF\n/OCMT/USD12.00/", expected: nil),
    ]

    static func describe(_ original: OriginalAmount?) -> String? {
        original.map { "\($0.amount?.decimalString ?? "?") \($0.currency) @ \($0.rate?.description ?? "-")" }
    }

    @Test(arguments: cases)
    func codewords(_ c: Case) throws {
        let narrative = c.narrative.map { ":86:\($0)\n" } ?? ""
        let result = try readMT940(":20:R\n:25:A\n:60F:C240301EUR0,00\n:61:\(c.line)\n\(narrative)-\n")
        #expect(result.errors.isEmpty, "\(result.errors)")
        let a = try #require(result.activities.first)
        #expect(Self.describe(a.original) == c.expected)
        if let name = c.name { #expect(a.name == name) }
    }

    @Test func aRateThatFitsNeitherWayIsDroppedWithAWarning() throws {
        let body = ":61:240314D11,07NTRFNONREF\n:86:A\n/OCMT/USD12,00//EXCH/3,5/\n:61:240314D11,07NTRFNONREF\n:86:B\n/OCMT/USD12,00//EXCH/7,0/\n"
        let result = try readMT940(mt940Statement(body, closing: "C240315EUR977,86"))
        #expect(result.activities.map { Self.describe($0.original) } == ["-12.00 USD @ -", "-12.00 USD @ -"])
        let warnings = result.diagnostics.filter { $0.code == MT940Leniency.unfittingRateCode }
        #expect(warnings.count == 1, "once per file: \(result.diagnostics)")
        #expect(warnings.first?.message.contains("exchange rate 3.50 (/EXCH/)") == true, "\(warnings.map(\.message))")
    }

    @Test func theOriginalSurvivesJSONLines() throws {
        let result = try readMT940(":20:R\n:25:A\n:60F:C240301EUR0,00\n:61:240314D11,07NTRFNONREF\n:86:COFFEE\n/OCMT/USD12,00//EXCH/0,9225/\n-\n")
        let a = try #require(result.activities.first)
        let line = JSONLinesWriter.object(a)
        #expect(line.contains("\"originalAmount\":\"-12.00\",\"originalCurrency\":\"USD\",\"exchangeRate\":\"0.9225\""), "\(line)")
    }
}
