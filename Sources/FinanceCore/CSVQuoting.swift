/// Which CSV cells need quotes (RFC 4180): those holding a comma, a double quote, a line feed or a
/// carriage return. Every CSV pfin writes asks here.
public enum CSVQuoting {
    /// Whether `bytes` hold a comma, a double quote, a line feed or a carriage return.
    ///
    /// Eight bytes at a time: a byte equal to one of the four makes a zero byte in the word XORed
    /// with it, and `(x - 0x01…) & ~x & 0x80…` is non-zero exactly when `x` has a zero byte. A
    /// byte at a time with four comparisons each was the most expensive part of writing a row
    /// (a month file's 1,000,000 rows in a report).
    @inlinable
    public static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        let count = bytes.count
        var i = 0
        let raw = UnsafeRawPointer(start)
        while i + 8 <= count {
            if hasSpecialByte(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))) { return true }
            i += 8
        }
        while i < count {
            if isSpecial(start[i]) { return true }
            i += 1
        }
        return false
    }

    /// A comma, a double quote, a line feed or a carriage return.
    @inlinable @inline(__always)
    public static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
    }

    @inlinable @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let found =
            zeroByte(word ^ (ones &* UInt64(UInt8(ascii: ","))))
            | zeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
            | zeroByte(word ^ (ones &* 0x0A)) | zeroByte(word ^ (ones &* 0x0D))
        return found != 0
    }
}
