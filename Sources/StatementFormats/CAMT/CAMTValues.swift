import FinanceCore

/// CAMT value syntax (ISO 20022 data types).
enum CAMTValues {
    /// `ActiveOrHistoricCurrencyAndAmount`: unsigned, a `.` before at most 5 decimals, 18 digits
    /// at most (`1234.5`, `0.01`). A decimal comma or a sign is refused: the schema has neither,
    /// and guessing would misread `1,234` (thousands) as 1.234.
    static func amount(_ bytes: UnsafeBufferPointer<UInt8>) -> Money? { decimal(bytes, maxScale: 5) }

    /// An exchange rate (`XchgRate`, ISO 20022's BaseOneRate): up to ten decimals.
    static func rate(_ bytes: UnsafeBufferPointer<UInt8>) -> Money? { decimal(bytes, maxScale: 10) }

    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, maxScale: Int) -> Money? {
        var units: Int64 = 0, digits = 0, scale = 0, sawPoint = false
        for b in bytes {
            if b == UInt8(ascii: ".") {
                guard !sawPoint, digits > 0 else { return nil }
                sawPoint = true
                continue
            }
            let d = Int64(b) - 48
            guard d >= 0 && d <= 9, digits < 18 else { return nil }
            units = units * 10 + d
            digits += 1
            if sawPoint { scale += 1 }
        }
        guard digits > 0, !sawPoint || scale > 0, scale <= maxScale else { return nil }
        return Money(units: units, scale: UInt8(scale))
    }

    /// `ISODate` (`2024-05-03`) or the date part of `ISODateTime` (`2024-05-03T23:10:00+02:00`),
    /// as written: no conversion to UTC, which would move late bookings to the next day.
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        if bytes.count > 10 && bytes[10] != UInt8(ascii: "T") && bytes[10] != UInt8(ascii: "Z")
            && bytes[10] != UInt8(ascii: "+") && bytes[10] != UInt8(ascii: "-")
        {
            return nil
        }
        func number(_ from: Int, _ to: Int) -> Int? {
            var value = 0
            for i in from..<to {
                let d = Int(bytes[i]) - 48
                guard d >= 0 && d <= 9 else { return nil }
                value = value * 10 + d
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 7), let day = number(8, 10) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// `CreditDebitCode`: `true` for CRDT, `false` for DBIT, `nil` otherwise.
    static func isCredit(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if equals(bytes, "CRDT") { return true }
        if equals(bytes, "DBIT") { return false }
        return nil
    }

    /// `TrueFalseIndicator`.
    static func flag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        equals(bytes, "true") || equals(bytes, "1")
    }

    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        for i in 0..<bytes.count where bytes[i] != text.utf8Start[i] { return false }
        return true
    }

    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// A text element (`Ustrd`, `AddtlNtryInf`, `Nm`, address lines) with each run of XML
    /// whitespace (space, tab, CR, LF) made one space, and none at the ends: banks' XML writers
    /// break long texts onto indented lines (`EREF:\n                STZV-…`), which is layout, not
    /// text, and would break a memo's line in every one-line output. `nil` when nothing is left.
    static func prose(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        @inline(__always) func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
        var clean = true
        var previousSpace = true
        for b in bytes {
            let space = isSpace(b)
            if space && (previousSpace || b != 0x20) {
                clean = false
                break
            }
            previousSpace = space
        }
        if clean && !previousSpace { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        for b in bytes {
            if isSpace(b) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            out.append(b)
        }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }
}
