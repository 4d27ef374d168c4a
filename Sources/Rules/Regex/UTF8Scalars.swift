/// Reading Unicode scalars out of valid UTF-8 (Swift strings are always valid UTF-8, so no checks).
enum UTF8Scalars {
    /// The scalar starting at byte `index` and its length in bytes. `index` must be `< bytes.count`.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        return decodeMultibyte(bytes, at: index, lead: lead)
    }

    @inline(never)
    static func decodeMultibyte(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt32) -> (
        scalar: UInt32, length: Int
    ) {
        let b1 = UInt32(bytes[index + 1]) & 0x3F
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | b1, 2) }
        let b2 = UInt32(bytes[index + 2]) & 0x3F
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | b1 << 6 | b2, 3) }
        let b3 = UInt32(bytes[index + 3]) & 0x3F
        return ((lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3, 4)
    }

    /// The length in bytes of the scalar whose first byte is `lead`.
    @inline(__always)
    static func length(lead: UInt8) -> Int {
        if lead < 0x80 { return 1 }
        if lead < 0xE0 { return 2 }
        return lead < 0xF0 ? 3 : 4
    }

    /// The start of the scalar that ends just before byte `index` (`index > 0`).
    @inline(__always)
    static func previousStart(_ bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> Int {
        var start = index - 1
        while bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// The scalar that ends just before byte `index` (`index > 0`).
    @inline(__always)
    static func decodePrevious(_ bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> UInt32 {
        let last = bytes[index - 1]
        if last < 0x80 { return UInt32(last) }
        return decode(bytes, at: previousStart(bytes, before: index)).scalar
    }
}
