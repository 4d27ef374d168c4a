/// What a cell's style says about its number (ECMA-376 §18.8): whether it is shown as a date, a
/// time of day, or a plain number. A cell's `s` attribute indexes `cellXfs`, whose `numFmtId` is a
/// built-in format (§18.8.30) or one of the workbook's own `numFmts`.
struct XLSXStyles {
    enum Kind: Sendable, Equatable {
        case number
        /// Shown with a day, month or year: the serial number is a date (its time dropped).
        case date
        /// Shown with hours, minutes or seconds only.
        case time
    }

    /// A currency a number format shows (`"$"#,##0.00`, `[$€-407] #,##0.00`, `#,##0.00 £`):
    /// rendered with the number, as in a CSV export, so that the CSV reader sees it.
    struct Currency: Sendable, Equatable {
        var symbol: [UInt8]
        /// Before the digits (after the sign), or after them.
        var before: Bool
    }

    /// The kind of each `cellXfs` entry, by index.
    private(set) var kinds: [Kind] = []
    /// The currency of each `cellXfs` entry, by index.
    private(set) var currencies: [Currency?] = []

    func kind(ofStyle index: Int) -> Kind {
        index >= 0 && index < kinds.count ? kinds[index] : .number
    }

    func currency(ofStyle index: Int) -> Currency? {
        index >= 0 && index < currencies.count ? currencies[index] : nil
    }

    /// The currency symbol in the first section of a format code: a `[$SYMBOL-LCID]` token, a
    /// quoted symbol or ISO code, or a bare `$`, `£`, `€`, `¥` or `₹`; before or after the first
    /// digit placeholder.
    static func currency(ofFormatCode code: String) -> Currency? {
        let bytes = Array(code.utf8)
        var i = 0
        var sawDigit = false
        let bare: [[UInt8]] = ["$", "£", "€", "¥", "₹"].map { Array($0.utf8) }
        // Three capitals, or a sign or abbreviation the amount reader knows, whole (`"RM"`, `"zł"`).
        func isCurrency(_ text: [UInt8]) -> Bool {
            if bare.contains(text) || text.count == 3 && text.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) { return true }
            return text.withUnsafeBufferPointer { CurrencyText.match($0, at: 0)?.1 == $0.count }
        }
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: ";"): return nil
            case UInt8(ascii: "0"), UInt8(ascii: "#"), UInt8(ascii: "?"): sawDigit = true
            case UInt8(ascii: "\\"), UInt8(ascii: "*"), UInt8(ascii: "_"): i += 1
            case UInt8(ascii: "\""):
                let end = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.count
                let inner = Array(bytes[(i + 1)..<end]).filter { $0 != 0x20 }
                if isCurrency(inner) { return Currency(symbol: inner, before: !sawDigit) }
                i = end
            case UInt8(ascii: "["):
                let end = bytes[i...].firstIndex(of: UInt8(ascii: "]")) ?? bytes.count
                if i + 1 < end, bytes[i + 1] == UInt8(ascii: "$") {
                    let inner = Array(bytes[(i + 2)..<end].prefix { $0 != UInt8(ascii: "-") })
                    if !inner.isEmpty { return Currency(symbol: inner, before: !sawDigit) }
                }
                i = end
            default:
                for symbol in bare where bytes[i...].starts(with: symbol) { return Currency(symbol: symbol, before: !sawDigit) }
            }
            i += 1
        }
        return nil
    }

    /// §18.8.30: the built-in formats 14–17 and 22 are dates (22 with a time), 18–21 and 45–47 times.
    static func builtIn(_ id: Int) -> Kind {
        switch id {
        case 14...17, 22: return .date
        case 18...21, 45...47: return .time
        default: return .number
        }
    }

    /// The kind of a format code: a date when, outside quoted text (`"…"`), brackets (`[Red]`,
    /// `[$-409]`, `[h]`), escapes (`\d`) and fill or padding characters (`*x`, `_x`), its first
    /// section has a day, month or year; a time when it has only hours, minutes or seconds.
    /// An `m` next to an `h` or before an `s` is minutes, not a month.
    static func kind(ofFormatCode code: String) -> Kind {
        var letters: [UInt8] = []
        var bytes = Array(code.utf8)[...]
        var inQuote = false
        while let byte = bytes.popFirst() {
            if inQuote {
                if byte == UInt8(ascii: "\"") { inQuote = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inQuote = true
            case UInt8(ascii: "\\"), UInt8(ascii: "*"), UInt8(ascii: "_"): _ = bytes.popFirst()
            case UInt8(ascii: "["):
                // `[h]`, `[mm]`, `[ss]` are elapsed times; other brackets are colours and locales.
                let inner = bytes.prefix { $0 != UInt8(ascii: "]") }
                if let first = inner.first, inner.allSatisfy({ $0 | 0x20 == first | 0x20 }), "hms".utf8.contains(first | 0x20) {
                    letters.append(first | 0x20)
                }
                bytes = bytes.dropFirst(inner.count + 1)
            case UInt8(ascii: ";"):
                bytes = bytes.dropFirst(bytes.count)
            case UInt8(ascii: "A"), UInt8(ascii: "a"):
                // `AM/PM` and `A/P` mark a 12-hour clock; their `M` is no month.
                for marker in ["m/pm", "/p"]
                where bytes.count >= marker.utf8.count
                    && zip(bytes, marker.utf8).allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 })
                {
                    bytes = bytes.dropFirst(marker.utf8.count)
                    letters.append(UInt8(ascii: "h"))
                    break
                }
            default:
                let lower = byte | 0x20
                if "dmyhse".utf8.contains(lower), byte >= 0x41 { letters.append(lower) }
            }
        }
        // "General" has an 'e' but is no date: an era year counts only beside other date letters.
        var hasDate = false, hasTime = false
        for (i, letter) in letters.enumerated() {
            switch letter {
            case UInt8(ascii: "d"), UInt8(ascii: "y"): hasDate = true
            case UInt8(ascii: "h"), UInt8(ascii: "s"): hasTime = true
            case UInt8(ascii: "m"):
                let previous = letters[..<i].last { $0 != UInt8(ascii: "m") }
                let next = letters[(i + 1)...].first { $0 != UInt8(ascii: "m") }
                if previous == UInt8(ascii: "h") || next == UInt8(ascii: "s") { hasTime = true } else { hasDate = true }
            default: break
            }
        }
        if code.lowercased() == "general" { return .number }
        return hasDate ? .date : hasTime ? .time : .number
    }

    static func parse(_ stream: ZIPMemberStream) throws(XLSXIssue) -> XLSXStyles {
        var custom: [Int: (Kind, Currency?)] = [:]
        var formats: [Int] = []
        var inCellXfs = false
        // Element indices: numFmt, cellXfs, xf, cellStyleXfs.
        let scanner = XLSXAttributeScanner(stream, elements: ["numFmt", "cellXfs", "xf", "cellStyleXfs", "dxfs"]) { tag, attributes in
            switch tag {
            case 0:
                guard let id = XLSXAttributeScanner.string(attributes.value(of: "numFmtId")).flatMap({ Int($0) }) else { return }
                let code = XLSXAttributeScanner.string(attributes.value(of: "formatCode")) ?? ""
                custom[id] = (kind(ofFormatCode: code), currency(ofFormatCode: code))
            case 1: inCellXfs = true
            case 2:
                if inCellXfs { formats.append(XLSXAttributeScanner.string(attributes.value(of: "numFmtId")).flatMap { Int($0) } ?? 0) }
            default: inCellXfs = false
            }
        }
        try scanner.run()
        var styles = XLSXStyles()
        styles.kinds = formats.map { custom[$0]?.0 ?? builtIn($0) }
        styles.currencies = formats.map { custom[$0]?.1 ?? nil }
        return styles
    }
}
