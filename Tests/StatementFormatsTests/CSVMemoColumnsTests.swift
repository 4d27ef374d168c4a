import Testing

@testable import StatementFormats

/// Banks' text columns read as the name and the memo: the quirk fixtures of the same banks
/// (`quirks/csv.json`) check the names and totals, these the memos as well.
@Suite struct CSVMemoColumnsTests {
    static func read(_ file: String) throws -> [String] {
        let collector = try readFile(Repository.fixtures.appendingPathComponent("quirks/csv/\(file)").path)
        #expect(collector.errors.isEmpty, "\(collector.errors)")
        return collector.activities.map { "\($0.name) | \($0.memo ?? "-")" }
    }

    @Test func glsBanksNumberedPurposeColumnsAreOneMemo() throws {
        #expect(
            try Self.read("numbered-purpose-columns-gls.csv") == [
                "Beispiel Mobilfunk GmbH | K1234567 U987654321 Rechnung Februar 2024 Kundennr. 555123",
                "Erika Musterfrau | Miete März", "Muster Arbeitgeber eG | Gehalt März 2024 Personalnr. 0815",
            ])
    }

    @Test func neonsSubjectIsTheMemo() throws {
        #expect(
            try Self.read("subject-column-is-the-memo-neon.csv") == [
                "Beispiel Immobilien AG | Miete April 2024", "Muster Arbeitgeber AG | Lohn März 2024", "Café Exemple Paris | -",
            ])
    }

    @Test func zkbsBookingTextNamesTheRows() throws {
        #expect(
            try Self.read("booking-text-beside-sparse-details-zkb.csv") == [
                "Credit salary: Muster Arbeitgeber AG, Bahnhofstrasse 1, Zürich | -", "Debit TWINT: Beispiel Kiosk | -",
                "Debit eBill: Musterwerke Energie AG | -", "Debit Debit card: Migros Beispielplatz | -",
            ])
    }
}
