import FinanceCore

/// The account a `:25:` field names (SWIFT MT940 field 25, `35x`: an account number, `BLZ/Konto`
/// or an IBAN), without what banks write around it.
enum MT940Account {
    /// The text of a `:25:` value, without a leading slash: Polish banks (PKO BP, Pekao, mBank)
    /// write `/PL61102055610000310201234567`, the slash of SWIFT's party identifier with no bank
    /// code before it.
    static func identifier(_ value: UnsafeBufferPointer<UInt8>) -> String? {
        var t = MT940Values.trimmed(value)
        if t.first == UInt8(ascii: "/") { t = MT940Values.trimmed(UnsafeBufferPointer(rebasing: t.dropFirst())) }
        return t.isEmpty ? nil : String(decoding: t, as: UTF8.self)
    }

    /// `account` without the currency the bank wrote after it, when that is the statement's
    /// `currency`: after a space (Dutch banks, `NL07RABO0123456789 EUR`), or glued on (ING,
    /// `NL58INGB0006543210EUR`) when what stays is an IBAN exactly as long as its country's
    /// (ISO 13616), so that an account number that merely ends in letters is never cut.
    static func withoutCurrency(_ account: String, currency: String) -> String {
        let bytes = Array(account.utf8)
        let code = Array(currency.utf8)
        guard code.count == 3, bytes.count > 3, bytes.suffix(3).elementsEqual(code) else { return account }
        var end = bytes.count - 3
        if bytes[end - 1] == 0x20 {
            while end > 0 && bytes[end - 1] == 0x20 { end -= 1 }
            return end > 0 ? String(decoding: bytes[..<end], as: UTF8.self) : account
        }
        let iban = bytes[..<end]
        return isIBANShaped(iban) ? String(decoding: iban, as: UTF8.self) : account
    }

    /// Two capital letters of a country that has IBANs, two check digits, then capital letters and
    /// digits up to the country's length.
    static func isIBANShaped(_ bytes: ArraySlice<UInt8>) -> Bool {
        let b = Array(bytes)
        guard b.count >= 15, b.count <= 34 else { return false }
        func isUpper(_ c: UInt8) -> Bool { c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") }
        func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        guard isUpper(b[0]), isUpper(b[1]), isDigit(b[2]), isDigit(b[3]), b[4...].allSatisfy({ isUpper($0) || isDigit($0) }) else {
            return false
        }
        return ibanLengths[String(decoding: b[0..<2], as: UTF8.self)] == b.count
    }

    /// IBAN lengths by country (SWIFT's IBAN registry).
    static let ibanLengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27, "BR": 29,
        "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28, "EE": 20, "EG": 29,
        "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28,
        "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20,
        "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19,
        "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29,
        "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24,
        "SM": 27, "SO": 23, "ST": 25, "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
    ]
}
