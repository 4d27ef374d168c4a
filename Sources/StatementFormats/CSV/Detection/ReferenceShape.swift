/// Whether a cell holds a bank's reference rather than a name: one word of ten or more letters and
/// digits mixed (Knab's `Referentie`, `B9F21PGYA068V2KD`; end-to-end ids, `NOTPROVIDED1234`,
/// `C56444670+U775555695`), or SEPA's `NOTPROVIDED`, which a payment without an end-to-end id
/// carries in its place. Such a column varies in every row and its cells are long, so by its
/// values alone it looked more like a payee than a column of names that repeat (Knab's
/// `Tegenrekeninghouder`); it names no one.
enum ReferenceShape {
    static func isReference(_ cell: String) -> Bool {
        var letters = 0, digits = 0, length = 0
        for byte in cell.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): letters += 1
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "+"): break
            default: return false
            }
            length += 1
        }
        return (length >= 10 && digits >= 3 && letters >= 2)
            || (length == 11 && digits == 0 && cell.utf8.elementsEqual("notprovided".utf8) { $0 | 0x20 == $1 })
    }

    /// Whether four in five of `values` (at least one) are references.
    static func mostly(_ values: some Collection<String>) -> Bool {
        guard !values.isEmpty else { return false }
        return values.count(where: isReference) * 5 >= values.count * 4
    }

    /// Whether a header names a column of references or ids, never a payee, whatever its values
    /// look like: Deutsche Bank's `Kundenreferenz` and `Mandatsreferenz`, the creditor's
    /// `Gläubiger ID`, Rabobank's `Betalingskenmerk` and `Machtigingskenmerk`.
    static func namesReferences(_ header: String) -> Bool {
        HeaderMatching.foldedNames(header).contains { referenceHeaders.contains($0) }
    }

    private static let referenceHeaders: Set<String> = [
        "kundenreferenz", "mandatsreferenz", "end to end referenz", "end to end id", "end to end reference",
        "glaubiger id", "glaeubiger id", "glaubiger identifikationsnummer", "glaeubiger identifikationsnummer",
        "creditor id", "mandate reference", "mandate id", "customer reference", "betalingskenmerk",
        "machtigingskenmerk", "incassant id", "transactiereferentie", "batch id", "referentie", "kenmerk",
        "reference no", "archive id", "document no", "reference number", "referencia del cliente",
        "reference client", "reference du client", "riferimento cliente",
        // Finnish `Viite` (the payment's reference number), Swedish `Referens`, Hebrew `אסמכתא`.
        "viite", "viitenumero", "referens", "referensnummer", "אסמכתא", "numer referencyjny",
    ]
}
