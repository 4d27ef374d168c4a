import FinanceCore
import Testing

@testable import StatementFormats

/// One amount column per currency (`currency-amounts`): RBC Royal Bank's `CAD$` and `USD$`, a
/// chequing account's rows in the first and a US-dollar account's in the second. Each row's
/// amount is the column it fills, in that column's currency; a row filling none or two is an error.
@Suite struct CSVCurrencyAmountTests {
    static let header = "\"Account Type\",\"Account Number\",\"Transaction Date\",\"Cheque Number\",\"Description 1\",\"Description 2\",\"CAD$\",\"USD$\"\n"

    /// A US-dollar account's rows first and most: before, the USD$ column was taken for the
    /// amount and CAD$ for its original amount, and the chequing row was an error.
    static let rbc =
        header + """
            USD Account,04321-1111111,3/5/2024,,"CONTACTLESS INTERAC","AMAZON.COM",,-23.99
            USD Account,04321-1111111,3/22/2024,,"WIRE IN","CLIENT LLC",,1200.00
            USD Account,04321-1111111,3/25/2024,,"WIRE IN","CLIENT LLC",,300.00
            Chequing,01234-5678901,3/1/2024,,"IDP PURCHASE - 1234","LOBLAWS #1089",-54.20,

            """

    static func amounts(_ read: Collector) -> [String] {
        read.activities.map { "\($0.account ?? "")|\($0.amount.decimalString)|\($0.currency?.description ?? "")" }
    }

    @Test func eachRowsAmountIsTheColumnItFillsInThatColumnsCurrency() throws {
        let dialect = try detectCSV(Self.rbc).dialect
        #expect(dialect.currencyAmounts)
        #expect(dialect.columns[.amount] == .name("CAD$"), "\(dialect.columns)")
        #expect(dialect.columns[.originalAmount] == nil)
        #expect(dialect.currency == nil, "each row's currency is its column's")
        let read = try readCSV(Self.rbc)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(
            Self.amounts(read) == [
                "04321-1111111|-23.99|USD", "04321-1111111|1200.00|USD", "04321-1111111|300.00|USD", "01234-5678901|-54.20|CAD",
            ])
    }

    @Test func printedAsAProfileAndReadBackTheSame() throws {
        let text = try detectCSV(Self.rbc).dialect.profileText(source: "rbc.csv")
        #expect(text.contains("\ncurrency-amounts yes  # "))
        #expect(!text.contains("\ncurrency "))
        var options = ReadOptions()
        options.csvProfile = try csvProfile(text)
        #expect(options.csvProfile.currencyAmounts == true)
        #expect(Self.amounts(try readCSV(Self.rbc, options: options)) == Self.amounts(try readCSV(Self.rbc)))
        // `no` reads the amount column alone: the US-dollar rows are errors.
        options.csvProfile = try csvProfile("columns date=3 amount=CAD$ account=2 name=6\ncurrency-amounts no\n")
        let alone = try readCSV(Self.rbc, options: options)
        #expect(alone.activities.count == 1)
        #expect(alone.errors.count == 3)
    }

    @Test("a row filling both columns or neither is an error naming them; the other rows are read")
    func bothOrNeither() throws {
        let text =
            Self.rbc + "Chequing,01234-5678901,3/26/2024,,\"BOTH\",\"FILLED\",-10.00,-7.50\nChequing,01234-5678901,3/27/2024,,\"NONE\",\"FILLED\",,\n"
        let read = try readCSV(text)
        #expect(read.activities.count == 4)
        #expect(
            read.errors.map { "\($0.location.line):\($0.message)" } == [
                "6:expected an amount in one of 'CAD$' or 'USD$', found '-10.00' in 'CAD$' and '-7.50' in 'USD$'",
                "7:expected an amount in one of 'CAD$' or 'USD$', found both empty",
            ])
        #expect(read.errors.allSatisfy { $0.code == "csv.bad-amount" })
    }

    @Test(
        "headers naming one thing in several currencies are one amount column each",
        arguments: [
            "Date,Description,Amount (EUR),Amount (USD),Amount (GBP)\n2024-03-01,Bakery,-4.50,,\n2024-03-02,Hotel NYC,,-210.00,\n2024-03-03,Tube,,,-2.80\n2024-03-04,Salary,2500.00,,\n",
            "Date,Description,Amount EUR,Amount USD,Amount GBP\n2024-03-01,Bakery,-4.50,,\n2024-03-02,Hotel NYC,,-210.00,\n2024-03-03,Tube,,,-2.80\n2024-03-04,Salary,2500.00,,\n",
            "Date,Description,EUR,USD,GBP\n2024-03-01,Bakery,-4.50,,\n2024-03-02,Hotel NYC,,-210.00,\n2024-03-03,Tube,,,-2.80\n2024-03-04,Salary,2500.00,,\n",
        ])
    func currencyNamedHeaders(_ text: String) throws {
        #expect(try detectCSV(text).dialect.currencyAmounts)
        let read = try readCSV(text)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(Self.amounts(read) == ["|-4.50|EUR", "|-210.00|USD", "|-2.80|GBP", "|2500.00|EUR"])
    }

    @Test("an amount and its original in another currency, filled together, are no amount per currency")
    func originalAmountLayoutIsLeftAlone() throws {
        let text =
            "Date,Description,Amount (EUR),Amount (USD)\n2024-03-01,Bakery,-4.50,\n2024-03-02,Hotel NYC,-193.20,-210.00\n2024-03-04,Salary,2500.00,\n2024-03-05,Amazon US,-13.80,-15.00\n"
        let dialect = try detectCSV(text).dialect
        #expect(!dialect.currencyAmounts)
        #expect(dialect.currency == CurrencyCode("EUR"))
        #expect(Self.amounts(try readCSV(text)) == ["|-4.50|EUR", "|-193.20|EUR", "|2500.00|EUR", "|-13.80|EUR"])
    }

    @Test func aLoneCurrencyCodeHeaderIsNoAmount() throws {
        #expect(HeaderMatching.currencyAndName("EUR")?.name == "amount")
        #expect(HeaderMatching.currencyAndName("CAD$")?.currency == CurrencyCode("CAD"))
        #expect(HeaderMatching.currencyAndName("Amount (USD)")?.name == "amount")
        #expect(HeaderMatching.currencyAndName("eur") == nil, "a code in capitals only")
        #expect(HeaderMatching.currencyAndName("Description") == nil)
        let text = "Date,Description,Amount,EUR\n2024-03-01,Bakery,-4.50,1.00\n2024-03-04,Salary,2500.00,1.00\n"
        let dialect = try detectCSV(text).dialect
        #expect(dialect.columns[.amount] == .name("Amount"))
        #expect(!dialect.currencyAmounts)
    }
}
