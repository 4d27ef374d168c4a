/// Telling an OFX body from another kind of XML that borrows OFX's words: the document's root
/// element, and whether a foreign root closes around the OFX aggregates.
extension OFXHeader {
    /// Whether `name` is an element's name (a letter first), not a declaration, comment or end tag.
    static func isElementName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = name.first else { return false }
        return (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
    }

    /// Whether the end tag of element `name` stands in `bytes` after `start` (any case).
    static func closes(_ name: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        let end = Array("</".utf8) + Array(name).map { $0 | 0x20 } + [UInt8(ascii: ">")]
        guard bytes.count >= end.count else { return false }
        var i = start
        while i + end.count <= bytes.count {
            if bytes[i] == UInt8(ascii: "<"), (0..<end.count).allSatisfy({ bytes[i + $0] | (($0 >= 2 && $0 < end.count - 1) ? 0x20 : 0) == end[$0] }) {
                return true
            }
            i += 1
        }
        return false
    }

    /// The tag of the first `<OFX>` element from `start`, else of the first aggregate that opens a
    /// body, else `nil`.
    static func firstOFXTag(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> OFXTag? {
        firstOFXElement(bytes, from: start)?.tag
    }

    /// The name of an XML document's first element, past declarations, instructions and comments;
    /// `nil` when the bytes hold none.
    static func rootElementName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UnsafeBufferPointer<UInt8>? {
        var i = start
        while true {
            i = ByteScan.firstOf(UInt8(ascii: "<"), UInt8(ascii: "<"), UInt8(ascii: "<"), in: bytes, from: i)
            guard i + 1 < bytes.count else { return nil }
            let next = bytes[i + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                i += 1
                continue
            }
            var end = i + 1
            while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "/") { end += 1 }
            return UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end])
        }
    }
}
