import FinanceCore

/// The part of an OFX file before the body: the OFX 1.x `KEY:VALUE` block or the OFX 2.x XML
/// declaration and `<?OFX …?>` processing instruction (OFX 2.2 §2.2).
///
/// Tolerated, because banks and the tools between them send them: a byte-order mark, blank lines
/// or spaces before the header; the whole 1.x header on one line, or no line breaks at all; a
/// header without its `OFXHEADER:100` line, or with only some of its fields; header keys written
/// as tags (`<OFXHEADER>100</OFXHEADER><DATA>OFXSGML</DATA>…`); lines of other text (a bank's
/// banner, a download note) before or inside the header; no header whatsoever (the body alone,
/// read as 1.x); and a body without its `<OFX>` element, from its first message set or statement
/// aggregate (`<SIGNONMSGSRSV1>`, `<STMTTRN>`…). Tag names are compared without case.
public struct OFXHeader: Equatable, Sendable {
    public enum Syntax: Sendable, Equatable {
        /// OFX 1.x: SGML, leaf elements without end tags.
        case sgml
        /// OFX 2.x: XML.
        case xml
    }

    /// How the header is written.
    public enum Form: Sendable, Equatable {
        /// OFX 1.x `KEY:VALUE` fields (OFX 1.0.2 §2.2).
        case fields
        /// OFX 1.x fields written as tags, `<DATA>OFXSGML</DATA>` (not in any specification).
        case tags
        /// The OFX 2.x XML declaration and `<?OFX …?>` instruction.
        case xml
        /// No header: the file starts with its body.
        case none
    }

    /// Something found that makes the file OFX, and where (for `pfin identify`).
    public struct Marker: Sendable, Equatable {
        /// As written in the file: `OFXHEADER:100`, `<ofx>`, `<?OFX`.
        public var text: String
        /// The offset in the bytes parsed.
        public var offset: Int
        /// What it shows beyond itself: `no 'OFXHEADER:100' line`.
        public var remark: String?
    }

    public var syntax: Syntax
    public var form: Form
    /// `VERSION` (102, 151, 160, 200, 211, 220…), when the header gives it.
    public var version: Int?
    /// The 1.x header's fields, upper-cased keys (`DATA`, `ENCODING`, `CHARSET`…).
    public var fields: [String: String]
    /// How a 1.x body is decoded: from `ENCODING` and `CHARSET`, or `nil` to decide from the bytes.
    public var encoding: TextEncoding?
    /// The body is read as UTF-8 because its bytes are, whatever character set the header names
    /// (`OFXLeniency.utf8DespiteCharset`).
    public var utf8ByItsBytes = false
    /// Where the body starts in the input: `<OFX>` (or the first aggregate when there is no
    /// `<OFX>`) for 1.x, the start of the XML document for 2.x.
    public var bodyOffset: Int
    /// Line breaks before `bodyOffset`, so that body line numbers are the file's.
    public var linesBeforeBody: Int
    /// The header and body markers found, in order.
    public var markers: [Marker]
    /// The element the body starts with: `.ofx`, or an aggregate when the `<OFX>` element is
    /// missing; `nil` for an XML document whose first bytes show none.
    public var bodyElement: OFXTag?

    /// 1.x header keys (OFX 1.0.2 §2.2): only these start a header; other `KEY:VALUE` text is not one.
    static let headerKeys: Set<String> = [
        "OFXHEADER", "DATA", "VERSION", "SECURITY", "ENCODING", "CHARSET", "COMPRESSION",
        "OLDFILEUID", "NEWFILEUID",
    ]

    /// Aggregates that start a body written without its `<OFX>` element.
    static let bodyStarts: Set<OFXTag> = [
        .signonMessages, .bankMessages, .creditCardMessages, .investmentMessages,
        .statementTransactionResponse, .creditCardStatementTransactionResponse,
        .statementResponse, .creditCardStatementResponse, .bankTransactionList, .statementTransaction,
    ]

    /// Parses the header in `prefix` (an input's first bytes, at most `SniffInput.window`);
    /// `nil` when the bytes are not OFX.
    public static func parse(_ prefix: [UInt8]) -> OFXHeader? {
        prefix.withUnsafeBufferPointer { parse($0) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> OFXHeader? {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let afterBOM = i
        while i < bytes.count, isSpace(bytes[i]) || bytes[i] == 0 { i += 1 }
        guard i < bytes.count else { return nil }
        let header: OFXHeader?
        if startsWith(bytes, at: i, "<?xml") || startsWith(bytes, at: i, "<?OFX") {
            header = parseXML(bytes, at: i)
        } else {
            header = parseSGML(bytes, at: i)
        }
        guard var found = header else { return nil }
        found.linesBeforeBody = lineBreaks(in: UnsafeBufferPointer(rebasing: bytes[afterBOM..<found.bodyOffset]))
        return found
    }

    /// An OFX 2.x document: any XML document starts so (CAMT.053 too), so it is OFX only with an
    /// `<?OFX …?>` instruction, an `<OFX>` root or an OFX aggregate in the bytes given.
    private static func parseXML(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> OFXHeader? {
        var markers: [Marker] = []
        let instruction = find(bytes, "<?OFX", from: start)
        if let instruction { markers.append(Marker(text: "<?OFX", offset: instruction)) }
        var root = firstOFXElement(bytes, from: start)
        // Without the instruction, the document's root must be OFX's: an XML document of another
        // kind that borrows OFX's words (a Serbian bank's `<pmtnotification>` with `<stmttrn>`
        // inside) is not OFX.
        if instruction == nil, let first = rootElementName(bytes, from: start) {
            let tag = OFXTag.lookup(first)
            if tag != .ofx && !bodyStarts.contains(tag) { root = nil }
        }
        if let root {
            markers.append(
                Marker(
                    text: written(bytes, root.offset, root.length), offset: root.offset,
                    remark: root.tag == .ofx ? nil : "no <OFX> element around it"))
        }
        guard !markers.isEmpty else { return nil }
        var version: Int?
        if let instruction {
            let end = min(bytes.count, find(bytes, "?>", from: instruction) ?? bytes.count, instruction + 512)
            version = attribute("VERSION", in: UnsafeBufferPointer(rebasing: bytes[instruction..<end])).flatMap { Int($0) }
        }
        // libxml2 accepts the XML declaration only at the very start: the body begins there,
        // after any BOM and blank lines.
        return OFXHeader(
            syntax: .xml, form: .xml, version: version, fields: [:], encoding: nil, bodyOffset: start,
            linesBeforeBody: 0, markers: markers, bodyElement: root?.tag)
    }

    /// An OFX 1.x header in any of the forms banks write, up to the body.
    private static func parseSGML(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> OFXHeader? {
        var i = start
        var fields: [String: String] = [:]
        var form = Form.none
        var markers: [Marker] = []
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if isSpace(b) || b == 0 {
                i += 1
                continue
            }
            guard b == UInt8(ascii: "<") else {
                // `KEY:VALUE`, or a line of other text: skipped up to its end or the next tag.
                if let field = keyValue(bytes, at: i) {
                    if fields.isEmpty { markers.append(firstFieldMarker(bytes, at: i, key: field.key)) }
                    if form == .none { form = .fields }
                    fields[field.key] = field.value
                    i = field.end
                } else {
                    i = ByteScan.firstOf(UInt8(ascii: "<"), 0x0A, 0x0D, in: bytes, from: i)
                }
                continue
            }
            let close = ByteScan.firstOf(UInt8(ascii: ">"), UInt8(ascii: "<"), 0x0A, in: bytes, from: i + 1)
            guard close < n, bytes[close] == UInt8(ascii: ">") else {
                i = close
                continue
            }
            let name = tagName(bytes, from: i + 1, to: close)
            let tag = OFXTag.lookup(name)
            // A document that opens with an element of its own and closes it, with no header and
            // no `<OFX>`, is another kind that borrows OFX's words (a Serbian bank's
            // `<pmtnotification>` with `<stmttrn>` inside): not OFX.
            if markers.isEmpty, form == .none, tag != .ofx, !bodyStarts.contains(tag), isElementName(name),
                !headerKeys.contains(String(decoding: name, as: UTF8.self).uppercased()), firstOFXTag(bytes, from: close) != .ofx,
                closes(name, in: bytes, from: close)
            {
                return nil
            }
            if tag == .ofx || bodyStarts.contains(tag) {
                markers.append(
                    Marker(
                        text: written(bytes, i, close + 1 - i), offset: i,
                        remark: tag == .ofx ? nil : "no <OFX> element around it"))
                if form == .none, markers.count == 1 { markers[0].remark = markers[0].remark ?? "no header" }
                return OFXHeader(
                    syntax: .sgml, form: form, version: fields["VERSION"].flatMap { Int($0) }, fields: fields,
                    encoding: encoding(fields), bodyOffset: i, linesBeforeBody: 0, markers: markers, bodyElement: tag)
            }
            let key = String(decoding: name, as: UTF8.self).uppercased()
            if headerKeys.contains(key) {
                // `<DATA>OFXSGML</DATA>` or `<DATA>OFXSGML`: a header field written as a tag.
                var valueEnd = ByteScan.firstOf(UInt8(ascii: "<"), 0x0A, 0x0D, in: bytes, from: close + 1)
                let value = trimmed(bytes, close + 1, valueEnd)
                if fields.isEmpty {
                    markers.append(
                        Marker(
                            text: written(bytes, i, valueEnd - i).trimmingOFXSpace, offset: i,
                            remark: key == "OFXHEADER" ? "the header is written as tags" : "the header is written as tags, without OFXHEADER"))
                }
                form = .tags
                fields[key] = value
                if valueEnd < n, bytes[valueEnd] == UInt8(ascii: "<"), let end = closingTag(bytes, at: valueEnd, name: name) { valueEnd = end }
                i = valueEnd
                continue
            }
            // Another tag before the body (`<?xml …?>` after a banner, a comment): skipped.
            i = close + 1
        }
        return nil
    }

    /// The marker for a `KEY:VALUE` header's first field.
    private static func firstFieldMarker(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, key: String) -> Marker {
        let end = ByteScan.firstOf(0x20, 0x0A, 0x0D, in: bytes, from: i)
        let text = written(bytes, i, min(end, ByteScan.firstOf(UInt8(ascii: "<"), 0x09, 0x09, in: bytes, from: i)) - i)
        return Marker(text: text, offset: i, remark: key == "OFXHEADER" ? nil : "a header without its OFXHEADER line")
    }

    /// A header field `KEY:VALUE` at `i`, with a key of the 1.x header.
    private static func keyValue(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (key: String, value: String, end: Int)? {
        var i = start
        // Only letters, 4 to 11 of them (DATA … NEWFILEUID): other lines cost no `String`.
        while i < bytes.count, i - start <= 11, bytes[i] | 0x20 >= UInt8(ascii: "a"), bytes[i] | 0x20 <= UInt8(ascii: "z") { i += 1 }
        guard i - start >= 4, i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self).uppercased()
        guard headerKeys.contains(key) else { return nil }
        i += 1
        let valueStart = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "<"), !isSpace(bytes[i]) { i += 1 }
        return (key, String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<i]), as: UTF8.self), i)
    }

    /// The end of `</name>` at `i` (name compared without case), or `nil` when another tag is there.
    private static func closingTag(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") else { return nil }
        let close = ByteScan.firstOf(UInt8(ascii: ">"), UInt8(ascii: "<"), 0x0A, in: bytes, from: i + 2)
        guard close < bytes.count, bytes[close] == UInt8(ascii: ">") else { return nil }
        let other = tagName(bytes, from: i + 2, to: close)
        guard other.count == name.count, zip(other, name).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) else { return nil }
        return close + 1
    }

    /// The first `<OFX>` (or `<OFX …>`), or failing that the first aggregate that starts a body,
    /// from `start`.
    static func firstOFXElement(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (offset: Int, length: Int, tag: OFXTag)? {
        var i = start
        var fallback: (offset: Int, length: Int, tag: OFXTag)?
        while true {
            i = ByteScan.firstOf(UInt8(ascii: "<"), UInt8(ascii: "<"), UInt8(ascii: "<"), in: bytes, from: i)
            guard i < bytes.count else { return fallback }
            let close = ByteScan.firstOf(UInt8(ascii: ">"), UInt8(ascii: "<"), 0x0A, in: bytes, from: i + 1)
            guard close < bytes.count else { return fallback }
            if bytes[close] == UInt8(ascii: ">"), close - i <= 40 {
                let tag = OFXTag.lookup(tagName(bytes, from: i + 1, to: close))
                if tag == .ofx { return (i, close + 1 - i, tag) }
                if fallback == nil, bodyStarts.contains(tag) { fallback = (i, close + 1 - i, tag) }
            }
            i = close
        }
    }

    /// The 1.x body encoding: UTF-8 when `ENCODING` says so, else by `CHARSET`; `USASCII` with
    /// `CHARSET:NONE` is left to the bytes, since banks write accented names under it anyway.
    static func encoding(_ fields: [String: String]) -> TextEncoding? {
        let encoding = (fields["ENCODING"] ?? "").uppercased()
        if encoding == "UTF-8" || encoding == "UTF8" || encoding == "UNICODE" { return .utf8 }
        return charset(fields["CHARSET"] ?? "")
    }

    /// A character set named in a 1.x `CHARSET` or an XML declaration's `encoding`: a Windows code
    /// page number as OFX 1.x writes Western (`1252`, and a Japanese bank's `932`), or any name
    /// `TextEncoding` knows (`Shift_JIS`, `GBK`, `Big5`, `EUC-KR`, `windows-1250`…). UTF-16 and
    /// names pfin does not know (or cannot decode here) are `nil`: left to the bytes, or to libxml2.
    static func charset(_ name: String) -> TextEncoding? {
        let encoding: TextEncoding?
        switch name.uppercased() {
        case "1252", "WINDOWS-1252", "CP1252": return .windows1252
        case "ISO-8859-1", "8859-1", "ISO8859-1", "LATIN1": return .latin1
        case "ISO-8859-15", "8859-15": return .latin9
        case "UTF-8", "UTF8": return .utf8
        case "1250": encoding = .windows1250
        case "1251": encoding = .windows1251
        case "1254": encoding = .windows1254
        case "1257": encoding = .windows1257
        case "932": encoding = .shiftJIS
        case "936": encoding = .gb18030
        case "949": encoding = .eucKR
        case "950": encoding = .big5
        default: encoding = TextEncoding(name: name)
        }
        guard let encoding, encoding != .utf16LE, encoding != .utf16BE, encoding.unavailableReason == nil else { return nil }
        return encoding
    }

    // MARK: Bytes

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// LF, CRLF or a lone CR end a line, as `SGMLParser` counts them in the body.
    static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var lines = 0
        for i in 0..<bytes.count where bytes[i] == 0x0A || bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A) {
            lines += 1
        }
        return lines
    }

    /// A tag's name: the bytes after `<` up to the first space or `>` (`/OFX` for an end tag).
    static func tagName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UnsafeBufferPointer<UInt8> {
        var lo = start
        while lo < end, isSpace(bytes[lo]) { lo += 1 }
        var hi = lo
        while hi < end, !isSpace(bytes[hi]) { hi += 1 }
        return UnsafeBufferPointer(rebasing: bytes[lo..<hi])
    }

    static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        let t = text.utf8Start
        for k in 0..<count where bytes[i + k] | 0x20 != t[k] | 0x20 { return false }
        return true
    }

    /// The first offset of `needle` (ASCII letters without case) at or after `start`.
    static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString, from start: Int) -> Int? {
        let first = needle.utf8Start.pointee
        let isLetter = first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z")
        let upper = isLetter ? first & ~0x20 : first, lower = isLetter ? first | 0x20 : first
        var i = start
        while true {
            i = ByteScan.firstOf(upper, lower, lower, in: bytes, from: i)
            guard i < bytes.count else { return nil }
            if startsWith(bytes, at: i, needle) { return i }
            i += 1
        }
    }

    /// Up to 40 bytes at `offset`, for a marker's text.
    private static func written(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ length: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<min(bytes.count, offset + min(length, 40))]), as: UTF8.self)
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var lo = start, hi = end
        while lo < hi, isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, isSpace(bytes[hi - 1]) { hi -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self)
    }

    /// `NAME="value"` (or single quotes) in a processing instruction.
    static func attribute(_ name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var from = 0
        while let at = find(bytes, name, from: from) {
            var i = at + name.utf8CodeUnitCount
            from = at + 1
            // `ENCODING=` must not match inside `XENCODING=`.
            guard at == 0 || isSpace(bytes[at - 1]) else { continue }
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[i]
            let valueStart = i + 1
            var end = valueStart
            while end < bytes.count, bytes[end] != quote { end += 1 }
            guard end < bytes.count else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<end]), as: UTF8.self)
        }
        return nil
    }
}

extension String {
    /// Without leading and trailing spaces and line breaks.
    fileprivate var trimmingOFXSpace: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" { s = s.dropLast() }
        return String(s)
    }
}
