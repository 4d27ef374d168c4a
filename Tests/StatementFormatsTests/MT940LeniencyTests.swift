import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// What real banks' MT940 files do that SWIFT does not allow, read with one warning per file and
/// refused under `--strict` where it changes meaning; MT942 reports and headerless fragments.
@Suite struct MT940LeniencyTests {
    static func quirk(_ name: String, options: ReadOptions = ReadOptions()) throws -> StatementCollector {
        var collector = StatementCollector()
        let path = Repository.fixtures.appendingPathComponent("quirks/mt940").appendingPathComponent(name).path
        try MT940StatementReader().read(ByteInput(path: path), options: options, into: &collector)
        return collector
    }

    // MARK: '@@' line breaks, totals and balances without a currency

    @Test func atSignsAreLineBreaksInsideTheNarrativeToo() throws {
        let result = try Self.quirk("gad-at-sign-line-breaks.sta")
        try #require(result.activities.count == 1)
        let a = result.activities[0]
        #expect(a.date.description == "2024-03-18")
        #expect(a.memo == "Miete Maerz 2024 Wohnung 3", "'@@?22' opens a subfield as a line break would")
        #expect(a.fitid == nil, "'KREF+' is the keyword, not a reference")
        #expect(result.codes == ["mt940.lenient.at-sign-line-breaks@1", "mt940.lenient.total-form@1:292"])
    }

    @Test func closingBalancesWithoutACurrencyTakeTheOpeningOnes() throws {
        let result = try Self.quirk("dem-balances-without-currency.sta")
        #expect(
            result.statements.map { "\($0.ledgerBalance?.amount.decimalString ?? "none") \($0.ledgerBalance?.amount.currency?.description ?? "none")" } == [
                "1250.00 DEM", "1200.00 DEM",
            ])
        #expect(result.codes == ["mt940.lenient.balance-without-currency@10:13"])
    }

    // MARK: 30-day-month calendars

    @Test func daysPastTheEndOfTheMonthAreItsLastDayWithOneWarning() throws {
        let result = try Self.quirk("calendar-30-february.sta")
        #expect(result.activities.map(\.date.description) == ["2024-02-29", "2024-02-29"], "value date 240230; entry date 0230")
        #expect(result.statements.first?.end == LocalDate(year: 2024, month: 2, day: 29), "the closing balance's 240230")
        #expect(result.codes == ["mt940.lenient.calendar-day@5:5"])
        #expect(result.diagnostics.first?.notes == ["the bank books on a 30-day-month calendar; compare these dates with the bank's statement"])
    }

    @Test func strictRefusesEachSuchDateAndSkipsWhatHasIt() throws {
        let result = try Self.quirk("calendar-30-february.sta", options: ReadOptions(strict: true))
        #expect(result.activities.isEmpty)
        #expect(result.codes == ["mt940.lenient.calendar-day@5:5", "mt940.lenient.calendar-day@7:11", "mt940.lenient.calendar-day@9:7"])
        #expect(result.errors.count == 3)
        #expect(
            result.diagnostics.map(\.message) == [
                "the value date '240230' is 30 February, a day the month does not have; read as its last day, 2024-02-29, and so every such date in this file (refused under --strict)",
                "the entry date '0230' is 30 February, a day the month does not have; read as its last day, 2024-02-29, and so every such date in this file (refused under --strict)",
                "the date of the :62F: balance '240230' is 30 February, a day the month does not have; read as its last day, 2024-02-29, and so every such date in this file (refused under --strict)",
            ])
        #expect(result.diagnostics.first?.notes == ["without --strict it is read as 2024-02-29, the month's last day; this transaction or balance was skipped"])
    }

    @Test func thirtyFirstOfA30DayMonthInAYearWithoutLeapDay() throws {
        let result = try readMT940(":20:R\n:25:A\n:60F:C230201EUR0,00\n:61:2302300229D1,00NTRFNONREF\n:61:230631D1,00NTRFNONREF\n-\n")
        #expect(result.activities.map(\.date.description) == ["2023-02-28", "2023-06-30"])
        #expect(result.codes == ["mt940.lenient.calendar-day@4:5"])
    }

    // MARK: Wrapped :61: lines

    @Test func wrappedStatementLinesReadAsOne() throws {
        let result = try Self.quirk("statement-line-continued-on-the-next-line.sta")
        #expect(result.codes == ["mt940.lenient.wrapped-statement-line@5:5"])
        #expect(result.activities.map(\.fitid) == ["BR240311000017", "BR240311000018", nil])
        #expect(result.activities.map(\.name) == ["Werkstatt Meier", "Tankstelle Nord", "RUECKERSTATTUNG"])
        #expect(result.activities.map(\.amount.decimalString) == ["-45.00", "-12.30", "5.00"])
    }

    struct WrapCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let line: String
        /// amount|fitid|name (the name is the supplementary details: there is no :86:)
        let expected: String
        let wrapped: Bool
    }

    static let wrapCases: [WrapCase] = [
        .init(testDescription: "bank reference on the next line", line: "240314D1,00NTRFNONREF//\nB9\nKIOSK", expected: "-1.00|B9|KIOSK", wrapped: true),
        .init(
            testDescription: "owner's reference and bank reference on the next line", line: "240314D1,00NTRF\nNONREF//B8",
            expected: "-1.00|B8|", wrapped: true),
        .init(testDescription: "owner's reference cut", line: "240314D1,00NTRFINV-\n77//B7", expected: "-1.00|B7|", wrapped: true),
        .init(testDescription: "cut inside the amount", line: "240314D12\n,50NTRFNONREF", expected: "-12.50||", wrapped: true),
        .init(testDescription: "cut before the transaction type", line: "240314D1,00\nNTRFNONREF//B5", expected: "-1.00|B5|", wrapped: true),
        .init(testDescription: "cut inside the value date", line: "2403\n14D1,00NTRFNONREF//B4", expected: "-1.00|B4|", wrapped: true),
        .init(
            testDescription: "supplementary details after a whole line", line: "240314D1,00NTRFNONREF//B2\nCARD 1234 KIOSK",
            expected: "-1.00|B2|CARD 1234 KIOSK", wrapped: false),
        .init(
            testDescription: "an IBAN as supplementary details", line: "240314C3,00N541NONREF\nNL20TEST0001234567",
            expected: "3.00||NL20TEST0001234567", wrapped: false),
        .init(
            testDescription: "supplementary details after '//' (Citi)", line: "240314D1,00NMSCNONREF//\n/ABC/DEF/MISCELLANEOUS",
            expected: "-1.00||/ABC/DEF/MISCELLANEOUS", wrapped: false),
        .init(
            testDescription: "free text after the type is no reference", line: "240314D1,00NTRF\nCARD 1234 KIOSK",
            expected: "-1.00||CARD 1234 KIOSK", wrapped: false),
    ]

    @Test(arguments: wrapCases)
    func wrappedOrSupplementary(_ c: WrapCase) throws {
        let result = try readMT940(":20:R\n:25:A\n:60F:C240301EUR0,00\n:61:\(c.line)\n-\n")
        #expect(result.errors.isEmpty, "\(result.errors)")
        let a = try #require(result.activities.first)
        #expect("\(a.amount.decimalString)|\(a.fitid ?? "")|\(a.name)" == c.expected)
        #expect(result.codes == (c.wrapped ? ["mt940.lenient.wrapped-statement-line@4:5"] : []))
    }

    // MARK: Entry date written as spaces

    @Test func spacesForTheEntryDateAreNoEntryDate() throws {
        let result = try Self.quirk("entry-date-as-spaces.sta")
        #expect(result.codes == ["mt940.lenient.blank-entry-date@5:11"])
        #expect(result.activities.map(\.date.description) == ["2024-03-12", "2024-03-12", "2024-03-12"])
        #expect(result.activities.map(\.amount.decimalString) == ["-120.50", "0.00", "75.25"])
        #expect(result.activities.map(\.fitid) == [nil, nil, nil])
    }

    @Test func spacesBeforeNoMarkStayAnError() throws {
        let result = try readMT940(":20:R\n:25:A\n:60F:C240301EUR0,00\n:61:240312    1,00NTRFNONREF\n-\n")
        #expect(result.activities.isEmpty)
        #expect(result.errors.map(\.code) == ["mt940.bad-statement-line"])
    }

    // MARK: Names from structured :86: text

    @Test func nonrefWithoutATypeIsNoReference() throws {
        let result = try Self.quirk("penta-nonref-without-type.sta")
        #expect(result.codes == ["mt940.lenient.no-transaction-type@6:5"])
        #expect(result.activities.map(\.fitid) == [nil, nil], "not the 'EF' of a type 'NONR'")
        let typed = try readMT940(":20:R\n:25:A\n:60F:C240301EUR0,00\n:61:240302D1,00NONR//B1\n-\n")
        #expect(typed.codes.isEmpty, "NONR followed by its reference is a type")
        #expect(typed.activities.map(\.fitid) == ["B1"])
    }

    @Test func codewordsAloneAreNoName() throws {
        let ing = try Self.quirk("ing-card-payment-transaction-code.sta")
        #expect(ing.activities.first?.name.hasPrefix("01-06-24 12:31 BETAALAUTOMAAT") == true)
        #expect(ing.activities.first?.memo == ing.activities.first?.name)
        let hsbc = try Self.quirk("hsbc-ocmt-before-free-text.sta")
        #expect(hsbc.activities.map(\.name) == ["PAYMENT OF INVOICES 2024-0117 2024-0118"])
        #expect(hsbc.activities.map(\.memo) == ["/OGB/CONTOSO TRADING LIMITED /VA/987654XXXXXX BENEFICIARY INFO"])
        #expect(hsbc.activities.first?.original?.currency.description == "USD")
    }

    // MARK: Amounts

    @Test func trailingCommaAndOneDecimalAreSWIFTAmounts() throws {
        let result = try Self.quirk("amounts-with-a-trailing-comma.sta")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.map(\.amount.decimalString) == ["-30.00", "0.50", "0.00"])
        #expect(result.statements.first?.ledgerBalance?.amount.decimalString == "70.50")
    }

    // MARK: MT942

    @Test func interimReportTakesItsCurrencyFromTheFloorLimit() throws {
        let result = try Self.quirk("mt942-interim-report.sta")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(
            result.rows == [
                "2024-03-08|Tagblatt Verlag|-23.10|EUR|DE44500105175407324931",
                "2024-03-08|Kaffeebar|-7.90|EUR|DE44500105175407324931",
                "2024-03-08|Lena Vogel|500.00|EUR|DE44500105175407324931",
            ])
        #expect(result.statements.map(\.currency) == [CurrencyCode("EUR")])
        #expect(result.statements.first?.ledgerBalance == nil)
    }

    @Test func interimTotalsAreChecked() throws {
        let text =
            ":20:R\n:25:A\n:34F:EURD0,\n:13D:2403081430+0100\n:61:240308D2,50NMSCNONREF\n:61:240308C1,00NMSCNONREF\n"
            + ":90D:2EUR4,50\n:90C:1EUR1,00\n:90C:X\n"
        let result = try readMT940(text)
        #expect(result.codes == ["mt940.totals-mismatch@7:6", "mt940.bad-total@9:6"], "no truncation warning: MT942 has no closing balance")
        #expect(
            result.diagnostics.first?.message
                == "the :90D: total is 2 debit entries of 4.50 EUR, but the report's statement lines are 1 debit entry of 2.50 EUR")
        #expect(result.diagnostics.last?.message == "expected a number of entries, a currency and a sum (like 2EUR115,50) in the :90C: total, found 'X'")
    }

    @Test func interimReportWithoutFloorLimitSaysWhatIsMissing() throws {
        let result = try readMT940(":20:R\n:25:A\n:13D:2403081430+0100\n:61:240308D2,50NMSCNONREF\n-\n")
        #expect(
            result.diagnostics.map(\.message) == [
                "statement line before the floor limit (:34F:) of its statement, so its currency is unknown"
            ])
    }

    // MARK: Fragments

    @Test func statementLinesWithoutHeadersAreTransactions() throws {
        let result = try Self.quirk("statement-lines-only.sta")
        #expect(result.activities.map(\.name) == ["Kiosk am Markt", "Anna Schmidt", "Sportclub"])
        #expect(result.activities.map(\.memo) == [nil, "Rueckzahlung", "Contributie maart"])
        #expect(result.activities.allSatisfy { $0.account == nil && $0.currency == nil })
        #expect(result.statements.isEmpty, "no statement without its headers")
        #expect(result.codes == ["mt940.lenient.no-statement-headers@1"])
        #expect(
            result.diagnostics.first?.notes
                == ["pass --account and --currency (such as --currency EUR) to say whose transactions they are and in which currency"])
        let strict = try Self.quirk("statement-lines-only.sta", options: ReadOptions(strict: true))
        #expect(strict.activities.count == 3, "reading fragments changes nothing they say")
    }

    @Test func aStatementMissingOnlyItsReferenceIsNoFragment() throws {
        let result = try readMT940(":25:A\n:60F:C240301EUR5,00\n:61:240301D1,00NTRFNONREF\n:62F:C240301EUR4,00\n-\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.map(\.currency) == [CurrencyCode("EUR")])
    }
}
