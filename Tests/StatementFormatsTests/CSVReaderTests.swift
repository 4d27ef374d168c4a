import FinanceCore
import Foundation
import StatementFormats
import Testing

/// Row mapping through the public reader: amount layouts, footers, bad rows in the middle, file
/// structure quirks, and activity ids. Each case is a small file with one quirk.
@Suite struct CSVReaderTests {
    // MARK: Amounts

    struct AmountCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let rows: [String]
    }

    static let amountCases: [AmountCase] = [
        .init(
            testDescription: "debit and credit columns, both written positive: amount = credit − debit",
            text: "Date,Description,Debit,Credit\n2024-05-01,Coffee,3.50,\n2024-05-02,Salary,,1200.00\n2024-05-03,Refund less fee,2.00,10.00\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Salary|1200.00|", "2024-05-03|Refund less fee|8.00|"]),
        .init(
            testDescription: "Paid out / Paid in with pound signs in the cells",
            text:
                "Date,Transaction type,Description,Paid out,Paid in,Balance\n08 May 2024,Visa purchase,TESCO,£23.10,,\"£1,161.46\"\n15 May 2024,Bank credit,ACME LTD,,\"£2,000.00\",\"£3,161.46\"\n20 May 2024,Direct debit,COUNCIL TAX,£150.00,,\"£3,011.46\"\n",
            rows: ["2024-05-08|TESCO|-23.10|GBP", "2024-05-15|ACME LTD|2000.00|GBP", "2024-05-20|COUNCIL TAX|-150.00|GBP"]),
        .init(
            testDescription: "Af/Bij direction column with unsigned amounts (ING)",
            text:
                "\"Datum\",\"Naam / Omschrijving\",\"Af Bij\",\"Bedrag (EUR)\"\n\"20240603\",\"Woonstichting\",\"Af\",\"1095,00\"\n\"20240605\",\"bol.com\",\"Bij\",\"19,95\"\n\"20240606\",\"Netflix\",\"Af\",\"13,99\"\n",
            rows: ["2024-06-03|Woonstichting|-1095.00|EUR", "2024-06-05|bol.com|19.95|EUR", "2024-06-06|Netflix|-13.99|EUR"]),
        .init(
            testDescription: "S/H (Soll/Haben) direction column with unsigned amounts",
            text: "Buchungstag;Text;Umsatz;S/H\n02.05.2024;Miete;800,00;S\n03.05.2024;Gehalt;2.500,00;H\n06.05.2024;Rewe;54,20;S\n",
            rows: ["2024-05-02|Miete|-800.00|", "2024-05-03|Gehalt|2500.00|", "2024-05-06|Rewe|-54.20|"]),
        .init(
            testDescription: "D/C direction column with unsigned amounts",
            text: "Date,Description,Amount,D/C\n2024-05-01,Coffee,3.50,D\n2024-05-02,Salary,1200.00,C\n2024-05-03,Books,12.99,D\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Salary|1200.00|", "2024-05-03|Books|-12.99|"]),
        .init(
            testDescription: "Dr/Cr direction column with unsigned amounts",
            text: "Date,Narration,Amount,Dr/Cr\n01/05/2024,UPI CAFE,340.00,DR\n15/05/2024,SALARY,85000.00,CR\n20/05/2024,NETFLIX,649.00,DR\n",
            rows: ["2024-05-01|UPI CAFE|-340.00|", "2024-05-15|SALARY|85000.00|", "2024-05-20|NETFLIX|-649.00|"]),
        .init(
            testDescription: "accounting negatives in parentheses",
            text: "Date,Description,Amount\n2024-05-01,Coffee,(3.50)\n2024-05-02,Salary,1200.00\n2024-05-03,Books,(12.99)\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Salary|1200.00|", "2024-05-03|Books|-12.99|"]),
        .init(
            testDescription: "parentheses around a dollar amount",
            text:
                "\"Date\",\"Description\",\"Amount\"\n\"Jun 4, 2024\",\"KROGER\",\"($76.18)\"\n\"Jun 3, 2024\",\"MAPLEWOOD APTS\",\"($1,425.00)\"\n\"May 31, 2024\",\"PAYROLL\",\"$2,150.00\"\n",
            rows: ["2024-06-04|KROGER|-76.18|USD", "2024-06-03|MAPLEWOOD APTS|-1425.00|USD", "2024-05-31|PAYROLL|2150.00|USD"]),
        .init(
            testDescription: "trailing minus (1.00-) with decimal commas",
            text: "Data contabile;Descrizione;Importo\n02/05/2024;ENEL;78,40-\n15/05/2024;Stipendio;2.100,00\n20/05/2024;Coop;23,15-\n",
            rows: ["2024-05-02|ENEL|-78.40|", "2024-05-15|Stipendio|2100.00|", "2024-05-20|Coop|-23.15|"]),
        .init(
            testDescription: "trailing minus with a decimal point",
            text: "Date,Description,Amount\n2024-05-01,Coffee,1.00-\n2024-05-02,Salary,1200.00\n2024-05-03,Books,12.99-\n",
            rows: ["2024-05-01|Coffee|-1.00|", "2024-05-02|Salary|1200.00|", "2024-05-03|Books|-12.99|"]),
        .init(
            testDescription: "DR and CR suffixes with space thousands",
            text:
                "Date,Description,Amount,Balance\n01-MAY-24,RENT,9 500.00 DR,2 845.67 CR\n15-MAY-24,SALARY,25 000.00 CR,27 845.67 CR\n20-MAY-24,WOOLWORTHS,1 234.50 DR,26 611.17 CR\n",
            rows: ["2024-05-01|RENT|-9500.00|", "2024-05-15|SALARY|25000.00|", "2024-05-20|WOOLWORTHS|-1234.50|"]),
        .init(
            testDescription: "dollar signs after a minus, with comma thousands",
            text: "Date,Description,Amount\n05/14/2024,Coffee,-$4.50\n05/15/2024,Paycheck,\"$1,200.00\"\n05/20/2024,Books,-$23.99\n",
            rows: ["2024-05-14|Coffee|-4.50|USD", "2024-05-15|Paycheck|1200.00|USD", "2024-05-20|Books|-23.99|USD"]),
        .init(
            testDescription: "euro signs after the number with decimal commas",
            text: "Datum;Text;Betrag\n01.05.2024;Kaffee;-3,50 €\n02.05.2024;Gehalt;1.200,00 €\n03.05.2024;Bücher;-12,99 €\n",
            rows: ["2024-05-01|Kaffee|-3.50|EUR", "2024-05-02|Gehalt|1200.00|EUR", "2024-05-03|Bücher|-12.99|EUR"]),
        .init(
            testDescription: "ISO codes before the number",
            text: "Date,Description,Amount\n2024-05-01,Hotel,EUR -120.00\n2024-05-02,Refund,EUR 20.00\n2024-05-03,Taxi,EUR -35.50\n",
            rows: ["2024-05-01|Hotel|-120.00|EUR", "2024-05-02|Refund|20.00|EUR", "2024-05-03|Taxi|-35.50|EUR"]),
        .init(
            testDescription: "apostrophe thousands (Swiss)",
            text: "Datum;Text;Betrag\n02.05.2024;Miete;-2'150.00\n15.05.2024;Lohn;6'400.00\n20.05.2024;Migros;-87.35\n",
            rows: ["2024-05-02|Miete|-2150.00|", "2024-05-15|Lohn|6400.00|", "2024-05-20|Migros|-87.35|"]),
        .init(
            testDescription: "space thousands with decimal commas (French)",
            text: "Date;Libellé;Montant\n02/05/2024;Loyer;-1 234,56\n15/05/2024;Salaire;2 100,00\n20/05/2024;Monoprix;-23,15\n",
            rows: ["2024-05-02|Loyer|-1234.56|", "2024-05-15|Salaire|2100.00|", "2024-05-20|Monoprix|-23.15|"]),
        .init(
            testDescription: "Indian lakh grouping",
            text: "Date,Narration,Amount\n01/05/2024,RENT,\"-1,25,000.00\"\n15/05/2024,SALARY,\"3,19,411.40\"\n20/05/2024,NETFLIX,-649.00\n",
            rows: ["2024-05-01|RENT|-125000.00|", "2024-05-15|SALARY|319411.40|", "2024-05-20|NETFLIX|-649.00|"]),
        .init(
            testDescription: "unsigned amounts with a Type column of Debit/Credit words",
            text: "Date,Description,Amount,Type\n2024-05-01,Coffee,3.50,Debit\n2024-05-02,Salary,1200.00,Credit\n2024-05-03,Books,12.99,Debit\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Salary|1200.00|", "2024-05-03|Books|-12.99|"]),
        .init(
            testDescription: "typographic apostrophe thousands",
            text: "Datum;Text;Betrag\n02.05.2024;Miete;-2\u{2019}150.00\n15.05.2024;Lohn;6\u{2019}400.00\n20.05.2024;Migros;-87.35\n",
            rows: ["2024-05-02|Miete|-2150.00|", "2024-05-15|Lohn|6400.00|", "2024-05-20|Migros|-87.35|"]),
        .init(
            testDescription: "no-break space thousands with decimal commas",
            text: "Date;Libellé;Montant\n02/05/2024;Loyer;-1\u{A0}234,56\n15/05/2024;Salaire;2\u{A0}100,00\n20/05/2024;Monoprix;-23,15\n",
            rows: ["2024-05-02|Loyer|-1234.56|", "2024-05-15|Salaire|2100.00|", "2024-05-20|Monoprix|-23.15|"]),
        .init(
            testDescription: "narrow no-break space thousands and a euro sign",
            text:
                "Date;Libellé;Montant\n02/05/2024;Loyer;-1\u{202F}234,56\u{A0}€\n15/05/2024;Salaire;2\u{202F}100,00\u{A0}€\n20/05/2024;Monoprix;-23,15\u{A0}€\n",
            rows: ["2024-05-02|Loyer|-1234.56|EUR", "2024-05-15|Salaire|2100.00|EUR", "2024-05-20|Monoprix|-23.15|EUR"]),
        .init(
            testDescription: "ISO codes after the number",
            text: "Date,Description,Amount\n2024-05-01,Hotel,-120.00 CHF\n2024-05-02,Refund,20.00 CHF\n2024-05-03,Taxi,-35.50 CHF\n",
            rows: ["2024-05-01|Hotel|-120.00|CHF", "2024-05-02|Refund|20.00|CHF", "2024-05-03|Taxi|-35.50|CHF"]),
        .init(
            testDescription: "yen amounts have no minor digits",
            text: "Date,Description,Amount\n2024-05-01,Ramen,-¥1200\n2024-05-02,Refund,¥500\n2024-05-03,Train,-¥2400\n",
            rows: ["2024-05-01|Ramen|-1200|JPY", "2024-05-02|Refund|500|JPY", "2024-05-03|Train|-2400|JPY"]),
        .init(
            testDescription: "amounts with three decimals are kept exactly",
            text: "Date,Description,Amount\n2024-05-01,Fuel,-54.123\n2024-05-02,Refund,1.005\n2024-05-03,Fee,-0.001\n",
            rows: ["2024-05-01|Fuel|-54.123|", "2024-05-02|Refund|1.005|", "2024-05-03|Fee|-0.001|"]),
    ]

    @Test(arguments: amountCases)
    func amounts(_ c: AmountCase) throws {
        let read = try readCSV(c.text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.rows == c.rows)
        #expect(read.activities.allSatisfy { $0.type == ($0.amount.isNegative ? .expense : .income) })
    }

    // MARK: Bad rows in the middle

    struct RowErrorCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let code: String
        let line: Int
        let column: Int
        /// A piece of the message that names what was found.
        let found: String
        /// Lines of the rows that still come out.
        let goodLines: [Int]
    }

    static let rowErrorCases: [RowErrorCase] = [
        .init(
            testDescription: "impossible date between two good rows",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-13-45,Broken,-1.00\n2024-05-03,Books,-12.00\n",
            code: "csv.bad-date", line: 3, column: 1, found: "found '2024-13-45'", goodLines: [2, 4]),
        .init(
            testDescription: "date in another layout in the middle of an ISO file",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n03/05/2024,Other layout,-1.00\n2024-05-03,Books,-12.00\n",
            code: "csv.bad-date", line: 3, column: 1, found: "found '03/05/2024'", goodLines: [2, 4]),
        .init(
            testDescription: "June 31st in the second column",
            text: "Details,Posting Date,Description,Amount\nDEBIT,06/04/2024,FEE,-12.00\nDEBIT,06/31/2024,STARBUCKS,-6.45\nCREDIT,06/14/2024,PAYROLL,1500.00\n",
            code: "csv.bad-date", line: 3, column: 7, found: "found '06/31/2024'", goodLines: [2, 4]),
        .init(
            testDescription: "a Total line in the middle of the data is an error, not a footer",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\nTotal,,-3.50\n2024-05-03,Books,-12.00\n",
            code: "csv.bad-date", line: 3, column: 1, found: "found 'Total'", goodLines: [2, 4]),
        .init(
            testDescription: "amount that is not a number",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Lunch,abc\n2024-05-03,Books,-12.00\n",
            code: "csv.bad-amount", line: 3, column: 18, found: "in column 'Amount', found 'abc'", goodLines: [2, 4]),
        .init(
            testDescription: "empty amount",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Lunch,\n2024-05-03,Books,-12.00\n",
            code: "csv.bad-amount", line: 3, column: 18, found: "in column 'Amount', found ''", goodLines: [2, 4]),
        .init(
            testDescription: "bad amount after a quoted field holding the delimiter",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,\"Smith, John\",12.x\n2024-05-03,Books,-12.00\n",
            code: "csv.bad-amount", line: 3, column: 26, found: "found '12.x'", goodLines: [2, 4]),
        .init(
            testDescription: "bad amount after accented text: columns count characters, not bytes",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Café Zürich,abc\n2024-05-03,Books,-12.00\n",
            code: "csv.bad-amount", line: 3, column: 24, found: "found 'abc'", goodLines: [2, 4]),
        .init(
            testDescription: "debit and credit both empty",
            text: "Date,Description,Debit,Credit\n2024-05-01,Coffee,3.50,\n2024-05-02,Nothing,,\n2024-05-03,Salary,,1200.00\n",
            code: "csv.bad-amount", line: 3, column: 20, found: "found both empty", goodLines: [2, 4]),
        .init(
            testDescription: "unknown word in the Af/Bij column",
            text:
                "Datum;Naam / Omschrijving;Af Bij;Bedrag (EUR)\n20240603;Huur;Af;1095,00\n20240604;Vreemd;Xx;10,00\n20240605;bol.com;Bij;19,95\n20240606;Netflix;Af;13,99\n20240607;Albert Heijn;Af;23,10\n",
            code: "csv.bad-amount", line: 3, column: 17, found: "found 'Xx'", goodLines: [2, 4, 5, 6]),
        .init(
            testDescription: "unknown code in the currency column",
            text:
                "Date,Description,Amount,Currency\n2024-05-01,Coffee,-3.50,EUR\n2024-05-02,Lunch,-8.00,XYZ\n2024-05-03,Books,-12.00,EUR\n2024-05-04,Train,-30.00,EUR\n2024-05-05,Salary,1200.00,EUR\n",
            code: "csv.bad-currency", line: 3, column: 24, found: "found 'XYZ'", goodLines: [2, 4, 5, 6]),
        .init(
            testDescription: "amount with more than 18 digits",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Typo,-1234567890123456789.00\n2024-05-03,Books,-12.00\n",
            code: "csv.bad-amount", line: 3, column: 17, found: "an amount of at most 18 digits", goodLines: [2, 4]),
        .init(
            testDescription: "quoted bad date: the column is the opening quote's",
            text:
                "Details,Posting Date,Description,Amount\nDEBIT,\"06/04/2024\",FEE,-12.00\nDEBIT,\"06/31/2024\",STARBUCKS,-6.45\nCREDIT,\"06/14/2024\",PAYROLL,1500.00\n",
            code: "csv.bad-date", line: 3, column: 7, found: "found '06/31/2024'", goodLines: [2, 4]),
        .init(
            testDescription: "bad amount after a multi-line memo: the line is the amount's own",
            text: "Date,Description,Memo,Amount\n2024-05-01,Coffee,plain,-3.50\n2024-05-02,Shop,\"line one\nline two\",abc\n2024-05-03,Books,x,-12.00\n",
            code: "csv.bad-amount", line: 4, column: 11, found: "found 'abc'", goodLines: [2, 5]),
        .init(
            testDescription: "extra field in an earlier column after a multi-line memo",
            text:
                "Date,Description,Memo,Amount\n2024-05-01,Coffee,plain,-3.50\n2024-05-02,Shop,\"line one\nline two\",extra,-1.00\n2024-05-03,Books,x,-12.00\n",
            code: "csv.ragged-row", line: 4, column: 17, found: "found 5", goodLines: [2, 5]),
        .init(
            testDescription: "unterminated quote costs one row; reading resumes on the next line",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,\"unterminated,-12.00\n2024-05-03,Books,-12.00\n2024-05-04,Tea,-2.00\n",
            code: "csv.unterminated-quote", line: 3, column: 12, found: "unterminated quoted field", goodLines: [2, 4, 5]),
        .init(
            testDescription: "row with an extra field that either text column could hold",
            text: "Date,Description,Memo,Amount\n2024-05-01,Coffee,x,-3.50\n2024-05-02,Lunch,extra,x,-8.00\n2024-05-03,Books,x,-12.00\n",
            code: "csv.ragged-row", line: 3, column: 26, found: "expected 4 fields as in the header on line 1, found 5", goodLines: [2, 4]),
        .init(
            testDescription: "row with a missing field",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Lunch\n2024-05-03,Books,-12.00\n",
            code: "csv.ragged-row", line: 3, column: 17, found: "expected 3 fields as in the header on line 1, found 2", goodLines: [2, 4]),
        .init(
            testDescription: "bad last row just before a totals footer is still an error",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Books,-12.00\n2024-05-03,Tea,-2.00\n2024-13-45,Broken,-1.00\nTotal,,-18.50\n",
            code: "csv.bad-date", line: 5, column: 1, found: "found '2024-13-45'", goodLines: [2, 3, 4]),
    ]

    @Test(arguments: rowErrorCases)
    func badRowInTheMiddle(_ c: RowErrorCase) throws {
        let read = try readCSV(c.text, name: "bank.csv")
        #expect(read.errors.count == 1, "\(read.errors)")
        #expect(read.diagnostics.count == read.errors.count, "no warnings besides: \(read.diagnostics)")
        if let error = read.errors.first {
            #expect(error.code == c.code)
            #expect(error.location == SourceLocation(file: "bank.csv", line: c.line, column: c.column))
            #expect(error.message.contains(c.found), "\(error.message)")
        }
        #expect(read.lines == c.goodLines, "the rows around it still come out")
    }

    @Test func badDateMessageShowsTheLayoutAndTheFlag() throws {
        let read = try readCSV("Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-13-45,Broken,-1.00\n2024-05-03,Books,-12.00\n")
        let error = try #require(read.errors.first)
        #expect(error.message == "expected a date in the layout yyyy-mm-dd (like 2024-05-03), found '2024-13-45'")
        #expect(error.notes.contains { $0.contains("--date-format") })
    }

    // MARK: Footers

    struct FooterCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let rows: [String]
    }

    static let footerCases: [FooterCase] = [
        .init(
            testDescription: "Total label in the date column",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Books,-12.00\nTotal,,-15.50\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|"]),
        .init(
            testDescription: "totals line with an empty date",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Books,-12.00\n,Total,-15.50\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|"]),
        .init(
            testDescription: "statement summary with its own header and a line of numbers",
            text:
                "Date,Narration,Amount\n01/05/2024,RENT,-25000.00\n15/05/2024,SALARY,85000.00\n20/05/2024,NETFLIX,-649.00\n\nSTATEMENT SUMMARY :-\nOpening Balance,Debits,Closing Bal\n\"1,84,320.55\",\"25,000.00\",\"2,44,320.55\"\n",
            rows: ["2024-05-01|RENT|-25000.00|", "2024-05-15|SALARY|85000.00|", "2024-05-20|NETFLIX|-649.00|"]),
        .init(
            testDescription: "German Kontostand line after a separator of semicolons",
            text: "Buchungstag;Text;Betrag\n02.05.2024;Miete;-800,00\n03.05.2024;Gehalt;2.500,00\n;;\nKontostand am 31.05.2024;;1.700,00\n",
            rows: ["2024-05-02|Miete|-800.00|", "2024-05-03|Gehalt|2500.00|"]),
        .init(
            testDescription: "one-field summary lines (ragged)",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Books,-12.00\nTotal debits: 15.50\nTotal credits: 0.00\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|"]),
    ]

    @Test(arguments: footerCases)
    func footerIsNeitherTransactionNorError(_ c: FooterCase) throws {
        let read = try readCSV(c.text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.rows == c.rows)
    }

    /// Rows after the last transaction with an amount but no date and no label anywhere may be
    /// transactions that lost their dates: skipped as the footer, but said (issue 15's 42 bytes).
    @Test func aFooterOfBareNumbersIsSaid() throws {
        let read = try readCSV("Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Books,-12.00\n,,-4.00\n,,-1.00\n")
        #expect(read.rows == ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|"])
        #expect(read.diagnostics.map(\.code) == ["csv.footer-skipped"], "\(read.diagnostics)")
        #expect(
            read.diagnostics.first?.message.hasPrefix("lines 4, 5 after the last transaction hold amounts but no dates") == true,
            "\(read.diagnostics)")
        #expect(read.diagnostics.first?.location.line == 4)
    }

    // A header and no rows is a month without transactions: no activities, a warning, no error.
    @Test(arguments: [
        ("header only", "Date,Description,Amount\n"),
        ("header only, no final newline", "Date,Description,Amount"),
        ("header only, CRLF", "Date,Description,Amount\r\n"),
        ("preamble and header only", "Account Name:,FlexAccount\n\nDate,Description,Amount\n"),
    ])
    func exportWithoutRowsGivesNoTransactionsAndNoError(_ quirk: String, _ text: String) throws {
        let read = try readCSV(text)
        #expect(read.activities.isEmpty, "\(quirk)")
        #expect(read.errors.isEmpty, "\(quirk): \(read.errors)")
    }

    // MARK: Structure

    struct StructureCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let rows: [String]
        let lines: [Int]
    }

    static let structureCases: [StructureCase] = [
        .init(
            testDescription: "header repeated mid-file (pages stitched together)",
            text:
                "Date,Description,Amount\n2024-05-01,Coffee,-3.50\nDate,Description,Amount\n2024-05-02,Books,-12.00\nDate,Description,Amount\n2024-05-03,Salary,1200.00\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|", "2024-05-03|Salary|1200.00|"], lines: [2, 4, 6]),
        .init(
            testDescription: "quoted header repeated unquoted",
            text: "\"Date\",\"Description\",\"Amount\"\n2024-05-01,Coffee,-3.50\nDate,Description,Amount\n2024-05-02,Books,-12.00\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|"], lines: [2, 4]),
        .init(
            testDescription: "blank lines between rows and at the end",
            text: "Date,Description,Amount\n\n2024-05-01,Coffee,-3.50\n\n\n2024-05-02,Books,-12.00\n\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|"], lines: [3, 6]),
        .init(
            testDescription: "lines of delimiters only",
            text: "Datum;Text;Betrag\n01.05.2024;Kaffee;-3,50\n;;\n02.05.2024;Bücher;-12,00\n;;\n",
            rows: ["2024-05-01|Kaffee|-3.50|", "2024-05-02|Bücher|-12.00|"], lines: [2, 4]),
        .init(
            testDescription: "trailing delimiter on data rows but not on the header",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50,\n2024-05-02,Books,-12.00,\n2024-05-03,Salary,1200.00,\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|", "2024-05-03|Salary|1200.00|"], lines: [2, 3, 4]),
        .init(
            testDescription: "trailing delimiter on the header but not on data rows",
            text: "Datum;Text;Betrag;\n01.05.2024;Kaffee;-3,50\n02.05.2024;Bücher;-12,00\n03.05.2024;Gehalt;1.200,00\n",
            rows: ["2024-05-01|Kaffee|-3.50|", "2024-05-02|Bücher|-12.00|", "2024-05-03|Gehalt|1200.00|"], lines: [2, 3, 4]),
        .init(
            testDescription: "CRLF line endings and no newline at the end",
            text: "Date,Description,Amount\r\n2024-05-01,Coffee,-3.50\r\n2024-05-02,Books,-12.00",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|"], lines: [2, 3]),
        .init(
            testDescription: "spaces around fields and inside quotes",
            text: "Date , Description , Amount\n 2024-05-01 ,\"  Coffee  \" ,  -3.50 \n2024-05-02,Books,-12.00\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|"], lines: [2, 3]),
        .init(
            testDescription: "extra empty fields at the end of one row",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50,,\n2024-05-02,Books,-12.00\n",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Books|-12.00|"], lines: [2, 3]),
        .init(
            testDescription: "header and rows both end with a delimiter (DKB)",
            text: "Buchungstag;Text;Betrag;\n01.05.2024;Kaffee;-3,50;\n02.05.2024;Bücher;-12,00;\n",
            rows: ["2024-05-01|Kaffee|-3.50|", "2024-05-02|Bücher|-12.00|"], lines: [2, 3]),
        .init(
            testDescription: "doubled quotes inside a quoted name",
            text: "Date,Description,Amount\n2024-05-01,\"The \"\"Coffee\"\" Shop\",-3.50\n2024-05-02,Books,-12.00\n",
            rows: ["2024-05-01|The \"Coffee\" Shop|-3.50|", "2024-05-02|Books|-12.00|"], lines: [2, 3]),
    ]

    @Test(arguments: structureCases)
    func fileStructure(_ c: StructureCase) throws {
        let read = try readCSV(c.text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.rows == c.rows)
        #expect(read.lines == c.lines)
    }

    @Test(arguments: ["\n", "\r\n"])
    func quotedMultiLineMemoKeepsItsLineBreaksAndLineNumbers(lineEnd: String) throws {
        let text =
            [
                "Date,Description,Memo,Amount",
                "2024-05-01,Shop,\"line one" + lineEnd + "line two" + lineEnd + "line three\",-1.00",
                "2024-05-02,Cafe,plain,-2.00",
                "2024-05-03,Broken,memo,abc",
                "2024-05-04,Books,\"one" + lineEnd + "two\",-4.00",
                "2024-05-05,Train,last,-5.00",
            ].joined(separator: lineEnd) + lineEnd
        let read = try readCSV(text)
        #expect(read.activities.map(\.memo) == ["line one" + lineEnd + "line two" + lineEnd + "line three", "plain", "one" + lineEnd + "two", "last"])
        #expect(read.lines == [2, 5, 7, 9], "a record's line is where it starts; line breaks inside quotes count")
        #expect(read.errors.map(\.location) == [SourceLocation(file: "test.csv", line: 6, column: 24)])
    }

    // MARK: Ids

    static let coffees = "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-01,Coffee,-3.50\n2024-05-01,Tea,-2.00\n2024-05-01,Coffee,-3.50\n"

    @Test func identicalRowsInOneFileGetDifferentIDs() throws {
        let read = try readCSV(Self.coffees)
        let ids = read.activities.map(\.id)
        #expect(ids.count == 4)
        #expect(Set(ids).count == 4)
        let lone = try readCSV("Date,Description,Amount\n2024-05-01,Coffee,-3.50\n")
        #expect(lone.activities.first?.id == ids.first, "the first of identical rows has the id a lone row would have")
    }

    @Test func sameBytesGiveSameIDsUnderAnyName() throws {
        let once = try readCSV(Self.coffees, name: "may.csv")
        let twice = try readCSV(Self.coffees, name: "may.csv")
        let renamed = try readCSV(Self.coffees, name: "Downloads/export (1).csv")
        #expect(once.activities.map(\.id) == twice.activities.map(\.id))
        #expect(once.activities.map(\.id) == renamed.activities.map(\.id))
        #expect(renamed.activities.allSatisfy { $0.source.file == "Downloads/export (1).csv" }, "the name is kept for sources only")
    }

    @Test func sameFileUnderAnotherPathGivesTheSameIDs() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-ids-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("chase.csv"), second = directory.appendingPathComponent("export-copy.csv")
        try Data(Self.coffees.utf8).write(to: first)
        try Data(Self.coffees.utf8).write(to: second)
        let a = try readFile(first.path), b = try readFile(second.path)
        #expect(a.activities.count == 4)
        #expect(a.activities.map(\.id) == b.activities.map(\.id))
        #expect(a.activities.map(\.id) == (try readCSV(Self.coffees)).activities.map(\.id), "files and memory alike")
        #expect(b.activities.allSatisfy { $0.source.file == second.path })
    }

    @Test(arguments: [
        ("the amount written with fewer decimals", "-3.5"),
        ("the amount written with more decimals", "-3.500"),
    ])
    func sameValueWrittenDifferentlyKeepsTheID(_ quirk: String, _ amount: String) throws {
        let plain = try readCSV("Date,Description,Amount\n2024-05-01,Coffee,-3.50\n")
        let other = try readCSV("Date,Description,Amount\n2024-05-01,Coffee,\(amount)\n")
        #expect(plain.activities.map(\.id) == other.activities.map(\.id), "\(quirk)")
    }

    @Test func transactionIDColumnGivesFitidAndIDsThatIgnoreTheAmount() throws {
        let before =
            "Date,Description,Amount,Transaction ID\n2024-05-01,Coffee,-3.50,TX1001\n2024-05-02,Books,-12.00,TX1002\n2024-05-03,Salary,1200.00,TX1003\n"
        let after = "Date,Description,Amount,Transaction ID\n2024-05-01,Coffee,-3.75,TX1001\n2024-05-02,Books,-12.50,TX1002\n2024-05-03,Salary,1250.00,TX1003\n"
        let a = try readCSV(before), b = try readCSV(after)
        #expect(a.diagnostics.isEmpty && b.diagnostics.isEmpty)
        #expect(a.activities.map(\.fitid) == ["TX1001", "TX1002", "TX1003"])
        #expect(a.activities.map(\.id) == b.activities.map(\.id), "the bank's id decides, not the amount")

        // Without the bank's id, the amount is part of the id.
        let plainBefore = try readCSV("Date,Description,Amount\n2024-05-01,Coffee,-3.50\n")
        let plainAfter = try readCSV("Date,Description,Amount\n2024-05-01,Coffee,-3.75\n")
        #expect(plainBefore.activities.map(\.id) != plainAfter.activities.map(\.id))
    }

    @Test func accountOptionOverridesTheAccountColumnAndChangesIDs() throws {
        let text =
            "Date,Account,Description,Amount\n2024-05-01,Checking 1234,Coffee,-3.50\n2024-05-02,Checking 1234,Books,-12.00\n2024-05-03,Savings 9876,Salary,1200.00\n"
        let own = try readCSV(text)
        #expect(own.diagnostics.isEmpty)
        #expect(own.activities.map(\.account) == ["Checking 1234", "Checking 1234", "Savings 9876"])
        let joint = try readCSV(text, options: ReadOptions(account: "Joint"))
        #expect(joint.activities.map(\.account) == ["Joint", "Joint", "Joint"])
        #expect(zip(own.activities, joint.activities).allSatisfy { $0.id != $1.id }, "the account is part of the id")
        #expect(joint.rows == own.rows)
    }

    @Test func accountOptionOverridesAPreambleAccount() throws {
        let text = "Account Name:,FlexAccount\n\nDate,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Books,-12.00\n2024-05-03,Salary,1200.00\n"
        #expect(try readCSV(text).activities.allSatisfy { $0.account == "FlexAccount" })
        #expect(try readCSV(text, options: ReadOptions(account: "Joint")).activities.allSatisfy { $0.account == "Joint" })
    }

    @Test func currencyOptionFillsOnlyWhereTheFileSaysNone() throws {
        let text = "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Hotel,-£120.00\n2024-05-03,Salary,1200.00\n"
        let read = try readCSV(text, options: ReadOptions(currency: CurrencyCode("EUR")))
        #expect(read.activities.map { $0.currency?.description } == ["EUR", "GBP", "EUR"])
    }
}
