import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// The third OFX layer: element events to activities, statements and diagnostics, through
/// `OFXStatementReader` on small inline documents (mostly 1.x; the mapper does not know which
/// parser fed it).
@Suite struct OFXMapperTests {
    typealias Doc = OFXDocument

    static func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }
    static let usd = CurrencyCode("USD")!
    static let eur = CurrencyCode("EUR")!

    // MARK: Statement kinds

    @Test("STMTRS: bank statement transactions carry the account, currency, FITID and source line")
    func bankStatement() throws {
        let text = Doc.sgmlBank(
            Doc.sgmlTransaction("T1", amount: "-54.20", name: "Corner Shop") + "\n"
                + Doc.sgmlTransaction("T2", type: "CREDIT", date: "20240110", amount: "1200.00", name: "ACME PAYROLL"))
        let result = try readOFX(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.rows == ["2024-01-05|Corner Shop|-54.20|USD|111222333", "2024-01-10|ACME PAYROLL|1200.00|USD|111222333"])
        #expect(result.activities.map(\.fitid) == ["T1", "T2"])
        #expect(result.activities.map(\.type) == [.expense, .income])
        #expect(result.activities.map(\.source) == [SourceLocation(file: "t.ofx", line: 16), SourceLocation(file: "t.ofx", line: 23)])
        let statement = try #require(result.statements.first)
        #expect(result.statements.count == 1)
        #expect(statement.account == Account(id: "111222333", kind: .checking, institution: "121000248"))
        #expect(statement.currency == Self.usd)
        #expect(statement.start == Self.date("2024-01-01"))
        #expect(statement.end == Self.date("2024-01-31"))
    }

    static let creditCard = """
        <OFX>
        <CREDITCARDMSGSRSV1>
        <CCSTMTTRNRS>
        <TRNUID>1
        <STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <CCSTMTRS>
        <CURDEF>EUR
        <CCACCTFROM><ACCTID>4111XXXXXXXX1111</CCACCTFROM>
        <BANKTRANLIST><DTSTART>20240101<DTEND>20240131
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240112<TRNAMT>-23.10<FITID>C1<NAME>Bakery</STMTTRN>
        <STMTTRN><TRNTYPE>PAYMENT<DTPOSTED>20240128<TRNAMT>500.00<FITID>C2<NAME>Thank you</STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>-123.45<DTASOF>20240131</LEDGERBAL>
        </CCSTMTRS>
        </CCSTMTTRNRS>
        </CREDITCARDMSGSRSV1>
        </OFX>
        """

    @Test("CCSTMTRS: credit card transactions and a credit card statement")
    func creditCardStatement() throws {
        let result = try readOFX(Self.creditCard)
        #expect(result.diagnostics.isEmpty)
        #expect(result.rows == ["2024-01-12|Bakery|-23.10|EUR|4111XXXXXXXX1111", "2024-01-28|Thank you|500.00|EUR|4111XXXXXXXX1111"])
        #expect(result.statements.map(\.account) == [Account(id: "4111XXXXXXXX1111", kind: .creditCard)])
        #expect(
            result.statements.first?.ledgerBalance
                == Balance(
                    amount: Money(units: -12345, scale: 2, currency: Self.eur),
                    date: Self.date("2024-01-31")))
    }

    static let investment = """
        <OFX>
        <INVSTMTMSGSRSV1>
        <INVSTMTTRNRS>
        <TRNUID>1
        <STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <INVSTMTRS>
        <DTASOF>20240131
        <CURDEF>USD
        <INVACCTFROM><BROKERID>broker.example.com<ACCTID>INV-777</INVACCTFROM>
        <INVTRANLIST>
        <DTSTART>20240101<DTEND>20240131
        <BUYSTOCK>
        <INVBUY>
        <INVTRAN><FITID>B1<DTTRADE>20240110<MEMO>Buy ACME</INVTRAN>
        <SECID><UNIQUEID>123456789<UNIQUEIDTYPE>CUSIP</SECID>
        <UNITS>10<UNITPRICE>50.00<TOTAL>-500.00
        <SUBACCTSEC>CASH<SUBACCTFUND>CASH
        </INVBUY>
        <BUYTYPE>BUY
        </BUYSTOCK>
        <INCOME>
        <INVTRAN><FITID>D1<DTTRADE>20240115<MEMO>Dividend</INVTRAN>
        <SECID><UNIQUEID>123456789<UNIQUEIDTYPE>CUSIP</SECID>
        <INCOMETYPE>DIV<TOTAL>12.34<SUBACCTSEC>CASH<SUBACCTFUND>CASH
        </INCOME>
        <INVBANKTRAN>
        <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240120<TRNAMT>1000.00<FITID>C1<NAME>Deposit</STMTTRN>
        <SUBACCTFUND>CASH
        </INVBANKTRAN>
        <INVBANKTRAN>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240125<TRNAMT>-25.00<FITID>C2<NAME>Account fee</STMTTRN>
        <SUBACCTFUND>CASH
        </INVBANKTRAN>
        </INVTRANLIST>
        </INVSTMTRS>
        </INVSTMTTRNRS>
        </INVSTMTMSGSRSV1>
        </OFX>
        """

    @Test("INVSTMTRS: only INVBANKTRAN cash lines become activities, not BUYSTOCK or INCOME, which one warning counts")
    func investmentStatement() throws {
        let result = try readOFX(Self.investment)
        #expect(result.diagnostics.map(\.code) == ["ofx.skipped-investment-transactions"])
        #expect(result.diagnostics.first?.message.hasPrefix("2 investment transactions") == true)
        #expect(result.rows == ["2024-01-20|Deposit|1000.00|USD|INV-777", "2024-01-25|Account fee|-25.00|USD|INV-777"])
        #expect(result.activities.map(\.fitid) == ["C1", "C2"])
        #expect(result.activities.map(\.source.line) == [27, 31])
        #expect(result.statements.map(\.account) == [Account(id: "INV-777", kind: .investment, institution: "broker.example.com")])
    }

    static let severalStatements = """
        <OFX>
        <BANKMSGSRSV1>
        <STMTTRNRS><TRNUID>1
        <STMTRS><CURDEF>USD
        <BANKACCTFROM><BANKID>1<ACCTID>CHK-111<ACCTTYPE>CHECKING</BANKACCTFROM>
        <BANKTRANLIST>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>A<NAME>One</STMTTRN>
        </BANKTRANLIST>
        </STMTRS>
        </STMTTRNRS>
        <STMTTRNRS><TRNUID>2
        <STMTRS><CURDEF>EUR
        <BANKACCTFROM><BANKID>1<ACCTID>SAV-222<ACCTTYPE>SAVINGS</BANKACCTFROM>
        <BANKTRANLIST>
        <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240106<TRNAMT>2.00<FITID>A<NAME>Two</STMTTRN>
        <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240107<TRNAMT>3.00<FITID>B<NAME>Three</STMTTRN>
        </BANKTRANLIST>
        </STMTRS>
        </STMTTRNRS>
        </BANKMSGSRSV1>
        <CREDITCARDMSGSRSV1>
        <CCSTMTTRNRS><TRNUID>3
        <CCSTMTRS><CURDEF>GBP
        <CCACCTFROM><ACCTID>CC-333</CCACCTFROM>
        <BANKTRANLIST>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240108<TRNAMT>-4.00<FITID>A<NAME>Four</STMTTRN>
        </BANKTRANLIST>
        </CCSTMTRS>
        </CCSTMTTRNRS>
        </CREDITCARDMSGSRSV1>
        </OFX>
        """

    @Test("several statements with different accounts in one file: each activity tagged with its own ACCTID and CURDEF")
    func severalStatements() throws {
        let result = try readOFX(Self.severalStatements)
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.rows == [
                "2024-01-05|One|-1.00|USD|CHK-111", "2024-01-06|Two|2.00|EUR|SAV-222", "2024-01-07|Three|3.00|EUR|SAV-222",
                "2024-01-08|Four|-4.00|GBP|CC-333",
            ])
        #expect(result.statements.map(\.account.id) == ["CHK-111", "SAV-222", "CC-333"])
        #expect(result.statements.map(\.account.kind) == [.checking, .savings, .creditCard])
        #expect(result.statements.map(\.currency) == [Self.usd, Self.eur, CurrencyCode("GBP")])
        // The same FITID in three accounts is three transactions.
        #expect(Set(result.activities.map(\.id)).count == 4)
    }

    @Test("--account overrides ACCTID for every statement")
    func accountOption() throws {
        let result = try readOFX(Self.severalStatements, options: ReadOptions(account: "Household"))
        #expect(result.activities.count == 4)
        #expect(result.activities.allSatisfy { $0.account == "Household" })
        let plain = try readOFX(Self.severalStatements)
        #expect(result.activities.map(\.id) != plain.activities.map(\.id), "ids are per account")
    }

    // MARK: Values

    struct DateCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        /// ISO date, or nil when the text must be refused.
        let expected: String?
        /// The warning's code when the form is outside the specification but read.
        var warning: String? = nil
    }

    static let dateCases: [DateCase] = [
        .init(
            testDescription: "late evening in New York (20240131230000.000[-5:EST]) stays on 2024-01-31, no UTC shift",
            text: "20240131230000.000[-5:EST]", expected: "2024-01-31"),
        .init(
            testDescription: "just after midnight in Tokyo (20240201003000.000[+9:JST]) stays on 2024-02-01",
            text: "20240201003000.000[+9:JST]", expected: "2024-02-01"),
        .init(testDescription: "date alone (20240131)", text: "20240131", expected: "2024-01-31"),
        .init(testDescription: "date and time without milliseconds or zone", text: "20240131120000", expected: "2024-01-31"),
        .init(testDescription: "date and time with milliseconds, no zone", text: "20240131120000.000", expected: "2024-01-31"),
        .init(
            testDescription: "date with a zone but no time (20240131[0:GMT]) is read with a warning", text: "20240131[0:GMT]",
            expected: "2024-01-31", warning: "ofx.lenient.date-form@18:3"),
        .init(
            testDescription: "date with a zone but no time, west of Greenwich (20240131[-5:EST]), keeps its calendar date",
            text: "20240131[-5:EST]", expected: "2024-01-31", warning: "ofx.lenient.date-form@18:3"),
        .init(
            testDescription: "a space between date and time is read with a warning", text: "20240131 120000", expected: "2024-01-31",
            warning: "ofx.lenient.date-form@18:3"),
        .init(
            testDescription: "a T between date and time is read with a warning", text: "20240131T120000", expected: "2024-01-31",
            warning: "ofx.lenient.date-form@18:3"),
        .init(testDescription: "hours and minutes only (202401312359) is a specified form", text: "202401312359", expected: "2024-01-31"),
        .init(testDescription: "29 February of a leap year", text: "20240229", expected: "2024-02-29"),
        .init(testDescription: "dd.mm.yyyy is refused", text: "31.01.2024", expected: nil),
        .init(
            testDescription: "ISO 8601 with dashes, as some converters write it, is read with a warning", text: "2024-01-31",
            expected: "2024-01-31", warning: "ofx.lenient.date-form@18:3"),
        .init(
            testDescription: "ISO 8601 with a time is read with a warning", text: "2024-01-31T23:30:00", expected: "2024-01-31",
            warning: "ofx.lenient.date-form@18:3"),
        .init(testDescription: "ISO with month 13 is refused", text: "2024-13-01", expected: nil),
        .init(testDescription: "ISO followed by letters is refused", text: "2024-01-31X", expected: nil),
        .init(testDescription: "slashes are refused", text: "2024/01/31", expected: nil),
        .init(testDescription: "30 February is refused", text: "20240230", expected: nil),
        .init(testDescription: "month 13 is refused", text: "20241301", expected: nil),
        .init(testDescription: "seven digits are refused", text: "2024013", expected: nil),
        .init(testDescription: "letters after the date are refused", text: "20240131X", expected: nil),
    ]

    @Test(arguments: dateCases)
    func datePosted(_ c: DateCase) throws {
        let text = Doc.sgmlBank("  " + Doc.sgmlTransaction("1", date: c.text).replacingOccurrences(of: "\n", with: "\n  "))
        let result = try readOFX(text)
        if let expected = c.expected {
            #expect(result.codes == (c.warning.map { [$0] } ?? []))
            #expect(result.errors.isEmpty)
            #expect(result.activities.map(\.date) == [Self.date(expected)])
        } else {
            #expect(result.activities.isEmpty, "the transaction is skipped")
            #expect(result.codes == ["ofx.bad-date@18:3"], "reported where <DTPOSTED> is")
            #expect(result.errors.first?.message.contains("'\(c.text)'") == true)
        }
    }

    struct AmountCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        /// Decimal text, or nil when the amount must be refused.
        let expected: String?
        /// The warning's message when the layout is outside the specification but read.
        var warning: String? = nil
    }

    static let amountCases: [AmountCase] = [
        .init(testDescription: "decimal comma (-54,20) from some European banks", text: "-54,20", expected: "-54.20"),
        .init(testDescription: "explicit plus sign (+54.20)", text: "+54.20", expected: "54.20"),
        .init(testDescription: "whole number", text: "54", expected: "54.00"),
        .init(testDescription: "one decimal", text: "-0.5", expected: "-0.50"),
        .init(testDescription: "three decimals are kept, not rounded", text: "-54.205", expected: "-54.205"),
        .init(
            testDescription: "comma thousands with a decimal point are read with a warning", text: "1,234.56", expected: "1234.56",
            warning: "TRNAMT values use '.' as the decimal mark and ',' between thousands (1,234.56); read them so for the whole file"),
        .init(
            testDescription: "point thousands with a decimal comma are read with a warning", text: "-1.234,56", expected: "-1234.56",
            warning: "TRNAMT values use ',' as the decimal mark and '.' between thousands (-1.234,56); read them so for the whole file"),
        .init(testDescription: "zero", text: "0.00", expected: "0.00"),
        .init(testDescription: "letters are refused", text: "abc", expected: nil),
        .init(testDescription: "an amount with a currency code is refused", text: "-54.20 EUR", expected: nil),
    ]

    @Test(arguments: amountCases)
    func transactionAmount(_ c: AmountCase) throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1", amount: c.text)))
        if let expected = c.expected {
            #expect(result.diagnostics.map(\.message) == (c.warning.map { [$0] } ?? []))
            #expect(result.errors.isEmpty)
            #expect(result.activities.map(\.amount.decimalString) == [expected])
            #expect(result.activities.map(\.currency) == [Self.usd])
        } else {
            #expect(result.activities.isEmpty)
            #expect(result.codes == ["ofx.bad-amount@19:1"])
        }
    }

    struct CurrencyCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let extra: String
        let options: ReadOptions
        let curdef: String
        let expected: String?
        /// The kept original: `CURSYM@CURRATE`, or `CURSYM AMOUNT@CURRATE` when it has an amount.
        var original: String? = nil
        /// The amount booked (the transaction's TRNAMT is -10.00).
        var amount = "-10.00"
        var warning: String? = nil
    }

    static let currencyCases: [CurrencyCase] = [
        .init(testDescription: "CURDEF gives the currency", extra: "", options: ReadOptions(), curdef: "USD", expected: "USD"),
        .init(
            testDescription: "CURRENCY aggregate: TRNAMT is in CURSYM, and the account was charged TRNAMT × CURRATE",
            extra: "<CURRENCY><CURRATE>1.08<CURSYM>EUR</CURRENCY>", options: ReadOptions(), curdef: "USD", expected: "USD",
            original: "EUR -10.00@1.08", amount: "-10.80"),
        .init(
            testDescription: "CURRENCY: the charge is rounded half away from zero to CURDEF's cents",
            extra: "<CURRENCY><CURRATE>1.0835<CURSYM>EUR</CURRENCY>", options: ReadOptions(), curdef: "USD", expected: "USD",
            original: "EUR -10.00@1.0835", amount: "-10.84"),
        .init(
            testDescription: "CURRENCY into yen: no minor digits", extra: "<CURRENCY><CURRATE>161.55<CURSYM>EUR</CURRENCY>",
            options: ReadOptions(), curdef: "JPY", expected: "JPY", original: "EUR -10.00@161.55", amount: "-1616"),
        .init(
            testDescription: "CURRENCY without CURRATE: read in CURSYM as stated, with a warning",
            extra: "<CURRENCY><CURSYM>EUR</CURRENCY>", options: ReadOptions(), curdef: "USD", expected: "EUR",
            warning:
                "transactions in EUR (<CURRENCY>) on a USD statement state no exchange rate (<CURRATE>): they are read in EUR, as stated, and the amount charged in USD is not known"
        ),
        .init(
            testDescription: "CURRENCY naming CURDEF itself: nothing converted",
            extra: "<CURRENCY><CURRATE>1<CURSYM>USD</CURRENCY>", options: ReadOptions(), curdef: "USD", expected: "USD"),
        .init(
            testDescription: "CURRENCY with no CURDEF and no --currency: CURSYM as stated",
            extra: "<CURRENCY><CURRATE>1.08<CURSYM>EUR</CURRENCY>", options: ReadOptions(), curdef: "", expected: "EUR"),
        .init(
            testDescription: "ORIGCURRENCY aggregate: the amount was converted to CURDEF",
            extra: "<ORIGCURRENCY><CURRATE>1.08<CURSYM>EUR</ORIGCURRENCY>", options: ReadOptions(), curdef: "USD", expected: "USD",
            original: "EUR@1.08"),
        .init(
            testDescription: "ORIGCURRENCY with a bad rate: the currency is kept without it",
            extra: "<ORIGCURRENCY><CURRATE>n/a<CURSYM>EUR</ORIGCURRENCY>", options: ReadOptions(), curdef: "USD", expected: "USD",
            original: "EUR@"),
        .init(
            testDescription: "ORIGCURRENCY naming CURDEF itself: nothing to keep",
            extra: "<ORIGCURRENCY><CURRATE>1<CURSYM>USD</ORIGCURRENCY>", options: ReadOptions(), curdef: "USD", expected: "USD"),
        .init(
            testDescription: "no CURDEF: --currency is used", extra: "", options: ReadOptions(currency: CurrencyCode("GBP")),
            curdef: "", expected: "GBP"),
        .init(
            testDescription: "CURDEF wins over --currency", extra: "", options: ReadOptions(currency: CurrencyCode("GBP")),
            curdef: "USD", expected: "USD"),
        .init(testDescription: "no CURDEF and no --currency: no currency", extra: "", options: ReadOptions(), curdef: "", expected: nil),
    ]

    @Test(arguments: currencyCases)
    func currency(_ c: CurrencyCase) throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1", extra: c.extra), currency: c.curdef), options: c.options)
        #expect(result.diagnostics.map(\.message) == (c.warning.map { [$0] } ?? []))
        #expect(result.activities.map { $0.currency?.description } == [c.expected])
        #expect(result.activities.map(\.amount.decimalString) == [c.amount])
        #expect(
            result.activities.map {
                $0.original.map { "\($0.currency)\($0.amount.map { " \($0.decimalString)" } ?? "")@\($0.rate?.description ?? "")" }
            } == [c.original])
    }

    struct TypeCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let type: String
        let amount: String
        let expected: PaymentType
    }

    static let typeCases: [TypeCase] = [
        .init(testDescription: "XFER out is a transfer", type: "XFER", amount: "-100.00", expected: .transfer),
        .init(testDescription: "XFER in is a transfer", type: "XFER", amount: "100.00", expected: .transfer),
        .init(testDescription: "lower-case xfer is a transfer", type: "xfer", amount: "100.00", expected: .transfer),
        .init(testDescription: "DEBIT is an expense", type: "DEBIT", amount: "-5.00", expected: .expense),
        .init(testDescription: "CREDIT is income", type: "CREDIT", amount: "5.00", expected: .income),
        .init(testDescription: "a positive DEBIT (a refund) follows its sign", type: "DEBIT", amount: "5.00", expected: .income),
        .init(testDescription: "POS purchase follows its sign", type: "POS", amount: "-5.00", expected: .expense),
    ]

    @Test(arguments: typeCases)
    func transactionType(_ c: TypeCase) throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1", type: c.type, amount: c.amount)))
        #expect(result.activities.map(\.type) == [c.expected])
    }

    @Test("zeros past the currency's minor digits are dropped at reading, exactly; other digits stay")
    func extraDecimals() throws {
        let t = [("1", "-30.000"), ("2", "-3.77000"), ("3", "-1.005"), ("4", "12.5"), ("5", "7")]
            .map { Doc.sgmlTransaction($0.0, amount: $0.1) }.joined(separator: "\n")
        let result = try readOFX(Doc.sgmlBank(t, trailer: "<LEDGERBAL><BALAMT>100.2500<DTASOF>20240131</LEDGERBAL>"))
        #expect(result.activities.map(\.amount.decimalString) == ["-30.00", "-3.77", "-1.005", "12.50", "7.00"])
        #expect(result.activities.map(\.amount.scale) == [2, 2, 3, 1, 0])
        #expect(result.statements.last?.ledgerBalance?.amount.decimalString == "100.25")
        let yen = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1", amount: "-300.00"), currency: "JPY"))
        #expect(yen.activities.map(\.amount.decimalString) == ["-300"])
    }

    // MARK: Names, memos, numbers

    @Test("NAME, MEMO, CHECKNUM and FITID reach the activity")
    func fields() throws {
        let result = try readOFX(
            Doc.sgmlBank(
                Doc.sgmlTransaction(
                    "F-9", type: "CHECK", name: "Landlord",
                    extra: "<CHECKNUM>1042\n<MEMO>January rent")))
        let a = try #require(result.activities.first)
        #expect(a.name == "Landlord")
        #expect(a.memo == "January rent")
        #expect(a.checkNumber == "1042")
        #expect(a.fitid == "F-9")
        #expect(a.address == nil)
    }

    @Test("REFNUM is the bank's reference, not a cheque number: it is not kept; CHECKNUM is")
    func refnumIsNoCheckNumber() throws {
        let result = try readOFX(
            Doc.sgmlBank(
                Doc.sgmlTransaction("320240240255184014", extra: "<REFNUM>320240240255184014") + "\n"
                    + Doc.sgmlTransaction("2", type: "CHECK", extra: "<CHECKNUM>1043\n<REFNUM>refnum")))
        #expect(result.activities.map(\.checkNumber) == [nil, "1043"])
        #expect(result.activities.map(\.memo) == [nil, nil])
    }

    struct NameCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let name: String?
        let extra: String
        let expectedName: String
        let expectedAddress: String?
    }

    static let nameCases: [NameCase] = [
        .init(
            testDescription: "no NAME: the PAYEE aggregate's name and address",
            name: nil, extra: "<PAYEE><NAME>Acme Corp<ADDR1>1 Main St<CITY>Springfield<STATE>IL<POSTALCODE>62701</PAYEE>",
            expectedName: "Acme Corp", expectedAddress: "1 Main St, Springfield, IL, 62701"),
        .init(
            testDescription: "NAME cut at 32 characters is completed by a longer EXTDNAME",
            name: "AMAZON MKTPLACE PMTS AMZN.COM/BI", extra: "<EXTDNAME>AMAZON MKTPLACE PMTS AMZN.COM/BILL WA",
            expectedName: "AMAZON MKTPLACE PMTS AMZN.COM/BILL WA", expectedAddress: nil),
        .init(
            testDescription: "an EXTDNAME that does not extend NAME leaves NAME", name: "Shop", extra: "<EXTDNAME>Something else entirely",
            expectedName: "Shop", expectedAddress: nil),
        .init(
            testDescription: "no NAME and no PAYEE: the MEMO is the name", name: nil, extra: "<MEMO>Card purchase 1234",
            expectedName: "Card purchase 1234", expectedAddress: nil),
        .init(
            testDescription: "empty NAME followed by a line break: the MEMO is the name, the NAME does not swallow it",
            name: "", extra: "<MEMO>ATM withdrawal", expectedName: "ATM withdrawal", expectedAddress: nil),
    ]

    @Test(arguments: nameCases)
    func names(_ c: NameCase) throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1", name: c.name, extra: c.extra)))
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(\.name) == [c.expectedName])
        #expect(result.activities.map(\.address) == [c.expectedAddress])
    }

    @Test("entities and a bare & in 1.x names are decoded and kept")
    func entitiesInNames() throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("1", name: "AT&T &amp; B&H Caf&#233;")))
        #expect(result.activities.map(\.name) == ["AT&T & B&H Café"])
    }

    // MARK: Ids

    @Test("ids are stable across two reads of the same file")
    func stableIDs() throws {
        let text = Doc.sgmlBank(Doc.sgmlTransaction("A") + "\n" + Doc.sgmlTransaction(nil, name: "No FITID"))
        let first = try readOFX(text), second = try readOFX(text)
        #expect(first.activities.count == 2)
        #expect(first.activities.map(\.id) == second.activities.map(\.id))
    }

    @Test("two transactions alike but for their FITIDs have different ids")
    func fitidsMakeIDs() throws {
        let result = try readOFX(Doc.sgmlBank(Doc.sgmlTransaction("A") + "\n" + Doc.sgmlTransaction("B")))
        #expect(result.activities.count == 2)
        #expect(result.activities[0].id != result.activities[1].id)
    }

    @Test("the id follows the FITID, not the line: a transaction moved in the file keeps its id")
    func idIgnoresPosition() throws {
        let a = Doc.sgmlTransaction("A", name: "First"), b = Doc.sgmlTransaction("B", name: "Second")
        let one = try readOFX(Doc.sgmlBank(a + "\n" + b)), other = try readOFX(Doc.sgmlBank(b + "\n" + a))
        #expect(one.activities.map(\.id) == other.activities.reversed().map(\.id))
    }

    @Test("identical transactions without FITID still get distinct ids")
    func identicalWithoutFITID() throws {
        let t = Doc.sgmlTransaction(nil, name: "Coffee")
        let result = try readOFX(Doc.sgmlBank(t + "\n" + t))
        #expect(result.activities.count == 2)
        #expect(result.activities[0].id != result.activities[1].id)
    }
}
