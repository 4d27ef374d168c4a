import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// `--to qif`: the layout, split records, and every sample converted to QIF and read back.
///
/// What QIF cannot carry, and the round trip therefore compares loosely (see `QIFWriter`):
/// - currency: QIF has none, so amounts are compared by value (`--currency` gives one back);
/// - the bank's transaction id (`fitid`) and the activity id (the re-read file has new sources);
/// - text: one line per field, so line breaks become spaces, and the reader trims spaces
///   around values and reads an empty memo as none;
/// - a check number that is not all digits comes back as the memo when there is no memo;
/// - a transfer keeps its type only with a `Transfers:X` category (written `[X]`).
@Suite struct QIFWriterTests {
    static func qif(_ activities: [PaymentActivity], statements: [StatementInfo] = []) throws -> (text: String, notices: [String]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-qif-\(UUID().uuidString).qif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try ByteOutput.atomicFile(path)
        var writer = QIFWriter(output: output)
        for info in statements { try writer.statement(info) }
        for a in activities { try writer.write(a) }
        try writer.finish()
        try output.commit()
        return (try String(contentsOfFile: path, encoding: .utf8), writer.notices)
    }

    @Test func sampleIsWrittenWithAccountBlocksAndSplitRecords() throws {
        var read = StatementCollector()
        try QIFStatementReader().read(ByteInput(path: Repository.sample("us-quicken-export.qif")), options: ReadOptions(), into: &read)
        #expect(
            read.statements.map { "\($0.account.id) \($0.account.kind.map(\.rawValue) ?? "-") @\($0.source.line)" } == [
                "Everyday Checking CHECKING @3", "Visa Signature CREDITCARD @7",
            ],
            "the account list names every account and its kind, before any transaction")
        let (text, notices) = try Self.qif(read.activities, statements: read.statements)
        #expect(notices.isEmpty)
        #expect(
            text.hasPrefix(
                "!Account\nNEveryday Checking\nTBank\n^\n!Type:Bank\nD05/01/2024\nT2150.00\nPNorthwind Logistics Payroll\nMSemi-monthly salary\nLIncome:Salary\n^\n"
            ))
        #expect(
            text.contains(
                "D05/24/2024\nT-212.62\nN1049\nPEvergreen Mutual Insurance\nA77 Lovejoy Square, Portland, OR 97209\nSInsurance:Auto\nEAuto, 2 vehicles\n$-139.80\nSInsurance:Home\nERenters policy\n$-72.82\n^\n"
            ))
        #expect(text.contains("D05/20/2024\nT-1284.30\nPVisa Signature Payment\nMStatement closing 05/14\nL[Visa Signature]\n^\n"))
        #expect(text.contains("^\n!Account\nNVisa Signature\nTCCard\n^\n!Type:CCard\nD05/02/2024\n"))
        // The first split had no `E` and took the record's memo: each split now has its own `E`.
        #expect(text.contains("PBulk Barn Warehouse\nSFood:Groceries\nEMonthly stock-up\n$-180.55\nSHousehold:Supplies\nEPaper goods, detergent\n$-49.62\n^\n"))
        #expect(text.components(separatedBy: "\nD").count - 1 == 25, "28 activities, 25 records")
    }

    /// The issue's case: one account with USD, EUR and GBP amounts.
    static func threeCurrencies() -> [PaymentActivity] {
        let date = LocalDate(year: 2024, month: 5, day: 2)!
        return [("USD", -1199, 2), ("EUR", -3600, 3), ("USD", 4000, 4), ("GBP", -1850, 5), ("EUR", 5995, 6)].map { code, cents, line in
            PaymentActivity(
                id: ActivityID(value: UInt64(line) << 16), account: "Checking 1234", date: date, name: "Payee \(line)",
                amount: Money(units: Int64(cents), scale: 2, currency: CurrencyCode(code)),
                source: SourceLocation(file: "paypal.csv", line: line))
        }
    }

    @Test func anAccountInThreeCurrenciesGetsASectionPerCurrencyAndOneNotice() throws {
        let (text, notices) = try Self.qif(Self.threeCurrencies())
        let blocks = text.split(separator: "\n").enumerated().filter { $0.element.hasPrefix("!") || $0.element.hasPrefix("N") }.map(\.element)
        #expect(
            blocks == [
                "!Account", "NChecking 1234 (USD)", "!Type:Bank", "!Account", "NChecking 1234 (EUR)", "!Type:Bank",
                "!Account", "NChecking 1234 (GBP)", "!Type:Bank",
            ])
        #expect(notices.count == 1)
        #expect(
            notices.first?.hasPrefix(
                "QIF has no currency field: an account's amounts in more than one currency are written in a section per currency, named with it ('Checking 1234 (USD)', 'Checking 1234 (EUR)', 'Checking 1234 (GBP)')"
            ) == true)
        // pfin's reader takes the currency back from the section's name, and the account without it.
        let back = try readQIF(Array(text.utf8), name: "three.qif")
        #expect(back.diagnostics.isEmpty)
        #expect(
            back.activities.map { "\($0.account ?? "-") \($0.amount.decimalString) \($0.currency?.description ?? "-") \($0.name)" } == [
                "Checking 1234 -11.99 USD Payee 2", "Checking 1234 40.00 USD Payee 4", "Checking 1234 -36.00 EUR Payee 3",
                "Checking 1234 59.95 EUR Payee 6", "Checking 1234 -18.50 GBP Payee 5",
            ])
    }

    @Test(
        "a section name's currency suffix",
        arguments: [
            ("Checking 1234 (EUR)", "Checking 1234", "EUR"), ("(GBP)", nil, "GBP"), ("Savings (usd)", "Savings (usd)", nil),
            ("Fund (ABC)", "Fund (ABC)", nil), ("Plain", "Plain", nil), ("Trip(EUR)", "Trip", "EUR"),
        ] as [(String, String?, String?)])
    func currencySuffix(_ name: String, _ account: String?, _ currency: String?) {
        let (base, code) = QIFParser.currencySuffix(name)
        #expect(base == account)
        #expect(code?.description == currency)
    }

    @Test func textLinesCurrenciesAndTransfersWithoutAccountAreNoticed() throws {
        let source = SourceLocation(file: "x.csv", line: 2)
        let date = LocalDate(year: 2024, month: 5, day: 14)!
        let a = PaymentActivity(
            id: ActivityID(value: 0x10), account: nil, date: date, name: "Two\nLines", amount: Money(units: -5, scale: 0, currency: CurrencyCode("EUR")),
            memo: "memo\r\nhere", type: .transfer, category: "Savings", source: source)
        var b = a
        b.account = "Checking"
        var c = a
        c.account = nil
        let (text, notices) = try Self.qif([a, b, c])
        // Both activities without an account go to the leading section without a block.
        let record = "D05/14/2024\nT-5.00\nPTwo Lines\nMmemo  here\nLSavings\n^\n"
        #expect(text == "!Type:Bank\n" + record + record + "!Account\nNChecking\nTBank\n^\n!Type:Bank\n" + record)
        #expect(
            notices == [
                "QIF has no currency: amounts were written without theirs; read the file back with --currency CODE",
                "3 transfers without a 'Transfers:' category written as plain transactions (QIF marks transfers with '[account]' categories)",
            ])
    }

    /// What survives QIF, as text: see the suite's comment for what is compared loosely.
    static func carried(_ a: PaymentActivity) -> String {
        func clean(_ text: String?) -> String? {
            guard let text else { return nil }
            let flat = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
                .trimmingCharacters(in: .whitespaces)
            return flat.isEmpty ? nil : flat
        }
        let numeric = a.checkNumber.map { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } } ?? false
        let memo = clean(a.memo) ?? (numeric ? nil : clean(a.checkNumber))
        let transfer = a.type == .transfer && (a.category?.hasPrefix("Transfers:") ?? false)
        let type = a.type == .transfer && !transfer ? PaymentType(sign: a.amount) : a.type
        let amount = Money(units: a.amount.units, scale: a.amount.scale)
        return [
            a.date.description, clean(a.name) ?? "", amount.decimalString, type.rawValue, a.account ?? "∅", clean(a.address) ?? "∅",
            memo ?? "∅", clean(a.category) ?? "∅", numeric ? a.checkNumber! : "∅",
        ].joined(separator: "|")
    }

    @Test(arguments: SampleTests.expectations.map(\.file))
    func everySampleSurvivesARoundTripThroughQIF(_ file: String) throws {
        let original = try readDetected(Repository.sample(file)).activities
        let (text, _) = try Self.qif(original)
        let back = try readQIF(Array(text.utf8), name: "round-trip.qif")
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        // A section per account and currency: records of one keep their order, sections follow
        // each other (paypal-activity.csv interleaves USD, EUR and GBP).
        #expect(back.activities.map(Self.carried).sorted() == original.map(Self.carried).sorted())
        let again = try readQIF(Array(text.utf8), name: "round-trip.qif")
        #expect(again.activities.map(\.id) == back.activities.map(\.id), "reading a QIF twice gives the same ids")
        #expect(Set(back.activities.map(\.id)).count == back.activities.count)
    }

    @Test func splitsSharingAMemoGetOneMemoLine() throws {
        let lines = ["!Type:Bank", "D05/20/2024", "T-3.00", "PShop", "MShared", "SA", "$-1.00", "SB", "$-2.00", "^"]
        let (text, _) = try Self.qif(try readQIF(lines).activities)
        #expect(text == "!Type:Bank\nD05/20/2024\nT-3.00\nPShop\nMShared\nSA\n$-1.00\nSB\n$-2.00\n^\n")
    }

    @Test func aSingleCurrencySampleGetsItsCurrencyBackWithTheOption() throws {
        let original = try readDetected(Repository.sample("de-dkb-giro.csv")).activities
        let back = try readQIF(Array(try Self.qif(original).text.utf8), options: ReadOptions(currency: CurrencyCode("EUR")))
        #expect(back.activities.map(\.amount) == original.map(\.amount))
    }
}
