import FinanceCore

/// OFX value syntax: dates (OFX 2.2 §3.2.8.2) and amounts (§3.2.9.1), from a leaf's bytes.
enum OFXValues {
    /// The calendar date of an OFX date-time, as written: `20240131230000.000[-5:EST]` is
    /// 2024-01-31 whatever the offset (OFX 2.2 §3.2.8.2). Converting to UTC first, as many parsers
    /// do, moves late-evening transactions to the next day.
    ///
    /// Accepted after the eight digits of the date: a time, `.`, a `[` zone, or a space or `T`
    /// before a time; `isSpecified` tells which of these the specification allows.
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        guard bytes.count >= 8 else { return nil }
        if isISO(bytes) { return iso.parseAsWritten(bytes) }
        var value = 0
        for i in 0..<8 {
            let d = Int(bytes[i]) &- 48
            guard d >= 0 && d <= 9 else { return nil }
            value = value * 10 + d
        }
        if bytes.count > 8 {
            let next = bytes[8]
            let isTimeMark = next == UInt8(ascii: "T") && bytes.count > 9 && isDigit(bytes[9])
            guard isDigit(next) || next == UInt8(ascii: "[") || next == UInt8(ascii: ".") || next == 0x20 || isTimeMark else { return nil }
        }
        return LocalDate(year: value / 10000, month: value / 100 % 100, day: value % 100)
    }

    static func date(_ bytes: [UInt8]) -> LocalDate? {
        bytes.withUnsafeBufferPointer { date($0) }
    }

    /// Whether a date `date(_:)` accepted is in a form of OFX 2.2 §3.2.8.2: `YYYYMMDD`, then
    /// optionally `HHMM` or `HHMMSS`, `.XXX` and, after a time, `[offset:TZ]`.
    static func isSpecified(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        guard n > 8 else { return true }
        var i = 8
        while i < n, isDigit(bytes[i]) { i += 1 }
        guard i == 12 || i == 14 else { return false }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < n, isDigit(bytes[i]) { i += 1 }
            guard i > start else { return false }
        }
        if i < n, bytes[i] == UInt8(ascii: "[") {
            return bytes[n - 1] == UInt8(ascii: "]")
        }
        return i == n
    }

    /// `2024-01-31` (ISO 8601, as some converters write OFX dates), then optionally `T` or a
    /// space and a time.
    private static func isISO(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
    }

    /// The ISO layout `DateFormat` reads (a time after the date allowed, nothing else).
    private static let iso = DateFormat("yyyy-mm-dd")!

    /// What is odd about a date outside the specified forms, for the warning.
    static func oddity(_ text: String) -> String {
        let bytes = Array(text.utf8)
        if bytes.count >= 10, bytes[4] == UInt8(ascii: "-") { return "is an ISO 8601 date, not in the OFX form YYYYMMDDHHMMSS.XXX[offset:TZ]" }
        if bytes.count > 8, bytes[8] == UInt8(ascii: "[") { return "gives a time zone but no time" }
        return "is not in the OFX form YYYYMMDDHHMMSS.XXX[offset:TZ]"
    }

    @inline(__always)
    private static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    // MARK: Amounts

    /// An OFX amount, `-54.20`, read with the file's decimal mark (`OFXAmountFormat`); `grouped`
    /// when it needed thousands separators or other layout beyond a sign, digits and the mark.
    ///
    /// With `decimalMark` `nil` (a file whose amounts did not show one), each value's own mark:
    /// `,` when it has a comma and no point (OFX 2.2 §3.2.9.1 allows either radix), else `.`.
    @inline(__always)
    static func amount(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8?) -> (money: Money, grouped: Bool, mark: UInt8)? {
        let mark = decimalMark ?? ownMark(bytes)
        if let plain = AmountParser.parsePlain(bytes, decimalMark: mark) {
            return (Money(units: plain.units, scale: plain.scale), false, mark)
        }
        guard case .success(let parsed) = AmountParser.parseGeneral(bytes, decimalMark: mark), parsed.currency == nil else { return nil }
        return (Money(units: parsed.units, scale: parsed.scale), true, mark)
    }

    static func amount(_ bytes: [UInt8], decimalMark: UInt8? = nil) -> Money? {
        bytes.withUnsafeBufferPointer { amount($0, decimalMark: decimalMark)?.money }
    }

    /// `,` for a value with a comma and no point, else `.`.
    @inline(__always)
    static func ownMark(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var comma = false
        for b in bytes {
            if b == UInt8(ascii: ".") { return b }
            if b == UInt8(ascii: ",") { comma = true }
        }
        return comma ? UInt8(ascii: ",") : UInt8(ascii: ".")
    }

    /// Whether the value has a fractional part after `mark` (so it shows which mark the file uses).
    static func hasFraction(_ bytes: UnsafeBufferPointer<UInt8>, mark: UInt8) -> Bool {
        guard let at = bytes.lastIndex(of: mark) else { return false }
        return at + 1 < bytes.count && isDigit(bytes[at + 1])
    }
}
