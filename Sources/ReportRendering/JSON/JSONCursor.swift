import FinanceCore
import Reports

/// Where the next byte of a JSON record goes, in room reserved for the whole record.
///
/// A transaction record is a dozen fixed pieces and a dozen values; checking capacity for each
/// cost more than copying them. The renderer reserves the worst case once (every string escaped
/// at six bytes a byte) and then writes through this cursor, which lives in a register.
struct JSONCursor {
    private(set) var at: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) { at = start }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        at.pointee = byte
        at += 1
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        at.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        at += text.utf8CodeUnitCount
    }

    @inline(__always)
    mutating func advance(_ count: Int) { at += count }

    /// `"text"`, escaped.
    @inline(__always)
    mutating func putString(_ text: String) {
        put(UInt8(ascii: "\""))
        let start = at
        at += text.withUTF8Bytes { JSONEscaping.write($0, to: start) }
        put(UInt8(ascii: "\""))
    }

    /// `"text"`, or `null`.
    @inline(__always)
    mutating func putString(_ text: String?) {
        if let text { putString(text) } else { put("null") }
    }

    /// An amount as an exact decimal string: `"-54.20"`.
    @inline(__always)
    mutating func putMoney(_ money: Money) {
        put(UInt8(ascii: "\""))
        advance(money.writeDecimal(to: at))
        put(UInt8(ascii: "\""))
    }

    @inline(__always)
    mutating func putMoney(_ money: Money?) {
        if let money { putMoney(money) } else { put("null") }
    }

    /// A share as a decimal string of percent with two digits: `"12.34"`, `"-5.00"`; or `null`.
    mutating func putShare(_ share: Share?) {
        guard let share else { return put("null") }
        put(UInt8(ascii: "\""))
        if share.basisPoints < 0 { put(UInt8(ascii: "-")) }
        let (whole, hundredths) = share.basisPoints.magnitude.quotientAndRemainder(dividingBy: 100)
        advance(DecimalDigits.write(whole, to: at))
        put(UInt8(ascii: "."))
        DecimalDigits.writePair(Int(hundredths), to: at)
        advance(2)
        put(UInt8(ascii: "\""))
    }

    /// A count (never negative in the model; a negative one is written with its sign all the same).
    mutating func putInt(_ value: Int) {
        if value < 0 { put(UInt8(ascii: "-")) }
        advance(DecimalDigits.write(UInt64(value.magnitude), to: at))
    }
}
