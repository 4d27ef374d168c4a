import FinanceCore

/// What the first bytes of a body declared OFX 2.x (XML) show about the rest, before libxml2 sees
/// any of it: libxml2 stops at the first error, after the events before it were mapped, so a body
/// it cannot read must be recognised up front and given to the 1.x parser instead.
enum OFXBodyShape {
    /// A known leaf element followed by a start tag (`<TRNAMT>-1.00` then `<FITID>`): the body is
    /// OFX 1.x SGML whatever its header says. Looks at the first `limit` leaves.
    static func unclosedLeaf(_ bytes: [UInt8], from start: Int, limit: Int = 64) -> (name: String, offset: Int)? {
        bytes.withUnsafeBufferPointer { b -> (name: String, offset: Int)? in
            var i = start
            var leaves = 0
            let n = b.count
            while leaves < limit {
                i = ByteScan.firstOf(UInt8(ascii: "<"), UInt8(ascii: "<"), UInt8(ascii: "<"), in: b, from: i)
                guard i + 1 < n else { return nil }
                let close = ByteScan.firstOf(UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "<"), in: b, from: i + 1)
                guard close < n else { return nil }
                let first = b[i + 1]
                guard b[close] == UInt8(ascii: ">"), first != UInt8(ascii: "/"), first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else {
                    i = close
                    continue
                }
                let name = OFXHeader.tagName(b, from: i + 1, to: close)
                let textEnd = ByteScan.firstOf(UInt8(ascii: "<"), UInt8(ascii: "<"), UInt8(ascii: "<"), in: b, from: close + 1)
                guard OFXTag.lookup(name).isLeaf, b[close - 1] != UInt8(ascii: "/") else {
                    i = close + 1
                    continue
                }
                // The bytes end inside the text: nothing to tell.
                guard textEnd + 2 + name.count < n else { return nil }
                leaves += 1
                // A leaf holds no element: a start tag after it means it was left open. (Another
                // element's end tag after it is malformed XML, or an SGML leaf before its
                // aggregate's end: no telling.)
                if b[textEnd + 1] != UInt8(ascii: "/") && b[textEnd + 1] != UInt8(ascii: "!") {
                    return (String(decoding: name, as: UTF8.self), i)
                }
                i = textEnd
            }
            return nil
        }
    }

    /// Text other than white space before the root element (a bank's banner line between the
    /// `<?OFX …?>` instruction and `<OFX>`), which XML does not allow.
    static func hasTextBeforeRoot(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            var i = start
            while i < b.count {
                if OFXHeader.isSpace(b[i]) {
                    i += 1
                } else if b[i] != UInt8(ascii: "<") {
                    return true
                } else if i + 1 < b.count, b[i + 1] == UInt8(ascii: "?") || b[i + 1] == UInt8(ascii: "!") {
                    // A declaration, instruction or comment: up to its end.
                    let end: StaticString = b[i + 1] == UInt8(ascii: "?") ? "?>" : OFXHeader.startsWith(b, at: i, "<!--") ? "-->" : ">"
                    guard let at = OFXHeader.find(b, end, from: i + 2) else { return false }
                    i = at + end.utf8CodeUnitCount
                } else {
                    return false
                }
            }
            return false
        }
    }

    /// Whether another `<OFX>` follows the first document's `</OFX>` in the bytes given.
    static func hasSecondDocument(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            guard let end = OFXHeader.find(b, "</OFX", from: start) else { return false }
            return OFXHeader.firstOFXElement(b, from: end + 5)?.tag == .ofx
        }
    }

    /// The character set an XML declaration names (`encoding="windows-1252"`); UTF-8, XML's
    /// default, when it names none, `nil` for one pfin does not know (decided from the bytes).
    static func xmlEncoding(_ bytes: [UInt8], from start: Int) -> TextEncoding? {
        bytes.withUnsafeBufferPointer { b -> TextEncoding? in
            guard OFXHeader.startsWith(b, at: start, "<?xml") else { return .utf8 }
            let end = min(b.count, OFXHeader.find(b, "?>", from: start) ?? b.count)
            guard let name = OFXHeader.attribute("encoding", in: UnsafeBufferPointer(rebasing: b[start..<end])) else { return .utf8 }
            return OFXHeader.charset(name)
        }
    }

    /// The line and column (1-based, in bytes, a byte-order mark taking none) of `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> OFXPosition {
        bytes.withUnsafeBufferPointer { b in
            let bom = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let lines = OFXHeader.lineBreaks(in: UnsafeBufferPointer(rebasing: b[bom..<offset]))
            let lineStart = b[..<offset].lastIndex { $0 == 0x0A || $0 == 0x0D }.map { $0 + 1 } ?? bom
            return OFXPosition(line: lines + 1, column: offset - lineStart + 1)
        }
    }
}
