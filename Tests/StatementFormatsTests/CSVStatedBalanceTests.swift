import FinanceCore
import StatementFormats
import Testing

/// Balances a CSV export states above its header or below its last row, in the forms banks
/// write them, reach the sink as the statement's opening and closing balance; fixtures written
/// from the banks' conventions.
@Suite struct CSVStatedBalanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        /// `AMOUNT[ CURRENCY]@DATE`, or `nil` for none.
        var opening: String?
        var closing: String?
        var warnings: [String] = []
        var rows = 2
    }

    static let cases: [Case] = [
        Case(
            testDescription: "DKB: Kontostand vom DATE: over its own cell, amount with EUR",
            text: """
                "Kontonummer:";"DE12 3456";
                "Kontostand vom 31.05.2024:";"1.000,00 EUR";

                "Buchungstag";"Verwendungszweck";"Betrag (EUR)";
                "30.05.2024";"Miete";"-500,00";
                "02.05.2024";"Gehalt";"1.200,00";

                """, opening: nil, closing: "1000.00 EUR@2024-05-31"),
        Case(
            testDescription: "Crédit Agricole: Solde au DATE : amount € in one cell",
            text: """
                Numéro de compte :;123;
                Solde au 31/05/2024 : 1 234,56 €;

                Date;Libellé;Débit euros;Crédit euros;
                30/05/2024;LOYER;780,00;;
                02/05/2024;SALAIRE;;2 000,00;

                """, opening: nil, closing: "1234.56 EUR@2024-05-31"),
        Case(
            testDescription: "Alter and Neuer Kontostand, undated: the first and last day of the rows",
            text: """
                "Alter Kontostand";"1.000,00 EUR"
                "Neuer Kontostand";"1.700,00 EUR"

                "Buchungstag";"Verwendungszweck";"Betrag"
                "02.05.2024";"Gehalt";"1.200,00"
                "10.05.2024";"REWE";"-54,20"
                "20.05.2024";"Telekom";"-45,80"
                "30.05.2024";"Miete";"-500,00"

                """, opening: "1000.00 EUR@2024-05-02", closing: "1700.00 EUR@2024-05-30", rows: 4),
        Case(
            testDescription: "Anfangssaldo and Endsaldo below the table",
            text: """
                "Buchungstag";"Verwendungszweck";"Betrag"
                "02.05.2024";"Gehalt";"1.200,00"
                "10.05.2024";"REWE";"-54,20"
                "20.05.2024";"Telekom";"-45,80"
                "30.05.2024";"Miete";"-500,00"

                "Anfangssaldo: 1.000,00 EUR"
                "Endsaldo: 1.600,00 EUR"

                """, opening: "1000.00 EUR@2024-05-02", closing: "1600.00 EUR@2024-05-30", rows: 4),
        Case(
            testDescription: "Opening and Closing balance with the date in a cell",
            text: """
                Opening balance,05/01/2024,"1,000.00"
                Closing balance,05/31/2024,"1,700.00"

                Date,Description,Amount,Category
                05/02/2024,Salary,1200.00,Income
                05/30/2024,Rent,-500.00,Housing

                """, opening: "1000.00@2024-05-01", closing: "1700.00@2024-05-31"),
        Case(
            testDescription: "Solde initial débiteur and Solde final",
            text: """
                "Solde initial : 100,00 € débiteur"
                "Solde final : 500,00 €"
                "Date";"Libellé";"Montant"
                "02/05/2024";"SALAIRE";"1 200,00"
                "10/05/2024";"CARREFOUR";"-54,20"
                "20/05/2024";"FREE MOBILE";"-45,80"
                "30/05/2024";"LOYER";"-500,00"

                """, opening: "-100.00 EUR@2024-05-02", closing: "500.00 EUR@2024-05-30", rows: 4),
        Case(
            testDescription: "Saldo inicial and Saldo final a DATE, a currency cell of its own",
            text: """
                "Saldo inicial a 01/05/2024";"1.000,00";"EUR"
                "Saldo final a 31/05/2024";"1.600,00";"EUR"

                "Fecha";"Concepto";"Movimiento";"Importe";"Divisa"
                "02/05/2024";"Nómina";"Abono";"1.200,00";"EUR"
                "10/05/2024";"Mercadona";"Cargo";"-54,20";"EUR"
                "20/05/2024";"Movistar";"Cargo";"-45,80";"EUR"
                "30/05/2024";"Alquiler";"Cargo";"-500,00";"EUR"

                """, opening: "1000.00 EUR@2024-05-01", closing: "1600.00 EUR@2024-05-31", rows: 4),
        Case(
            testDescription: "Saldo iniziale and Saldo finale al DATE below the table",
            text: """
                "Data contabile";"Data valuta";"Descrizione";"Importo";"Valuta"
                "02/05/2024";"02/05/2024";"STIPENDIO";"1.200,00";"EUR"
                "10/05/2024";"10/05/2024";"ESSELUNGA";"54,20-";"EUR"
                "20/05/2024";"20/05/2024";"TIM";"45,80-";"EUR"
                "30/05/2024";"30/05/2024";"AFFITTO";"500,00-";"EUR"

                "Saldo iniziale al 01/05/2024";"1.000,00"
                "Saldo finale al 31/05/2024";"1.600,00"

                """, opening: "1000.00 EUR@2024-05-01", closing: "1600.00 EUR@2024-05-31", rows: 4),
        Case(
            testDescription: "Beginsaldo op DATE and Eindsaldo, a layout other than the rows'",
            text: """
                "Beginsaldo op 01-05-2024";"1.000,00"
                "Eindsaldo op 31-05-2024";"1.700,00"

                "Datum";"Naam / Omschrijving";"Af Bij";"Bedrag (EUR)"
                "20240502";"Werkgever B.V.";"Bij";"1.200,00"
                "20240510";"Albert Heijn";"Af";"54,20"
                "20240520";"KPN";"Af";"45,80"
                "20240530";"Woonstichting";"Af";"500,00"

                """, opening: "1000.00 EUR@2024-05-01", closing: "1700.00 EUR@2024-05-31", rows: 4),
        Case(
            testDescription: "a statement summary: labels over a line of amounts",
            text: """
                Date,Narration,Amount
                02/05/2024,SALARY,1200.00
                30/05/2024,RENT,-500.00

                STATEMENT SUMMARY :-
                Opening Balance,Debits,Credits,Closing Bal
                "1,000.00",500.00,"1,200.00","1,700.00"

                """, opening: "1000.00@2024-05-02", closing: "1700.00@2024-05-30"),
        Case(
            testDescription: "a plain balance dated before the first row is the opening",
            text: """
                "Kontostand vom 30.04.2024:";"1.000,00 EUR";

                "Buchungstag";"Verwendungszweck";"Betrag (EUR)";
                "30.05.2024";"Miete";"-500,00";
                "02.05.2024";"Gehalt";"1.200,00";

                """, opening: "1000.00 EUR@2024-04-30", closing: nil),
        Case(
            testDescription: "a plain balance dated within the rows is neither, with a warning",
            text: """
                "Kontostand vom 15.05.2024:";"1.000,00 EUR";

                "Buchungstag";"Verwendungszweck";"Betrag (EUR)";
                "30.05.2024";"Miete";"-500,00";
                "02.05.2024";"Gehalt";"1.200,00";

                """, opening: nil, closing: nil, warnings: ["csv.balance-in-period@1"]),
        Case(
            testDescription: "a card export's balance turns sign like its rows",
            text: """
                "New balance:","$1,234.56"

                Transaction Date,Description,Amount
                05/14/2024,STARBUCKS,6.45
                05/15/2024,AMAZON,23.99
                05/16/2024,SHELL OIL,40.00
                05/20/2024,PAYMENT THANK YOU,-500.00

                """, opening: nil, closing: "-1234.56 USD@2024-05-20", warnings: ["csv.sign-inverted@3"], rows: 4),
        Case(
            testDescription: "no balance: a fee named after a balance, an available amount",
            text: """
                Balance transfer fee,35.00
                Verfügbarer Betrag,"1,000.00"

                Date,Description,Amount
                05/02/2024,Salary,1200.00
                05/30/2024,Rent,-500.00

                """, opening: nil, closing: nil),
    ]

    static func read(_ text: String) throws -> StatementCollector {
        var collector = StatementCollector()
        try CSVStatementReader().read(ByteInput(bytes: Array(text.utf8), displayName: "stated.csv"), options: ReadOptions(), into: &collector)
        return collector
    }

    static func brief(_ balance: Balance?) -> String? {
        balance.map { "\($0.amount.decimalString)\($0.amount.currency.map { " \($0)" } ?? "")@\($0.date)" }
    }

    @Test("stated balances", arguments: cases)
    func statedBalance(_ c: Case) throws {
        let collector = try Self.read(c.text)
        #expect(collector.errors.isEmpty, "\(collector.codes)")
        #expect(collector.activities.count == c.rows, "the balance lines are no rows")
        #expect(collector.codes == c.warnings)
        let info = collector.statements.last
        #expect(Self.brief(info?.openingBalance) == c.opening)
        #expect(Self.brief(info?.ledgerBalance) == c.closing)
    }

    @Test func detectionFindsThemAndNamesTheirLines() throws {
        let text =
            "\"Alter Kontostand\";\"1.000,00 EUR\"\n\"Neuer Kontostand vom 31.05.2024\";\"1.700,00 S\"\n\nBuchungstag;Verwendungszweck;Betrag\n02.05.2024;Gehalt;1.200,00\n10.05.2024;REWE;-54,20\n20.05.2024;Telekom;-45,80\n30.05.2024;Miete;-500,00\n"
        let input = ByteInput(bytes: Array(text.utf8), displayName: "t.csv")
        let detection = try CSVStatementReader().detect(input, options: ReadOptions()).get()
        #expect(detection.statedBalances.map(\.line) == [1, 2])
        #expect(detection.statedBalances.map(\.kind) == [.opening, .closing])
        #expect(detection.statedBalances.last?.amount.decimalString == "-1700.00", "S (Soll) is a debit balance")
        #expect(detection.statedBalances.last?.date?.description == "2024-05-31")
    }

    @Test func aCardsKindArrivesBeforeItsFirstTransaction() throws {
        let collector = try Self.read(Self.cases.first { $0.testDescription.hasPrefix("a card export") }!.text)
        #expect(collector.sent.first?.account.kind == .creditCard)
        #expect(collector.activitiesAtStatement.first == 0)
        #expect(collector.statements.last?.account.kind == .creditCard)
    }

    @Test func balancesOfAFileWithSeveralAccountsAreNotGuessed() throws {
        let text =
            "Closing balance,1700.00\n\nDate,Account,Description,Amount\n05/02/2024,Checking,Salary,1200.00\n05/10/2024,Checking,Grocer,-54.20\n05/20/2024,Savings,Phone,-45.80\n05/30/2024,Savings,Rent,-500.00\n"
        let collector = try Self.read(text)
        #expect(collector.errors.isEmpty, "\(collector.codes)")
        #expect(collector.activities.count == 4)
        #expect(collector.codes == ["csv.balance-account-unknown@1"])
        #expect(collector.statements.allSatisfy { $0.ledgerBalance == nil && $0.openingBalance == nil })
    }
}
