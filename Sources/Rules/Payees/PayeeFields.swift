import Glibc

/// The counterparty's name inside a bank's text that lists a payment's fields (`PayeeStep.nameField`):
///
/// - keywords between slashes, as Dutch banks write SEPA payments in their exports as in MT940:
///   `/TRTP/SEPA OVERBOEKING/IBAN/NL44RABO0123456789/BIC/RABONL2U/NAME/ACME BV/REMI/Invoice 12`
///   (ABN AMRO's TSV, Rabobank's and ING's older exports): the text after `/NAME/` up to the next
///   keyword;
/// - labelled fields: `SEPA Overboeking IBAN: NL91… BIC: ABNANL2A Naam: J Jansen Omschrijving: …`
///   (ABN AMRO), `Auftraggeber: ACME GmbH Buchungstext: Gehalt Ref. …` and `Empfänger: Stadtwerke
///   Kto/IBAN: … Buchungstext: …` (comdirect): the text after the name's label up to the next label
///   (a word ending in a colon);
/// - the routing fields of an Indian bank's UPI, IMPS, NEFT or RTGS narration:
///   `TO TRANSFER-UPI/DR/412345678901/RAVI KUMAR/SBIN/ravikumar@okaxis/UPI` (SBI), the field that
///   names the counterparty (`PayeeFields+IndianSchemes.swift`).
///
/// Byte positions in the text; the other steps then clean the name as they clean any text.
enum PayeeFields {
    /// Labels of the counterparty's name, folded, each with its colon.
    private static let nameLabels: [[UInt8]] = [
        "naam:", "auftraggeber:", "empfänger:", "empfaenger:", "zahlungsempfänger:", "zahlungspflichtiger:",
        "begünstigter:", "beguenstigter:",
    ].map { Array($0.utf8) }
    /// Whether a label starts with `byte` (every label's first byte, as `nameLabels` has them): a
    /// word starting otherwise is none.
    @inline(__always)
    private static func mayStartLabel(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "n") || byte == UInt8(ascii: "a") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "z")
            || byte == UInt8(ascii: "b")
    }

    /// The range of `bytes` (`folded` is the same text folded to lower case, of the same length)
    /// holding the name, or `nil` when the text lists no name field.
    static func name(_ bytes: [UInt8], _ folded: [UInt8], in range: Range<Int>) -> Range<Int>? {
        if let scheme = schemeName(bytes, folded, in: range) { return scheme }
        if let slashed = slashKeywordName(bytes, in: range) { return slashed }
        return labelledName(bytes, folded, in: range)
    }

    /// `/NAME/…` in a text that opens with a keyword between slashes (`/TRTP/`, `/EREF/`…).
    private static func slashKeywordName(_ bytes: [UInt8], in range: Range<Int>) -> Range<Int>? {
        guard keywordLength(bytes, at: range.lowerBound, before: range.upperBound) != nil else { return nil }
        let name: [UInt8] = Array("/NAME/".utf8)
        var p = range.lowerBound
        while p + name.count <= range.upperBound {
            if bytes[p] == UInt8(ascii: "/"), bytes[p..<(p + name.count)].elementsEqual(name) {
                let start = p + name.count
                var end = start
                while end < range.upperBound && !(bytes[end] == UInt8(ascii: "/") && keywordLength(bytes, at: end, before: range.upperBound) != nil) {
                    end += 1
                }
                return trimmed(bytes, start..<end)
            }
            p += 1
        }
        return nil
    }

    /// The length of the keyword `/KEY/` at `p` (2 to 4 capital letters), if one is there.
    private static func keywordLength(_ bytes: [UInt8], at p: Int, before end: Int) -> Int? {
        guard p < end, bytes[p] == UInt8(ascii: "/") else { return nil }
        var k = p + 1
        while k < end && k - p <= 5 && bytes[k] >= UInt8(ascii: "A") && bytes[k] <= UInt8(ascii: "Z") { k += 1 }
        let length = k - p - 1
        guard k < end, bytes[k] == UInt8(ascii: "/"), (2...4).contains(length) else { return nil }
        return length
    }

    /// `Naam: …` up to the next label: a word ending in a colon.
    private static func labelledName(_ bytes: [UInt8], _ folded: [UInt8], in range: Range<Int>) -> Range<Int>? {
        // Every label ends in a colon: a text without one (most) has none.
        guard !range.isEmpty else { return nil }
        let hasColon = folded.withUnsafeBufferPointer { memchr($0.baseAddress! + range.lowerBound, 0x3A, range.count) != nil }
        guard hasColon else { return nil }
        var p = range.lowerBound
        while p < range.upperBound {
            let atWordStart = p == range.lowerBound || folded[p - 1] == 0x20
            if atWordStart, mayStartLabel(folded[p]),
                let label = nameLabels.first(where: { p + $0.count <= range.upperBound && folded[p..<(p + $0.count)].elementsEqual($0) })
            {
                let start = p + label.count
                var end = start
                var wordStart = start
                while end < range.upperBound {
                    let b = bytes[end]
                    if b == 0x20 {
                        wordStart = end + 1
                    } else if b == UInt8(ascii: ":"), end > wordStart, end + 1 == range.upperBound || bytes[end + 1] == 0x20 {
                        // The next label starts this word.
                        end = wordStart
                        break
                    }
                    end += 1
                }
                return trimmed(bytes, start..<end)
            }
            p += 1
        }
        return nil
    }

    /// Without spaces at either end; `nil` when nothing with a letter is left.
    private static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int>? {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && (bytes[lower] == 0x20 || bytes[lower] == 0x09) { lower += 1 }
        while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09) { upper -= 1 }
        guard bytes[lower..<upper].contains(where: { PayeeText.isUpper($0) || PayeeText.isLower($0) || $0 >= 0x80 }) else { return nil }
        return lower..<upper
    }
}
