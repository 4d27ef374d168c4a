import FinanceCore
import Glibc

/// A deterministic MT940 export as German online banking writes `.sta` files: one statement per
/// day on one Girokonto, with opening and closing balances that add up, card payments, SEPA
/// direct debits and salary credits, and structured `:86:` narratives wrapped at 65 characters.
enum MT940Generator {
    private static let merchants = [
        "REWE Markt Lindenau", "EDEKA Center Hoffmann", "ALDI SUED Filiale 4471", "dm-drogerie markt 1187",
        "ARAL Station Lindenau Sued", "Baeckerei Koerner", "Deutsche Bahn Fernverkehr", "IKEA Einrichtungshaus",
        "Apotheke am Marktplatz", "Lidl Dienstleistung GmbH", "Kaufland Warenhandel", "MediaMarkt Lindenau",
    ]
    private static let creditors = [
        ("Stadtwerke Lindenau Energie GmbH", "Strom Abschlag"), ("Funkwelle Telekom GmbH", "Mobilfunk Rechnung"),
        ("Klangraum Streaming Europe", "Abo Musik Familie"), ("Wegweiser Versicherung a.G.", "Beitrag Kfz-Versicherung"),
        ("TV Lindenau 1887 e.V.", "Mitgliedsbeitrag"),
    ]

    static func write(count: Int, to path: String) -> Int {
        guard let file = fopen(path, "w") else { return 0 }
        defer { fclose(file) }
        var out: [UInt8] = []
        var total = 0
        func emit(_ text: String) {
            out.append(contentsOf: text.utf8)
            out.append(contentsOf: [0x0D, 0x0A])
        }
        func flush() {
            total += out.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            out.removeAll(keepingCapacity: true)
        }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var balance: Int64 = 250_000
        let perDay = max(1, count / 3650 + 1)
        var written = 0
        var day = 0
        while written < count {
            day += 1
            let date = LocalDate(year: 2015, month: 1, day: 1)!.adding(days: day)
            let yymmdd = "\(two(date.year % 100))\(two(date.month))\(two(date.day))"
            emit(":20:STARTUMSE")
            emit(":25:30040000/0612345600")
            emit(":28C:\(day)/001")
            emit(":60F:\(balance < 0 ? "D" : "C")\(yymmdd)EUR\(amount(balance))")
            for _ in 0..<min(perDay, count - written) {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let r = state
                let cents: Int64
                let narrative: String
                if r % 40 == 0 {
                    cents = 325_000 + Int64(r % 5000)
                    narrative =
                        "166?00GUTSCHRIFT?109901?20EREF+LOHN-\(date.year)-\(two(date.month))-0417?21SVWZ+Gehalt Personalnummer 0417"
                        + "?30DEUTDEFFXXX?31DE21500700100092331100?32Nordlicht Maschinenbau AG?34000"
                } else if r % 8 == 1 {
                    let (name, purpose) = creditors[Int((r >> 8) % UInt64(creditors.count))]
                    cents = -Int64(990 + (r >> 16) % 15_000)
                    narrative =
                        "005?00LASTSCHRIFT?109248?20EREF+RG\(r % 1_000_000)?21MREF+M-\(r % 9973)?22CRED+DE77ZZZ00000123456"
                        + "?23SVWZ+\(purpose) \(two(date.month))/\(date.year)?30BYLADEM1XXX?31DE11700500000001234567?32\(name)?34000"
                } else {
                    let merchant = merchants[Int((r >> 20) % UInt64(merchants.count))]
                    cents = -Int64(150 + (r >> 8) % 20_000)
                    narrative =
                        "005?00KARTENZAHLUNG?109311?20SVWZ+\(date.year)-\(two(date.month))-\(two(date.day))T12.\(two(Int(r % 60)))"
                        + " Debitk.2 2027-09 \(merchant)?30COBADEFFXXX?31DE40300400000612345600?32\(merchant)?34000"
                }
                balance += cents
                emit(":61:\(yymmdd)\(two(date.month))\(two(date.day))\(cents < 0 ? "D" : "C")\(amount(cents))N\(narrative.prefix(3))NONREF")
                // `:86:` lines hold at most 65 characters; banks cut wherever that falls.
                var rest = Substring(":86:" + narrative)
                while !rest.isEmpty {
                    emit(String(rest.prefix(65)))
                    rest = rest.dropFirst(65)
                }
                written += 1
            }
            emit(":62F:\(balance < 0 ? "D" : "C")\(yymmdd)EUR\(amount(balance))")
            emit("-")
            if out.count > 1 << 20 { flush() }
        }
        flush()
        return total
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `1234,56` for the magnitude of `cents`.
    private static func amount(_ cents: Int64) -> String {
        let m = cents.magnitude
        return "\(m / 100),\(two(Int(m % 100)))"
    }
}
