/// What a `:86:` narrative says about a transaction: the counterparty, the remittance text, the
/// SEPA end-to-end reference and the booking text.
struct MT940Narrative: Equatable {
    var name: String?
    var memo: String?
    /// `EREF+`, unless `NOTPROVIDED`.
    var endToEndReference: String?
    /// `?00`, such as `SEPA-UEBERWEISUNG` or `ENTGELTABSCHLUSS`.
    var bookingText: String?
}

/// Reads `:86:` narratives, reusing its buffers from one transaction to the next.
///
/// Two layouts:
/// - Structured, as German banks write it (DFÜ-Abkommen, Anlage 3): a three-digit business
///   transaction code (GVC), then subfields `?NN`: `?00` booking text, `?10` primanota,
///   `?20`–`?29` and `?60`–`?63` remittance lines, `?30` bank code and `?31` account of the
///   counterparty, `?32`–`?33` its name, `?34` text key extension. The name is `?32`+`?33`; the
///   memo is the remittance lines, where SEPA keywords (`EREF+`, `KREF+`, `MREF+`, `CRED+`,
///   `DEBT+`, `SVWZ+`, `ABWA+`, `ABWE+`, `IBAN+`, `BIC+`, …) starting a line split it into parts:
///   the memo is the `SVWZ+` part (with any text before the first keyword), `EREF+` is kept as
///   the end-to-end reference, and the other parts are dropped.
/// - Free text (any other `:86:`): the first line is the counterparty's name and the other lines,
///   joined with spaces, are the memo.
///
/// Subfields hold 27 characters; banks cut longer text at that width wherever it falls, even
/// inside a word. So a line of 27 characters or more is continued by the next one without a
/// space, while a shorter line ended where its writer ended it and is followed by a space.
final class MT940NarrativeReader {
    private var name: [UInt8] = []
    private var plain: [UInt8] = []
    private var svwz: [UInt8] = []
    private var eref: [UInt8] = []
    private var booking: [UInt8] = []

    /// Subfields this long were cut by the width limit, not by their writer.
    static let subfieldWidth = 27

    private enum Part {
        case plain, svwz, eref, dropped
    }

    /// The keywords a SEPA remittance line may start with (DFÜ-Abkommen, Anlage 3, "SEPA-Felder").
    private static let keywords: [(key: [UInt8], part: Part)] = [
        (Array("SVWZ+".utf8), .svwz), (Array("EREF+".utf8), .eref), (Array("KREF+".utf8), .dropped),
        (Array("MREF+".utf8), .dropped), (Array("CRED+".utf8), .dropped), (Array("DEBT+".utf8), .dropped),
        (Array("ABWA+".utf8), .dropped), (Array("ABWE+".utf8), .dropped), (Array("IBAN+".utf8), .dropped),
        (Array("BIC+".utf8), .dropped), (Array("COAM+".utf8), .dropped), (Array("OAMT+".utf8), .dropped),
        (Array("SQTP+".utf8), .dropped), (Array("PURP+".utf8), .dropped),
    ]

    func read(_ field: MT940Field) -> MT940Narrative {
        let value = field.value
        if value.count >= 4, Self.isDigit(value[0]), Self.isDigit(value[1]), Self.isDigit(value[2]), value[3] == UInt8(ascii: "?") {
            return readStructured(value)
        }
        return readFreeText(field)
    }

    private func readStructured(_ value: UnsafeBufferPointer<UInt8>) -> MT940Narrative {
        name.removeAll(keepingCapacity: true)
        plain.removeAll(keepingCapacity: true)
        svwz.removeAll(keepingCapacity: true)
        eref.removeAll(keepingCapacity: true)
        booking.removeAll(keepingCapacity: true)
        var nameWidth = 0
        var part = Part.plain
        var partWidth = 0
        var i = 3
        while i < value.count {
            // `value[i]` is a `?` followed by two digits: find where this subfield ends.
            let code = (MT940Values.twoDigits(value, i + 1)) ?? -1
            var end = i + 3
            while end < value.count && !(value[end] == UInt8(ascii: "?") && MT940Values.twoDigits(value, end + 1) != nil) { end += 1 }
            let content = UnsafeBufferPointer(rebasing: value[min(i + 3, value.count)..<end])
            i = end
            switch code {
            case 0:
                booking.append(contentsOf: content)
            case 32, 33:
                Self.join(content, to: &name, previousWidth: &nameWidth)
            case 20...29, 60...63:
                var text = content
                if let (keyword, next) = Self.keyword(at: text) {
                    part = next
                    partWidth = 0
                    text = UnsafeBufferPointer(rebasing: text[keyword...])
                }
                let width = Self.width(content)
                switch part {
                case .plain: Self.join(text, to: &plain, previousWidth: &partWidth)
                case .svwz: Self.join(text, to: &svwz, previousWidth: &partWidth)
                case .eref: Self.join(text, to: &eref, previousWidth: &partWidth)
                case .dropped: break
                }
                partWidth = width
            default:
                break
            }
        }
        var memo = Self.text(plain)
        if let remittance = Self.text(svwz) { memo = memo.map { "\($0) \(remittance)" } ?? remittance }
        var reference = Self.text(eref)
        if reference == "NOTPROVIDED" { reference = nil }
        return MT940Narrative(name: Self.text(name), memo: memo, endToEndReference: reference, bookingText: Self.text(booking))
    }

    private func readFreeText(_ field: MT940Field) -> MT940Narrative {
        let name = MT940Values.text(field.firstLine)
        guard !field.lineStarts.isEmpty else { return MT940Narrative(name: name) }
        plain.removeAll(keepingCapacity: true)
        var starts = Array(field.lineStarts)
        starts.append(field.value.count)
        for k in 0..<(starts.count - 1) {
            let line = MT940Values.trimmed(UnsafeBufferPointer(rebasing: field.value[starts[k]..<starts[k + 1]]))
            guard !line.isEmpty else { continue }
            if !plain.isEmpty { plain.append(0x20) }
            plain.append(contentsOf: line)
        }
        return MT940Narrative(name: name, memo: Self.text(plain))
    }

    /// Appends `text` to `buffer`, with a space unless the previous line filled its width.
    private static func join(_ text: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8], previousWidth: inout Int) {
        if !buffer.isEmpty && previousWidth < subfieldWidth && buffer.last != 0x20 && text.first != 0x20 && !text.isEmpty {
            buffer.append(0x20)
        }
        buffer.append(contentsOf: text)
        previousWidth = width(text)
    }

    /// Characters (not bytes) in UTF-8 text.
    private static func width(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        for b in text where b & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// The SEPA keyword `text` starts with: its length and the part it opens.
    private static func keyword(at text: UnsafeBufferPointer<UInt8>) -> (Int, Part)? {
        guard text.count >= 4, text[3] == UInt8(ascii: "+") || (text.count >= 5 && text[4] == UInt8(ascii: "+")) else { return nil }
        for (key, part) in keywords where text.count >= key.count && text.starts(with: key) { return (key.count, part) }
        return nil
    }

    private static func text(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { MT940Values.text($0) }
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
