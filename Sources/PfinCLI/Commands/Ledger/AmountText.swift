import FinanceCore

/// Amounts typed on the command line: a magnitude such as `12.50`, `1,234.50` or `7`.
///
/// Stricter than the statement readers on purpose: a bank file's layout is detected from many
/// rows, but one typed amount cannot be guessed at, so only one layout is read: digits, an
/// optional `,` between groups of three, and an optional `.` before the fraction. `12,50` is
/// rejected rather than read as 1250.
enum AmountText {
    /// Why a text is not a usable magnitude.
    enum Problem: Error, Equatable {
        /// A leading `-` or `+`: the type decides the sign.
        case signed(unsigned: String)
        case notANumber
        case zero
        /// More than pfin's 64-bit amounts (18 digits) hold.
        case tooLarge
    }

    /// The magnitude `text` states, without a currency.
    static func magnitude(_ text: String) -> Result<Money, Problem> {
        var bytes = Array(text.utf8)
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            let rest = String(decoding: bytes.dropFirst(), as: UTF8.self)
            switch digits(Array(rest.utf8)) {
            case .success, .failure(.zero), .failure(.tooLarge): return .failure(.signed(unsigned: rest))
            case .failure: return .failure(.notANumber)
            }
        }
        return digits(bytes)
    }

    /// Digits after the decimal point in `text`, for the check against the currency's minor digits.
    static func fractionDigits(_ text: String) -> Int {
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].filter(\.isNumber).count
    }

    private static func digits(_ bytes: [UInt8]) -> Result<Money, Problem> {
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let whole = bytes[..<(point ?? bytes.count)]
        let fraction = point.map { bytes[($0 + 1)...] } ?? []
        guard !whole.isEmpty, point == nil || !fraction.isEmpty, fraction.allSatisfy(isDigit), wholeIsGrouped(whole)
        else { return .failure(.notANumber) }
        let significant = whole.filter(isDigit).drop { $0 == UInt8(ascii: "0") }.count + fraction.count
        guard significant <= 18 else { return .failure(.tooLarge) }
        var units: Int64 = 0
        for byte in whole where isDigit(byte) { units = units * 10 + Int64(byte - UInt8(ascii: "0")) }
        for byte in fraction { units = units * 10 + Int64(byte - UInt8(ascii: "0")) }
        guard units > 0 else { return .failure(.zero) }
        return .success(Money(units: units, scale: UInt8(fraction.count)))
    }

    /// `1234` or `1,234,567`: commas only between groups of exactly three digits.
    private static func wholeIsGrouped(_ whole: ArraySlice<UInt8>) -> Bool {
        let groups = whole.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard let first = groups.first, !first.isEmpty, first.allSatisfy(isDigit) else { return false }
        if groups.count == 1 { return true }
        return first.count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 && $0.allSatisfy(isDigit) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
