/// Helpers for readers' `sniff`: where a text format's first content starts in an input's first bytes.
enum SniffPrefix {
    /// The index after a UTF-8 byte-order mark and any spaces, tabs and line breaks.
    static func contentStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, isBlank(bytes[start]) { start += 1 }
        return start
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
