import FinanceCore

/// Why the text of an amount is not an exact decimal.
enum DecimalTextFailure: Error, Equatable, Sendable {
    case malformed
    /// `1.5e3`: valid JSON, but an exponent invites float conversions; refused rather than guessed.
    case exponent
    /// More than 18 significant digits, or more than 18 after the point: beyond `Money`.
    case tooLarge
}

/// Plain decimal text as JSON Lines carry amounts: `-54.20`, `+3`, `0.125`; an optional sign,
/// digits, and optionally `.` and more digits. Nothing else: no grouping, no currency, no spaces.
///
/// The digits go straight into an integer and the scale is the count of digits after the point,
/// so `-54.20` stays `-5420` at scale 2 and is written back exactly as it was read.
enum DecimalText {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Money, DecimalTextFailure> {
        let n = bytes.count
        var i = 0
        var negative = false
        if i < n && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var units: Int64 = 0
        var scale: UInt8 = 0
        var significant = 0
        var integerDigits = 0
        var fractionDigits = 0
        var inFraction = false
        while i < n {
            let c = bytes[i]
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                if significant > 0 || c != UInt8(ascii: "0") { significant += 1 }
                guard significant <= 18 else { return .failure(.tooLarge) }
                if inFraction {
                    guard scale < Money.maximumScale else { return .failure(.tooLarge) }
                    scale += 1
                    fractionDigits += 1
                } else {
                    integerDigits += 1
                }
                units = units &* 10 &+ Int64(c &- UInt8(ascii: "0"))
                i += 1
            } else if c == UInt8(ascii: ".") && !inFraction && integerDigits > 0 {
                inFraction = true
                i += 1
            } else if (c == UInt8(ascii: "e") || c == UInt8(ascii: "E")) && integerDigits > 0 {
                return .failure(.exponent)
            } else {
                return .failure(.malformed)
            }
        }
        guard integerDigits > 0, !inFraction || fractionDigits > 0 else { return .failure(.malformed) }
        return .success(Money(units: negative ? -units : units, scale: scale))
    }
}
