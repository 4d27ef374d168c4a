/// An amount and its currency that a bank writes after the payee, with what follows them: Santander
/// UK's card payments (`SAINSBURYS S/MKTS,57.12 GBP, RATE 1.00/GBP ON 23-05-2024`) and cash
/// withdrawals (`HALIFAX ATM, 45 MARE STREET, 50.00 GBP , ON 12-05-2024`).
///
/// The tail starts at a comma followed (after spaces) by a decimal amount with two decimals and a
/// three-letter code in capitals; text with a letter must stand before it. Nothing else in a payee
/// looks like that: a comma inside a name is followed by words, a street number has no decimals.
enum PayeeAmountTail {
    /// Where the tail starts in `bytes[range]` (its comma), if there is one.
    static func start(in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var sawLetter = false
        var p = range.lowerBound
        while p < range.upperBound {
            let b = bytes[p]
            if PayeeText.isUpper(b) || PayeeText.isLower(b) { sawLetter = true }
            if b == UInt8(ascii: ","), sawLetter, amountAndCode(in: bytes, from: p + 1, to: range.upperBound) { return p }
            p += 1
        }
        return nil
    }

    /// Whether `bytes[from..<end]` opens with spaces, digits, a point, two digits, a space and a
    /// code of three capitals ending there or before a non-letter.
    private static func amountAndCode(in bytes: [UInt8], from: Int, to end: Int) -> Bool {
        var p = from
        while p < end && bytes[p] == 0x20 { p += 1 }
        let digits = p
        while p < end && (PayeeText.isDigit(bytes[p]) || bytes[p] == UInt8(ascii: ",") && p > digits) { p += 1 }
        guard p > digits, p + 3 < end, bytes[p] == UInt8(ascii: "."), PayeeText.isDigit(bytes[p + 1]), PayeeText.isDigit(bytes[p + 2]),
            bytes[p + 3] == 0x20
        else { return false }
        p += 4
        while p < end && bytes[p] == 0x20 { p += 1 }
        guard p + 3 <= end, (p..<p + 3).allSatisfy({ PayeeText.isUpper(bytes[$0]) }) else { return false }
        return p + 3 == end || !(PayeeText.isUpper(bytes[p + 3]) || PayeeText.isLower(bytes[p + 3]))
    }
}
