/// Whether a cell holds an account number rather than a name: an IBAN (`NL91ABNA0417164300`,
/// spaced or not) or a run of digits with the odd dash or slash (`0123456-50`). A name column whose
/// cells are mostly account numbers is the counterparty's account (bunq's `Counterparty` beside
/// its `Name`), which names no one.
enum AccountNumberShape {
    static func isAccountNumber(_ cell: String) -> Bool {
        let bytes = cell.utf8.filter { $0 != UInt8(ascii: " ") }
        guard bytes.count >= 6, bytes.count <= 34 else { return false }
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        if bytes.count >= 15, isLetter(bytes[0]), isLetter(bytes[1]), isDigit(bytes[2]), isDigit(bytes[3]) {
            return bytes.dropFirst(4).allSatisfy { isDigit($0) || isLetter($0) }
        }
        return bytes.allSatisfy { isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "/") } && bytes.filter(isDigit).count >= 6
    }

    /// Whether four in five of `values` (at least one) are account numbers.
    static func mostly(_ values: some Collection<String>) -> Bool {
        guard !values.isEmpty else { return false }
        return values.count(where: isAccountNumber) * 5 >= values.count * 4
    }
}

extension AccountNumberShape {
    /// Whether a cell is an IBAN: two letters, two check digits, then letters and digits (15 to 34
    /// in all, spaces aside).
    static func isIBAN(_ cell: String) -> Bool {
        guard let first = cell.utf8.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return false }
        return isAccountNumber(cell)
    }

    /// Whether a cell is a masked card number (`**** 1234`, `XXXX XXXX XXXX 1234`) or says there
    /// is none (`N/A`, Finom's on a transfer): a card column's cells, which name no account where
    /// the file states one.
    static func isMaskedCardOrNone(_ cell: String) -> Bool {
        if cell.utf8.elementsEqual("n/a".utf8, by: { $0 | 0x20 == $1 }) { return true }
        var masks = 0, digits = 0
        for byte in cell.utf8 {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "x"), UInt8(ascii: "X"): masks += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: " "), UInt8(ascii: "-"): break
            default: return false
            }
        }
        return masks >= 3 && digits >= 2 && digits <= 6
    }
}
