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
