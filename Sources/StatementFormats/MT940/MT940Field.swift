/// The MT940 field tags pfin reads (SWIFT MT940 "Customer Statement Message", and the fields of
/// MT942 "Interim Transaction Report" that differ); every other tag is `.other` and ignored.
enum MT940Tag: Equatable, Sendable {
    /// `:20:` transaction reference number: starts a statement.
    case reference
    /// `:25:` account identification: `BLZ/Konto` or an IBAN.
    case account
    /// `:28C:` statement and sequence number.
    case statementNumber
    /// `:60F:` / `:60M:` opening (first / intermediate) balance.
    case openingBalance
    /// `:61:` statement line: one transaction.
    case statementLine
    /// `:86:` information to account owner: the narrative of the `:61:` before it.
    case narrative
    /// `:62F:` / `:62M:` closing (booked) balance.
    case closingBalance
    /// `:13D:` date/time indication (MT942): the report is an interim one.
    case dateTime
    /// `:34F:` floor limit indicator (MT942): `EUR0,` or `EURD0,`; gives the report's currency.
    case floorLimit
    /// `:90D:` / `:90C:` number and sum of debit / credit entries (MT942).
    case debitTotal
    case creditTotal
    /// `:64:` closing available balance.
    case availableBalance
    /// `:65:`, `:21:` and tags pfin does not know.
    case other

    /// The tag of the bytes between the colons (`61`, `60F`).
    init(_ name: UnsafeBufferPointer<UInt8>) {
        guard name.count == 2 || name.count == 3 else {
            self = .other
            return
        }
        let a = name[0], b = name[1]
        let suffix: UInt8 = name.count == 3 ? name[2] : 0
        switch (a, b) {
        case (0x32, 0x30) where suffix == 0: self = .reference  // 20
        case (0x32, 0x35) where suffix == 0 || suffix == UInt8(ascii: "P"): self = .account  // 25, 25P
        case (0x32, 0x38) where suffix == UInt8(ascii: "C") || suffix == 0: self = .statementNumber  // 28C
        case (0x36, 0x30) where suffix == UInt8(ascii: "F") || suffix == UInt8(ascii: "M"): self = .openingBalance
        case (0x36, 0x31) where suffix == 0: self = .statementLine
        case (0x38, 0x36) where suffix == 0: self = .narrative
        case (0x36, 0x32) where suffix == UInt8(ascii: "F") || suffix == UInt8(ascii: "M"): self = .closingBalance
        case (0x36, 0x34) where suffix == 0: self = .availableBalance  // 64
        case (0x31, 0x33) where suffix == UInt8(ascii: "D"): self = .dateTime  // 13D
        case (0x33, 0x34) where suffix == UInt8(ascii: "F"): self = .floorLimit  // 34F
        case (0x39, 0x30) where suffix == UInt8(ascii: "D"): self = .debitTotal  // 90D
        case (0x39, 0x30) where suffix == UInt8(ascii: "C"): self = .creditTotal  // 90C
        default: self = .other
        }
    }
}

/// One field of a message: its tag and its value, the lines of a multi-line value joined with
/// nothing between them (a bank wraps `:86:` at 65 characters wherever the limit falls, even
/// inside a word), with the offsets where each continuation line starts.
struct MT940Field {
    var tag: MT940Tag
    /// The tag as written (`60F`), packed: up to three bytes, for messages.
    var packedName: UInt32
    /// The value, valid until the next field is read.
    var value: UnsafeBufferPointer<UInt8>
    /// Offsets in `value` where the second, third… physical line starts; valid as `value` is.
    var lineStarts: UnsafeBufferPointer<Int>
    /// The line of the tag, and the column where the value starts.
    var line: Int
    var column: Int

    /// The tag as written, such as `60F`.
    var name: String {
        var bytes: [UInt8] = []
        var rest = packedName
        while rest != 0 {
            bytes.insert(UInt8(truncatingIfNeeded: rest), at: 0)
            rest >>= 8
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first physical line of the value.
    var firstLine: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: value[..<(lineStarts.first ?? value.count)])
    }

    /// Everything after the first physical line (`:61:`'s supplementary details).
    var continuation: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: value[(lineStarts.first ?? value.count)...])
    }
}
