import FinanceCore
import StatementFormats
import Testing

/// CSV import profiles: printing a detected dialect and parsing it back, pinning columns by name
/// or position, and reporting every mistake of a profile file at once.
@Suite struct CSVProfileTests {
    // MARK: Round trips

    struct FileCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let bytes: [UInt8]
    }

    static let roundTripFiles: [FileCase] = [
        .init(
            testDescription: "German preamble, semicolons, column names with spaces and an umlaut",
            bytes: Array(
                """
                "Kontonummer:";"DE12 1203 0000 1234 5678 90 / Girokonto";
                ""
                "Kontostand vom 31.05.2024:";"3.456,78 EUR";
                ""
                "Buchungstag";"Wertstellung";"Auftraggeber / Begünstigter";"Verwendungszweck";"Betrag (EUR)";
                "30.05.2024";"30.05.2024";"Telekom";"Festnetz";"-39,95";
                "28.05.2024";"28.05.2024";"Arbeitgeber GmbH";"Gehalt Mai";"3.200,00";
                "27.05.2024";"27.05.2024";"REWE Markt";"Einkauf";"-54,20";

                """.utf8)),
        .init(
            testDescription: "UTF-16 LE, tab-separated",
            bytes: utf16(
                "Buchungsdatum\tValuta\tBeschreibung\tBelastung\tGutschrift\n02.04.2024\t02.04.2024\tMiete\t2'150.00\t\n15.04.2024\t15.04.2024\tLohn\t\t6'400.00\n20.04.2024\t19.04.2024\tMigros\t87.35\t\n",
                littleEndian: true)),
        .init(
            testDescription: "Windows-1252 with an account line",
            bytes: bytes(
                "Kontonummer:;DE99 1234;\nDatum;Empf{E4}nger;Betrag;\n01.05.2024;Caf{E9} M{FC}ller;-3,50;\n02.05.2024;Gehalt;1.200,00;\n03.05.2024;B{FC}cher;-20,00;\n"
            )),
        .init(
            testDescription: "headerless: columns by position",
            bytes: Array(
                "14/05/2024,-4.00,Account Fee,996.00\n15/05/2024,+3850.00,Salary ACME,4846.00\n20/05/2024,-18.99,NETFLIX.COM,4827.01\n28/05/2024,-89.00,TELSTRA,4738.01\n"
                    .utf8)),
        .init(
            testDescription: "card export: amount-sign inverted",
            bytes: Array(
                "Transaction Date,Description,Amount\n05/14/2024,STARBUCKS,6.45\n05/15/2024,AMAZON,23.99\n05/16/2024,SHELL OIL,40.00\n05/20/2024,PAYMENT THANK YOU,-500.00\n"
                    .utf8)),
        .init(
            testDescription: "ambiguous dates: the chosen layout is pinned",
            bytes: Array("Date,Description,Amount\n01/02/2024,Coffee,-4.50\n03/04/2024,Lunch,-12.00\n05/06/2024,Books,-23.99\n".utf8)),
        .init(
            testDescription: "account with quotes, a backslash and a hash",
            bytes: Array(
                "\"Account Name:\",\"Joint \\ \"\"Home\"\" #1\"\n\nDate,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Books,-12.00\n2024-05-03,Salary,1200.00\n"
                    .utf8)),
        .init(
            testDescription: "Chase-style header with '#' in a column name",
            bytes: Array(
                "Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #\nCHECK,06/05/2024,\"CHECK 1045\",-75.00,CHECK_PAID,2388.65,1045,\nDEBIT,06/04/2024,\"MONTHLY SERVICE FEE\",-12.00,FEE_TRANSACTION,2463.65,,\nCREDIT,06/14/2024,\"PAYROLL\",1500.00,ACH_CREDIT,3963.65,,\n"
                    .utf8)),
        .init(
            testDescription: "a column headed by a number (2024) found by its values",
            bytes: Array("Date,Description,2024\n2024-05-01,Coffee,-3.50\n2024-05-02,Books,-12.00\n2024-05-03,Salary,1200.00\n".utf8)),
        .init(
            testDescription: "pipe delimiter and month-name dates with spaces",
            bytes: Array("Date|Description|Amount\n03 May 2024|Coffee|-3.50\n15 May 2024|Books|-12.00\n28 May 2024|Salary|1200.00\n".utf8)),
    ]

    @Test(arguments: roundTripFiles)
    func detectedProfileParsesBackAndReadsTheSame(_ c: FileCase) throws {
        let dialect = try detectCSV(c.bytes, name: "bank.csv").dialect
        let text = dialect.profileText(source: "bank.csv")
        #expect(text.hasPrefix("# pfin CSV profile, detected from bank.csv\n"))
        let profile = try csvProfile(text)
        #expect(profile == CSVProfile(dialect), "\(text)")

        let plain = try readCSV(c.bytes)
        let pinned = try readCSV(c.bytes, options: ReadOptions(csvProfile: profile))
        #expect(pinned.activities == plain.activities)
        #expect(!pinned.activities.isEmpty)
        #expect(pinned.diagnostics.isEmpty, "a complete profile leaves nothing to warn about: \(pinned.diagnostics)")
    }

    struct DialectCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let dialect: CSVDialect
    }

    static func dialect(
        delimiter: Character = ",", encoding: TextEncoding = .utf8, date: String = "yyyy-mm-dd",
        decimalMark: Character = ".", columns: [ColumnRole: ColumnReference], account: String? = nil,
        currency: String? = nil, sign: AmountSign = .asIs
    ) -> CSVDialect {
        CSVDialect(
            encoding: encoding, delimiter: delimiter.asciiValue!, skip: 2, hasHeader: true, dateFormat: DateFormat(date)!,
            decimalMark: decimalMark.asciiValue!, columns: columns, account: account,
            currency: currency.flatMap { CurrencyCode($0) }, amountSign: sign)
    }

    static let dialectCases: [DialectCase] = [
        .init(
            testDescription: "account with quotes, backslashes, '#' and '='",
            dialect: dialect(columns: [.date: .name("Date"), .amount: .name("Amount")], account: #"Joint "Home" \ #1 = main"#)),
        .init(
            testDescription: "column names with spaces, '=', '#' and quotes",
            dialect: dialect(columns: [
                .date: .name("Posting Date"), .name: .name("Payee = \"Name\""), .checkNumber: .name("Check #"),
                .amount: .name("Amount (EUR)"),
            ])),
        .init(
            testDescription: "tab delimiter and a month-name layout with spaces and a comma",
            dialect: dialect(delimiter: "\t", date: "mmm dd, yyyy", columns: [.date: .position(1), .amount: .position(3)])),
        .init(
            testDescription: "'#' as the delimiter",
            dialect: dialect(delimiter: "#", columns: [.date: .position(1), .amount: .position(2)])),
        .init(
            testDescription: "ISO-8859-15, decimal comma, inverted signs, currency",
            dialect: dialect(
                delimiter: ";", encoding: .latin9, date: "dd.mm.yy", decimalMark: ",",
                columns: [.date: .position(1), .debit: .position(2), .credit: .position(3)], currency: "CHF", sign: .inverted)),
        .init(
            testDescription: "empty account",
            dialect: dialect(columns: [.date: .position(1), .amount: .position(2)], account: "")),
        .init(
            testDescription: "every role, named",
            dialect: dialect(columns: Dictionary(uniqueKeysWithValues: ColumnRole.allCases.map { ($0, .name("Col \($0.key)")) }))),
        // `amount="2024"` names a column called 2024; `amount=2024` is the 2024th column.
        .init(
            testDescription: "a header name that is a number is still a name, not a position",
            dialect: dialect(columns: [.date: .name("Date"), .amount: .name("2024")])),
    ]

    @Test(arguments: dialectCases)
    func profileTextRoundTrips(_ c: DialectCase) throws {
        let text = c.dialect.profileText(source: "test")
        let parsed = CSVProfile.parse(text, file: "test.profile")
        #expect(try parsed.get() == CSVProfile(c.dialect), "\(text)")
    }

    // MARK: Pinned columns

    struct PinnedCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let profile: String
        let rows: [String]
    }

    static let pinnedCases: [PinnedCase] = [
        .init(
            testDescription: "ue spelled out in the profile, ü in the header",
            text:
                "Buchungstag;Begünstigter/Zahlungspflichtiger;Verwendungszweck;Betrag (EUR)\n02.05.2024;Stadtwerke;Abschlag;-80,00\n15.05.2024;Firma AG;Gehalt;2.000,00\n",
            profile: "columns date=Buchungstag name=Beguenstigter/Zahlungspflichtiger memo=Verwendungszweck amount=\"Betrag (EUR)\"\n",
            rows: ["2024-05-02|Stadtwerke|-80.00|EUR", "2024-05-15|Firma AG|2000.00|EUR"]),
        .init(
            testDescription: "ü in the profile, ue spelled out in the header",
            text:
                "Buchungstag;Beguenstigter/Zahlungspflichtiger;Verwendungszweck;Betrag (EUR)\n02.05.2024;Stadtwerke;Abschlag;-80,00\n15.05.2024;Firma AG;Gehalt;2.000,00\n",
            profile: "columns date=Buchungstag name=Begünstigter/Zahlungspflichtiger memo=Verwendungszweck amount=\"Betrag (EUR)\"\n",
            rows: ["2024-05-02|Stadtwerke|-80.00|EUR", "2024-05-15|Firma AG|2000.00|EUR"]),
        .init(
            testDescription: "other letter case",
            text:
                "Buchungstag;Begünstigter/Zahlungspflichtiger;Verwendungszweck;Betrag (EUR)\n02.05.2024;Stadtwerke;Abschlag;-80,00\n15.05.2024;Firma AG;Gehalt;2.000,00\n",
            profile: "columns date=BUCHUNGSTAG name=begünstigter/zahlungspflichtiger amount=\"betrag (eur)\"\n",
            rows: ["2024-05-02|Stadtwerke|-80.00|EUR", "2024-05-15|Firma AG|2000.00|EUR"]),
        .init(
            testDescription: "accents left out in the profile",
            text: "Date opération;Libellé;Débit euros;Crédit euros\n15/05/2024;PRLV EDF;54,20;\n20/05/2024;VIR SALAIRE;;2 100,00\n",
            profile: "columns date=\"Date operation\" name=Libelle debit=\"Debit euros\" credit=\"Credit euros\"\n",
            rows: ["2024-05-15|PRLV EDF|-54.20|EUR", "2024-05-20|VIR SALAIRE|2100.00|EUR"]),
        .init(
            testDescription: "the header's currency suffix left out in the profile",
            text: "Buchungstag;Text;Betrag (EUR)\n02.05.2024;Stadtwerke;-80,00\n15.05.2024;Firma AG;2.000,00\n",
            profile: "columns date=Buchungstag name=Text amount=Betrag\n",
            rows: ["2024-05-02|Stadtwerke|-80.00|EUR", "2024-05-15|Firma AG|2000.00|EUR"]),
        .init(
            testDescription: "pinned name picks a column detection would not (memo as name)",
            text: "Date,Payee,Memo,Amount\n2024-05-14,Starbucks,Coffee with Sam,-4.50\n2024-05-15,ACME,Payroll May,2000.00\n",
            profile: "columns date=date name=memo amount=amount\n",
            rows: ["2024-05-14|Coffee with Sam|-4.50|", "2024-05-15|Payroll May|2000.00|"]),
        .init(
            testDescription: "positions date=1 amount=4 in a headerless file with a fee column before the amount",
            text: "14/05/2024,-0.50,Coffee shop,-4.50\n15/05/2024,-0.50,Bookshop,-12.00\n20/05/2024,0.00,Salary,2000.00\n",
            profile: "header no\ncolumns date=1 amount=4\n",
            rows: ["2024-05-14||-4.50|", "2024-05-15||-12.00|", "2024-05-20||2000.00|"]),
        .init(
            testDescription: "positions for a headerless file without 'header no'",
            text: "14/05/2024,-0.50,Coffee shop,-4.50\n15/05/2024,-0.50,Bookshop,-12.00\n20/05/2024,0.00,Salary,2000.00\n",
            profile: "columns date=1 name=3 amount=4\n",
            rows: ["2024-05-14|Coffee shop|-4.50|", "2024-05-15|Bookshop|-12.00|", "2024-05-20|Salary|2000.00|"]),
        .init(
            testDescription: "positions in a file with a header of unknown names",
            text: "Col A,Col B,Col C\n2024-05-14,Coffee,-4.50\n2024-05-15,Salary,2000.00\n",
            profile: "header yes\ncolumns date=1 name=2 amount=3\n",
            rows: ["2024-05-14|Coffee|-4.50|", "2024-05-15|Salary|2000.00|"]),
        .init(
            testDescription: "decimal-mark '.' in a semicolon file whose amounts all have three decimals",
            text: "Datum;Text;Betrag\n01.05.2024;Benzin;-1.500\n02.05.2024;Pfand;0.250\n03.05.2024;Brot;-2.125\n",
            profile: "decimal-mark .\n",
            rows: ["2024-05-01|Benzin|-1.500|", "2024-05-02|Pfand|0.250|", "2024-05-03|Brot|-2.125|"]),
        .init(
            testDescription: "account and currency pinned for every row",
            text: "Date,Description,Amount\n2024-05-14,Coffee,-4.50\n2024-05-15,Salary,2000.00\n",
            profile: "account \"DKB Giro\"\ncurrency EUR\n",
            rows: ["2024-05-14|Coffee|-4.50|EUR", "2024-05-15|Salary|2000.00|EUR"]),
    ]

    @Test(arguments: pinnedCases)
    func pinnedSettings(_ c: PinnedCase) throws {
        let read = try readCSV(c.text, options: ReadOptions(csvProfile: try csvProfile(c.profile)))
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.rows == c.rows)
    }

    @Test func pinnedEncodingDecodesTheEuroSignOfISO885915() throws {
        let file = bytes("Datum;Text;Betrag\n01.05.2024;Kaffee;-3,50 {A4}\n02.05.2024;Gehalt;1.200,00 {A4}\n")
        let read = try readCSV(file, options: ReadOptions(csvProfile: try csvProfile("encoding iso-8859-15\n")))
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.rows == ["2024-05-01|Kaffee|-3.50|EUR", "2024-05-02|Gehalt|1200.00|EUR"])
    }

    @Test func profileAccountAppliesToEveryRowAndCommandLineAccountWins() throws {
        let text = "Date,Description,Amount\n2024-05-14,Coffee,-4.50\n2024-05-15,Salary,2000.00\n"
        let profile = try csvProfile("account \"DKB Giro\"\n")
        #expect(try readCSV(text, options: ReadOptions(csvProfile: profile)).activities.map(\.account) == ["DKB Giro", "DKB Giro"])
        #expect(try readCSV(text, options: ReadOptions(account: "Joint", csvProfile: profile)).activities.map(\.account) == ["Joint", "Joint"])
    }

    // MARK: Unknown columns

    struct UnknownColumnCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let profile: String
        let line: Int
        let message: String
        /// Pieces every one of which some note contains.
        let notes: [String]
    }

    static let unknownColumnCases: [UnknownColumnCase] = [
        .init(
            testDescription: "misspelt amount column after a preamble",
            text: "Kontonummer:;DE12 3456;\n\nBuchungstag;Text;Betrag\n02.05.2024;Miete;-800,00\n03.05.2024;Gehalt;2.500,00\n",
            profile: "columns date=Buchungstag amount=Betrg\n", line: 3,
            message: "no column named 'Betrg' in the header",
            notes: ["did you mean 'Betrag'?", "the header has: 'Buchungstag', 'Text', 'Betrag'"]),
        .init(
            testDescription: "misspelt date column",
            text: "Buchungstag;Text;Betrag\n02.05.2024;Miete;-800,00\n03.05.2024;Gehalt;2.500,00\n",
            profile: "columns date=Buchngstag amount=Betrag\n", line: 1,
            message: "no column named 'Buchngstag' in the header", notes: ["did you mean 'Buchungstag'?"]),
        .init(
            testDescription: "a name like no column at all: no guess, but the header is listed",
            text: "Buchungstag;Text;Betrag\n02.05.2024;Miete;-800,00\n03.05.2024;Gehalt;2.500,00\n",
            profile: "columns date=Buchungstag amount=Saldo\n", line: 1,
            message: "no column named 'Saldo' in the header", notes: ["the header has: 'Buchungstag', 'Text', 'Betrag'"]),
        .init(
            testDescription: "position beyond the header",
            text: "Buchungstag;Text;Betrag\n02.05.2024;Miete;-800,00\n03.05.2024;Gehalt;2.500,00\n",
            profile: "columns date=1 amount=9\n", line: 1,
            message: "column 9 does not exist; the header has 3 columns", notes: []),
        .init(
            testDescription: "a name in a headerless file",
            text: "02.05.2024;Miete;-800,00\n03.05.2024;Gehalt;2.500,00\n",
            profile: "header no\ncolumns date=Datum amount=3\n", line: 1,
            message: "column 'Datum' is named, but the file has no header", notes: ["by position"]),
    ]

    @Test(arguments: unknownColumnCases)
    func unknownColumnIsReportedWithTheClosestHeader(_ c: UnknownColumnCase) throws {
        let options = ReadOptions(csvProfile: try csvProfile(c.profile))
        let read = try readCSV(c.text, name: "bank.csv", options: options)
        #expect(read.activities.isEmpty)
        #expect(read.diagnostics.count == 1, "\(read.diagnostics)")
        let error = try #require(read.errors.first)
        #expect(error.code == "csv.unknown-column")
        #expect(error.location.file == "bank.csv")
        #expect(error.location.line == c.line)
        #expect(error.message == c.message)
        for piece in c.notes {
            #expect(error.notes.contains { $0.contains(piece) }, "\(piece) in \(error.notes)")
        }
        if c.notes.isEmpty || !c.notes.contains(where: { $0.hasPrefix("did you mean") }) {
            #expect(!error.notes.contains { $0.contains("did you mean") }, "no guess when nothing is close: \(error.notes)")
        }
    }

    // MARK: Parsing

    @Test func everyMistakeOfAProfileIsReportedInOneParse() throws {
        let text = """
            # one mistake per line
            delimeter ;
            encoding windows-1225
            date-format dd/qq/yyyy
            columns date=1 ammount=4
            account "Joint
            skip four
            currency EURO
            decimal-mark ;
            amount-sign negative
            header maybe
            columns date=0
            """
        let result = CSVProfile.parse(text, file: "bank.profile")
        guard case .failure(let errors) = result else {
            Issue.record("a profile with mistakes parsed: \(result)")
            return
        }
        let found = errors.diagnostics.map { "\($0.location.line):\($0.location.column ?? 0) \($0.message)" }
        #expect(
            found == [
                "2:1 unknown setting 'delimeter'",
                "3:10 unknown encoding 'windows-1225'",
                "4:13 invalid date pattern 'dd/qq/yyyy'",
                "5:16 unknown column role 'ammount'",
                "6:9 unterminated quoted value; expected a closing '\"'",
                "7:6 expected a number of lines to skip, found 'four'",
                "8:10 expected an ISO 4217 currency code such as EUR or USD, found 'EURO'",
                "9:14 expected ',' or '.', found ';'",
                "10:13 expected 'as-is' or 'inverted', found 'negative'",
                "11:8 expected 'yes' or 'no', found 'maybe'",
                "12:9 column positions start at 1, found 0",
            ])
        #expect(errors.diagnostics.allSatisfy { $0.severity == .error && $0.code == "profile.invalid" && $0.location.file == "bank.profile" })
        let notes = errors.diagnostics.map { $0.notes.joined(separator: " ") }
        #expect(notes[0].contains("did you mean 'delimiter'?"))
        #expect(notes[1].contains("did you mean 'windows-1252'?"), "\(notes[1])")
        #expect(notes[2].contains("dd.mm.yyyy"), "the date pattern note shows a valid pattern")
        #expect(notes[3].contains("did you mean 'amount'?"))
    }

    @Test(arguments: [
        ("setting with a typo", "delimeter ;", "did you mean 'delimiter'?"),
        ("setting with a missing letter", "encodng utf-8", "did you mean 'encoding'?"),
        ("setting with an underscore", "date_format dd.mm.yyyy", "did you mean 'date-format'?"),
        ("setting without its plural", "transfer-word conversion", "did you mean 'transfer-words'?"),
        ("role with a doubled letter", "columns date=1 ammount=4", "did you mean 'amount'?"),
        ("role without its hyphen", "columns date=1 valuedate=2 amount=3", "did you mean 'value-date'?"),
        ("role in Dutch spelling", "columns date=1 debet=3", "did you mean 'debit'?"),
        ("encoding with swapped digits", "encoding windows-1225", "did you mean 'windows-1252'?"),
        ("encoding with swapped digits in the middle", "encoding iso-8895-1", "did you mean 'iso-8859-1'?"),
    ])
    func misspellingsGetTheClosestValidSpelling(_ quirk: String, _ line: String, _ hint: String) throws {
        guard case .failure(let errors) = CSVProfile.parse(line + "\n", file: "p") else {
            Issue.record("\(quirk): '\(line)' parsed")
            return
        }
        #expect(errors.diagnostics.count == 1, "\(quirk)")
        #expect(errors.diagnostics.first?.notes.contains { $0.contains(hint) } == true, "\(quirk): \(errors.diagnostics)")
    }

    @Test(arguments: [
        ("escaped quotes inside quotes", #"account "Joint \"Home\" Account""#, #"Joint "Home" Account"#),
        ("escaped backslashes", #"account "C:\\Banks\\Giro""#, #"C:\Banks\Giro"#),
        ("'#' inside quotes is not a comment", #"account "Konto #1"   # the main one"#, "Konto #1"),
        ("bare word before a comment", "account DKB-Giro # bare word", "DKB-Giro"),
        ("spaces kept inside quotes", #"account "  two  spaces  ""#, "  two  spaces  "),
        ("empty quotes", #"account """#, ""),
        ("IBAN with spaces and a slash", #"account "DE12 1203 0000 1234 5678 90 / Girokonto""#, "DE12 1203 0000 1234 5678 90 / Girokonto"),
        ("tab between setting and value, CRLF line end", "account\t\"Giro\"\r", "Giro"),
    ])
    func quotedValues(_ quirk: String, _ line: String, _ account: String) throws {
        let profile = try csvProfile(line + "\n")
        #expect(profile.account == account, "\(quirk)")
    }

    @Test func quotedColumnNamesWithSpacesAndEscapes() throws {
        let profile = try csvProfile(
            #"columns name="Auftraggeber / Begünstigter" memo="Verwendungszweck \"Info\"" amount="Betrag (EUR)" date="Posting  Date""# + "\n")
        #expect(
            profile.columns == [
                .name: .name("Auftraggeber / Begünstigter"), .memo: .name("Verwendungszweck \"Info\""),
                .amount: .name("Betrag (EUR)"), .date: .name("Posting  Date"),
            ])
    }

    @Test func columnsSplitOverTwoLinesAddUp() throws {
        let profile = try csvProfile(
            """
            columns date=Buchungstag amount="Betrag (EUR)"
            # the text columns
            columns name=Begünstigter/Zahlungspflichtiger memo=Verwendungszweck
            """)
        #expect(
            profile.columns == [
                .date: .name("Buchungstag"), .amount: .name("Betrag (EUR)"),
                .name: .name("Begünstigter/Zahlungspflichtiger"), .memo: .name("Verwendungszweck"),
            ])
        let replaced = try csvProfile("columns date=1 amount=3\ncolumns amount=4\n")
        #expect(replaced.columns == [.date: .position(1), .amount: .position(4)], "a later pair for the same role wins")
    }

    @Test func everySettingOfTheContractExampleParses() throws {
        let profile = try csvProfile(
            """
            # profile for a bank's export
            delimiter ;
            encoding windows-1252
            skip 4                      # lines before the header
            date-format dd.mm.yyyy
            decimal-mark ,
            columns date=Buchungstag name=Beguenstigter/Zahlungspflichtiger memo=Verwendungszweck amount=Betrag
            account "DKB Giro"
            currency EUR
            header yes
            amount-sign inverted
            """)
        #expect(profile.delimiter == UInt8(ascii: ";"))
        #expect(profile.encoding == .windows1252)
        #expect(profile.skip == 4)
        #expect(profile.dateFormat?.pattern == "dd.mm.yyyy")
        #expect(profile.decimalMark == UInt8(ascii: ","))
        #expect(
            profile.columns == [
                .date: .name("Buchungstag"), .name: .name("Beguenstigter/Zahlungspflichtiger"),
                .memo: .name("Verwendungszweck"), .amount: .name("Betrag"),
            ])
        #expect(profile.account == "DKB Giro")
        #expect(profile.currency == CurrencyCode("EUR"))
        #expect(profile.hasHeader == true)
        #expect(profile.amountSign == .inverted)
    }

    /// Profiles saved by Notepad end their lines with CRLF and may start with a byte-order mark.
    @Test(arguments: [
        ("LF", "", "\n"), ("CRLF", "", "\r\n"), ("byte-order mark and CRLF", "\u{FEFF}", "\r\n"),
        ("byte-order mark and LF", "\u{FEFF}", "\n"),
    ])
    func lineEndsAndByteOrderMarkDoNotMatter(_ quirk: String, _ start: String, _ lineEnd: String) throws {
        let lines = ["delimiter ;", "skip 4", "account \"DKB Giro\"", "columns date=1 amount=4"]
        let profile = try csvProfile(start + lines.joined(separator: lineEnd) + lineEnd)
        #expect(profile.delimiter == UInt8(ascii: ";"))
        #expect(profile.skip == 4)
        #expect(profile.account == "DKB Giro")
        #expect(profile.columns == [.date: .position(1), .amount: .position(4)])

        let broken = CSVProfile.parse(start + ["skip 4", "# comment", "delimeter ;"].joined(separator: lineEnd), file: "p")
        guard case .failure(let errors) = broken else {
            Issue.record("'delimeter' parsed")
            return
        }
        #expect(errors.diagnostics.map(\.location) == [SourceLocation(file: "p", line: 3, column: 1)])
    }

    @Test(arguments: [("tab", 0x09), ("comma", 0x2C), ("semicolon", 0x3B), ("pipe", 0x7C), ("|", 0x7C), (";", 0x3B), ("\",\"", 0x2C)])
    func delimiterSpellings(_ spelling: String, _ byte: Int) throws {
        #expect(try csvProfile("delimiter \(spelling)\n").delimiter == UInt8(byte))
    }
}
