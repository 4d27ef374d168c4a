import FinanceCore

/// What a location may point at in one input: its lines, counted as the readers count them (a
/// line feed, a CR-LF or a lone CR, as old Mac exports end lines, ends a line; a final line
/// without one still counts).
struct InputShape {
    /// Lines in the input; a location may name one past the last (the end of the input).
    let lines: Int

    init(_ bytes: [UInt8]) {
        var count = 1
        for (i, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
            count += 1
        }
        lines = count
    }

    /// What is wrong with `location` as a place in this input, or `nil` when it is inside it.
    /// Line 0 means the whole file; columns are 1-based.
    func problem(with location: SourceLocation, file: String = FuzzTarget.inputName) -> String? {
        if location.file != file { return "location names '\(location.file)', not the input '\(file)'" }
        if location.line < 0 || location.line > lines + 1 {
            return "line \(location.line) is outside the input's \(lines) lines"
        }
        if let column = location.column, column < 1 { return "column \(column) at line \(location.line) is not 1-based" }
        return nil
    }

    /// What is wrong with `errors` as a parser's errors of this input: each must be a coded error
    /// located inside it.
    func problems(withErrors errors: [Diagnostic]) -> [String] {
        var found: [String] = []
        for error in errors {
            if error.severity != .error || error.code.isEmpty { found.append("diagnostic \(error.code) is not a coded error") }
            if let problem = problem(with: error.location) { found.append("diagnostic \(error.code): \(problem)") }
        }
        return found
    }
}

/// The exactness of a read amount: a fixed-point value within the scale limit, whose decimal
/// text reads back to the same value (no binary floating point anywhere on the way).
enum AmountCheck {
    static func problem(with money: Money) -> String? {
        guard money.scale <= Money.maximumScale else { return "amount \(money.units)e-\(money.scale) has a scale over \(Money.maximumScale)" }
        let text = money.decimalString
        guard let back = parse(text, currency: money.currency) else { return "amount text '\(text)' is not a decimal number" }
        guard back == money else { return "amount text '\(text)' reads back as \(back.units)e-\(back.scale), not \(money.units)e-\(money.scale)" }
        return nil
    }

    /// `-?DIGITS(.DIGITS)?` as an exact `Money`.
    private static func parse(_ text: String, currency: CurrencyCode?) -> Money? {
        var bytes = Array(text.utf8)
        // Padding zeros (to the currency's minor digits) add no value and could overflow.
        if bytes.contains(UInt8(ascii: ".")) {
            while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
            if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        }
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes.removeFirst() }
        var units: Int64 = 0, scale: UInt8 = 0, afterPoint = false, digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: "."), !afterPoint { afterPoint = true; continue }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, o1) = units.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(byte - 0x30) * (negative ? -1 : 1))
            guard !o1, !o2 else { return nil }
            units = sum
            digits += 1
            if afterPoint { scale += 1 }
        }
        guard digits > 0 else { return nil }
        return Money(units: units, scale: scale, currency: currency)
    }
}
