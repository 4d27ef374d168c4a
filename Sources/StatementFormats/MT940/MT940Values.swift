import FinanceCore

/// The value syntax shared by MT940 fields: dates `YYMMDD`, amounts with a decimal comma.
enum MT940Values {
    /// A two-digit number at `i`, or `nil`.
    @inline(__always)
    static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        guard i + 2 <= bytes.count else { return nil }
        let a = Int(bytes[i]) &- 48, b = Int(bytes[i + 1]) &- 48
        guard (0...9).contains(a), (0...9).contains(b) else { return nil }
        return a * 10 + b
    }

    /// `YYMMDD` at `i`. SWIFT years have two digits; 80–99 are read as 19xx, the rest as 20xx.
    ///
    /// A day past the end of its month but not past the 31st (30 February, 31 April) is read as
    /// the month's last day, and `clamped` is set: banks that book on a 30-day-month calendar
    /// (the 30/360 convention of interest accounting) write such days.
    @inline(__always)
    static func date(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, clamped: inout Bool) -> LocalDate? {
        guard let yy = twoDigits(bytes, i), let mm = twoDigits(bytes, i + 2), let dd = twoDigits(bytes, i + 4) else { return nil }
        return calendarDate(year: yy >= 80 ? 1900 + yy : 2000 + yy, month: mm, day: dd, clamped: &clamped)
    }

    /// `YYMMDD` at `i`, days past the end of their month included (see above).
    static func date(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> LocalDate? {
        var clamped = false
        return date(bytes, at: i, clamped: &clamped)
    }

    /// The `:61:` entry date `MMDD` in the year that puts it nearest the value date: the value
    /// date's year, the year before (an entry in December for a value date in January, or a
    /// returned debit booked in January whose value date is in November) or the year after.
    /// Days past the end of their month as for `date`.
    static func entryDate(month: Int, day: Int, valueDate: LocalDate, clamped: inout Bool) -> LocalDate? {
        // Most lines book in the value date's month; no other year can be nearer then.
        if month == valueDate.month { return calendarDate(year: valueDate.year, month: month, day: day, clamped: &clamped) }
        var nearest: LocalDate?
        var nearestClamped = false
        var nearestDistance = Int.max
        let value = valueDate.daysSinceEpoch
        // The value date's year first, so that it wins a tie.
        for year in [valueDate.year, valueDate.year - 1, valueDate.year + 1] {
            var wasClamped = false
            guard let date = calendarDate(year: year, month: month, day: day, clamped: &wasClamped) else { return nil }
            let distance = abs(date.daysSinceEpoch - value)
            if distance < nearestDistance {
                nearest = date
                nearestClamped = wasClamped
                nearestDistance = distance
            }
        }
        if nearestClamped { clamped = true }
        return nearest
    }

    /// The date, or for days 29–31 past the end of a real month, that month's last day.
    @inline(__always)
    private static func calendarDate(year: Int, month: Int, day: Int, clamped: inout Bool) -> LocalDate? {
        if let date = LocalDate(year: year, month: month, day: day) { return date }
        guard (1...12).contains(month), (29...31).contains(day) else { return nil }
        clamped = true
        return LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))
    }

    /// An unsigned SWIFT amount starting at `i`: digits with at most one decimal comma (`1234,56`,
    /// `1234,`), up to 15 characters by the standard (18 digits here). Returns the amount, or
    /// `nil`, and where the amount's characters end.
    static func amount(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> (Money?, end: Int) {
        var units: Int64 = 0
        var digits = 0
        var scale = -1
        var j = i
        while j < bytes.count {
            let c = bytes[j]
            if c >= 0x30 && c <= 0x39 {
                digits += 1
                if scale >= 0 { scale += 1 }
                units = units &* 10 &+ Int64(c &- 0x30)
            } else if c == UInt8(ascii: ",") {
                if scale >= 0 { return (nil, j) }
                scale = 0
            } else if c == UInt8(ascii: ".") {
                // Not SWIFT syntax; seen from converters. Marked bad so the user hears of it.
                return (nil, j)
            } else {
                break
            }
            j += 1
        }
        // At least one digit before the comma: `,50` is not SWIFT syntax.
        guard digits > 0, digits <= 18, !(scale >= 0 && digits == scale) else { return (nil, j) }
        return (Money(units: units, scale: UInt8(max(scale, 0))), j)
    }

    /// Appends `bytes` to `buffer`. `ByteBuffer.append` did not inline here, and a call per
    /// subfield showed in the profile.
    @inline(__always)
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: ByteBuffer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        buffer.write(maximum: bytes.count) {
            $0.update(from: source, count: bytes.count)
            return bytes.count
        }
    }

    /// Whether `byte` is an ASCII letter.
    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// `bytes` without leading and trailing spaces.
    /// Whether `bytes` (trimmed) are SWIFT codewords and nothing else: `/CODE/value/` segments,
    /// codes of two to four capitals, no spaces, a `/` at the end (`/TRCD/02000/`,
    /// `/OCMT/USD2853,12/`). Such a line is data for a program, not text for a person.
    static func isCodewords(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let t = trimmed(bytes)
        guard t.count >= 5, t[0] == UInt8(ascii: "/"), t[t.count - 1] == UInt8(ascii: "/"), !t.contains(0x20) else { return false }
        var letters = 0
        for k in 1..<t.count {
            if t[k] == UInt8(ascii: "/") { break }
            guard t[k] >= UInt8(ascii: "A") && t[k] <= UInt8(ascii: "Z") else { return false }
            letters += 1
        }
        return letters >= 2 && letters <= 4
    }

    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// The text of `bytes`, or `nil` when empty after trimming.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let t = trimmed(bytes)
        return t.isEmpty ? nil : String(decoding: t, as: UTF8.self)
    }
}
