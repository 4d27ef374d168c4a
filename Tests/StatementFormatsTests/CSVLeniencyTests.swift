import FinanceCore
import Testing

@testable import StatementFormats

/// What the CSV reader tolerates in real bank exports, beyond the quirks table: the balances
/// balance rows give, what `--strict` refuses, and the exact wording of the whole-file errors.
@Suite struct CSVLeniencyTests {
    static func read(_ text: String, strict: Bool = false) throws -> StatementCollector {
        var collector = StatementCollector()
        try CSVStatementReader().read(
            ByteInput(bytes: Array(text.utf8), displayName: "t.csv"), options: ReadOptions(strict: strict),
            into: &collector)
        return collector
    }

    static func money(_ text: String) -> Money {
        guard case .success(let parsed) = AmountParser.parse(text, decimalMark: UInt8(ascii: ".")) else { fatalError(text) }
        return Money(units: parsed.units, scale: parsed.scale)
    }

    // MARK: Balance rows

    struct BalanceCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let opening: String?
        let openingDate: String?
        let closing: String?
        let closingDate: String?
        let activities: Int
    }

    static let balanceCases: [BalanceCase] = [
        .init(
            testDescription: "Italian Saldo iniziale and Saldo finale in the amount column",
            text: "Data;Descrizione;Importo\n01/05/2024;Saldo iniziale;1.000,00\n02/05/2024;Spesa;-45,20\n31/05/2024;Saldo finale;954,80\n",
            opening: "1000.00", openingDate: "2024-05-01", closing: "954.80", closingDate: "2024-05-31", activities: 1),
        .init(
            testDescription: "English rows with the balance in the balance column, the closing one undated",
            text:
                "Date,Description,Amount,Balance\n2024-05-01,Opening balance,,1200.00\n2024-05-02,TESCO,-23.45,1176.55\n2024-05-10,COUNCIL,-142.00,1034.55\n,Closing balance,,1034.55\n",
            opening: "1200.00", openingDate: "2024-05-01", closing: "1034.55", closingDate: "2024-05-10", activities: 2),
        .init(
            testDescription: "German Anfangssaldo and Endsaldo",
            text: "Buchungstag;Buchungstext;Betrag;Saldo\n01.05.2024;Anfangssaldo;;500,00\n02.05.2024;Miete;-400,00;100,00\n31.05.2024;Endsaldo;;100,00\n",
            opening: "500.00", openingDate: "2024-05-01", closing: "100.00", closingDate: "2024-05-31", activities: 1),
        .init(
            testDescription: "French Solde précédent and Nouveau solde, undated",
            text: "Date;Libellé;Montant\n;Solde précédent;2 000,00\n03/05/2024;CB Monoprix;-23,15\n;Nouveau solde;1 976,85\n",
            opening: "2000.00", openingDate: "2024-05-03", closing: "1976.85", closingDate: "2024-05-03", activities: 1),
        .init(
            testDescription: "Spanish Saldo anterior and Saldo final",
            text: "Fecha;Concepto;Importe\n01/05/2024;Saldo anterior;300,00\n02/05/2024;Recibo luz;-60,00\n31/05/2024;Saldo final;240,00\n",
            opening: "300.00", openingDate: "2024-05-01", closing: "240.00", closingDate: "2024-05-31", activities: 1),
        .init(
            testDescription: "Dutch Beginsaldo and Eindsaldo",
            text: "Datum;Omschrijving;Bedrag\n01-05-2024;Beginsaldo;150,00\n02-05-2024;Albert Heijn;-12,40\n31-05-2024;Eindsaldo;137,60\n",
            opening: "150.00", openingDate: "2024-05-01", closing: "137.60", closingDate: "2024-05-31", activities: 1),
        .init(
            testDescription: "an opening balance that goes on with its date",
            text: "Date,Description,Amount\n2024-05-01,Opening balance as of 01/05/2024,75.00\n2024-05-02,Coffee,-3.50\n",
            opening: "75.00", openingDate: "2024-05-01", closing: nil, closingDate: nil, activities: 1),
        .init(
            testDescription: "Lithuanian Likutis pradžiai and pabaigai with a D/K column; Apyvarta (turnover) and another currency's balances not taken",
            text: """
                "Sąskaitos Nr.","","Data","Gavėjas","Paaiškinimai","Suma","Valiuta","D/K","Įrašo Nr.","Kodas","Kliento kodas",
                "LT601010012345678901","10","2024-03-01","","Likutis pradžiai","1500.00","EUR","K","","AS",
                "LT601010012345678901","20","2024-03-02","Kavinė","PIRKINYS","14.34","EUR","D","2024030200011111","K",
                "LT601010012345678901","20","2024-03-10","UAB Pavyzdys","Atlyginimas","1600.00","EUR","K","2024031000033333","MK",
                "LT601010012345678901","82","2024-03-31","","Apyvarta","14.34","EUR","D","","K2",
                "LT601010012345678901","82","2024-03-31","","Apyvarta","1600.00","EUR","K","","K2",
                "LT601010012345678901","86","2024-03-31","","Likutis pabaigai","3085.66","EUR","K","","LS",
                "LT601010012345678901","10","2024-03-01","","Likutis pradžiai","120.00","USD","K","","AS",
                "LT601010012345678901","86","2024-03-31","","Likutis pabaigai","120.00","USD","K","","LS",

                """,
            opening: "1500.00", openingDate: "2024-03-01", closing: "3085.66", closingDate: "2024-03-31", activities: 2),
        .init(
            testDescription: "CertoOne's BALANCE row first, dated after the last transaction: the closing balance",
            text: "Date;Amount;Description\n2024-03-25;-182.40;BALANCE\n2024-03-04;150.00;Ihre Zahlung\n2024-03-11;-332.40;Hotel\n",
            opening: nil, openingDate: nil, closing: "-182.40", closingDate: "2024-03-25", activities: 2),
        .init(
            testDescription: "a Saldo row dated before the first transaction: the opening balance",
            text: "Datum;Text;Betrag\n30.04.2024;Saldo;250,00\n02.05.2024;Miete;-200,00\n",
            opening: "250.00", openingDate: "2024-04-30", closing: nil, closingDate: nil, activities: 1),
    ]

    @Test(arguments: balanceCases)
    func balanceRowsBecomeTheStatementsBalances(_ c: BalanceCase) throws {
        let read = try Self.read(c.text)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.count == c.activities, "\(read.activities.map(\.name))")
        #expect(read.diagnostics.filter { $0.code == CSVRowMapper.balanceRowsCode }.count == 1, "one warning per file")
        let info = try #require(read.statements.first)
        #expect(info.openingBalance.map { $0.amount.decimalString } == c.opening)
        #expect(info.openingBalance.map { "\($0.date)" } == c.openingDate)
        if let closing = c.closing {
            #expect(info.ledgerBalance.map { $0.amount.decimalString } == closing)
            #expect(info.ledgerBalance.map { "\($0.date)" } == c.closingDate)
        }
    }

    @Test func aPayeeThatStartsWithBalanceWordsStaysATransaction() throws {
        let read = try Self.read(
            "Date,Description,Amount\n2024-05-01,Opening Balance Ltd,-30.00\n2024-05-02,New Balance Store,-89.99\n2024-05-03,Balance Transfer,-10.00\n")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.activities.map(\.name) == ["Opening Balance Ltd", "New Balance Store", "Balance Transfer"])
    }

    @Test func balanceRowsAreRefusedUnderStrict() throws {
        let text = "Data;Descrizione;Importo\n01/05/2024;Saldo iniziale;1.000,00\n02/05/2024;Spesa;-45,20\n31/05/2024;Saldo finale;954,80\n"
        let read = try Self.read(text, strict: true)
        #expect(read.errors.map { "\($0.location.line)" } == ["2", "4"])
        #expect(read.errors.allSatisfy { $0.message.hasSuffix("(refused under --strict)") })
        #expect(read.activities.count == 1)
        #expect(read.statements.first?.openingBalance == nil)
    }

    // MARK: Text marks

    @Test func anApostropheMarkingTextIsTakenOffWhileIdsStayAsTheBankWroteThem() throws {
        // NatWest's export: every text cell begins with `'`, so that a spreadsheet shows it as text.
        let text =
            "Date,Type,Description,Value,Balance,Account Name\n"
            + "01/03/2024,POS,'TESCO STORES 2345,-23.50,1976.50,'JOHN SMITH\n"
            + "02/03/2024,BAC,'ACME LTD SALARY,1850.00,3826.50,'JOHN SMITH\n"
            + "04/03/2024,D/D,'BRITISH GAS,-60.00,3766.50,'JOHN SMITH\n"
        let read = try Self.read(text)
        #expect(read.activities.map(\.name) == ["TESCO STORES 2345", "ACME LTD SALARY", "BRITISH GAS"])
        #expect(read.activities.allSatisfy { $0.account == "JOHN SMITH" })
        #expect(read.codes == ["csv.ambiguous-dates@1", "csv.lenient.text-mark@2"])
        // The ids an earlier pfin gave, from the cells with their marks.
        let ids = ActivityIDBuilder()
        let expected = read.activities.map { a in
            ids.id(account: "'JOHN SMITH", date: a.date, amount: a.amount, name: "'" + a.name)
        }
        #expect(read.activities.map(\.id) == expected)
        // Quoted whole (ASN Bank's export), both marks go; an apostrophe inside stays.
        let quoted = try Self.read("Date,Description,Amount\n2024-05-01,'Betaling aan ICS',-1.00\n2024-05-02,'Joe's Diner',-2.00\n")
        #expect(quoted.activities.map(\.name) == ["Betaling aan ICS", "Joe's Diner"])
        // A doubled apostrophe, or one before a space, is text, not a mark.
        let kept = try Self.read("Date,Description,Amount\n2024-05-01,'' quoted,-1.00\n2024-05-02,' spaced,-2.00\n")
        #expect(kept.activities.map(\.name) == ["'' quoted", "' spaced"])
        #expect(kept.diagnostics.isEmpty)
    }

    // MARK: Fees

    @Test func aFeeIsMoneyOutWhicheverWayTheAmountsAreWritten() throws {
        // A card's export (charges positive) with a fee column, both pinned by a profile.
        guard case .success(let profile) = CSVProfile.parse("columns date=Date name=Description amount=Amount fee=Fee\namount-sign inverted\n", file: "p")
        else {
            Issue.record("the profile did not parse")
            return
        }
        var options = ReadOptions()
        options.csvProfile = profile
        var collector = StatementCollector()
        let text = "Date,Description,Amount,Fee\n2024-03-01,SHOP 1,10.00,0.50\n2024-03-02,SHOP 2,20.00,\n2024-03-04,PAYMENT,-50.00,0.00\n"
        try CSVStatementReader().read(ByteInput(bytes: Array(text.utf8), displayName: "t.csv"), options: options, into: &collector)
        #expect(collector.activities.map(\.amount) == [Self.money("-10.50"), Self.money("-20.00"), Self.money("50.00")])
    }

    // MARK: Pending rows

    @Test func pendingRowsAtTheEndAreReportedNotTakenForAFooter() throws {
        let read = try Self.read("Date,Description,Amount\n2024-05-01,Coffee,-3.50\nPending,Shop,-4.20\npending,Bar,-1.00\n")
        #expect(read.activities.count == 1)
        #expect(read.codes == ["csv.pending-row@3:1", "csv.pending-row@4:1"])
        #expect(read.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func pendingRowsAreErrorsUnderStrict() throws {
        let read = try Self.read("Date,Description,Amount\n2024-05-01,Coffee,-3.50\nPending,Shop,-4.20\n2024-05-03,Tea,-2.00\n", strict: true)
        #expect(read.errors.map(\.code) == ["csv.pending-row"])
        #expect(read.activities.count == 2)
    }

    @Test func aHeaderlessDateColumnWithPendingCellsIsStillTheDate() throws {
        let read = try Self.read("2024-05-01,Coffee,-3.50\n2024-05-02,Shop,-4.20\nPending,Other,-1.00\n2024-05-03,Pay,100.00\n")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map { "\($0.date)" } == ["2024-05-01", "2024-05-02", "2024-05-03"])
    }

    // MARK: Status columns

    @Test(arguments: [
        ("COMPLETED", RowStatus.booked), ("Cleared", .booked), ("Umsatz gebucht", .booked), ("Reversed", .reversed),
        ("Refunded", .booked), ("PENDING", .pending), ("Vorgemerkt", .pending), ("Umsatz vorgemerkt", .pending),
        ("En attente", .pending), ("REVERTED", .notExecuted), ("DECLINED", .notExecuted), ("Abgelehnt", .notExecuted),
        ("Rechazada", .notExecuted), ("Annulé", .notExecuted),
    ])
    func statusWords(_ cell: String, _ status: RowStatus) {
        #expect(RowStatus.of(folded: TextFolding.fold(cell)) == status)
    }

    @Test func aStatusCellThatIsNoStatusWordLeavesTheRowBooked() {
        #expect(RowStatus.of(folded: TextFolding.fold("WA")) == nil)
        #expect(RowStatus.of(folded: TextFolding.fold("-")) == nil)
        var cache = StatusCellCache()
        for (cell, status) in [("COMPLETED", RowStatus.booked), ("COMPLETED", .booked), ("PENDING", .pending), ("Storniert", .booked)] {
            let bytes = Array(cell.utf8)
            #expect(bytes.withUnsafeBufferPointer { cache.status(of: $0) } == status, "\(cell)")
        }
    }

    @Test func aProfileWithoutAStatusColumnReadsEveryRow() throws {
        let text = "Status,Date,Description,Amount\nPending,2025-12-18,SHELL,-45.10\nCleared,2025-12-16,TRADER JOE S,-62.37\nDeclined,2025-12-15,STORE,-9.00\n"
        let detected = try Self.read(text)
        #expect(detected.activities.map(\.name) == ["TRADER JOE S"])
        #expect(detected.codes == ["csv.pending-row@2:1", "csv.not-executed-row@4:1"])
        guard case .success(let profile) = CSVProfile.parse("columns date=Date name=Description amount=Amount\n", file: "p") else {
            Issue.record("the profile did not parse")
            return
        }
        var options = ReadOptions()
        options.csvProfile = profile
        var collector = StatementCollector()
        try CSVStatementReader().read(ByteInput(bytes: Array(text.utf8), displayName: "t.csv"), options: options, into: &collector)
        #expect(collector.activities.map(\.name) == ["SHELL", "TRADER JOE S", "STORE"])
    }

    // MARK: Rows with more fields than the header

    @Test func extraFieldsAreJoinedBackQuotesAndAll() throws {
        let read = try Self.read("Date,Description,Amount,Memo\n2024-05-01,ACME,-1.00,\"Payment, thanks\",see you\n2024-05-02,Shop,-2.00,ok\n")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.memo) == ["Payment, thanks,see you", "ok"])
        #expect(read.diagnostics.map(\.code) == [CSVRowMapper.extraFieldsCode])
    }

    @Test func extraFieldsAreRaggedRowErrorsUnderStrict() throws {
        let read = try Self.read("Date,Description,Amount,Memo\n2024-05-01,ACME,-1.00,Payment, thanks\n2024-05-02,Shop,-2.00,ok\n", strict: true)
        #expect(read.codes == ["csv.ragged-row@2:31"])
        #expect(read.activities.count == 1)
    }

    // MARK: Invalid UTF-8

    @Test func invalidUTF8OnManyLinesIsOneWarningNamingTheFirstTen() throws {
        var bytes = Array("Date,Payee,Amount\n".utf8)
        for day in 1...12 { bytes += Array("2024-05-\(day < 10 ? "0" : "")\(day),Caf".utf8) + [0xE9] + Array(" Zürich Café,-1.00\n".utf8) }
        let read = try readCSV(bytes)
        #expect(
            read.diagnostics.map(\.message) == [
                "invalid UTF-8 bytes on lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 2 more replaced with U+FFFD; the rest of the file is UTF-8 and was read as such"
            ])
        #expect(read.activities.count == 12)
        #expect(read.activities.first?.name == "Caf\u{FFFD} Zürich Café")
    }

    // MARK: Whole-file errors

    static let note = "'pfin identify t.csv' shows what each reader saw"

    @Test(arguments: [
        ("the file is empty", ""),
        ("no columns found", "just words\nand more words\n"),
        ("could not tell which column holds the date", "Payee,Amount\nTESCO,-23.40\nACME,1500.00\n"),
        ("could not tell which column holds the amount", "Date,Payee\n2024-05-01,TESCO\n2024-05-02,ACME\n"),
        ("a NUL byte", "Date,Amount\n2024-05-01,\u{0}\u{0}1.00\n"),
    ])
    func wholeFileErrorsPointToIdentify(_ expected: String, _ text: String) throws {
        let read = try Self.read(text)
        let error = try #require(read.errors.first)
        #expect(read.errors.count == 1)
        #expect(error.message.contains(expected), "\(error.message)")
        #expect(error.notes.last == Self.note, "\(error.notes)")
    }

    @Test func aDateColumnWithoutDatesPointsToIdentify() throws {
        var profile = CSVProfile()
        profile.columns = [.date: .name("When"), .amount: .name("Amount")]
        profile.hasHeader = true
        var collector = StatementCollector()
        try CSVStatementReader().read(
            ByteInput(bytes: Array("When,Amount\nsoon,1.00\nlater,2.00\n".utf8), displayName: "t.csv"),
            options: ReadOptions(csvProfile: profile), into: &collector)
        let error = try #require(collector.errors.first)
        #expect(error.code == "csv.no-dates")
        #expect(error.notes.last == Self.note)
    }
}
