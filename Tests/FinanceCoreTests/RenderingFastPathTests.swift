import Testing

@testable import FinanceCore

/// The pointer writers (`writeHex`, `writeISO`, `writeDecimal`, `DecimalDigits`) and the fast
/// lookups behind them take shortcuts for speed; each is checked here against a plain reference
/// written digit by digit, over edge cases and a deterministic spread of values.
@Suite struct RenderingFastPathTests {
    /// xorshift64: deterministic, so a failure reproduces.
    struct Numbers {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
    }

    static func written(_ maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: maximum)
        defer { buffer.deallocate() }
        let n = body(buffer)
        return String(decoding: UnsafeBufferPointer(start: buffer, count: n), as: UTF8.self)
    }

    /// The decimal text of `money`, one digit at a time (the rendering the contract fixes).
    static func referenceDecimal(_ money: Money) -> String {
        let digits = Int(Swift.max(money.scale, UInt8(money.currency?.minorDigits ?? 2)))
        var text = String(money.units.magnitude)
        if text.count <= Int(money.scale) { text = String(repeating: "0", count: Int(money.scale) - text.count + 1) + text }
        var whole = String(text.dropLast(Int(money.scale)))
        var fraction = String(text.suffix(Int(money.scale)))
        fraction += String(repeating: "0", count: digits - fraction.count)
        if whole.isEmpty { whole = "0" }
        return (money.units < 0 ? "-" : "") + whole + (digits > 0 ? "." + fraction : "")
    }

    @Test func hexMatchesRadix16() {
        var numbers = Numbers()
        let edges: [UInt64] = [0, 1, 0xF, 0x10, 0xA, 0xFFFF_FFFF, 0x1_0000_0000, .max, 0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210]
        for value in edges + (0..<2000).map({ _ in numbers.next() }) {
            let expected = String(repeating: "0", count: 16 - String(value, radix: 16).count) + String(value, radix: 16)
            #expect(Self.written(16) { ActivityID(value: value).writeHex(to: $0) } == expected)
        }
    }

    @Test func isoDatesMatchTheirParts() {
        // Years 1 to 9999, the range `LocalDate` accepts: 0001-01-01 is day -719,162, 9999-12-31 day 2,932,896.
        let days = Array(-719_162...(-718_000)) + Array(-1000...1000) + Array(2_932_000...2_932_896)
        for day in days {
            let date = LocalDate(daysSinceEpoch: day)
            func pad(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - String(n).count)) + String(n) }
            let expected = "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
            #expect(Self.written(10) { date.writeISO(to: $0) } == expected)
            #expect(date.description == expected)
        }
    }

    @Test func decimalsMatchTheReference() {
        var numbers = Numbers()
        let currencies: [CurrencyCode?] = [nil, CurrencyCode("USD"), CurrencyCode("JPY"), CurrencyCode("BHD"), CurrencyCode("CLF")]
        var cases: [Money] = []
        for scale in UInt8(0)...18 {
            for units: Int64 in [0, 1, -1, 9, 10, 99, 100, -100, 12345, .max, .min, .max - 1, .min + 1] {
                for currency in currencies { cases.append(Money(units: units, scale: scale, currency: currency)) }
            }
        }
        for _ in 0..<5000 {
            let raw = numbers.next()
            let units = Int64(bitPattern: raw) >> Int64(raw % 60)
            let scale = UInt8(numbers.next() % 4 == 0 ? numbers.next() % 19 : 2)
            cases.append(Money(units: units, scale: scale, currency: currencies[Int(numbers.next() % 5)]))
        }
        for money in cases {
            let expected = Self.referenceDecimal(money)
            #expect(Self.written(Money.maximumDecimalLength) { money.writeDecimal(to: $0) } == expected, "\(money.units) scale \(money.scale)")
            #expect(money.decimalString == expected)
        }
    }

    @Test func decimalDigitsMatchDescription() {
        var numbers = Numbers()
        var values: [UInt64] = [0, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, .max, .max / 10]
        var power: UInt64 = 1
        for _ in 0..<19 { values += [power - 1, power, power + 1]; power &*= 10 }
        values += (0..<3000).map { _ in numbers.next() >> (numbers.next() % 64) }
        for value in values {
            #expect(DecimalDigits.count(value) == String(value).count)
            #expect(Self.written(20) { DecimalDigits.write(value, to: $0) } == String(value))
            let padded = String(repeating: "0", count: Swift.max(0, 20 - String(value).count)) + String(value)
            #expect(
                Self.written(20) {
                    DecimalDigits.write(value, width: 20, to: $0); return 20
                } == padded)
        }
    }

    /// ISO 4217 list one minor units that differ from two, as the contract lists them.
    @Test func minorDigitsOfEveryException() {
        let expected: [String: Int] = [
            "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0, "RWF": 0,
            "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
            "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
            "CLF": 4, "UYW": 4,
        ]
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        for a in letters {
            for b in letters {
                for c in letters {
                    let code = a + b + c
                    #expect(CurrencyCode(code)!.minorDigits == expected[code] ?? 2, "\(code)")
                }
            }
        }
    }

    /// Ids built from a name's bytes are the ids built from the name.
    @Test func idFromBytesEqualsIdFromString() {
        let date = LocalDate(year: 2024, month: 5, day: 3)!
        let names = ["", "COFFEE", "Café Müller #12", String(repeating: "x", count: 300), "a\u{1F}b"]
        for account in [nil, "", "acct-1"] as [String?] {
            for currency in [nil, CurrencyCode("USD"), CurrencyCode("JPY")] {
                for name in names {
                    let amount = Money(units: -5420, scale: 3, currency: currency)
                    let byString = ActivityIDBuilder()
                    let byBytes = ActivityIDBuilder()
                    for _ in 0..<3 {
                        let expected = byString.id(account: account, date: date, amount: amount, name: name)
                        let actual = Array(name.utf8).withUnsafeBufferPointer {
                            byBytes.id(account: account, date: date, amount: amount, nameUTF8: $0)
                        }
                        #expect(actual == expected)
                    }
                }
            }
        }
    }

    /// Short copies in words, every length and alignment, never touching a byte outside the target.
    @Test func byteCopyCopiesExactlyTheBytes() {
        let source = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for count in 0...130 {
            for offset in 0..<9 {
                var target = [UInt8](repeating: 0xEE, count: 160)
                source.withUnsafeBufferPointer { from in
                    target.withUnsafeMutableBufferPointer { to in
                        ByteCopy.copyAny(from.baseAddress! + offset, to: to.baseAddress! + 8, count: count)
                    }
                }
                #expect(Array(target[8..<(8 + count)]) == Array(source[offset..<(offset + count)]))
                #expect(target[..<8].allSatisfy { $0 == 0xEE } && target[(8 + count)...].allSatisfy { $0 == 0xEE })
            }
        }
    }

    @Test func shortDecimalsMatchDescription() {
        for value in Array(UInt64(0)...20_000) + [99_999, 100_000, 123_456_789] {
            #expect(Self.written(20) { DecimalDigits.write(value, to: $0) } == String(value))
        }
    }
}
