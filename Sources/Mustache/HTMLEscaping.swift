/// Appends text to a UTF-8 buffer, HTML-escaped or as is.
///
/// Escaping scans bytes, not characters: the five bytes that matter are ASCII, never occur inside
/// a multi-byte UTF-8 sequence, and are all at most `>` (62), so one comparison skips every other
/// byte. Runs without them are copied in one piece.
enum HTMLEscaping {
    /// Appends `text` with `&`, `<`, `>`, `"` and `'` replaced by entities. The spec requires the
    /// first four; `'` is escaped too (as `&#39;`) so values are safe inside single-quoted
    /// attributes as well.
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte > UInt8(ascii: ">") { continue }
                let entity: StaticString
                switch byte {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                entity.withUTF8Buffer { out.append(contentsOf: $0) }
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Appends the UTF-8 bytes of `text` unchanged (`{{{name}}}` and `{{&name}}`).
    static func appendRaw(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }
}
