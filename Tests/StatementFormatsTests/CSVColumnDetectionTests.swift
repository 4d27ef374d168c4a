import FinanceCore
import Testing

@testable import StatementFormats

/// Dialect detection, continued: which columns hold the amounts (from their values), card-style
/// signs, and date layouts, including ambiguous ones.
@Suite struct CSVColumnDetectionTests {
    // MARK: Columns from values

    struct ValueColumnsCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let columns: [ColumnRole: Int]
        let rows: [String]
    }

    static let valueColumnsCases: [ValueColumnsCase] = [
        .init(
            testDescription: "headerless: date, signed amount, description, running balance (ascending)",
            text:
                "14/05/2024,-4.00,Account Fee,996.00\n15/05/2024,+3850.00,Salary ACME,4846.00\n20/05/2024,-18.99,NETFLIX.COM,4827.01\n28/05/2024,-89.00,TELSTRA,4738.01\n",
            columns: [.date: 1, .amount: 2, .name: 3, .balance: 4],
            rows: [
                "2024-05-14|Account Fee|-4.00|", "2024-05-15|Salary ACME|3850.00|", "2024-05-20|NETFLIX.COM|-18.99|",
                "2024-05-28|TELSTRA|-89.00|",
            ]),
        .init(
            testDescription: "headerless: running balance before the amount, told apart by adding up",
            text:
                "14/05/2024,996.00,Account Fee,-4.00\n15/05/2024,4846.00,Salary ACME,3850.00\n20/05/2024,4827.01,NETFLIX.COM,-18.99\n28/05/2024,4738.01,TELSTRA,-89.00\n",
            columns: [.date: 1, .balance: 2, .name: 3, .amount: 4],
            rows: [
                "2024-05-14|Account Fee|-4.00|", "2024-05-15|Salary ACME|3850.00|", "2024-05-20|NETFLIX.COM|-18.99|",
                "2024-05-28|TELSTRA|-89.00|",
            ]),
        .init(
            testDescription: "headerless, the balance before each row's amount (ASN Bank): the amount by adding up, the balance unused",
            text:
                "14-05-2024,1000.00,Bakkerij de Vries,-4.10\n15-05-2024,995.90,Werkgever BV,2000.00\n20-05-2024,2995.90,Eneco,-80.00\n21-05-2024,2915.90,Huur,-750.00\n",
            columns: [.date: 1, .name: 3, .amount: 4],
            rows: [
                "2024-05-14|Bakkerij de Vries|-4.10|", "2024-05-15|Werkgever BV|2000.00|", "2024-05-20|Eneco|-80.00|",
                "2024-05-21|Huur|-750.00|",
            ]),
        .init(
            testDescription: "headerless, newest first (CommBank): the balance runs backwards",
            text:
                "28/05/2024,\"-89.00\",\"TELSTRA\",\"+4,738.01\"\n20/05/2024,\"-18.99\",\"NETFLIX.COM\",\"+4,827.01\"\n15/05/2024,\"+3,850.00\",\"Salary ACME\",\"+4,846.00\"\n14/05/2024,\"-4.00\",\"Account Fee\",\"+996.00\"\n",
            columns: [.date: 1, .amount: 2, .name: 3, .balance: 4],
            rows: [
                "2024-05-28|TELSTRA|-89.00|", "2024-05-20|NETFLIX.COM|-18.99|", "2024-05-15|Salary ACME|3850.00|",
                "2024-05-14|Account Fee|-4.00|",
            ]),
        .init(
            testDescription: "headerless with a booking and a value date",
            text: "2024-05-14;2024-05-13;Bäckerei Müller;-4,10\n2024-05-15;2024-05-15;Gehalt;2.000,00\n2024-05-21;2024-05-20;Stadtwerke;-80,00\n",
            columns: [.date: 1, .valueDate: 2, .name: 3, .amount: 4],
            rows: ["2024-05-14|Bäckerei Müller|-4.10|", "2024-05-15|Gehalt|2000.00|", "2024-05-21|Stadtwerke|-80.00|"]),
        .init(
            testDescription: "headerless debit and credit columns that never both hold a value",
            text: "2024-05-14,Coffee shop,3.50,\n2024-05-15,Salary,,1200.00\n2024-05-20,Bookshop,12.99,\n2024-05-21,Refund,,5.00\n",
            columns: [.date: 1, .name: 2, .debit: 3, .credit: 4],
            rows: [
                "2024-05-14|Coffee shop|-3.50|", "2024-05-15|Salary|1200.00|", "2024-05-20|Bookshop|-12.99|",
                "2024-05-21|Refund|5.00|",
            ]),
    ]

    @Test(arguments: valueColumnsCases)
    func columnsFromValues(_ c: ValueColumnsCase) throws {
        let dialect = try detectCSV(c.text).dialect
        #expect(!dialect.hasHeader)
        #expect(dialect.skip == 0)
        #expect(dialect.columns == c.columns.mapValues { .position($0) })
        let read = try readCSV(c.text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.rows == c.rows)
    }

    /// A column of bank references (`K4A03PQXZ81MTB7R`, new in every row and long) under a header
    /// no one knows is no payee, however much more it varies than the names beside it.
    @Test func aColumnOfReferencesNamesNoOne() throws {
        let text = """
            Datum;Bedrag;Houder;Kenmerk
            03-05-2024;-12,50;Bakkerij de Vries;K4A03PQXZ81MTB7R
            04-05-2024;-80,00;Eneco;K4A04PRB7T2NQ9WD
            06-05-2024;2150,00;Werkgever BV;K4A06PUJ3H5KLA0E
            07-05-2024;-4,20;Bakkerij de Vries;K4A07PZZ6N1VCX2Y
            08-05-2024;-35,99;Eneco;K4A08PQQ2M7RTE5U

            """
        #expect(try detectCSV(text).dialect.columns[.name] == .name("Houder"))
        let read = try readCSV(text)
        #expect(read.activities.map(\.name) == ["Bakkerij de Vries", "Eneco", "Werkgever BV", "Bakkerij de Vries", "Eneco"])
    }

    @Test(arguments: [
        ("B9F21PGYA068V2KD", true), ("NOTPROVIDED-20240503-1", true), ("7-ELEVEN", false), ("AMAZON.COM", false),
        ("Bakkerij de Vries", false), ("PAYPAL *SPOTIFY 35314369001", false), ("0123456789", false),
    ])
    func referenceShape(_ cell: String, _ isReference: Bool) {
        #expect(ReferenceShape.isReference(cell) == isReference)
    }

    // MARK: Card-style signs

    struct SignCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let inverted: Bool
        let amounts: [String]
    }

    static let signCases: [SignCase] = [
        .init(
            testDescription: "card export: charges positive, PAYMENT THANK YOU negative",
            text:
                "Transaction Date,Description,Amount\n05/14/2024,STARBUCKS,6.45\n05/15/2024,AMAZON MKTPLACE,23.99\n05/16/2024,SHELL OIL,40.00\n05/20/2024,PAYMENT THANK YOU,-500.00\n05/21/2024,WHOLE FOODS,54.20\n",
            inverted: true, amounts: ["-6.45", "-23.99", "-40.00", "500.00", "-54.20"]),
        .init(
            testDescription: "card export named by its header (Card Member), charges only",
            text:
                "Date,Description,Card Member,Amount\n05/14/2024,UBER TRIP,J ELLIS,18.20\n05/15/2024,DELTA AIR,J ELLIS,412.00\n05/17/2024,HILTON,J ELLIS,230.15\n",
            inverted: true, amounts: ["-18.20", "-412.00", "-230.15"]),
        .init(
            testDescription: "checking account, mostly negative, is never flipped",
            text:
                "Date,Description,Amount\n05/14/2024,RENT,-1200.00\n05/15/2024,PAYROLL,2500.00\n05/16/2024,GROCERY,-54.20\n05/17/2024,GAS,-40.00\n05/20/2024,PAYMENT TO CARD,-300.00\n",
            inverted: false, amounts: ["-1200.00", "2500.00", "-54.20", "-40.00", "-300.00"]),
        .init(
            testDescription: "savings account: mostly deposits, one withdrawal without payment words",
            text: "Date,Description,Amount\n05/14/2024,DEPOSIT,200.00\n05/15/2024,INTEREST,1.25\n05/16/2024,DEPOSIT,150.00\n05/20/2024,ATM WITHDRAWAL,-60.00\n",
            inverted: false, amounts: ["200.00", "1.25", "150.00", "-60.00"]),
        .init(
            testDescription: "Chinese card statement: charges positive, refunds (退款, written without spaces) negative",
            text:
                "交易日期,交易摘要,交易金额\n2025/02/06,盒马鲜生,126.80\n2025/02/08,美团外卖,45.00\n2025/02/11,滴滴出行,23.50\n2025/02/15,京东商城,399.00\n2025/02/20,退款-盒马鲜生,-26.80\n"
                + "2025/02/25,京东退款,-99.00\n",
            inverted: true, amounts: ["-126.80", "-45.00", "-23.50", "-399.00", "26.80", "99.00"]),
    ]

    @Test("退款 is a refund's word, as refund: money into a card that says it is never the card's payment")
    func chineseRefundIsNoCardPayment() {
        #expect(CardPaymentWords.sayPayment(name: "PAYMENT RECEIVED", memo: nil))
        #expect(!CardPaymentWords.sayPayment(name: "PAYMENT RECEIVED", memo: "京东退款"))
        #expect(!CardPaymentWords.sayPayment(name: "京东退款", memo: nil, stated: true))
    }

    @Test(arguments: signCases)
    func cardStyleSigns(_ c: SignCase) throws {
        let detection = try detectCSV(c.text)
        #expect(detection.dialect.amountSign == (c.inverted ? .inverted : .asIs))
        let warning = detection.warnings.first { $0.code == "csv.sign-inverted" }
        #expect((warning != nil) == c.inverted)
        if let warning {
            #expect(warning.severity == .warning)
            #expect(warning.notes.contains { $0.contains("amount-sign as-is") })
        }
        let read = try readCSV(c.text)
        #expect(read.errors.isEmpty)
        #expect(read.activities.map(\.amount.decimalString) == c.amounts)
        #expect(read.warningCodes == (c.inverted ? ["csv.sign-inverted@1"] : []))
    }

    @Test func amountSignAsIsInAProfileStopsTheFlip() throws {
        let card = Self.signCases[0].text
        let options = ReadOptions(csvProfile: try csvProfile("amount-sign as-is\n"))
        let detection = try detectCSV(card, options: options)
        #expect(detection.dialect.amountSign == .asIs)
        #expect(detection.warnings.isEmpty)
        let read = try readCSV(card, options: options)
        #expect(read.diagnostics.isEmpty)
        #expect(read.activities.map(\.amount.decimalString) == ["6.45", "23.99", "40.00", "-500.00", "54.20"])
    }

    // MARK: Dates

    struct DateCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let dates: [String]
        let pattern: String
        let iso: [String]

        /// A small file whose date column holds `dates`, quoted (some layouts contain commas).
        var text: String {
            "Date,Description,Amount\n" + dates.enumerated().map { "\"\($1)\",Item \($0 + 1),-\($0 + 1).00\n" }.joined()
        }
    }

    static let dateCases: [DateCase] = [
        .init(
            testDescription: "ISO yyyy-mm-dd", dates: ["2024-05-03", "2024-05-15", "2024-05-28"], pattern: "yyyy-mm-dd",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "ISO with a time after the date", dates: ["2024-05-03 14:22", "2024-05-15T08:01:00Z", "2024-05-28 23:59:59"],
            pattern: "yyyy-mm-dd", iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "yyyy/mm/dd", dates: ["2024/05/03", "2024/05/15", "2024/05/28"], pattern: "yyyy/mm/dd",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "yyyy.mm.dd", dates: ["2024.05.03", "2024.05.15", "2024.05.28"], pattern: "yyyy.mm.dd",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "yyyymmdd without separators (ING)", dates: ["20240503", "20240515", "20240528"], pattern: "yyyymmdd",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "dd.mm.yyyy (German)", dates: ["03.05.2024", "15.05.2024", "28.05.2024"], pattern: "dd.mm.yyyy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "dd.mm.yy two-digit years", dates: ["03.05.24", "15.05.24", "28.05.24"], pattern: "dd.mm.yy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "dd.mm.yy two-digit years either side of the 1969 pivot", dates: ["31.12.99", "01.01.00", "15.06.68"],
            pattern: "dd.mm.yy", iso: ["1999-12-31", "2000-01-01", "2068-06-15"]),
        .init(
            testDescription: "dd/mm/yyyy (UK)", dates: ["03/05/2024", "15/05/2024", "28/05/2024"], pattern: "dd/mm/yyyy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "d/m/yyyy without leading zeros", dates: ["3/5/2024", "15/5/2024", "28/5/2024"], pattern: "dd/mm/yyyy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "mm/dd/yyyy (US)", dates: ["05/03/2024", "05/15/2024", "05/28/2024"], pattern: "mm/dd/yyyy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "dd/mm/yy two-digit years", dates: ["03/05/24", "15/05/24", "28/05/24"], pattern: "dd/mm/yy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "mm/dd/yy two-digit years", dates: ["05/03/24", "05/15/24", "05/28/24"], pattern: "mm/dd/yy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "dd-mm-yyyy (Dutch)", dates: ["03-05-2024", "15-05-2024", "28-05-2024"], pattern: "dd-mm-yyyy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "mm-dd-yyyy", dates: ["05-03-2024", "05-15-2024", "05-28-2024"], pattern: "mm-dd-yyyy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "dd-mm-yy two-digit years", dates: ["03-05-24", "15-05-24", "28-05-24"], pattern: "dd-mm-yy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "mm-dd-yy two-digit years", dates: ["05-03-24", "05-15-24", "05-28-24"], pattern: "mm-dd-yy",
            iso: ["2024-05-03", "2024-05-15", "2024-05-28"]),
        .init(
            testDescription: "dd mmm yyyy English abbreviations", dates: ["03 May 2024", "15 Jun 2024", "28 Sep 2024"],
            pattern: "dd mmm yyyy", iso: ["2024-05-03", "2024-06-15", "2024-09-28"]),
        .init(
            testDescription: "dd mmm yyyy English full month names", dates: ["3 January 2024", "15 February 2024", "1 March 2024"],
            pattern: "dd mmm yyyy", iso: ["2024-01-03", "2024-02-15", "2024-03-01"]),
        .init(
            testDescription: "dd-mmm-yy upper case with two-digit years (FNB)", dates: ["01-MAY-24", "15-MAY-24", "28-JUN-24"],
            pattern: "dd-mmm-yy", iso: ["2024-05-01", "2024-05-15", "2024-06-28"]),
        .init(
            testDescription: "dd-mmm-yyyy", dates: ["03-May-2024", "15-May-2024", "28-Aug-2024"], pattern: "dd-mmm-yyyy",
            iso: ["2024-05-03", "2024-05-15", "2024-08-28"]),
        .init(
            testDescription: "dd mmm yy", dates: ["03 May 24", "15 May 24", "28 Oct 24"], pattern: "dd mmm yy",
            iso: ["2024-05-03", "2024-05-15", "2024-10-28"]),
        .init(
            testDescription: "dd. mmm yyyy German with an umlaut and an abbreviation dot", dates: ["3. März 2024", "15. Mai 2024", "1. Dez. 2024"],
            pattern: "dd. mmm yyyy", iso: ["2024-03-03", "2024-05-15", "2024-12-01"]),
        .init(
            testDescription: "dd mmm yyyy French with accents and abbreviation dots", dates: ["3 févr. 2024", "15 août 2024", "1 déc. 2024"],
            pattern: "dd mmm yyyy", iso: ["2024-02-03", "2024-08-15", "2024-12-01"]),
        .init(
            testDescription: "dd.mmm.yyyy French, dots around the month", dates: ["12.févr.2024", "15.mars.2024", "01.déc.2024"],
            pattern: "dd.mmm.yyyy", iso: ["2024-02-12", "2024-03-15", "2024-12-01"]),
        .init(
            testDescription: "dd-mmm-yyyy Spanish", dates: ["03-ene-2024", "15-ago-2024", "01-dic-2024"], pattern: "dd-mmm-yyyy",
            iso: ["2024-01-03", "2024-08-15", "2024-12-01"]),
        .init(
            testDescription: "dd mmm yyyy Dutch", dates: ["3 mrt 2024", "15 mei 2024", "1 okt 2024"], pattern: "dd mmm yyyy",
            iso: ["2024-03-03", "2024-05-15", "2024-10-01"]),
        .init(
            testDescription: "dd/mmm/yyyy Italian", dates: ["03/gen/2024", "15/mag/2024", "01/dic/2024"], pattern: "dd/mmm/yyyy",
            iso: ["2024-01-03", "2024-05-15", "2024-12-01"]),
        .init(
            testDescription: "mmm dd, yyyy (US long dates with a comma)", dates: ["May 3, 2024", "May 15, 2024", "Jun 1, 2024"],
            pattern: "mmm dd, yyyy", iso: ["2024-05-03", "2024-05-15", "2024-06-01"]),
        .init(
            testDescription: "mmm dd yyyy without a comma", dates: ["May 3 2024", "May 15 2024", "Jun 1 2024"], pattern: "mmm dd yyyy",
            iso: ["2024-05-03", "2024-05-15", "2024-06-01"]),
        .init(
            testDescription: "dd mmm, yyyy", dates: ["3 May, 2024", "15 May, 2024", "1 Jun, 2024"], pattern: "dd mmm, yyyy",
            iso: ["2024-05-03", "2024-05-15", "2024-06-01"]),
    ]

    @Test(arguments: dateCases)
    func dateLayout(_ c: DateCase) throws {
        let detection = try detectCSV(c.text)
        #expect(detection.dialect.dateFormat.pattern == c.pattern)
        #expect(detection.warnings.isEmpty, "\(detection.warnings)")
        let read = try readCSV(c.text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.activities.map(\.date.description) == c.iso)
    }

    struct AmbiguousCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let chosen: String
        let other: String
        let detectedDates: [String]
        let pinnedDates: [String]
        /// How the warning explains the first date.
        let example: String
    }

    static let ambiguousCases: [AmbiguousCase] = [
        .init(
            testDescription: "days apart month-first, months apart day-first: month first",
            text: "Date,Description,Amount\n05/01/2024,Coffee,-$4.50\n05/02/2024,Lunch,-$12.00\n05/03/2024,Books,-$23.99\n",
            chosen: "mm/dd/yyyy", other: "dd/mm/yyyy",
            detectedDates: ["2024-05-01", "2024-05-02", "2024-05-03"], pinnedDates: ["2024-01-05", "2024-02-05", "2024-03-05"],
            example: "(05/01/2024 is 1 May 2024)"),
        .init(
            testDescription: "equal spans either way, no other hint: day first",
            text: "Date,Description,Amount\n01/02/2024,Coffee,-4.50\n03/04/2024,Lunch,-12.00\n05/06/2024,Books,-23.99\n",
            chosen: "dd/mm/yyyy", other: "mm/dd/yyyy",
            detectedDates: ["2024-02-01", "2024-04-03", "2024-06-05"], pinnedDates: ["2024-01-02", "2024-03-04", "2024-05-06"],
            example: "(01/02/2024 is 1 February 2024)"),
        .init(
            testDescription: "equal spans in a semicolon file with decimal commas: day first",
            text: "Datum;Text;Betrag\n01/02/2024;Kaffee;-4,50\n03/04/2024;Mittag;-12,00\n05/06/2024;Bücher;-23,99\n",
            chosen: "dd/mm/yyyy", other: "mm/dd/yyyy",
            detectedDates: ["2024-02-01", "2024-04-03", "2024-06-05"], pinnedDates: ["2024-01-02", "2024-03-04", "2024-05-06"],
            example: "(01/02/2024 is 1 February 2024)"),
        .init(
            testDescription: "equal spans with dollar amounts: month first",
            text: "Date,Description,Amount\n01/02/2024,Coffee,-$4.50\n03/04/2024,Lunch,-$12.00\n05/06/2024,Books,-$23.99\n",
            chosen: "mm/dd/yyyy", other: "dd/mm/yyyy",
            detectedDates: ["2024-01-02", "2024-03-04", "2024-05-06"], pinnedDates: ["2024-02-01", "2024-04-03", "2024-06-05"],
            example: "(01/02/2024 is 2 January 2024)"),
        .init(
            testDescription: "two-digit years with dashes, in order only day-first",
            text: "Date,Description,Amount\n10-01-24,Coffee,-4.50\n01-02-24,Lunch,-12.00\n12-02-24,Books,-23.99\n",
            chosen: "dd-mm-yy", other: "mm-dd-yy",
            detectedDates: ["2024-01-10", "2024-02-01", "2024-02-12"], pinnedDates: ["2024-10-01", "2024-01-02", "2024-12-02"],
            example: "(10-01-24 is 10 January 2024)"),
    ]

    @Test(arguments: ambiguousCases)
    func ambiguousDatesWarnAndAPinnedLayoutSettlesThem(_ c: AmbiguousCase) throws {
        let read = try readCSV(c.text)
        #expect(read.errors.isEmpty)
        #expect(read.activities.map(\.date.description) == c.detectedDates)
        let warnings = read.diagnostics.filter { $0.code == "csv.ambiguous-dates" }
        #expect(warnings.count == 1)
        if let warning = warnings.first {
            #expect(warning.severity == .warning)
            #expect(warning.location.line == 1)
            #expect(warning.message.contains("read as \(c.chosen)"), "\(warning.message)")
            #expect(warning.message.contains(c.example), "\(warning.message)")
            #expect(warning.notes.contains { $0.contains("--date-format \(c.other)") }, "\(warning.notes)")
        }

        var profile = CSVProfile()
        profile.dateFormat = DateFormat(c.other)
        let pinned = try readCSV(c.text, options: ReadOptions(csvProfile: profile))
        // Day first pinned on `$` amounts leaves their currency a guess, warned of; nothing else is.
        let dollarGuessed = c.text.contains("$") && profile.dateFormat?.dayFirst == true
        #expect(pinned.diagnostics.map(\.code) == (dollarGuessed ? [CSVRowMapper.dollarGuessCode] : []), "\(pinned.diagnostics)")
        #expect(pinned.activities.map(\.date.description) == c.pinnedDates)
    }

    @Test(arguments: [
        ("dotted dates are day-first by convention", "Datum;Text;Betrag\n01.02.2024;A;-1,00\n03.04.2024;B;-2,00\n", "dd.mm.yyyy"),
        ("one day above 12 settles the order", "Date,Description,Amount\n01/02/2024,A,-1.00\n13/02/2024,B,-2.00\n", "dd/mm/yyyy"),
        ("ISO dates are never ambiguous", "Date,Description,Amount\n2024-01-02,A,-1.00\n2024-03-04,B,-2.00\n", "yyyy-mm-dd"),
    ])
    func unambiguousDatesGiveNoWarning(_ quirk: String, _ text: String, _ pattern: String) throws {
        let detection = try detectCSV(text)
        #expect(detection.dialect.dateFormat.pattern == pattern, "\(quirk)")
        #expect(detection.warnings.isEmpty, "\(quirk): \(detection.warnings)")
    }

    @Test("days without a year (Revolut's exports of 2019) are named as such, and the example names the file's date column")
    func daysWithoutAYear() throws {
        let text =
            "Completed Date;Reference;Paid Out (EUR);Paid In (EUR)\nSeptember 15;Shop A;21.97;\nAugust 30;Shop B;8.44;\n"
            + "2018 August 28;Shop C;;100.00\n"
        let read = try readCSV(text)
        #expect(read.activities.isEmpty)
        #expect(read.errors.map(\.message) == ["could not read column 'Completed Date' as dates: its values are days without a year ('September 15')"])
        let other = try readCSV("Completed Date;Reference;Paid Out (EUR)\nsoon;Shop A;21.97\nlater;Shop B;8.44\n")
        #expect(other.errors.first?.notes.first?.contains("columns date=\"Completed Date\"") == true, "\(other.errors)")
        // Without a header, the example names columns by position, as a profile must.
        let headerless = try readCSV("soon;Shop A;21.97\nlater;Shop B;8.44\n")
        #expect(headerless.errors.first?.notes.first?.contains("columns date=1") == true, "\(headerless.errors)")
    }

    @Test("a budget export (YNAB's: Budgeted, Activity, Available) is named as one, not a file without a header")
    func budgetExport() throws {
        let text =
            "\"Month\",\"Category Group/Category\",\"Category Group\",\"Category\",\"Budgeted\",\"Activity\",\"Available\"\n"
            + "\"Dec 2016\",\"Bills: Rent\",\"Bills\",\"Rent\",$900.00,-$900.00,$0.00\n"
        let read = try readCSV(text)
        #expect(read.activities.isEmpty)
        #expect(read.errors.first?.message.hasPrefix("this is a budget") == true, "\(read.errors)")
    }
}
