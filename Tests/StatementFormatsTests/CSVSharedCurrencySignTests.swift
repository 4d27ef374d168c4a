import FinanceCore
import Testing

@testable import StatementFormats

/// `$` alone and `¥`/`￥` are signs several currencies share: what the row, the file or
/// `--currency` states decides, and only without any of them is the sign read as its guess (USD;
/// JPY, or CNY for amounts with decimals).
@Suite struct CSVSharedCurrencySignTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        var currency: String? = nil
        /// The currency of every row read.
        let expected: String?
    }

    static let cases: [Case] = [
        .init(
            testDescription: "$ alone, nothing else said: USD",
            text: "Date,Description,Amount\n2024-04-01,Shop,-$45.20\n2024-04-02,Pay,$2000.00\n", expected: "USD"),
        .init(
            testDescription: "$ alone and --currency AUD: AUD",
            text: "Date,Description,Amount\n2024-04-01,Shop,-$45.20\n2024-04-02,Pay,$2000.00\n", currency: "AUD", expected: "AUD"),
        .init(
            testDescription: "$ alone and a currency column: the column's",
            text: "Date,Description,Amount,Currency\n2024-04-01,Shop,-$45.20,NZD\n2024-04-02,Pay,$2000.00,NZD\n", currency: "AUD",
            expected: "NZD"),
        .init(
            testDescription: "$ alone under a header naming the currency: the header's",
            text: "Date,Description,Amount (SGD)\n2024-04-01,Shop,-$45.20\n2024-04-02,Pay,$2000.00\n", expected: "SGD"),
        .init(
            testDescription: "a sign that names one currency wins over --currency",
            text: "Date,Description,Amount\n2024-04-01,Shop,-€45.20\n2024-04-02,Pay,A$2000.00\n", currency: "USD", expected: nil),
        .init(
            testDescription: "a header's ($) alone: USD",
            text: "Date,Description,Amount ($)\n2024-04-01,Shop,-45.20\n2024-04-02,Pay,2000.00\n", expected: "USD"),
        .init(
            testDescription: "a header's ($) and --currency CAD: CAD",
            text: "Date,Description,Amount ($)\n2024-04-01,Shop,-45.20\n2024-04-02,Pay,2000.00\n", currency: "CAD", expected: "CAD"),
        .init(
            testDescription: "a header's (¥) over amounts with decimals: CNY",
            text: "日期,摘要,金额(¥)\n2024-04-01,超市,-45.20\n2024-04-02,工资,2000.00\n", expected: "CNY"),
        .init(
            testDescription: "a header's (￥) over whole amounts: JPY",
            text: "日付,内容,金額(￥)\n2024/04/01,セブンイレブン,-1200\n2024/04/02,給与,250000\n", expected: "JPY"),
        .init(
            testDescription: "¥ in the cells with decimals: CNY",
            text: "日期,摘要,金额\n2024-04-01,超市,-¥45.20\n2024-04-02,工资,¥2000.00\n", expected: "CNY"),
        .init(
            testDescription: "a commodity column of $ (hledger's CSV) and --currency AUD: AUD",
            text: "date,description,amount,commodity\n2024-04-01,Shop,-45.20,$\n2024-04-02,Pay,2000,$\n", currency: "AUD",
            expected: "AUD"),
        .init(
            testDescription: "a commodity column of $, nothing else said: USD",
            text: "date,description,amount,commodity\n2024-04-01,Shop,-45.20,$\n2024-04-02,Pay,2000,$\n", expected: "USD"),
        .init(
            testDescription: "ledger's csv, no header: its commodity column of € is found, and is the currency",
            text: "\"2024/04/01\",\"\",\"Shop\",\"Assets:Checking\",\"€\",\"-45.20\",\"\",\"\"\n"
                + "\"2024/04/02\",\"\",\"Pay\",\"Assets:Checking\",\"€\",\"2000\",\"\",\"\"\n", currency: "CAD", expected: "EUR"),
        .init(
            testDescription: "¥ in the cells and --currency HKD: HKD",
            text: "日期,摘要,金额\n2024-04-01,超市,-¥45.20\n2024-04-02,工资,¥2000.00\n", currency: "HKD", expected: "HKD"),
    ]

    @Test(arguments: cases)
    func currencyOfTheRows(_ c: Case) throws {
        let read = try readCSV(c.text, options: ReadOptions(currency: c.currency.flatMap { CurrencyCode($0) }))
        #expect(read.diagnostics.filter { $0.severity == .error }.isEmpty, "\(read.diagnostics)")
        #expect(read.activities.count == 2)
        if let expected = c.expected {
            #expect(read.activities.map { $0.amount.currency } == [CurrencyCode(expected), CurrencyCode(expected)])
        } else {
            #expect(read.activities.map { $0.amount.currency } == [CurrencyCode("EUR"), CurrencyCode("AUD")])
        }
    }

    /// `$` read as USD in a file of day-first dates, which US banks do not write: one warning, at
    /// the first such row, naming `--currency`; none once the currency is named, or with dates
    /// month first.
    @Test func aDollarGuessedAgainstDayFirstDatesIsWarnedOfOnce() throws {
        let dayFirst = "Date,Description,Amount\n01/04/2024,Shop,-$45.20\n13/04/2024,Pay,$2000.00\n15/04/2024,Bus,-$3.10\n"
        let read = try readCSV(dayFirst)
        let warnings = read.diagnostics.filter { $0.code == CSVRowMapper.dollarGuessCode }
        #expect(warnings.count == 1)
        #expect(warnings.first?.location.line == 2)
        #expect(warnings.first?.message.contains("lines 2, 3, 4") == true)
        #expect(warnings.first?.notes.first?.contains("--currency AUD") == true)
        #expect(read.activities.allSatisfy { $0.amount.currency == CurrencyCode("USD") })
        let named = try readCSV(dayFirst, options: ReadOptions(currency: CurrencyCode("AUD")))
        #expect(!named.diagnostics.contains { $0.code == CSVRowMapper.dollarGuessCode })
        let monthFirst = "Date,Description,Amount\n04/01/2024,Shop,-$45.20\n04/13/2024,Pay,$2000.00\n"
        #expect(!(try readCSV(monthFirst)).diagnostics.contains { $0.code == CSVRowMapper.dollarGuessCode })
        let header = "Date,Description,Amount ($)\n01/04/2024,Shop,-45.20\n13/04/2024,Pay,2000.00\n"
        #expect((try readCSV(header)).diagnostics.filter { $0.code == CSVRowMapper.dollarGuessCode }.count == 1)
        let amongPounds = "Date,Description,Amount\n14/05/2024,Salary,£1234.56\n18/05/2024,Amazon US,-$5.00\n"
        #expect(!(try readCSV(amongPounds)).diagnostics.contains { $0.code == CSVRowMapper.dollarGuessCode })
    }

    /// A balance cell written with `$` is the account's balance, in the currency its rows are in.
    @Test func balanceCellsFollowTheStatedCurrency() throws {
        var sink = RowBalanceCollector()
        let text = "Date,Description,Amount,Balance\n2024-04-01,Shop,-$45.20,$954.80\n2024-04-02,Pay,$2000.00,\"$2,954.80\"\n"
        let input = ByteInput(bytes: Array(text.utf8), displayName: "b.csv")
        try CSVStatementReader().read(input, options: ReadOptions(currency: CurrencyCode("AUD")), into: &sink)
        #expect(sink.balances.map { $0.amount.currency } == [CurrencyCode("AUD"), CurrencyCode("AUD")])
        #expect(sink.activities.map { $0.amount.currency } == [CurrencyCode("AUD"), CurrencyCode("AUD")])
    }

    private struct RowBalanceCollector: ActivitySink {
        var activities: [PaymentActivity] = []
        var balances: [RowBalance] = []
        mutating func accept(_ activity: PaymentActivity) throws { activities.append(activity) }
        mutating func report(_ diagnostic: Diagnostic) throws {}
        var wantsRowBalances: Bool { true }
        mutating func rowBalance(_ balance: RowBalance) throws { balances.append(balance) }
    }
}
