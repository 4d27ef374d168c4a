/// Small byte helpers shared by the QIF reader.
enum QIFText {
    /// Without leading and trailing spaces, tabs and carriage returns.
    @inline(__always)
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0D { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Whether `bytes` spell `text` (ASCII), ignoring case.
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { expected in
            for i in 0..<bytes.count where lower(bytes[i]) != lower(expected[i]) { return false }
            return true
        }
    }

    /// Whether `bytes` start with `text` (ASCII), ignoring case.
    static func hasPrefixIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count >= text.utf8CodeUnitCount else { return false }
        return equalsIgnoringCase(UnsafeBufferPointer(rebasing: bytes[0..<text.utf8CodeUnitCount]), text)
    }

    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
