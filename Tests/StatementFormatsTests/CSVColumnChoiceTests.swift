import FinanceCore
import Testing

@testable import StatementFormats

/// Which column a header's words and a column's values make the payee, the account or the memo,
/// where a bank's layout once led detection to the wrong one.
@Suite struct CSVColumnChoiceTests {
    @Test(
        "SEPA's NOTPROVIDED and end-to-end ids joined by + are references, names are not",
        arguments: [
            ("NOTPROVIDED", true), ("notprovided", true), ("C56444670+U775555695", true), ("B9F21PGYA068V2KD", true),
            ("Max Mustermann GmbH", false), ("Notar", false), ("Stadtwerke", false),
        ])
    func referenceShape(_ cell: String, _ isReference: Bool) {
        #expect(ReferenceShape.isReference(cell) == isReference)
    }

    @Test("a Kundenreferenz column (customer reference) is never the payee, whatever text it holds")
    func customerReferenceIsNoName() throws {
        let text =
            "Buchungstag;Gegenseite;Kundenreferenz;Betrag\n01.04.2026;Anna Beispiel;Rechnung 4711 vom Marz;-10,00\n"
            + "02.04.2026;Anna Beispiel;Abo Zeitung Kunde 88;-5,00\n03.04.2026;Stadtwerke;Vertrag 2231 Strom;-40,00\n"
        let dialect = try detectCSV(text).dialect
        #expect(dialect.columns[.name] == .name("Gegenseite"), "\(dialect.columns)")
        let read = try readCSV(text)
        #expect(read.activities.map(\.name) == ["Anna Beispiel", "Anna Beispiel", "Stadtwerke"])
    }

    @Test("an account stated as a small table above the statement (key row over value row) is its IBAN, never a key")
    func accountTableInPreamble() throws {
        let text =
            "Konto;Filial-/Kontonummer;IBAN;Währung\nAktiv Konto;500 7654321 00;DE89370400440532013000;EUR\n\n"
            + "Buchungstag;Verwendungszweck;Betrag\n01.04.2026;Miete;-10,00\n02.04.2026;Strom;-5,00\n"
        let dialect = try detectCSV(text).dialect
        #expect(dialect.account == "DE89370400440532013000")
        #expect(dialect.currency == CurrencyCode("EUR"))
        let withoutIBAN = "Konto;Filial-/Kontonummer;Währung\nAktiv Konto;500 7654321 00;EUR\n\n" + text.split(separator: "\n\n")[1]
        #expect(try detectCSV(String(withoutIBAN)).dialect.account == "500 7654321 00")
    }

    @Test("a description numbered over several columns (Rabobank's Omschrijving-1..3) is one memo, not the Code column beside it")
    func numberedDescriptionColumnsAreOneMemo() throws {
        let text =
            "\"IBAN/BBAN\",\"Munt\",\"Datum\",\"Bedrag\",\"Saldo na trn\",\"Naam tegenpartij\",\"Code\",\"Omschrijving-1\",\"Omschrijving-2\",\"Omschrijving-3\"\n"
            + "\"NL91RABO0417164300\",\"EUR\",\"2026-04-01\",\"-337,49\",\"+4662,51\",\"\",\"db\",\"RENTE LENING\",\" \",\"\"\n"
            + "\"NL91RABO0417164300\",\"EUR\",\"2026-04-03\",\"+1250,00\",\"+5912,51\",\"Werkgever BV\",\"cb\",\"Salaris maart\",\"Periode 03\",\"ref 7\"\n"
        let dialect = try detectCSV(text).dialect
        #expect(dialect.columns[.memo] == .name("Omschrijving-1"), "\(dialect.columns)")
        #expect(dialect.columns[.balance] == .name("Saldo na trn"))
        #expect(dialect.columns[.account] == .name("IBAN/BBAN"))
        let read = try readCSV(text)
        #expect(read.activities.map(\.memo) == ["RENTE LENING", "Salaris maart Periode 03 ref 7"])
        #expect(read.activities.map(\.name) == ["RENTE LENING", "Werkgever BV"])
    }

    @Test("a column of masked card numbers (and N/A) is no account where a column of IBANs states it")
    func maskedCardsGiveWayToAnIBAN() throws {
        let text =
            "Datum;Beschreibung;Betrag;Kartennummer;Konto-IBAN\n01.04.2026;Miete;-10,00;N/A;DE02100100100006820101\n"
            + "02.04.2026;Bäcker;-5,00;**** 4821;DE02100100100006820101\n03.04.2026;Tanken;-40,00;**** 7390;DE02100100100006820101\n"
        #expect(try detectCSV(text).dialect.columns[.account] == .name("Konto-IBAN"))
        let cardsOnly = "Datum;Beschreibung;Betrag;Kartennummer\n01.04.2026;Miete;-10,00;**** 4821\n02.04.2026;Bäcker;-5,00;**** 4821\n"
        #expect(try detectCSV(cardsOnly).dialect.columns[.account] == .name("Kartennummer"))
    }

    @Test(
        "a card merchant's name\\street\\city\\postcode is named by its first part, the rest its address",
        arguments: [
            (
                "TAMMSAARE RIMI ISETEEN\\TAMMSAARE TEE 104A   \\TALLINN      \\12918     ESTEST", "TAMMSAARE RIMI ISETEEN",
                "TAMMSAARE TEE 104A, TALLINN, 12918 ESTEST"
            ),
            ("OLEREX VIIMSI         \\MUULI TEE 2", "OLEREX VIIMSI", "MUULI TEE 2"),
            ("RIKETS MUSTAMAE \\.   \\TALLINN", "RIKETS MUSTAMAE", "TALLINN"),
            ("123456++++++7890    22222222\\643\\MOSKVA\\PYATEROCHKA", nil, nil),
            ("Telia Eesti AS", nil, nil),
        ] as [(String, String?, String?)])
    func cardAcceptorLocation(_ cell: String, _ name: String?, _ address: String?) {
        let split = CardAcceptorLocation.split(cell)
        #expect(split?.name == name)
        #expect(split?.address == address)
    }
}
