/// A transaction's stable identity: 64 bits, written as 16 lower-case hex digits.
///
/// The id is a SipHash-2-4 digest (keyed with the ASCII bytes `pfin activity id`) of fields
/// separated by the byte 0x1F:
/// - with a bank id (OFX FITID, a CSV transaction-id column): `b`, account, bank id;
/// - otherwise: `r`, account, date (`YYYY-MM-DD`), amount (plain decimal, currency digits),
///   currency, name as the bank wrote it;
/// - and, for the second and later identical rows in one file, `#` and the occurrence number (1, 2, …),
///   so that two identical coffees on one day stay two transactions.
/// The file's name or path never enters the id: the same export saved under another name gives
/// the same ids, and overlapping exports give the same ids for the rows they share.
public struct ActivityID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: UInt64

    public init(value: UInt64) { self.value = value }

    /// Parses 16 hex digits (either case).
    public init?(hex: some StringProtocol) {
        // Check the digits first: `UInt64(_:radix:)` also accepts a leading `+` or `-`.
        guard hex.utf8.count == 16, hex.utf8.allSatisfy(ActivityID.isHexDigit), let v = UInt64(hex, radix: 16)
        else { return nil }
        value = v
    }

    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        appendHex(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the 16 hex digits as UTF-8.
    public func appendHex(to out: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { hex in
            var shift = 60
            while shift >= 0 {
                out.append(hex[Int((value >> UInt64(shift)) & 0xF)])
                shift -= 4
            }
        }
    }

    private static func isHexDigit(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "f"))
    }

    public static func < (lhs: ActivityID, rhs: ActivityID) -> Bool { lhs.value < rhs.value }
}
