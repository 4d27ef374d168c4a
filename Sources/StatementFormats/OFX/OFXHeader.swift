import FinanceCore

/// The part of an OFX file before the body: the OFX 1.x `KEY:VALUE` block or the OFX 2.x XML
/// declaration and `<?OFX …?>` processing instruction (OFX 2.2 §2.2).
///
/// Tolerated, because banks send them: a byte-order mark, blank lines or spaces before the header,
/// the whole 1.x header on one line, no line breaks at all, and no header whatsoever (the body
/// alone, read as 1.x).
public struct OFXHeader: Equatable, Sendable {
    public enum Syntax: Sendable, Equatable {
        /// OFX 1.x: SGML, leaf elements without end tags.
        case sgml
        /// OFX 2.x: XML.
        case xml
    }

    public var syntax: Syntax
    /// `VERSION` (102, 151, 160, 200, 211, 220…), when the header gives it.
    public var version: Int?
    /// The 1.x header's fields, upper-cased keys (`DATA`, `ENCODING`, `CHARSET`…).
    public var fields: [String: String]
    /// How a 1.x body is decoded: from `ENCODING` and `CHARSET`, or `nil` to decide from the bytes.
    public var encoding: TextEncoding?
    /// Where the body starts in the input: `<OFX>` for 1.x, the start of the XML document for 2.x.
    public var bodyOffset: Int
    /// Line breaks before `bodyOffset`, so that body line numbers are the file's.
    public var linesBeforeBody: Int

    /// Parses the header at the start of `prefix`; `nil` when the bytes are not OFX.
    public static func parse(_ prefix: [UInt8]) -> OFXHeader? {
        var i = 0
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        let afterBOM = i
        var lines = 0
        func skipSpace() {
            while i < prefix.count, [0x20, 0x09, 0x0A, 0x0D, 0x00].contains(prefix[i]) {
                // LF, CRLF or a lone CR end a line, as `SGMLParser` counts them in the body.
                if prefix[i] == 0x0A || prefix[i] == 0x0D && (i + 1 == prefix.count || prefix[i + 1] != 0x0A) { lines += 1 }
                i += 1
            }
        }
        skipSpace()
        guard i < prefix.count else { return nil }
        if startsWith(prefix, at: i, "<?xml") || startsWith(prefix, at: i, "<?OFX") {
            // Any XML document starts so (CAMT.053 too): it is OFX only with an `<?OFX …?>` or an `<OFX>` root.
            let isOFX = (i..<prefix.count).contains { at in
                startsWith(prefix, at: at, "<?OFX") || startsWith(prefix, at: at, "<OFX>") || startsWith(prefix, at: at, "<OFX ")
            }
            guard isOFX else { return nil }
            let declarations = String(decoding: prefix[i..<min(prefix.count, i + 512)], as: UTF8.self)
            let version = attribute("VERSION", in: String(declarations.components(separatedByOFX: "<?OFX").dropFirst().first ?? ""))
            // libxml2 accepts the XML declaration only at the very start: the body begins there,
            // after any BOM and blank lines.
            return OFXHeader(syntax: .xml, version: version.flatMap { Int($0) }, fields: [:], encoding: nil,
                             bodyOffset: i, linesBeforeBody: lines)
        }
        if startsWith(prefix, at: i, "OFXHEADER") {
            var fields: [String: String] = [:]
            while i < prefix.count && prefix[i] != UInt8(ascii: "<") {
                let keyStart = i
                while i < prefix.count, prefix[i] != UInt8(ascii: ":"), prefix[i] != UInt8(ascii: "<"), !isSpace(prefix[i]) { i += 1 }
                let key = String(decoding: prefix[keyStart..<i], as: UTF8.self).uppercased()
                var value = ""
                if i < prefix.count && prefix[i] == UInt8(ascii: ":") {
                    i += 1
                    let valueStart = i
                    while i < prefix.count, prefix[i] != UInt8(ascii: "<"), !isSpace(prefix[i]) { i += 1 }
                    value = String(decoding: prefix[valueStart..<i], as: UTF8.self)
                }
                if !key.isEmpty { fields[key] = value }
                skipSpace()
            }
            guard i < prefix.count else { return nil }
            return OFXHeader(syntax: .sgml, version: fields["VERSION"].flatMap { Int($0) }, fields: fields,
                             encoding: encoding(fields), bodyOffset: i, linesBeforeBody: lines)
        }
        if startsWith(prefix, at: i, "<OFX>") || startsWith(prefix, at: i, "<OFX ") {
            return OFXHeader(syntax: .sgml, version: nil, fields: [:], encoding: nil, bodyOffset: i, linesBeforeBody: lines)
        }
        return nil
    }

    /// The 1.x body encoding: UTF-8 when `ENCODING` says so, else by `CHARSET`; `USASCII` with
    /// `CHARSET:NONE` is left to the bytes, since banks write accented names under it anyway.
    static func encoding(_ fields: [String: String]) -> TextEncoding? {
        let encoding = (fields["ENCODING"] ?? "").uppercased()
        if encoding == "UTF-8" || encoding == "UTF8" || encoding == "UNICODE" { return .utf8 }
        switch (fields["CHARSET"] ?? "").uppercased() {
        case "1252", "WINDOWS-1252", "CP1252": return .windows1252
        case "ISO-8859-1", "8859-1", "ISO8859-1", "LATIN1": return .latin1
        case "ISO-8859-15", "8859-15": return .latin9
        case "UTF-8": return .utf8
        default: return nil
        }
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private static func startsWith(_ bytes: [UInt8], at i: Int, _ text: String) -> Bool {
        let t = Array(text.utf8)
        guard i + t.count <= bytes.count else { return false }
        for k in 0..<t.count where bytes[i + k] | 0x20 != t[k] | 0x20 { return false }
        return true
    }

    /// `NAME="value"` (or single quotes) in a processing instruction.
    private static func attribute(_ name: String, in text: String) -> String? {
        guard let range = text.range(ofOFX: name + "=") else { return nil }
        var rest = text[range.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        guard let close = rest.firstIndex(of: quote) else { return nil }
        return String(rest[..<close])
    }
}

extension String {
    /// Splits at each occurrence of `separator` (no Foundation needed).
    fileprivate func components(separatedByOFX separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = self[...]
        while let range = rest.range(ofOFX: separator) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        parts.append(rest)
        return parts
    }
}

extension StringProtocol {
    /// The first range of `needle`, by Unicode scalars.
    fileprivate func range(ofOFX needle: String) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(needle) {
                return start..<index(start, offsetBy: needle.count)
            }
            start = index(after: start)
        }
        return nil
    }
}
