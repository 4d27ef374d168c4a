import FinanceCore
import StatementFormats
import Testing

/// Dialect detection through the public reader: delimiter, encoding, preamble, header vocabulary,
/// columns from values, date layouts and card-style signs. Each case is a small file with one quirk.
@Suite struct CSVDetectionTests {
    // MARK: Delimiters

    struct DelimiterCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let delimiter: Character
        let rows: [String]
    }

    static let delimiterCases: [DelimiterCase] = [
        .init(
            testDescription: "comma-separated with decimal points",
            text: "Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Salary,1200.00\n2024-05-03,Books,-12.99\n",
            delimiter: ",",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Salary|1200.00|", "2024-05-03|Books|-12.99|"]),
        .init(
            testDescription: "semicolon export with decimal commas",
            text: "Datum;Text;Betrag\n01.05.2024;Kaffee;-3,50\n02.05.2024;Gehalt;1.200,00\n03.05.2024;Bücher;-12,99\n",
            delimiter: ";",
            rows: ["2024-05-01|Kaffee|-3.50|", "2024-05-02|Gehalt|1200.00|", "2024-05-03|Bücher|-12.99|"]),
        .init(
            testDescription: "headerless semicolon export whose decimal commas also split evenly on commas",
            text: "01.05.2024;Kaffee Rösterei;-3,50\n02.05.2024;Gehalt Mai;1.200,00\n03.05.2024;Buchhandlung;-12,99\n06.05.2024;Bäckerei;-4,10\n",
            delimiter: ";",
            rows: [
                "2024-05-01|Kaffee Rösterei|-3.50|", "2024-05-02|Gehalt Mai|1200.00|",
                "2024-05-03|Buchhandlung|-12.99|", "2024-05-06|Bäckerei|-4.10|",
            ]),
        .init(
            testDescription: "tab-separated with commas inside unquoted text",
            text: "Date\tDescription\tAmount\n2024-05-01\tCoffee, large\t-3.50\n2024-05-02\tSalary\t1,200.00\n2024-05-03\tBooks, Pens\t-12.99\n",
            delimiter: "\t",
            rows: ["2024-05-01|Coffee, large|-3.50|", "2024-05-02|Salary|1200.00|", "2024-05-03|Books, Pens|-12.99|"]),
        .init(
            testDescription: "pipe-separated",
            text: "Date|Description|Amount\n2024-05-01|Coffee|-3.50\n2024-05-02|Salary|1200.00\n2024-05-03|Books|-12.99\n",
            delimiter: "|",
            rows: ["2024-05-01|Coffee|-3.50|", "2024-05-02|Salary|1200.00|", "2024-05-03|Books|-12.99|"]),
        .init(
            testDescription: "quoted fields containing the comma delimiter",
            text: "Date,Description,Amount\n2024-05-01,\"Smith, John\",-3.50\n2024-05-02,\"Acme, Inc., Payroll\",\"1,200.00\"\n2024-05-03,Books,-12.99\n",
            delimiter: ",",
            rows: ["2024-05-01|Smith, John|-3.50|", "2024-05-02|Acme, Inc., Payroll|1200.00|", "2024-05-03|Books|-12.99|"]),
        .init(
            testDescription: "quoted fields containing the semicolon delimiter",
            text: "Datum;Text;Betrag\n01.05.2024;\"Miete; Mai\";-800,00\n02.05.2024;\"Gehalt; Firma; Mai\";2.500,00\n03.05.2024;Rewe;-54,20\n",
            delimiter: ";",
            rows: ["2024-05-01|Miete; Mai|-800.00|", "2024-05-02|Gehalt; Firma; Mai|2500.00|", "2024-05-03|Rewe|-54.20|"]),
        .init(
            testDescription: "every field quoted, tab-separated, with tabs inside quotes",
            text:
                "\"Date\"\t\"Description\"\t\"Amount\"\n\"2024-05-01\"\t\"Coffee\tto go\"\t\"-3.50\"\n\"2024-05-02\"\t\"Salary\"\t\"1200.00\"\n\"2024-05-03\"\t\"Books\"\t\"-12.99\"\n",
            delimiter: "\t",
            rows: ["2024-05-01|Coffee\tto go|-3.50|", "2024-05-02|Salary|1200.00|", "2024-05-03|Books|-12.99|"]),
    ]

    @Test(arguments: delimiterCases)
    func delimiter(_ c: DelimiterCase) throws {
        let detection = try detectCSV(c.text)
        #expect(detection.dialect.delimiter == c.delimiter.asciiValue!)
        let read = try readCSV(c.text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.rows == c.rows)
    }

    // MARK: Encodings

    struct EncodingCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let bytes: [UInt8]
        let encoding: TextEncoding
        let rows: [String]
        /// Expected warnings as `code@line`.
        let warnings: [String]
    }

    static let encodingCases: [EncodingCase] = [
        .init(
            testDescription: "UTF-8 with a byte-order mark before the header",
            bytes: [0xEF, 0xBB, 0xBF]
                + Array("Date,Description,Amount\n2024-05-01,Café,-3.50\n2024-05-02,Zürich Bahnhof,-12.00\n2024-05-03,Crêperie,-8.20\n".utf8),
            encoding: .utf8,
            rows: ["2024-05-01|Café|-3.50|", "2024-05-02|Zürich Bahnhof|-12.00|", "2024-05-03|Crêperie|-8.20|"],
            warnings: []),
        .init(
            testDescription: "UTF-16 LE with BOM, tab-separated (Excel Unicode text)",
            bytes: utf16(
                "Buchungsdatum\tText\tBetrag\r\n02.04.2024\tCafé Zürich\t-4,50\r\n03.04.2024\tGehalt\t5.000,00\r\n04.04.2024\tMiete €\t-1.200,00\r\n",
                littleEndian: true),
            encoding: .utf16LE,
            rows: ["2024-04-02|Café Zürich|-4.50|", "2024-04-03|Gehalt|5000.00|", "2024-04-04|Miete €|-1200.00|"],
            warnings: []),
        .init(
            testDescription: "UTF-16 BE with BOM, tab-separated",
            bytes: utf16(
                "Buchungsdatum\tText\tBetrag\n02.04.2024\tCafé Zürich\t-4,50\n03.04.2024\tGehalt\t5.000,00\n04.04.2024\tMiete €\t-1.200,00\n",
                littleEndian: false),
            encoding: .utf16BE,
            rows: ["2024-04-02|Café Zürich|-4.50|", "2024-04-03|Gehalt|5000.00|", "2024-04-04|Miete €|-1200.00|"],
            warnings: []),
        .init(
            testDescription: "Windows-1252 accents é ü and euro and pound signs in the cells",
            bytes: bytes(
                "Datum;Empf{E4}nger;Betrag\r\n01.05.2024;Caf{E9} M{FC}ller;-3,50 {80}\r\n02.05.2024;Pub London;-{A3}12,00\r\n03.05.2024;B{FC}cher Gr{FC}n;-20,00\r\n"
            ),
            encoding: .windows1252,
            rows: ["2024-05-01|Café Müller|-3.50|EUR", "2024-05-02|Pub London|-12.00|GBP", "2024-05-03|Bücher Grün|-20.00|"],
            warnings: []),
        .init(
            testDescription: "Windows-1252 French export: accents in the preamble and the header",
            bytes: bytes(
                "Num{E9}ro de compte :;12345678901;\r\n;\r\nDate;Libell{E9};D{E9}bit euros;Cr{E9}dit euros;\r\n15/05/2024;PRLV SEPA EDF;54,20;;\r\n20/05/2024;VIR SALAIRE SOCI{C9}T{C9};;2 100,00;\r\n28/05/2024;CB MONOPRIX {C0} PARIS;23,15;;\r\n"
            ),
            encoding: .windows1252,
            rows: ["2024-05-15|PRLV SEPA EDF|-54.20|EUR", "2024-05-20|VIR SALAIRE SOCIÉTÉ|2100.00|EUR", "2024-05-28|CB MONOPRIX À PARIS|-23.15|EUR"],
            warnings: []),
        .init(
            testDescription: "UTF-16 LE without a byte-order mark",
            bytes: Array(
                utf16("Date\tDescription\tAmount\n2024-05-01\tCafé\t-3.50\n2024-05-02\tSalary\t1200.00\n2024-05-03\tBooks\t-12.99\n", littleEndian: true)
                    .dropFirst(2)),
            encoding: .utf16LE,
            rows: ["2024-05-01|Café|-3.50|", "2024-05-02|Salary|1200.00|", "2024-05-03|Books|-12.99|"],
            warnings: []),
        .init(
            testDescription: "mostly UTF-8 with one stray Latin-1 byte: UTF-8 and a warning on that row",
            bytes: bytes("Date,Description,Amount\n2024-05-01,Café,-3.50\n2024-05-02,Caf{E9} Noir,-4.00\n2024-05-03,Zürich,-12.00\n2024-05-04,Crêpe,-6.00\n"),
            encoding: .utf8,
            rows: ["2024-05-01|Café|-3.50|", "2024-05-02|Caf\u{FFFD} Noir|-4.00|", "2024-05-03|Zürich|-12.00|", "2024-05-04|Crêpe|-6.00|"],
            warnings: ["csv.invalid-utf8@3"]),
        .init(
            testDescription: "mostly UTF-8 with the stray byte on the last row",
            bytes: bytes("Date,Description,Amount\n2024-05-01,Café,-3.50\n2024-05-02,Zürich,-12.00\n2024-05-03,Caf{E9},-4.00\n"),
            encoding: .utf8,
            rows: ["2024-05-01|Café|-3.50|", "2024-05-02|Zürich|-12.00|", "2024-05-03|Caf\u{FFFD}|-4.00|"],
            warnings: ["csv.invalid-utf8@4"]),
    ]

    @Test(arguments: encodingCases)
    func encoding(_ c: EncodingCase) throws {
        let detection = try detectCSV(c.bytes)
        #expect(detection.dialect.encoding == c.encoding)
        #expect(detection.dialect.columns[.date] != nil, "the header is found, the byte-order mark is not part of it")
        let read = try readCSV(c.bytes)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.rows == c.rows)
        #expect(read.warningCodes == c.warnings)
    }

    // MARK: Preamble

    struct PreambleCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let skip: Int
        let account: String?
        let currency: String?
        let rows: Int
    }

    static let preambleCases: [PreambleCase] = [
        .init(
            testDescription: "German Kontonummer line, trailing semicolons and a balance in EUR",
            text: """
                "Kontonummer:";"DE12 1203 0000 1234 5678 90 / Girokonto";\r
                ""\r
                "Von:";"01.04.2024";\r
                "Bis:";"31.05.2024";\r
                "Kontostand vom 31.05.2024:";"3.456,78 EUR";\r
                ""\r
                "Buchungstag";"Wertstellung";"Auftraggeber / Begünstigter";"Verwendungszweck";"Betrag";\r
                "30.05.2024";"30.05.2024";"Telekom Deutschland GmbH";"Festnetz";"-39,95";\r
                "28.05.2024";"28.05.2024";"Arbeitgeber GmbH";"Gehalt Mai";"3.200,00";\r
                "27.05.2024";"27.05.2024";"REWE Markt";"Einkauf";"-54,20";\r
                "24.05.2024";"24.05.2024";"Stadtwerke";"Abschlag";"-80,00";\r

                """,
            skip: 6, account: "DE12 1203 0000 1234 5678 90 / Girokonto", currency: "EUR", rows: 4),
        .init(
            testDescription: "English Account Name line and an Account Balance in pounds",
            text: """
                "Account Name:","FlexAccount ****04567"\r
                "Account Balance:","£1,234.56"\r
                "Available Balance: ","£1,184.56"\r
                \r
                "Date","Transaction type","Description","Paid out","Paid in","Balance"\r
                "08 May 2024","Visa purchase","TESCO STORES 3297","£23.10","","£1,161.46"\r
                "15 May 2024","Bank credit","ACME LTD SALARY","","£2,000.00","£3,161.46"\r
                "20 May 2024","Direct debit","COUNCIL TAX","£150.00","","£3,011.46"\r

                """,
            skip: 4, account: "FlexAccount ****04567", currency: "GBP", rows: 3),
        .init(
            testDescription: "French Numéro de compte with a space before the colon and a balance in €",
            text: """
                Téléchargement du 31/05/2024;
                Numéro de compte :;12345678901;
                Solde au 31/05/2024 : 1 234,56 €;
                ;
                Date;Libellé;Montant;
                15/05/2024;PRLV SEPA EDF;-54,20;
                20/05/2024;VIR SALAIRE;2 100,00;
                28/05/2024;CB MONOPRIX;-23,15;

                """,
            skip: 4, account: "12345678901", currency: "EUR", rows: 3),
        .init(
            testDescription: "Italian Conto corrente without a colon, no currency anywhere",
            text: """
                Intestatario;Giulia Rossetti
                Conto corrente;IT60X0542811101000000123456

                Data contabile;Data valuta;Descrizione;Importo
                02/05/2024;02/05/2024;ADDEBITO ENEL ENERGIA;-78,40
                15/05/2024;15/05/2024;STIPENDIO;2.100,00
                20/05/2024;19/05/2024;COOP;-23,15

                """,
            skip: 3, account: "IT60X0542811101000000123456", currency: nil, rows: 3),
        .init(
            testDescription: "Spanish Número de cuenta and Divisa lines",
            text: """
                Número de cuenta:;ES91 2100 0418 4502 0005 1332
                Divisa:;EUR

                Fecha;Concepto;Importe
                30/05/2024;Amazon EU SARL;-1.234,56
                27/05/2024;Nómina mayo;1.980,00
                24/05/2024;Movistar;-45,90

                """,
            skip: 3, account: "ES91 2100 0418 4502 0005 1332", currency: "EUR", rows: 3),
        .init(
            testDescription: "South African Account Number and Currency,ZAR lines",
            text: """
                Account Number,62012345678\r
                Currency,ZAR\r
                \r
                Date,Description,Amount,Balance\r
                01-MAY-24,RENT,9 500.00 DR,2 845.67 CR\r
                15-MAY-24,SALARY,25 000.00 CR,27 845.67 CR\r
                20-MAY-24,WOOLWORTHS,1 234.50 DR,26 611.17 CR\r

                """,
            skip: 3, account: "62012345678", currency: "ZAR", rows: 3),
        .init(
            testDescription: "blank lines before the header and no preamble text",
            text: "\n\n\nDate,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Salary,1200.00\n2024-05-03,Books,-12.99\n",
            skip: 3, account: nil, currency: nil, rows: 3),
    ]

    @Test(arguments: preambleCases)
    func preamble(_ c: PreambleCase) throws {
        let dialect = try detectCSV(c.text).dialect
        #expect(dialect.skip == c.skip, "lines before the header")
        #expect(dialect.hasHeader)
        #expect(dialect.account == c.account)
        #expect(dialect.currency?.description == c.currency)
        let read = try readCSV(c.text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.activities.count == c.rows)
        #expect(read.activities.allSatisfy { $0.account == c.account && $0.currency?.description == c.currency })
        #expect(read.lines.first == c.skip + 2, "the first row follows the header")
    }

    // MARK: Header vocabulary

    struct HeaderCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let columns: [ColumnRole: String]
        let currency: String?
        let first: String
    }

    static let headerCases: [HeaderCase] = [
        .init(
            testDescription: "English: payee and description become name and memo",
            text:
                "Posting Date,Payee,Description,Amount,Balance,Check Number\n05/14/2024,Starbucks,Coffee #123,-4.50,995.50,\n05/15/2024,Landlord,May rent,-900.00,95.50,1045\n05/20/2024,ACME Corp,Payroll,2000.00,2095.50,\n",
            columns: [
                .date: "Posting Date", .name: "Payee", .memo: "Description", .amount: "Amount", .balance: "Balance",
                .checkNumber: "Check Number",
            ],
            currency: nil, first: "2024-05-14|Starbucks|-4.50|"),
        .init(
            testDescription: "German: Buchungstag, Wertstellung, Begünstigter/Zahlungspflichtiger, Betrag (EUR)",
            text:
                "Buchungstag;Wertstellung;Begünstigter/Zahlungspflichtiger;Verwendungszweck;Betrag (EUR)\n30.05.2024;31.05.2024;Telekom;Rechnung 05;-39,95\n28.05.2024;28.05.2024;Arbeitgeber GmbH;Gehalt;3.200,00\n27.05.2024;27.05.2024;REWE;Einkauf;-54,20\n",
            columns: [
                .date: "Buchungstag", .valueDate: "Wertstellung", .name: "Begünstigter/Zahlungspflichtiger",
                .memo: "Verwendungszweck", .amount: "Betrag (EUR)",
            ],
            currency: "EUR", first: "2024-05-30|Telekom|-39.95|EUR"),
        .init(
            testDescription: "German Valuta holding dates is the value date",
            text:
                "Buchungstag;Valuta;Auftraggeber/Empfänger;Buchungstext;Betrag\n02.05.2024;03.05.2024;Stadtwerke;Lastschrift;-80,00\n15.05.2024;15.05.2024;Firma AG;Gutschrift;2.000,00\n20.05.2024;21.05.2024;Edeka;Kartenzahlung;-31,40\n",
            columns: [
                .date: "Buchungstag", .valueDate: "Valuta", .name: "Auftraggeber/Empfänger", .memo: "Buchungstext",
                .amount: "Betrag",
            ],
            currency: nil, first: "2024-05-02|Stadtwerke|-80.00|"),
        .init(
            testDescription: "French: Date opération, Date valeur, Libellé, Débit euros, Crédit euros",
            text:
                "Date opération;Date valeur;Libellé;Débit euros;Crédit euros\n15/05/2024;16/05/2024;PRLV EDF;54,20;\n20/05/2024;20/05/2024;VIR SALAIRE;;2 100,00\n28/05/2024;28/05/2024;MONOPRIX;23,15;\n",
            columns: [
                .date: "Date opération", .valueDate: "Date valeur", .name: "Libellé", .debit: "Débit euros",
                .credit: "Crédit euros",
            ],
            currency: "EUR", first: "2024-05-15|PRLV EDF|-54.20|EUR"),
        .init(
            testDescription: "Spanish: Fecha, Fecha valor, Concepto, Importe, Divisa, Disponible, Observaciones",
            text:
                "Fecha;Fecha valor;Concepto;Movimiento;Importe;Divisa;Disponible;Observaciones\n30/05/2024;29/05/2024;Amazon EU SARL;Pago con tarjeta;-1.234,56;EUR;2.861,05;Portátil\n27/05/2024;27/05/2024;Tecnologías Levante;Abono de nómina;1.980,00;EUR;4.095,61;Nómina mayo\n24/05/2024;24/05/2024;Movistar;Adeudo recibo;-45,90;EUR;2.115,61;Fibra\n",
            columns: [
                .date: "Fecha", .valueDate: "Fecha valor", .name: "Concepto", .amount: "Importe", .currency: "Divisa",
                .balance: "Disponible", .memo: "Observaciones",
            ],
            currency: nil, first: "2024-05-30|Amazon EU SARL|-1234.56|EUR"),
        .init(
            testDescription: "Dutch: Datum, Naam / Omschrijving, Rekening, Af Bij, Bedrag (EUR), Mededelingen",
            text:
                "\"Datum\",\"Naam / Omschrijving\",\"Rekening\",\"Af Bij\",\"Bedrag (EUR)\",\"Mededelingen\"\n\"20240603\",\"Woonstichting\",\"NL91INGB0001234567\",\"Af\",\"1095,00\",\"Huur juni\"\n\"20240605\",\"bol.com b.v.\",\"NL91INGB0001234567\",\"Bij\",\"19,95\",\"Retour\"\n\"20240606\",\"Netflix\",\"NL91INGB0001234567\",\"Af\",\"13,99\",\"Abonnement\"\n",
            columns: [
                .date: "Datum", .name: "Naam / Omschrijving", .account: "Rekening", .direction: "Af Bij",
                .amount: "Bedrag (EUR)", .memo: "Mededelingen",
            ],
            currency: "EUR", first: "2024-06-03|Woonstichting|-1095.00|EUR"),
        .init(
            testDescription: "Italian: Valuta holding currency codes is the currency",
            text:
                "Data contabile;Data valuta;Descrizione;Importo;Valuta\n02/05/2024;02/05/2024;ENEL ENERGIA;-78,40;EUR\n15/05/2024;15/05/2024;STIPENDIO;2.100,00;EUR\n20/05/2024;19/05/2024;COOP;-23,15;EUR\n",
            columns: [
                .date: "Data contabile", .valueDate: "Data valuta", .name: "Descrizione", .amount: "Importo",
                .currency: "Valuta",
            ],
            currency: nil, first: "2024-05-02|ENEL ENERGIA|-78.40|EUR"),
        .init(
            testDescription: "card export: Post Date is the booking date, Transaction Date is not",
            text:
                "Transaction Date,Post Date,Description,Category,Type,Amount\n05/13/2024,05/14/2024,STARBUCKS,Food & Drink,Sale,-4.50\n05/14/2024,05/15/2024,SHELL OIL,Gas,Sale,-40.00\n05/19/2024,05/20/2024,AMAZON,Shopping,Sale,-23.99\n",
            columns: [.date: "Post Date", .name: "Description", .category: "Category", .memo: "Type", .amount: "Amount"],
            currency: nil, first: "2024-05-14|STARBUCKS|-4.50|"),
    ]

    @Test(arguments: headerCases)
    func headerVocabulary(_ c: HeaderCase) throws {
        let dialect = try detectCSV(c.text).dialect
        #expect(dialect.hasHeader)
        #expect(dialect.columns == c.columns.mapValues { .name($0) })
        #expect(dialect.currency?.description == c.currency)
        let read = try readCSV(c.text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.rows.first == c.first)
    }

    struct BookingDateCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let dates: [String]
    }

    static let bookingDateCases: [BookingDateCase] = [
        .init(
            testDescription: "Wertstellung before Buchungstag",
            text:
                "Wertstellung;Buchungstag;Text;Betrag\n03.05.2024;02.05.2024;Miete;-800,00\n16.05.2024;15.05.2024;Gehalt;2.000,00\n22.05.2024;20.05.2024;Rewe;-54,20\n",
            dates: ["2024-05-02", "2024-05-15", "2024-05-20"]),
        .init(
            testDescription: "Transaction Date before Posting Date",
            text:
                "Transaction Date,Posting Date,Description,Amount\n05/13/2024,05/14/2024,Coffee,-4.50\n05/14/2024,05/16/2024,Gas,-40.00\n05/19/2024,05/21/2024,Books,-23.99\n",
            dates: ["2024-05-14", "2024-05-16", "2024-05-21"]),
        .init(
            testDescription: "Fecha valor before Fecha contable",
            text:
                "Fecha valor;Fecha contable;Concepto;Importe\n29/05/2024;30/05/2024;Amazon;-34,56\n25/05/2024;27/05/2024;Nómina;1.980,00\n23/05/2024;24/05/2024;Movistar;-45,90\n",
            dates: ["2024-05-30", "2024-05-27", "2024-05-24"]),
        .init(
            testDescription: "Date de valeur before Date comptable",
            text:
                "Date de valeur;Date comptable;Libellé;Montant\n16/05/2024;15/05/2024;PRLV EDF;-54,20\n21/05/2024;20/05/2024;VIR SALAIRE;2 100,00\n29/05/2024;28/05/2024;MONOPRIX;-23,15\n",
            dates: ["2024-05-15", "2024-05-20", "2024-05-28"]),
        .init(
            testDescription: "only a value date: it stands in for the booking date",
            text: "Valutadatum;Omschrijving;Bedrag\n03-05-2024;Albert Heijn;-23,10\n15-05-2024;Salaris;2.400,00\n20-05-2024;Huur;-950,00\n",
            dates: ["2024-05-03", "2024-05-15", "2024-05-20"]),
    ]

    @Test(arguments: bookingDateCases)
    func bookingDatePreferredOverValueDate(_ c: BookingDateCase) throws {
        let read = try readCSV(c.text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.activities.map(\.date.description) == c.dates)
    }

    struct HeaderCurrencyCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let currency: String
        let amounts: [String]
    }

    static let headerCurrencyCases: [HeaderCurrencyCase] = [
        .init(
            testDescription: "Betrag (EUR)",
            text: "Buchungstag;Text;Betrag (EUR)\n02.05.2024;Miete;-800,00\n15.05.2024;Gehalt;2.000,00\n20.05.2024;Rewe;-54,20\n",
            currency: "EUR", amounts: ["-800.00", "2000.00", "-54.20"]),
        .init(
            testDescription: "Amount (USD)",
            text: "Date,Description,Amount (USD)\n05/14/2024,Coffee,-4.50\n05/15/2024,Paycheck,1500.00\n05/20/2024,Books,-23.99\n",
            currency: "USD", amounts: ["-4.50", "1500.00", "-23.99"]),
        .init(
            testDescription: "Betrag (€) with a symbol instead of a code",
            text: "Buchungstag;Text;Betrag (€)\n02.05.2024;Miete;-800,00\n15.05.2024;Gehalt;2.000,00\n20.05.2024;Rewe;-54,20\n",
            currency: "EUR", amounts: ["-800.00", "2000.00", "-54.20"]),
        .init(
            testDescription: "Débit euros beside a plain Crédit",
            text: "Date;Libellé;Débit euros;Crédit\n15/05/2024;PRLV EDF;54,20;\n20/05/2024;VIR SALAIRE;;2 100,00\n28/05/2024;MONOPRIX;23,15;\n",
            currency: "EUR", amounts: ["-54.20", "2100.00", "-23.15"]),
        .init(
            testDescription: "Gutschrift in CHF beside a plain Belastung",
            text: "Buchungsdatum;Text;Belastung;Gutschrift in CHF\n02.04.2024;Miete;2'150.00;\n15.04.2024;Lohn;;6'400.00\n20.04.2024;Migros;87.35;\n",
            currency: "CHF", amounts: ["-2150.00", "6400.00", "-87.35"]),
    ]

    @Test(arguments: headerCurrencyCases)
    func currencyFromHeader(_ c: HeaderCurrencyCase) throws {
        #expect(try detectCSV(c.text).dialect.currency?.description == c.currency)
        let read = try readCSV(c.text)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.activities.map(\.amount.decimalString) == c.amounts)
        #expect(read.activities.allSatisfy { $0.currency?.description == c.currency })
    }
}
