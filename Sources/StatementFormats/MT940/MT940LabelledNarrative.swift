import FinanceCore

/// Reads the `:86:` of ABN AMRO's current MT940 layout: text in columns of 33 characters, values
/// after Dutch labels, such as
///
///     SEPA OVERBOEKING                 IBAN: NL13INGB0001234567
///     BIC: INGBNL2A                    NAAM: M VAN DIJK
///     OMSCHRIJVING: HUUR DECEMBER      KENMERK: NOTPROVIDED
///
/// - each value runs from its label (`IBAN:`, `BIC:`, `NAAM:`, `OMSCHRIJVING:`, `KENMERK:`,
///   `MACHTIGING:`, `INCASSANT:`) to the next one: the name is `NAAM`, the memo `OMSCHRIJVING`,
///   the booking text what stands before the first label;
/// - card payments (`BEA`) and cash withdrawals (`GEA`) have no labels:
///   `BEA, BETAALPAS   JUMBO UTRECHT 4211,PAS201` then `NR:AB12CD, 19.11.24/10:42   UTRECHT`. The
///   booking text is the first column, the name the merchant after it without the card's number
///   (`,PAS201`), the memo the other lines.
///
/// Lines join with a space, unless a line filled SWIFT's 65 characters and so was cut wherever
/// the limit fell; runs of spaces (the columns' padding) become one.
enum MT940LabelledNarrative {
    private enum Label: CaseIterable {
        case iban, bic, name, description, reference, mandate, creditor

        var word: StaticString {
            switch self {
            case .iban: return "IBAN"
            case .bic: return "BIC"
            case .name: return "NAAM"
            case .description: return "OMSCHRIJVING"
            case .reference: return "KENMERK"
            case .mandate: return "MACHTIGING"
            case .creditor: return "INCASSANT"
            }
        }
    }

    /// Whether `field` is in this layout: a card line, or a `NAAM:` or `OMSCHRIJVING:` label.
    static func applies(to field: MT940Field) -> Bool {
        if cardColumns(field.firstLine) != nil { return true }
        let lines = joinedLines(field)
        return labels(in: lines).contains { $0.label == .name || $0.label == .description }
    }

    /// Reads `field` into the buffers, which are empty.
    static func read(_ field: MT940Field, name: ByteBuffer, remittance: ByteBuffer, booking: ByteBuffer) {
        if let (kind, merchant) = cardColumns(field.firstLine) {
            appendCollapsed(kind[...], to: booking)
            appendCollapsed(merchant[...], to: name)
            let rest = joinedLines(field, from: 1)
            appendCollapsed(rest[...], to: remittance)
            return
        }
        let text = joinedLines(field)
        let found = labels(in: text)
        if let first = found.first { appendCollapsed(text[..<first.start], to: booking) }
        for (k, label) in found.enumerated() {
            let end = k + 1 < found.count ? found[k + 1].start : text.count
            let value = text[label.valueStart..<max(label.valueStart, end)]
            switch label.label {
            case .name: if name.count == 0 { appendCollapsed(value, to: name) }
            case .description: if remittance.count == 0 { appendCollapsed(value, to: remittance) }
            default: break
            }
        }
    }

    /// A card line's first column (`BEA, BETAALPAS`) and the merchant after it, without its
    /// `,PAS201`: three capital letters of `BEA` or `GEA`, a comma, then columns apart by two
    /// spaces or more.
    private static func cardColumns(_ line: UnsafeBufferPointer<UInt8>) -> ([UInt8], [UInt8])? {
        guard line.count > 5, line[3] == UInt8(ascii: ","), line[4] == 0x20,
            line[1] == UInt8(ascii: "E"), line[2] == UInt8(ascii: "A"),
            line[0] == UInt8(ascii: "B") || line[0] == UInt8(ascii: "G")
        else { return nil }
        let bytes = Array(line)
        var gap = 5
        while gap + 1 < bytes.count && !(bytes[gap] == 0x20 && bytes[gap + 1] == 0x20) { gap += 1 }
        guard gap + 1 < bytes.count else { return nil }
        var merchant = Array(bytes[gap...])
        if let comma = merchant.lastIndex(of: UInt8(ascii: ",")), merchant[(comma + 1)...].starts(with: "PAS".utf8),
            merchant[(comma + 4)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 || $0 == 0x20 })
        {
            merchant.removeSubrange(comma...)
        }
        return (Array(bytes[..<gap]), merchant)
    }

    /// The field's lines from `first` on, joined (see the type's comment).
    private static func joinedLines(_ field: MT940Field, from first: Int = 0) -> [UInt8] {
        var text: [UInt8] = []
        let value = field.value
        let starts = [0] + Array(field.lineStarts) + [value.count]
        for k in first..<(starts.count - 1) {
            let line = value[starts[k]..<starts[k + 1]]
            if !text.isEmpty, text.last != 0x20, line.first != 0x20 {
                let previous = value[starts[k - 1]..<starts[k]]
                let width = previous.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
                if width < MT940SlashNarrative.lineWidth - (k == 1 ? 4 : 0) { text.append(0x20) }
            }
            text.append(contentsOf: line)
        }
        return text
    }

    /// The labels in `text`, in order: each where it starts and where its value starts.
    private static func labels(in text: [UInt8]) -> [(label: Label, start: Int, valueStart: Int)] {
        var found: [(label: Label, start: Int, valueStart: Int)] = []
        var i = 0
        while let colon = text[i...].firstIndex(of: UInt8(ascii: ":")) {
            i = colon + 1
            guard colon + 1 == text.count || text[colon + 1] == 0x20 else { continue }
            for label in Label.allCases {
                let word = UnsafeBufferPointer(start: label.word.utf8Start, count: label.word.utf8CodeUnitCount)
                let start = colon - word.count
                guard start >= 0, start == 0 || text[start - 1] == 0x20, text[start..<colon].elementsEqual(word) else { continue }
                found.append((label, start, colon + 1))
                break
            }
        }
        return found
    }

    /// Appends `bytes` trimmed, each run of spaces as one.
    private static func appendCollapsed(_ bytes: ArraySlice<UInt8>, to buffer: ByteBuffer) {
        for b in bytes {
            if b == 0x20 || b == 0x09 {
                if buffer.count > 0 && buffer[buffer.count - 1] != 0x20 { buffer.append(0x20) }
            } else {
                buffer.append(b)
            }
        }
        while buffer.count > 0 && buffer[buffer.count - 1] == 0x20 { buffer.removeLast(1) }
    }
}
