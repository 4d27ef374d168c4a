// The only file that talks to libxml2's HTML parser. It must not import Foundation (see
// CLibXML2/shim.h).
import CLibXML2
import FinanceCore

/// Finds the table of an HTML page (what some banks send as an `.xls` file: Excel opens it) and
/// renders it as CSV text, one line per table row, with the source line of each row (`RenderedRows`).
///
/// libxml2's HTML push parser, fed in chunks, with SAX callbacks: nothing but the rows of the
/// tables being read is kept, so memory follows the largest table, never the page. No network
/// (`HTML_PARSE_NONET`), no DTD, no external entities: the HTML parser loads none. Of several
/// tables, one whose header names a date and an amount wins, then the one with the most rows; a
/// table holding another table is a page's layout, and only the innermost tables count.
///
/// A cell's text is its text nodes (inside links, spans, fonts) with white space and no-break
/// spaces collapsed to one space; `<br>` is a space. A cell spanning columns (`colspan`) is
/// followed by empty cells, as Excel shows it.
final class HTMLTableParser {
    private struct OpenTable {
        var sheet: RenderedSheet
        var lines: [Int] = []
        /// Whether a table opened inside it: then it is layout, not data.
        var holdsTable = false
        var inRow = false
        var column = 0
    }

    private let limit: Int
    @exclusivity(unchecked) private var tables: [OpenTable] = []
    @exclusivity(unchecked) private(set) var best: RenderedRows?
    @exclusivity(unchecked) private var cell: [UInt8]?
    @exclusivity(unchecked) private var span = 1
    @exclusivity(unchecked) private var lastWasSpace = true
    @exclusivity(unchecked) private var context: htmlParserCtxtPtr?
    /// The single-byte character set the page declared over UTF-8 text, which was read as UTF-8.
    @exclusivity(unchecked) private(set) var overriddenCharset: String?
    /// The first table whose header names a date and an amount: its first line and its header.
    @exclusivity(unchecked) private(set) var statementTable: (line: Int, header: [String])?
    /// Whether `best` has such a header.
    @exclusivity(unchecked) private var bestIsHeaded = false
    /// Whether any table grew past the limit (its text was dropped).
    @exclusivity(unchecked) private(set) var overLimit = false
    /// Tables open at once, past which nested ones are ignored (a crafted page's nesting).
    static let maxNesting = 32

    init(limit: Int) {
        self.limit = limit
    }

    /// A parser that has read `text` whole (a file's first bytes, for identification).
    static func parsed(_ text: [UInt8], limit: Int) -> HTMLTableParser {
        let parser = HTMLTableParser(limit: limit)
        var fed = false
        try? parser.parse { (chunk: inout [UInt8]) throws(InputError) -> Int in
            guard !fed else { return 0 }
            fed = true
            chunk = text
            return chunk.count
        }
        return parser
    }

    /// Parses `bytes` in chunks; `final` says whether they are the whole input (a sniffed window
    /// is not, and its last row may be cut).
    func parse(chunks: (inout [UInt8]) throws(InputError) -> Int) throws(InputError) {
        var sax = htmlSAXHandler()
        sax.startElement = htmlStart
        sax.endElement = htmlEnd
        sax.characters = htmlCharacters
        sax.cdataBlock = htmlCharacters
        sax.serror = htmlError
        let me = Unmanaged.passUnretained(self).toOpaque()
        let channels = cxml_capture_errors(htmlError, me)
        defer { cxml_restore_errors(channels) }
        var chunk: [UInt8] = []
        var count = try chunks(&chunk)
        let decoding = Self.decoding(of: chunk)
        overriddenCharset = decoding.overridden.flatMap { $0.isEmpty ? nil : $0 }
        // An undeclared page in a multi-byte encoding is decoded here and handed on as UTF-8:
        // libxml2 would read it as Latin-1.
        var transcoder = decoding.multiByte.map(UTF8Transcoder.init(encoding:))
        var decoded: [UInt8] = []
        guard let context = htmlCreatePushParserCtxt(&sax, me, nil, 0, nil, decoding.encoding) else { return }
        self.context = context
        defer {
            self.context = nil
            htmlFreeParserCtxt(context)
        }
        _ = htmlCtxtUseOptions(
            context,
            Int32(
                HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                    | HTML_PARSE_RECOVER.rawValue | (decoding.overridden != nil ? HTML_PARSE_IGNORE_ENC.rawValue : 0)))
        while true {
            if transcoder != nil {
                decoded.removeAll(keepingCapacity: true)
                chunk.withUnsafeBufferPointer { transcoder!.decode($0, into: &decoded, isFinal: count == 0) }
                swap(&chunk, &decoded)
            }
            _ = chunk.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { htmlParseChunk(context, $0.baseAddress, Int32($0.count), count == 0 ? 1 : 0) }
            }
            if count == 0 { break }
            chunk.removeAll(keepingCapacity: true)
            count = try chunks(&chunk)
        }
        // A cut window leaves its tables open: the rows read so far still count.
        while !tables.isEmpty { closeTable() }
    }

    /// How a page is decoded, from its first bytes.
    struct Decoding: Equatable {
        var encoding: xmlCharEncoding
        /// The page declares a single-byte character set (`charset=windows-1252`,
        /// `iso-8859-1`, `windows-1251`) and its bytes are UTF-8 with letters beyond ASCII: read as
        /// UTF-8, the declaration ignored; the declared name.
        var overridden: String?
        /// The page declares no `charset`, is not UTF-8 and reads better in this multi-byte
        /// encoding (Shift_JIS, GB18030, Big5, EUC-KR) than in any single-byte code page: pfin
        /// decodes it and hands libxml2 UTF-8 (`encoding`).
        var multiByte: TextEncoding?
    }

    /// The encoding to read a page in, from its first bytes: UTF-8 after a byte-order mark, or
    /// when its bytes are UTF-8 with letters beyond ASCII and it declares no `charset` (libxml2
    /// would read them as Latin-1: `Å»abka` for `Żabka`) or a single-byte Western one (a template's
    /// `windows-1252` over UTF-8 text); a page that declares none and reads as a multi-byte
    /// encoding, decoded by pfin; otherwise what the page declares, which libxml2 reads.
    static func decoding(of start: [UInt8]) -> Decoding {
        if start.starts(with: [0xEF, 0xBB, 0xBF]) { return Decoding(encoding: XML_CHAR_ENCODING_UTF8) }
        let lowered = start.prefix(16 << 10).map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }
        let declared = declaredCharset(lowered)
        if declared == nil, TextEncoding.guess(start, isComplete: false).encoding == .windows1252,
            case let encoding = CodePageDetection.lineReaderEncoding(start), encoding.isMultiByte
        {
            return Decoding(encoding: XML_CHAR_ENCODING_UTF8, multiByte: encoding)
        }
        guard declared == nil || declared.map(isSingleByte) == true, isUTF8WithLetters(start) else {
            return Decoding(encoding: XML_CHAR_ENCODING_NONE)
        }
        return Decoding(encoding: XML_CHAR_ENCODING_UTF8, overridden: declared)
    }

    /// The name of the encoding a page is read in and where it comes from, for `pfin identify`;
    /// `nil` when the bytes' own pattern decides (a byte-order mark, an undeclared page).
    static func pageEncoding(_ start: [UInt8]) -> (name: String, source: String)? {
        let decoding = decoding(of: start)
        if let multiByte = decoding.multiByte { return (multiByte.name, "read best; the page declares none") }
        if let overridden = decoding.overridden {
            return ("utf-8", overridden.isEmpty ? "the page's bytes" : "the page declares \(overridden), its bytes are UTF-8")
        }
        let lowered = start.prefix(16 << 10).map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }
        guard let declared = declaredCharset(lowered), !declared.isEmpty else { return nil }
        return (declared, "declared by the page")
    }

    /// Declared names that UTF-8 text under them was clearly not written in: single-byte code
    /// pages, Western or not (a Cyrillic `windows-1251` page saved again as UTF-8 keeps its
    /// declaration; UTF-8's multi-byte sequences are no plausible Cyrillic or Hebrew text).
    private static let singleByteWestern: Set<String> = [
        "windows-1252", "cp1252", "iso-8859-1", "iso8859-1", "latin1", "iso-8859-15", "us-ascii", "ascii",
    ]

    private static func isSingleByte(_ declared: String) -> Bool {
        singleByteWestern.contains(declared) || ["windows-125", "cp125", "iso-8859-", "iso8859-", "koi8"].contains(where: declared.hasPrefix)
    }

    /// The character set a page declares (`charset=…` of a `<meta>`, `encoding="…"` of an XML
    /// declaration), lower-cased; "" when one is declared in a form not read here, `nil` when none.
    private static func declaredCharset(_ lowered: [UInt8]) -> String? {
        for key in ["charset=", "encoding="] {
            guard let found = lowered.firstRange(of: Array(key.utf8)) else { continue }
            var i = found.upperBound
            while i < lowered.count, lowered[i] == UInt8(ascii: "\"") || lowered[i] == UInt8(ascii: "'") || lowered[i] == 0x20 { i += 1 }
            var j = i
            while j < lowered.count, j - i < 40,
                lowered[j] == UInt8(ascii: "-") || lowered[j] == UInt8(ascii: "_") || (0x30...0x39).contains(lowered[j])
                    || (0x61...0x7A).contains(lowered[j])
            {
                j += 1
            }
            return String(decoding: lowered[i..<j], as: UTF8.self)
        }
        return lowered.firstRange(of: Array("charset".utf8)) != nil ? "" : nil
    }

    /// Whether `start` holds bytes beyond ASCII and is valid UTF-8 (a character cut at the end of the
    /// window is no evidence either way).
    private static func isUTF8WithLetters(_ start: [UInt8]) -> Bool {
        guard start.contains(where: { $0 >= 0x80 }) else { return false }
        var end = start.count
        var k = end - 1
        while k >= 0 && end - k <= 3 && start[k] & 0xC0 == 0x80 { k -= 1 }
        if k >= 0 && start[k] >= 0xC0 && end - k < (start[k] >= 0xF0 ? 4 : start[k] >= 0xE0 ? 3 : 2) { end = k }
        return String(validating: start[..<end], as: UTF8.self) != nil
    }

    private var currentLine: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0 }

    // MARK: Callbacks

    fileprivate func start(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        switch Tag(name) {
        case .table:
            for k in tables.indices { tables[k].holdsTable = true }
            if cell != nil { endCell() }
            guard tables.count < Self.maxNesting else { return }
            tables.append(OpenTable(sheet: RenderedSheet(limit: limit)))
        case .row:
            guard !tables.isEmpty else { return }
            if cell != nil { endCell() }
            if tables[tables.count - 1].inRow { endRow() }
            beginRow()
        case .cell:
            guard !tables.isEmpty else { return }
            if cell != nil { endCell() }
            if !tables[tables.count - 1].inRow { beginRow() }
            cell = []
            lastWasSpace = true
            span = Self.colspan(attributes)
        case .lineBreak: space()
        case .other: break
        }
    }

    fileprivate func end(_ name: UnsafePointer<xmlChar>) {
        switch Tag(name) {
        case .table: if !tables.isEmpty { closeTable() }
        case .row: if !tables.isEmpty, tables[tables.count - 1].inRow { endRow() }
        case .cell: if cell != nil { endCell() }
        case .lineBreak, .other: break
        }
    }

    fileprivate func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        guard cell != nil else { return }
        var i = 0
        while i < count {
            let byte = bytes[i]
            // White space, and U+00A0 (C2 A0), fold to one space.
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                space()
            } else if byte == 0xC2 && i + 1 < count && bytes[i + 1] == 0xA0 {
                space()
                i += 1
            } else {
                cell!.append(byte)
                lastWasSpace = false
            }
            i += 1
        }
        // A crafted cell cannot grow without end: past the table limit it is cut.
        if cell!.count > limit { cell!.removeLast(cell!.count - limit) }
    }

    private func space() {
        guard cell != nil, !lastWasSpace else { return }
        cell!.append(0x20)
        lastWasSpace = true
    }

    // MARK: Rows and tables

    private func beginRow() {
        let k = tables.count - 1
        tables[k].lines.append(currentLine)
        tables[k].sheet.beginRow(tables[k].lines.count)
        tables[k].inRow = true
        tables[k].column = 0
    }

    private func endRow() {
        let k = tables.count - 1
        if cell != nil { endCell() }
        tables[k].sheet.endRow()
        tables[k].inRow = false
    }

    private func endCell() {
        guard var text = cell else { return }
        cell = nil
        if text.last == 0x20 { text.removeLast() }
        let k = tables.count - 1
        guard !tables[k].holdsTable else { return }
        tables[k].column += 1
        if !text.isEmpty { tables[k].sheet.write(text, column: tables[k].column) }
        tables[k].column += span - 1
    }

    private func closeTable() {
        if cell != nil { endCell() }
        if tables[tables.count - 1].inRow { endRow() }
        let table = tables.removeLast()
        guard !table.holdsTable, !table.lines.isEmpty else { return }
        if table.sheet.isOverLimit {
            overLimit = true
            return
        }
        // Every innermost table is judged: one whose header names a date and an amount (the
        // operations) wins over a larger one without (a summary of balances); then the most rows.
        let header = HTMLStatementHeader.find(table.sheet.csv)
        if statementTable == nil, let header, let line = table.lines.first { statementTable = (line, header) }
        guard (header != nil ? 1 : 0, table.lines.count) > (bestIsHeaded ? 1 : 0, best?.lines.count ?? 0) else { return }
        best = RenderedRows(table.sheet, lines: table.lines)
        bestIsHeaded = header != nil
    }

    /// A cell's `colspan`, 1 to 64 (a crafted span must not pad a row without end).
    private static func colspan(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> Int {
        guard let attributes else { return 1 }
        var i = 0
        while let name = attributes[i] {
            let value = attributes[i + 1]
            i += 2
            guard Tag.equals(name, "colspan"), let value else { continue }
            var n = 0
            var p = value
            while p.pointee >= UInt8(ascii: "0") && p.pointee <= UInt8(ascii: "9") && n < 1000 {
                n = n * 10 + Int(p.pointee - UInt8(ascii: "0"))
                p += 1
            }
            return min(64, max(1, n))
        }
        return 1
    }

    private enum Tag {
        case table, row, cell, lineBreak, other

        /// libxml2's HTML parser gives names in lower case.
        init(_ name: UnsafePointer<xmlChar>) {
            if Self.equals(name, "td") || Self.equals(name, "th") {
                self = .cell
            } else if Self.equals(name, "tr") {
                self = .row
            } else if Self.equals(name, "table") {
                self = .table
            } else if Self.equals(name, "br") {
                self = .lineBreak
            } else {
                self = .other
            }
        }

        static func equals(_ name: UnsafePointer<xmlChar>, _ wanted: StaticString) -> Bool {
            let w = wanted.utf8Start
            for k in 0..<wanted.utf8CodeUnitCount where name[k] | 0x20 != w[k] { return false }
            return name[wanted.utf8CodeUnitCount] == 0
        }
    }
}

@inline(__always)
private func withParser(_ context: UnsafeMutableRawPointer?, _ body: (HTMLTableParser) -> Void) {
    guard let context else { return }
    Unmanaged<HTMLTableParser>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
}

private func htmlStart(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let name else { return }
    withParser(context) { $0.start(name, attributes) }
}

private func htmlEnd(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    guard let name else { return }
    withParser(context) { $0.end(name) }
}

private func htmlCharacters(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    guard let bytes, count > 0 else { return }
    withParser(context) { $0.characters(bytes, Int(count)) }
}

/// HTML as banks write it is rarely valid; the parser recovers, and nothing is reported.
private func htmlError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {}
