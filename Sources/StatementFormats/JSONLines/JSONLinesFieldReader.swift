import FinanceCore
import Glibc

/// Turns JSON values into the record's typed fields.
///
/// Texts that repeat from line to line (account, category, the source's file name) come from a
/// `TextCache`, which spares a `String` per line. The conversions are shared with
/// `JSONLinesFastPath`, so that both paths read a value alike by construction.
struct JSONLinesFieldReader {
    private var accounts = TextCache()
    private var categories = TextCache()
    private var sourceFiles = TextCache()

    mutating func set(_ field: JSONLinesField, _ value: JSONValue, in r: inout JSONLinesRecord) throws(JSONLinesIssue) {
        switch field {
        case .date:
            guard case .string(let text) = value, let date = Self.date(text) else {
                throw .badDate(found: JSONObjectScanner.describe(value))
            }
            r.date = date
        case .amount:
            let text: UnsafeBufferPointer<UInt8>
            switch value {
            case .string(let t), .number(let t): text = t
            default: throw .badAmount(found: JSONObjectScanner.describe(value), failure: .malformed)
            }
            switch DecimalText.parse(text) {
            case .success(let money): r.amount = money
            case .failure(let failure): throw .badAmount(found: JSONObjectScanner.describe(value), failure: failure)
            }
        case .currency:
            if case .null = value { return }
            guard case .string(let t) = value, let code = Self.currency(t) else {
                throw .badCurrency(found: JSONObjectScanner.describe(value))
            }
            r.currency = code
        case .type:
            if case .null = value { return }
            guard case .string(let t) = value, let type = Self.paymentType(t) else {
                throw .badType(found: JSONObjectScanner.describe(value))
            }
            r.type = type
        case .id:
            // Anything but a pfin id (another tool's, a UUID) is replaced by a computed one.
            if case .string(let t) = value { r.id = Self.activityID(t) }
        case .source:
            // Anything but `FILE:LINE` is replaced by this file and line.
            if case .string(let t) = value { r.source = source(t) }
        case .name:
            guard case .string(let t) = value else { throw .notText(.name, found: JSONObjectScanner.describe(value)) }
            r.name = String(decoding: t, as: UTF8.self)
        case .rawName: r.rawName = try Self.text(value, field).map { String(decoding: $0, as: UTF8.self) }
        case .account: r.account = try Self.text(value, field).map { account($0) }
        case .category: r.category = try Self.text(value, field).map { category($0) }
        case .address: r.address = try Self.text(value, field).map { String(decoding: $0, as: UTF8.self) }
        case .memo: r.memo = try Self.text(value, field).map { String(decoding: $0, as: UTF8.self) }
        case .fitid: r.fitid = try Self.text(value, field).map { String(decoding: $0, as: UTF8.self) }
        case .checkNumber: r.checkNumber = try Self.text(value, field).map { String(decoding: $0, as: UTF8.self) }
        case .originalAmount:
            if case .null = value { return }
            r.originalAmount = try Self.decimal(value, field)
        case .originalCurrency:
            if case .null = value { return }
            guard case .string(let t) = value, let code = Self.currency(t) else {
                throw .badOriginal(field, found: JSONObjectScanner.describe(value))
            }
            r.originalCurrency = code
        case .exchangeRate:
            if case .null = value { return }
            guard let rate = ExchangeRate(try Self.decimal(value, field)) else {
                throw .badOriginal(field, found: JSONObjectScanner.describe(value))
            }
            r.exchangeRate = rate
        }
    }

    /// A decimal given as a string or a number.
    private static func decimal(_ value: JSONValue, _ field: JSONLinesField) throws(JSONLinesIssue) -> Money {
        let text: UnsafeBufferPointer<UInt8>
        switch value {
        case .string(let t), .number(let t): text = t
        default: throw .badOriginal(field, found: JSONObjectScanner.describe(value))
        }
        guard case .success(let money) = DecimalText.parse(text) else {
            throw .badOriginal(field, found: JSONObjectScanner.describe(value))
        }
        return money
    }

    /// A string's bytes, `nil` for null; anything else is an error.
    private static func text(_ value: JSONValue, _ field: JSONLinesField) throws(JSONLinesIssue) -> UnsafeBufferPointer<UInt8>? {
        switch value {
        case .string(let t): return t
        case .null: return nil
        default: throw .notText(field, found: JSONObjectScanner.describe(value))
        }
    }

    /// An account, the same `String` as the last time these bytes came.
    @inline(__always)
    mutating func account(_ t: UnsafeBufferPointer<UInt8>) -> String { accounts.string(t) }

    /// A category, the same `String` as the last time these bytes came.
    @inline(__always)
    mutating func category(_ t: UnsafeBufferPointer<UInt8>) -> String { categories.string(t) }

    /// Three letters, upper-cased (`CurrencyCode` accepts `eur`).
    @inline(__always)
    static func currency(_ t: UnsafeBufferPointer<UInt8>) -> CurrencyCode? {
        t.count == 3 ? CurrencyCode(bytes: t[0], t[1], t[2]) : nil
    }

    /// Exactly `YYYY-MM-DD`, a day that exists.
    ///
    /// Unrolled, the digits checked together: this runs for every line, and a loop per number
    /// showed in profiles.
    static func date(_ t: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        guard t.count == 10, t[4] == UInt8(ascii: "-"), t[7] == UInt8(ascii: "-") else { return nil }
        let y0 = t[0] &- UInt8(ascii: "0"), y1 = t[1] &- UInt8(ascii: "0"), y2 = t[2] &- UInt8(ascii: "0")
        let y3 = t[3] &- UInt8(ascii: "0"), m0 = t[5] &- UInt8(ascii: "0"), m1 = t[6] &- UInt8(ascii: "0")
        let d0 = t[8] &- UInt8(ascii: "0"), d1 = t[9] &- UInt8(ascii: "0")
        // Each is below 10 when it was a digit; the largest tells for all.
        guard max(max(max(y0, y1), max(y2, y3)), max(max(m0, m1), max(d0, d1))) < 10 else { return nil }
        let year = ((Int(y0) * 10 + Int(y1)) * 10 + Int(y2)) * 10 + Int(y3)
        return LocalDate(year: year, month: Int(m0) * 10 + Int(m1), day: Int(d0) * 10 + Int(d1))
    }

    /// A pfin id as the writer prints it: 16 lower-case hex digits.
    static func activityID(_ t: UnsafeBufferPointer<UInt8>) -> ActivityID? {
        guard t.count == 16 else { return nil }
        let raw = UnsafeRawPointer(t.baseAddress!)
        guard let high = hex8(raw.loadUnaligned(as: UInt64.self)),
            let low = hex8(raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        else { return nil }
        return ActivityID(value: high << 32 | low)
    }

    /// Eight lower-case hex digits (as loaded from memory) as a number, a byte lane at a time:
    /// this runs for every line, and a byte loop with its branches showed in profiles.
    @inline(__always)
    static func hex8(_ loaded: UInt64) -> UInt64? {
        let x = UInt64(bigEndian: loaded)  // the first digit in the top byte
        let ones: UInt64 = 0x0101_0101_0101_0101, highs = ones &* 0x80
        guard x & highs == 0 else { return nil }
        // Bit 7 of a lane is set where the byte is at least the bound (no lane carries: bytes < 0x80).
        let digit = (x &+ ones &* (0x80 - 0x30)) & ~(x &+ ones &* (0x80 - 0x3A)) & highs
        let letter = (x &+ ones &* (0x80 - 0x61)) & ~(x &+ ones &* (0x80 - 0x67)) & highs
        guard digit | letter == highs else { return nil }
        // '0'…'9' → 0…9 and 'a'…'f' → 1…6 + 9; then pairs of lanes are merged, three times.
        var v = (x & (ones &* 0x0F)) &+ (letter >> 7) &* 9
        v = (v | v >> 4) & 0x00FF_00FF_00FF_00FF
        v = (v | v >> 8) & 0x0000_FFFF_0000_FFFF
        v = (v | v >> 16) & 0x0000_0000_FFFF_FFFF
        return v
    }

    static func paymentType(_ t: UnsafeBufferPointer<UInt8>) -> PaymentType? {
        func equals(_ word: StaticString) -> Bool {
            word.utf8CodeUnitCount == t.count && memcmp(word.utf8Start, t.baseAddress!, t.count) == 0
        }
        switch t.count {
        case 6: return equals("income") ? .income : nil
        case 7: return equals("expense") ? .expense : nil
        case 8: return equals("transfer") ? .transfer : nil
        default: return nil
        }
    }

    /// `FILE:LINE` as the writer prints a source: the line is the digits after the last `:`.
    mutating func source(_ t: UnsafeBufferPointer<UInt8>) -> SourceLocation? {
        var colon = t.count
        var line = 0
        var scale = 1
        while colon > 0, t[colon - 1] &- UInt8(ascii: "0") < 10, scale <= 100_000_000 {
            colon -= 1
            line += Int(t[colon] &- UInt8(ascii: "0")) * scale
            scale *= 10
        }
        guard colon < t.count, colon >= 2, t[colon - 1] == UInt8(ascii: ":") else { return nil }
        return SourceLocation(file: sourceFiles.string(UnsafeBufferPointer(rebasing: t[..<(colon - 1)])), line: line)
    }
}
