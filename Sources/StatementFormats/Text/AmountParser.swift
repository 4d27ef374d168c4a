import FinanceCore

/// An amount read from a cell: the exact value, and what the cell said besides the digits.
public struct ParsedAmount: Sendable, Equatable {
    /// The value in units of `10^-scale`, sign applied.
    public var units: Int64
    public var scale: UInt8
    /// A currency symbol or code written in the cell (`$`, `€`, `EUR`); for a sign several
    /// currencies share (`sharedSign`), what it is read as without other evidence.
    public var currency: CurrencyCode?
    /// Whether the cell carried a sign of any kind (`-`, `+`, parentheses, `DR`/`CR`).
    public var isSigned: Bool
    /// Whether the sign was a debit/credit mark (`0.80Dr`, `15.00 CR`, `12,00 H`), which says the
    /// direction even in a column of credits or debits.
    public var hasDirectionMark = false
    /// The cell's currency was `$` or `¥` alone, which the file's stated currency or `--currency`
    /// overrides (`SharedCurrencySign`).
    public var sharedSign: SharedCurrencySign?

    /// The currency of the amount, where `stated` is what the row, file or command line says: the
    /// cell's own currency first, unless it is a shared sign's guess, which `stated` overrides.
    public func currency(else stated: CurrencyCode?) -> CurrencyCode? {
        sharedSign == nil ? currency ?? stated : stated ?? currency
    }
}

/// Why a cell is not an amount.
public enum AmountParseFailure: Error, Sendable, Equatable {
    case empty
    /// Not a number in the expected layout; the associated text says what was expected instead.
    case malformed
    /// More than 18 significant digits, or more than 18 digits after the decimal mark.
    case tooLarge
}

/// Reads bank amounts from UTF-8 bytes: `-1,234.56`, `1.234,56`, `1 234,56`, `1'234.50`, `(54.20)`,
/// `54.20-`, `54.20 DR`, `0.80Dr`, `DR 54.20`, `12,00 H`, `1.234,56 S`, `$54.20`, `-£5.00`, `+ £1,234.56`,
/// `12,00 €`, `EUR 12.00`, `1,23,456.00` (Indian grouping), `−12.50` and `–12.50` (a minus sign or
/// a dash for the minus), `١٬٢٣٤٫٥٠` and `۱۲٫۵۰` (Arabic-Indic and Persian digits, with the Arabic
/// decimal and thousands separators).
///
/// The decimal mark is decided per column beforehand (`AmountFormat.detect`); the other mark,
/// spaces and apostrophes are accepted as thousands separators, but only between digits and only
/// when the last group has three digits, so `12,50` is never read as 1250.
public enum AmountParser {
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8) -> Result<ParsedAmount, AmountParseFailure> {
        if let plain = parsePlain(bytes, decimalMark: decimalMark) { return .success(plain) }
        return parseGeneral(bytes, decimalMark: decimalMark)
    }

    /// Every layout above, one byte at a time.
    static func parseGeneral(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8) -> Result<ParsedAmount, AmountParseFailure> {
        var i = 0
        let n = bytes.count
        var negative = false
        var signed = false
        var parenthesis = false
        var marked = false
        var currency: CurrencyCode?
        var shared: SharedCurrencySign?

        func skipSpaces() {
            while i < n {
                if bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1; continue }
                if let w = spaceWidth(bytes, i) ?? directionMarkWidth(bytes, i) { i += w; continue }
                break
            }
        }

        // Prefix: parenthesis, sign and currency in any order.
        prefix: while true {
            skipSpaces()
            guard i < n else { return .failure(n == 0 ? .empty : .malformed) }
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "("):
                // `(-5)` and `-(5)` alike carry two signs.
                guard !parenthesis, !signed else { return .failure(.malformed) }
                parenthesis = true; signed = true; negative = true; i += 1
            case UInt8(ascii: "-"):
                guard !signed else { return .failure(.malformed) }
                signed = true; negative = true; i += 1
            case UInt8(ascii: "+"):
                guard !signed else { return .failure(.malformed) }
                signed = true; i += 1
            case 0xE2...0xEF where isMinus(bytes, i):
                guard !signed else { return .failure(.malformed) }
                signed = true; negative = true; i += 3
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: ","):
                break prefix
            case 0xD9...0xDB where arabicDigit(bytes, i) != nil || isArabicDecimalSeparator(bytes, i):
                break prefix
            default:
                // `DR 1,234.00`, `CR 15.00`: the mark before the number, a space between; only
                // the two-letter marks (a lone `C` or `S` before a number is too often a code).
                if !signed, let debit = debitCreditMark(bytes, at: i), i + debit.width < n, i + 1 < n,
                    bytes[i + 1] | 0x20 >= UInt8(ascii: "a"), bytes[i + 1] | 0x20 <= UInt8(ascii: "z")
                {
                    signed = true; marked = true; negative = debit.isDebit; i += debit.width
                    continue prefix
                }
                guard currency == nil, let (code, width) = CurrencyText.match(bytes, at: i) else {
                    return .failure(.malformed)
                }
                currency = code
                shared = SharedCurrencySign.at(bytes, i, width: width)
                i += width
            }
        }

        // The number.
        var units: Int64 = 0
        var scale: UInt8 = 0
        var digitCount = 0
        var significant = 0
        var groupDigits = -1  // digits since the last group separator; -1 before any separator
        var inFraction = false
        var sawDigit = false
        while i < n {
            let c = bytes[i]
            // An ASCII digit, or an Arabic-Indic or Persian one (`١٢٫٥٠`, `۱۲٫۵۰`) read as the digit it is.
            let ascii = c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
            if let value = ascii ? c &- UInt8(ascii: "0") : c >= 0x80 ? arabicDigit(bytes, i) : nil {
                if significant > 0 || value != 0 { significant += 1 }
                guard significant <= 18 else { return .failure(.tooLarge) }
                units = units &* 10 &+ Int64(value)
                digitCount += 1
                sawDigit = true
                if inFraction {
                    // `0.0000000000000000001` has one significant digit but a scale `Money` cannot hold.
                    guard scale < Money.maximumScale else { return .failure(.tooLarge) }
                    scale += 1
                } else if groupDigits >= 0 {
                    groupDigits += 1
                }
                i += ascii ? 1 : 2
                continue
            }
            let decimalWidth = c == decimalMark ? 1 : isArabicDecimalSeparator(bytes, i) ? 2 : 0
            if decimalWidth > 0 && !inFraction {
                if groupDigits >= 0 && groupDigits != 3 { return .failure(.malformed) }
                inFraction = true
                i += decimalWidth
                continue
            }
            if !inFraction, sawDigit, let w = groupSeparatorWidth(bytes, i, decimalMark: decimalMark),
                i + w < n, bytes[i + w] >= UInt8(ascii: "0") && bytes[i + w] <= UInt8(ascii: "9") || arabicDigit(bytes, i + w) != nil
            {
                if groupDigits >= 0 && groupDigits != 3 && groupDigits != 2 { return .failure(.malformed) }
                groupDigits = 0
                i += w
                continue
            }
            break
        }
        guard sawDigit else { return .failure(.malformed) }
        if groupDigits >= 0 && groupDigits != 3 { return .failure(.malformed) }

        // Suffix: currency, trailing sign, DR/CR, closing parenthesis.
        suffix: while true {
            skipSpaces()
            guard i < n else { break suffix }
            let c = bytes[i]
            switch c {
            case UInt8(ascii: ")"):
                guard parenthesis else { return .failure(.malformed) }
                parenthesis = false; i += 1
            case UInt8(ascii: "-"):
                guard !signed else { return .failure(.malformed) }
                signed = true; negative = true; i += 1
            case UInt8(ascii: "+"):
                guard !signed else { return .failure(.malformed) }
                signed = true; i += 1
            case 0xE2...0xEF where isMinus(bytes, i):
                guard !signed else { return .failure(.malformed) }
                signed = true; negative = true; i += 3
            default:
                if !signed, let debit = debitCreditMark(bytes, at: i) {
                    signed = true; marked = true; negative = debit.isDebit; i += debit.width
                    continue suffix
                }
                guard currency == nil, let (code, width) = CurrencyText.match(bytes, at: i) else {
                    return .failure(.malformed)
                }
                currency = code
                shared = SharedCurrencySign.at(bytes, i, width: width)
                i += width
            }
        }
        guard !parenthesis else { return .failure(.malformed) }
        if let shared { currency = shared.guess(scale: scale) }
        return .success(
            ParsedAmount(
                units: negative ? -units : units, scale: scale, currency: currency, isSigned: signed, hasDirectionMark: marked,
                sharedSign: shared))
    }

    /// The plain layout almost every export uses, `-1234.56`: an optional sign, digits, and
    /// optionally the decimal mark and more digits, with 18 digits at most (so neither the
    /// significant digits nor the scale can exceed what `Money` holds). Anything else, `nil`, and
    /// the general parser decides; on what this accepts, both give the same result.
    @inline(__always)
    static func parsePlain(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8) -> ParsedAmount? {
        let n = bytes.count
        guard n > 0, n <= 20 else { return nil }
        var i = 0
        let first = bytes[0]
        let signed = first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        if signed { i = 1 }
        var units: Int64 = 0
        let integerStart = i
        while i < n, case let d = bytes[i] &- UInt8(ascii: "0"), d < 10 {
            units = units &* 10 &+ Int64(d)
            i += 1
        }
        guard i > integerStart else { return nil }
        var scale: UInt8 = 0
        if i < n {
            guard bytes[i] == decimalMark else { return nil }
            i += 1
            let fractionStart = i
            while i < n, case let d = bytes[i] &- UInt8(ascii: "0"), d < 10 {
                units = units &* 10 &+ Int64(d)
                i += 1
            }
            guard i == n, i > fractionStart else { return nil }
            scale = UInt8(truncatingIfNeeded: i - fractionStart)
            guard i - integerStart - 1 <= 18 else { return nil }
        } else {
            guard i - integerStart <= 18 else { return nil }
        }
        return ParsedAmount(units: first == UInt8(ascii: "-") ? -units : units, scale: scale, currency: nil, isSigned: signed)
    }

    /// A debit/credit mark at `i`, in any case and with an optional trailing `.`, ending the text
    /// or followed by a space: `DR`/`CR`, `DB`, or a single `D`/`C` or `S`/`H` (Soll/Haben, as
    /// German banks write `1.234,56 S`). Debits are money out.
    private static func debitCreditMark(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (isDebit: Bool, width: Int)? {
        let n = bytes.count
        let a = bytes[i] | 0x20
        let b: UInt8 = i + 1 < n ? bytes[i + 1] | 0x20 : 0
        var width: Int
        let isDebit: Bool
        if b == UInt8(ascii: "r") && (a == UInt8(ascii: "d") || a == UInt8(ascii: "c")) {
            width = 2; isDebit = a == UInt8(ascii: "d")
        } else if a == UInt8(ascii: "d") && b == UInt8(ascii: "b") {
            width = 2; isDebit = true
        } else if a == UInt8(ascii: "d") || a == UInt8(ascii: "c") || a == UInt8(ascii: "s") || a == UInt8(ascii: "h") {
            width = 1; isDebit = a == UInt8(ascii: "d") || a == UInt8(ascii: "s")
        } else {
            return nil
        }
        if i + width < n && bytes[i + width] == UInt8(ascii: ".") { width += 1 }
        guard i + width == n || bytes[i + width] == 0x20 else { return nil }
        return (isDebit, width)
    }

    /// Width of a thousands separator at `i`: the mark that is not the decimal mark, a space, an
    /// apostrophe, or the Unicode spaces and apostrophe locales use.
    @inline(__always)
    private static func groupSeparatorWidth(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, decimalMark: UInt8) -> Int? {
        let c = bytes[i]
        if c == UInt8(ascii: ",") || c == UInt8(ascii: ".") { return c == decimalMark ? nil : 1 }
        if c == 0x20 || c == UInt8(ascii: "'") { return 1 }
        if c == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x99 { return 3 }  // ’
        if c == 0xD9 && i + 1 < bytes.count && bytes[i + 1] == 0xAC { return 2 }  // ٬ ARABIC THOUSANDS SEPARATOR
        return spaceWidth(bytes, i)
    }

    /// The value of an Arabic-Indic or Persian digit at `i` (`ArabicDigit`).
    @inline(__always)
    static func arabicDigit(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt8? {
        i + 1 < bytes.count ? ArabicDigit.value(lead: bytes[i], next: bytes[i + 1]) : nil
    }

    /// U+066B ARABIC DECIMAL SEPARATOR at `i` (`١٢٫٥٠`): the decimal mark whatever the column's.
    @inline(__always)
    private static func isArabicDecimalSeparator(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        bytes[i] == 0xD9 && i + 1 < bytes.count && bytes[i + 1] == 0xAB
    }

    /// Whether a minus other than `-` stands at `i` (three bytes): U+2212 MINUS SIGN, and the dashes
    /// and hyphens exports write for it (U+2013 EN DASH, U+2010 HYPHEN, U+2012 FIGURE DASH, U+FE63
    /// SMALL HYPHEN-MINUS, U+FF0D FULLWIDTH HYPHEN-MINUS as Japanese and Chinese exports write
    /// `－1,200`). Not the em dash, which stands for no value.
    private static func isMinus(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        guard i + 2 < bytes.count else { return false }
        switch (bytes[i], bytes[i + 1], bytes[i + 2]) {
        case (0xE2, 0x88, 0x92), (0xE2, 0x80, 0x93), (0xE2, 0x80, 0x90), (0xE2, 0x80, 0x92), (0xEF, 0xB9, 0xA3), (0xEF, 0xBC, 0x8D):
            return true
        default:
            return false
        }
    }

    /// Width of an invisible direction mark at `i` (U+200E LEFT-TO-RIGHT MARK, U+200F RIGHT-TO-LEFT
    /// MARK, U+061C ARABIC LETTER MARK), which Arabic locales put around an amount's currency
    /// (`4.750 د.أ.\u{200F}`) so that it shows on the right side of the number.
    private static func directionMarkWidth(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        if bytes[i] == 0xD8 && i + 1 < bytes.count && bytes[i + 1] == 0x9C { return 2 }
        if bytes[i] == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0x8E || bytes[i + 2] == 0x8F) {
            return 3
        }
        return nil
    }

    /// Width of a no-break, narrow no-break or thin space at `i`.
    @inline(__always)
    private static func spaceWidth(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        if bytes[i] == 0xC2 && i + 1 < bytes.count && bytes[i + 1] == 0xA0 { return 2 }
        if bytes[i] == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80
            && (bytes[i + 2] == 0xAF || bytes[i + 2] == 0x89)
        {
            return 3
        }
        return nil
    }

    /// Parses a string (convenience for tests and profiles).
    public static func parse(_ text: String, decimalMark: UInt8) -> Result<ParsedAmount, AmountParseFailure> {
        var text = text
        return text.withUTF8 { parse($0, decimalMark: decimalMark) }
    }
}
