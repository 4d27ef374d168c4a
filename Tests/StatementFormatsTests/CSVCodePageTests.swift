import FinanceCore
import Testing

@testable import StatementFormats

/// Telling the single-byte code pages apart: a file that is not UTF-8 is read in the code page
/// whose decoding gives letters of one language and header words pfin knows.
@Suite struct CSVCodePageTests {
    /// `text` in a single-byte `encoding`, through the reader's own table (every character of the
    /// text must be in the code page).
    static func encode(_ text: String, _ encoding: TextEncoding) -> [UInt8] {
        let table = SingleByteTables.table(for: encoding)!
        var byScalar: [UInt32: UInt8] = [:]
        for (byte, scalar) in table.enumerated() where byScalar[scalar] == nil { byScalar[scalar] = UInt8(byte) }
        return text.unicodeScalars.map { byScalar[$0.value]! }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let encoding: TextEncoding
        let text: String
        /// A name the reader must give back exactly.
        let name: String
    }

    static let cases: [Case] = [
        .init(
            testDescription: "Czech header with accents in Windows-1250", encoding: .windows1250,
            text: "Datum;Název protiúčtu;Částka\n01.05.2024;Řeznictví Šťastný;-250,00\n02.05.2024;Lékárna U Anděla;-189,50\n",
            name: "Řeznictví Šťastný"),
        .init(
            testDescription: "Czech names under a plain ASCII header in Windows-1250", encoding: .windows1250,
            text: "Datum;Popis;Castka\n01.05.2024;Řeznictví Šťastný;-250,00\n02.05.2024;Poštovné a služby;-50,00\n",
            name: "Poštovné a služby"),
        .init(
            testDescription: "Czech names under a plain ASCII header in ISO 8859-2", encoding: .latin2,
            text: "Datum;Popis;Castka\n01.05.2024;Řeznictví Šťastný;-250,00\n02.05.2024;Poštovné a služby;-50,00\n",
            name: "Poštovné a služby"),
        .init(
            testDescription: "Polish header (Tytuł, Kwota) in Windows-1250", encoding: .windows1250,
            text: "Data operacji;Opis operacji;Tytuł;Kwota\n01.05.2024;Płatność kartą;Żabka Łódź;-23,45\n02.05.2024;Przelew;Czynsz;-1 800,00\n",
            name: "Płatność kartą"),
        .init(
            testDescription: "Polish names in ISO 8859-2 (ą, ś where Windows-1250 has ± and ¶)", encoding: .latin2,
            text: "Data księgowania;Nadawca/Odbiorca;Kwota\n01.05.2024;Świętokrzyskie Wodociągi;-120,50\n02.05.2024;Jan Ślązak;300,00\n",
            name: "Świętokrzyskie Wodociągi"),
        .init(
            testDescription: "Hungarian in Windows-1250 (ő, ű)", encoding: .windows1250,
            text: "Dátum;Közlemény;Összeg\n2024.05.01;Bérleti díj;-150 000\n2024.05.03;Könyvesbolt Győr;-8 990\n",
            name: "Könyvesbolt Győr"),
        .init(
            testDescription: "Russian header in Windows-1251", encoding: .windows1251,
            text: "Дата операции;Описание;Сумма\n01.05.2024;Перевод от Иванова;15000,00\n02.05.2024;Оплата «Пятёрочка»;-1234,56\n",
            name: "Оплата «Пятёрочка»"),
        .init(
            testDescription: "Bulgarian header (Основание, Сума, Салдо) in Windows-1251", encoding: .windows1251,
            text: "Дата;Основание;Сума;Салдо\n01.05.2024;Заплата;1500,00;2500,00\n02.05.2024;Плащане с карта;-35,20;2464,80\n",
            name: "Плащане с карта"),
        .init(
            testDescription: "Lithuanian header (Gavėjas, Aprašymas) in Windows-1257", encoding: .windows1257,
            text: "Data;Gavėjas;Aprašymas;Suma\n2024-05-01;UAB Šilumos tinklai;Už šildymą;-85,40\n2024-05-02;Jonas Žukauskas;Skola;150,00\n",
            name: "UAB Šilumos tinklai"),
        .init(
            testDescription: "Latvian names under a plain header in Windows-1257", encoding: .windows1257,
            text: "Datums;Apraksts;Summa\n01.05.2024;Jānis Bērziņš;80,00\n02.05.2024;Rīgas Ūdens rēķins;-24,30\n",
            name: "Jānis Bērziņš"),
        .init(
            testDescription: "German with French, Spanish and Danish names stays Windows-1252", encoding: .windows1252,
            text: "Datum;Text;Betrag\n01.05.2024;Café Müller;-3,00\n02.05.2024;Señor Taco;-4,00\n03.05.2024;Crêperie Øresund;-5,00\n",
            name: "Crêperie Øresund"),
        .init(
            testDescription: "Spanish in Windows-1252", encoding: .windows1252,
            text: "Fecha;Concepto;Importe\n01/05/2024;Compra en El Corte Inglés;-30,00\n02/05/2024;Peña Año Nuevo;-5,00\n",
            name: "Peña Año Nuevo"),
        .init(
            testDescription: "pound signs in a Windows-1252 file are not Polish Ł", encoding: .windows1252,
            text: "Date,Description,Amount\n2024-05-01,Caf\u{E9},£12.00\n2024-05-02,Pub,£3.50\n",
            name: "Café"),
    ]

    @Test(arguments: cases)
    func codePage(_ c: Case) throws {
        let bytes = Self.encode(c.text, c.encoding)
        #expect(CodePageDetection.choose(bytes) == c.encoding, "\(CodePageDetection.scores(bytes))")
        let read = try readCSV(bytes)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.contains { $0.name == c.name || $0.memo == c.name }, "\(read.activities.map(\.name))")
    }

    @Test func aPinnedEncodingWinsOverDetection() throws {
        var profile = CSVProfile()
        profile.encoding = .windows1252
        let bytes = Self.encode("Datum;Popis;Částka\n01.05.2024;Řeznictví;-250,00\n", .windows1250)
        let detection = try detectCSV(bytes, options: ReadOptions(csvProfile: profile))
        #expect(detection.dialect.encoding == .windows1252)
    }

    @Test(arguments: [TextEncoding.windows1250, .windows1251, .windows1257, .latin2])
    func profileNamesTheCodePageAndReadsItBack(_ encoding: TextEncoding) throws {
        var dialect = try detectCSV("Date,Payee,Amount\n2024-05-03,Shop,-5.00\n").dialect
        dialect.encoding = encoding
        let profile = try csvProfile(dialect.profileText(source: "test"))
        #expect(profile.encoding == encoding)
        #expect(dialect.profileText(source: "test").contains("encoding \(encoding.name)\n"))
    }

    @Test func onlyTheStartOfTheWindowIsScored() {
        // The decision costs one pass over the first 64 KiB per code page, whatever the file's
        // size: text beyond it does not count.
        var text = "Datum;Text;Betrag\n" + String(repeating: "01.05.2024;Muller;-1,00\n", count: 4000)
        text += "02.05.2024;Перевод от Иванова Иван Иванович;-1,00\n"
        let bytes = Self.encode(text, .windows1251)
        #expect(bytes.count > CodePageDetection.sampleBytes)
        #expect(CodePageDetection.choose(bytes) == .windows1252)
    }
}
