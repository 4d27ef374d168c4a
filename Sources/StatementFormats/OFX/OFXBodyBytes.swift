/// The byte-level pieces of OFX body parsing: trimming, matching markup delimiters, XML's
/// references, and the packed element names `XMLBodyParser` keeps on its stack.
enum OFXBodyBytes {
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lo = 0, hi = bytes.count
        while lo < hi, bytes[lo] <= 0x20 { lo += 1 }
        while hi > lo, bytes[hi - 1] <= 0x20 { hi -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[lo..<hi])
    }

    static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count - p >= count else { return false }
        for i in 0..<count where bytes[p + i] != prefix.utf8Start[i] { return false }
        return true
    }

    /// The offset after the first `a b` (or `a b c`) at or after `start`.
    static func find(_ a: UInt8, _ b: UInt8, _ c: UInt8? = nil, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let last = c ?? b
        let length = c == nil ? 2 : 3
        var i = start + length - 1
        while i < bytes.count {
            i = ByteScan.firstOf(last, last, last, in: bytes, from: i)
            guard i < bytes.count else { return nil }
            if bytes[i - length + 1] == a && (c == nil || bytes[i - 1] == b) { return i + 1 }
            i += 1
        }
        return nil
    }

    /// The character an XML 1.0 reference names: the five predefined entities (§4.6) and character
    /// references to a `Char` (§2.2); `nil` for anything else.
    static func referenced(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        switch String(decoding: name, as: UTF8.self) {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case let text where text.hasPrefix("#x"): return character(UInt32(text.dropFirst(2), radix: 16))
        case let text where text.hasPrefix("#"): return character(UInt32(text.dropFirst(), radix: 10))
        default: return nil
        }
    }

    private static func character(_ value: UInt32?) -> Unicode.Scalar? {
        guard let value, value == 0x9 || value == 0xA || value == 0xD || value >= 0x20, value != 0xFFFE, value != 0xFFFF else { return nil }
        return Unicode.Scalar(value)
    }
}

/// An element name as `XMLBodyParser` keeps it on its stack: its length and its first and last
/// eight bytes (`ShortKey.pack`), which tell names of up to 16 bytes apart exactly; a longer
/// name is kept whole elsewhere, from `start`.
struct PackedName: Equatable {
    static let packed = 16

    let count: Int
    let first: UInt64
    let last: UInt64
    let start: Int

    init(_ name: UnsafeBufferPointer<UInt8>, start: Int) {
        count = name.count
        self.start = start
        (first, last) = ShortKey.pack(name)
    }

    /// Whether `name` is this name; `longNames` holds the names longer than 16 bytes.
    func matches(_ name: UnsafeBufferPointer<UInt8>, longNames: [UInt8]) -> Bool {
        guard self == PackedName(name, start: start) else { return false }
        return count <= Self.packed || longNames.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[start...]).elementsEqual(name) }
    }

    /// The name as text, for messages.
    func text(longNames: [UInt8]) -> String {
        guard count <= Self.packed else { return String(decoding: longNames[start...], as: UTF8.self) }
        var bytes: [UInt8] = []
        for i in 0..<min(count, 8) { bytes.append(UInt8(truncatingIfNeeded: first >> (8 * UInt64(i)))) }
        if count > 8 {
            for i in (16 - count)..<8 { bytes.append(UInt8(truncatingIfNeeded: last >> (8 * UInt64(i)))) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
