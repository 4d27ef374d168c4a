import Glibc

/// The keys of a JSON Lines record that pfin reads (CONTRACT.md, "JSON Lines"); others are ignored.
enum JSONLinesField: UInt8, CaseIterable, Sendable {
    case id, account, date, name
    /// The bank's text, when payee normalisation changed `name`; right after it.
    case rawName
    case address, amount, currency, memo, type, category, fitid, checkNumber, source
    /// Only for a payment in another currency than the account's, after `source`.
    case originalAmount, originalCurrency, exchangeRate

    /// The key as written in the file.
    var key: String {
        switch self {
        case .id: return "id"
        case .account: return "account"
        case .date: return "date"
        case .name: return "name"
        case .rawName: return "rawName"
        case .address: return "address"
        case .amount: return "amount"
        case .currency: return "currency"
        case .memo: return "memo"
        case .type: return "type"
        case .category: return "category"
        case .fitid: return "fitid"
        case .checkNumber: return "checkNumber"
        case .source: return "source"
        case .originalAmount: return "originalAmount"
        case .originalCurrency: return "originalCurrency"
        case .exchangeRate: return "exchangeRate"
        }
    }

    /// The key in quotes with its colon, `"date":`, as pfin writes it.
    var quotedKey: StaticString {
        switch self {
        case .id: return #""id":"#
        case .account: return #""account":"#
        case .date: return #""date":"#
        case .name: return #""name":"#
        case .rawName: return #""rawName":"#
        case .address: return #""address":"#
        case .amount: return #""amount":"#
        case .currency: return #""currency":"#
        case .memo: return #""memo":"#
        case .type: return #""type":"#
        case .category: return #""category":"#
        case .fitid: return #""fitid":"#
        case .checkNumber: return #""checkNumber":"#
        case .source: return #""source":"#
        case .originalAmount: return #""originalAmount":"#
        case .originalCurrency: return #""originalCurrency":"#
        case .exchangeRate: return #""exchangeRate":"#
        }
    }

    /// The key with the `,` before it, `,"date":`, as pfin writes every key but the first.
    var separatedKey: StaticString {
        switch self {
        case .id: return #","id":"#
        case .account: return #","account":"#
        case .date: return #","date":"#
        case .name: return #","name":"#
        case .rawName: return #","rawName":"#
        case .address: return #","address":"#
        case .amount: return #","amount":"#
        case .currency: return #","currency":"#
        case .memo: return #","memo":"#
        case .type: return #","type":"#
        case .category: return #","category":"#
        case .fitid: return #","fitid":"#
        case .checkNumber: return #","checkNumber":"#
        case .source: return #","source":"#
        case .originalAmount: return #","originalAmount":"#
        case .originalCurrency: return #","originalCurrency":"#
        case .exchangeRate: return #","exchangeRate":"#
        }
    }

    /// The field pfin writes after this one (the cases are in the writer's order).
    var next: JSONLinesField? { JSONLinesField(rawValue: rawValue + 1) }

    /// This field's bit in a set of fields.
    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The field a key names (exactly, case-sensitive), or `nil` for a key pfin does not read.
    ///
    /// Keys are compared as bytes, by length first: this runs for every key of every line.
    init?(key: UnsafeBufferPointer<UInt8>) {
        @inline(__always) func equals(_ text: StaticString) -> Bool {
            text.utf8CodeUnitCount == key.count && memcmp(text.utf8Start, key.baseAddress!, key.count) == 0
        }
        guard key.count >= 2 else { return nil }
        switch key.count {
        case 2 where equals("id"): self = .id
        case 4 where key[0] == UInt8(ascii: "d"):
            guard equals("date") else { return nil }
            self = .date
        case 4 where key[0] == UInt8(ascii: "n"):
            guard equals("name") else { return nil }
            self = .name
        case 4 where key[0] == UInt8(ascii: "m"):
            guard equals("memo") else { return nil }
            self = .memo
        case 4 where key[0] == UInt8(ascii: "t"):
            guard equals("type") else { return nil }
            self = .type
        case 5 where equals("fitid"): self = .fitid
        case 6 where equals("amount"): self = .amount
        case 6 where equals("source"): self = .source
        case 7 where key[0] == UInt8(ascii: "r"):
            guard equals("rawName") else { return nil }
            self = .rawName
        case 7 where key[0] == UInt8(ascii: "a"):
            if equals("account") { self = .account } else if equals("address") { self = .address } else { return nil }
        case 8 where key[0] == UInt8(ascii: "c"):
            if equals("currency") { self = .currency } else if equals("category") { self = .category } else { return nil }
        case 11 where equals("checkNumber"): self = .checkNumber
        case 12 where equals("exchangeRate"): self = .exchangeRate
        case 14 where equals("originalAmount"): self = .originalAmount
        case 16 where equals("originalCurrency"): self = .originalCurrency
        default: return nil
        }
    }
}
