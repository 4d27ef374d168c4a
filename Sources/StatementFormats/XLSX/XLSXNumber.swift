import FinanceCore

/// A number as a sheet's XML writes it in `<v>` (ECMA-376 §18.17.4.1 `ST_Xstring` holding an
/// `xsd:double` lexical form: `-54.2`, `1234.5`, `1.5E-2`), turned into plain decimal text
/// exactly, by moving the decimal point, never through a binary `Double`.
struct XLSXNumber: Equatable {
    var negative: Bool
    /// The significant digits, without the point (leading zeros dropped).
    var digits: [UInt8]
    /// How many of `digits` stand before the point (may be negative or exceed the count).
    var pointPosition: Int

    /// The exponent beyond which a value is no number a statement holds (and the text would be huge).
    static let exponentLimit = 400

    /// Parses `[-+]digits[.digits][(e|E)[-+]digits]`; `nil` for anything else.
    init?(_ text: ArraySlice<UInt8>) {
        var i = text.startIndex
        let end = text.endIndex
        negative = false
        if i < end, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var digits: [UInt8] = []
        var integerDigits = 0
        var sawDigit = false
        while i < end, text[i] >= 0x30, text[i] <= 0x39 {
            if !(digits.isEmpty && text[i] == 0x30) { digits.append(text[i]); integerDigits += 1 }
            sawDigit = true
            i += 1
        }
        var leadingFractionZeros = 0
        if i < end, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, text[i] >= 0x30, text[i] <= 0x39 {
                if digits.isEmpty && text[i] == 0x30 { leadingFractionZeros += 1 } else { digits.append(text[i]) }
                sawDigit = true
                i += 1
            }
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if i < end, text[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < end, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                expNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var sawExponentDigit = false
            while i < end, text[i] >= 0x30, text[i] <= 0x39 {
                exponent = min(exponent * 10 + Int(text[i] - 0x30), 10 * Self.exponentLimit)
                sawExponentDigit = true
                i += 1
            }
            guard sawExponentDigit else { return nil }
            if expNegative { exponent = -exponent }
        }
        guard i == end, abs(exponent) <= Self.exponentLimit else { return nil }
        self.digits = digits
        pointPosition = (digits.isEmpty ? 0 : integerDigits - leadingFractionZeros) + exponent
        if digits.isEmpty { negative = false }
        // Digits after the point as written (`1.50` keeps its zero): count them to keep the scale.
        fractionDigits = max(0, Self.writtenFractionDigits(text) - exponent)
    }

    /// How many digits the written form has after its point, so that `1.50` stays `1.50`.
    private var fractionDigits: Int

    private static func writtenFractionDigits(_ text: ArraySlice<UInt8>) -> Int {
        guard let point = text.firstIndex(of: UInt8(ascii: ".")) else { return 0 }
        var n = 0
        var i = point + 1
        while i < text.endIndex, text[i] >= 0x30, text[i] <= 0x39 { n += 1; i += 1 }
        return n
    }

    /// Excel keeps 15 significant digits (ECMA-376 §18.17.4.1 leaves the rest to IEEE doubles):
    /// writers that print a binary double in full (openpyxl's `%.16g`, a formula's `1234.5000000000002`)
    /// add noise past them. A number with a fraction and more than 15 significant digits is
    /// rounded to 15 (half away from zero, as Excel shows it) and loses the zeros that leaves at
    /// its end; `true` when it changed. Whole numbers are left alone: a long integer (an account
    /// number) written by a program may be exact.
    mutating func roundToExcelPrecision() -> Bool {
        guard digits.count > 15, digits.count > pointPosition else { return false }
        var kept = Array(digits[..<15])
        if digits[15] >= UInt8(ascii: "5") {
            var k = 14
            while k >= 0 {
                if kept[k] == UInt8(ascii: "9") {
                    kept[k] = UInt8(ascii: "0")
                    k -= 1
                } else {
                    kept[k] += 1
                    break
                }
            }
            if k < 0 {
                kept.insert(UInt8(ascii: "1"), at: 0)
                kept.removeLast()
                pointPosition += 1
            }
        }
        while let last = kept.last, last == UInt8(ascii: "0"), kept.count > max(pointPosition, 0) { kept.removeLast() }
        digits = kept
        fractionDigits = 0
        return true
    }

    /// Plain decimal text: `-54.2`, `0.015`, `1500`.
    var plain: [UInt8] {
        var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        let zero = UInt8(ascii: "0")
        // Digits after the point: the written scale, or as many as the value needs.
        let needed = max(0, digits.count - pointPosition)
        let scale = max(needed, fractionDigits)
        if pointPosition <= 0 {
            out.append(zero)
        } else {
            for k in 0..<pointPosition { out.append(k < digits.count ? digits[k] : zero) }
        }
        guard scale > 0 else { return out }
        out.append(UInt8(ascii: "."))
        for k in 0..<scale {
            let index = pointPosition + k
            out.append(index >= 0 && index < digits.count ? digits[index] : zero)
        }
        return out
    }

    /// The whole days of a non-negative serial and the seconds of its fraction (rounded), or `nil`
    /// for a negative value.
    var daysAndSeconds: (days: Int, seconds: Int)? {
        guard !negative, pointPosition <= 7 else { return digits.isEmpty ? (0, 0) : nil }
        var days = 0
        for k in 0..<max(0, pointPosition) { days = days * 10 + Int((k < digits.count ? digits[k] : 0x30) - 0x30) }
        // Twelve fraction digits are far finer than a second and keep the arithmetic in Int.
        var fraction = 0, scale = 1
        for k in 0..<12 {
            let index = pointPosition + k
            fraction = fraction * 10 + (index >= 0 && index < digits.count ? Int(digits[index] - 0x30) : 0)
            scale *= 10
        }
        var seconds = (fraction * 86_400 + scale / 2) / scale
        if seconds == 86_400 { days += 1; seconds = 0 }
        return (days, seconds)
    }
}
