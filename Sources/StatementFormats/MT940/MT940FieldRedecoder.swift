/// Re-reads a field that is not valid UTF-8 in a file read as UTF-8.
///
/// The encoding is decided from the start of the file; a long `.sta` export whose first
/// statements happen to be plain ASCII is taken for UTF-8 even when the bank wrote ISO 8859-1,
/// and its first umlaut then arrives as an invalid byte. A field with invalid bytes and no valid
/// multi-byte sequence is such text and is decoded as Windows-1252 (a superset of ISO 8859-1's
/// printable characters); one that also holds valid UTF-8 is damaged UTF-8, and Swift's decoding
/// replaces the bad bytes with U+FFFD.
final class MT940FieldRedecoder {
    private var text: [UInt8] = []
    private var starts: [Int] = []
    private var transcoder = UTF8Transcoder(encoding: .windows1252)

    /// Whether `field` is better read as Windows-1252.
    static func isSingleByteText(_ field: MT940Field) -> Bool {
        let tally = UTF8Validation.tally(field.value, allowTruncatedEnd: false)
        return tally.invalid > 0 && tally.multiByte == 0
    }

    /// Calls `body` with `field` decoded from Windows-1252, its line starts moved to match.
    func withWindows1252<R>(_ field: MT940Field, _ body: (MT940Field) throws -> R) rethrows -> R {
        text.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        var from = 0
        for k in 0...field.lineStarts.count {
            let end = k < field.lineStarts.count ? field.lineStarts[k] : field.value.count
            if k > 0 { starts.append(text.count) }
            transcoder.decode(UnsafeBufferPointer(rebasing: field.value[from..<end]), into: &text, isFinal: true)
            from = end
        }
        return try text.withUnsafeBufferPointer { value in
            try starts.withUnsafeBufferPointer { lineStarts in
                var decoded = field
                decoded.value = value
                decoded.lineStarts = lineStarts
                return try body(decoded)
            }
        }
    }
}
