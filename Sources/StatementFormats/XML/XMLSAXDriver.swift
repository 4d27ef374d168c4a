// The only file that talks to libxml2. It must not import Foundation: Debian's libxml2 headers
// pull in ICU declarations that clash with Foundation's (see CLibXML2/shim.h).
import CLibXML2
import FinanceCore

/// Parses an XML document (OFX 2.x, CAMT.053) with libxml2's SAX2 push parser, fed from the input
/// in chunks, so that memory does not grow with the file and every element before a fatal error is
/// delivered (libxml2's tree-building `xmlTextReader` loses the nodes parsed in the same chunk as
/// an error, and costs twice the time).
///
/// Safety (statements come from the network): no external entities (`XML_PARSE_NOENT` is off),
/// no DTD loading, no network access (`XML_PARSE_NONET`), libxml2's own limits on entity expansion
/// and text size (`XML_PARSE_HUGE` is off), text longer than `maxTextBytes` skipped, and a DOCTYPE
/// or an entity reference stops the parse: statement formats have no use for them.
///
/// Subclasses (one per format) receive elements through the hooks below: an element that holds
/// other elements is `opened` and `closed`, one that holds only text is a `leaf` with its trimmed
/// text. Names are libxml2's interned local names: equal names have equal addresses for the
/// whole parse, so subclasses look each up once.
class XMLSAXDriver {
    private let input: any XMLByteSource
    let maxTextBytes: Int
    /// Whether a leaf's text loses its surrounding white space (XLSX text runs keep theirs).
    private let trimsLeafText: Bool
    /// Whether to work out the column of each start tag (a short scan back per element).
    private let tracksColumns: Bool
    /// Whether every piece of text also goes to `allText`, mixed content included.
    private let passesAllText: Bool
    /// The element whose text is being collected: it becomes a leaf unless a child starts.
    @exclusivity(unchecked) private var pending: (name: UnsafePointer<UInt8>, line: Int, column: Int)?
    @exclusivity(unchecked) private var text = ByteBuffer(capacity: 1 << 10)
    @exclusivity(unchecked) private var textTooLong = false
    @exclusivity(unchecked) private var errors: [XMLProblem] = []
    @exclusivity(unchecked) private var stoppedBy: XMLProblem?
    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    /// Elements open. libxml2's push parser checks no depth when no tree is built, and its name
    /// stack would grow with a crafted file's nesting; the driver stops past `maxDepth`.
    @exclusivity(unchecked) private var depth = 0
    let maxDepth: Int

    /// Bytes of the input before the document (a BOM, blank lines), and the lines they hold.
    private var toSkip: Int
    private let lineOffset: Int

    init(
        input: any XMLByteSource, skip: Int = 0, linesBefore: Int = 0, maxTextBytes: Int = 1 << 20, maxDepth: Int = 256,
        tracksColumns: Bool = false, trimsLeafText: Bool = true, passesAllText: Bool = false
    ) {
        self.input = input
        self.passesAllText = passesAllText
        self.maxDepth = maxDepth
        self.trimsLeafText = trimsLeafText
        self.toSkip = skip
        self.lineOffset = linesBefore
        self.maxTextBytes = maxTextBytes
        self.tracksColumns = tracksColumns
    }

    // MARK: Hooks for subclasses

    /// A start tag, before anything else is known about the element: for its namespace and attributes.
    func startTag(_ name: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?, attributes: XMLAttributes) {}
    /// An element that holds other elements starts (reported when its first child starts).
    func opened(_ name: UnsafePointer<UInt8>, line: Int, column: Int) {}
    /// An element without child elements, and its text with surrounding white space trimmed.
    func leaf(_ name: UnsafePointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {}
    /// An element that was `opened` ends.
    func closed(_ name: UnsafePointer<UInt8>, line: Int) {}
    /// Every piece of text as libxml2 hands it over, wherever it stands (with `passesAllText`):
    /// for documents whose elements mix text and child elements (SpreadsheetML's rich text).
    func allText(_ bytes: UnsafeBufferPointer<UInt8>) {}
    /// Malformed or refused input; after a fatal one, nothing more is parsed.
    func problem(_ problem: XMLProblem) {}
    /// A chunk of input was parsed (the last one when `isLast`); returns `false` to stop.
    func chunkParsed(isLast: Bool) -> Bool { true }

    // MARK: Parsing

    /// Reads the whole document; returns the input error that stopped it, if any.
    final func parse(documentName: String) -> InputError? {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = saxStartElement
        sax.endElementNs = saxEndElement
        sax.characters = saxCharacters
        sax.cdataBlock = saxCharacters
        sax.internalSubset = saxInternalSubset
        sax.reference = saxReference
        sax.serror = saxError
        let me = Unmanaged.passUnretained(self).toOpaque()
        // Errors raised without a parser context (encoding conversion) go to the thread's
        // channels, which print on standard error unless captured.
        let channels = cxml_capture_errors(saxError, me)
        defer { cxml_restore_errors(channels) }
        guard let context = xmlCreatePushParserCtxt(&sax, me, nil, 0, documentName) else {
            problem(XMLProblem(kind: .malformed("could not start the XML parser"), line: 1, column: 0, isFatal: true))
            _ = chunkParsed(isLast: true)
            return nil
        }
        self.context = context
        defer {
            self.context = nil
            xmlFreeParserCtxt(context)
        }
        xmlCtxtUseOptions(
            context,
            Int32(
                XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                    | XML_PARSE_BIG_LINES.rawValue))
        var chunk: [UInt8] = []
        chunk.reserveCapacity(Self.chunkSize)
        while true {
            chunk.removeAll(keepingCapacity: true)
            let count: Int
            do {
                count = try input.read(appendingTo: &chunk, maxCount: Self.chunkSize)
                if toSkip > 0 && count > 0 {
                    let dropped = min(toSkip, chunk.count)
                    chunk.removeFirst(dropped)
                    toSkip -= dropped
                    if chunk.isEmpty { continue }
                }
            } catch {
                _ = chunkParsed(isLast: true)
                return error
            }
            let status = chunk.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { xmlParseChunk(context, $0.baseAddress, Int32($0.count), count == 0 ? 1 : 0) }
            }
            var fatal = false
            if let stoppedBy {
                problem(stoppedBy)
                fatal = true
            } else if status != 0 || context.pointee.wellFormed == 0 {
                let first = errors.first
                problem(
                    XMLProblem(
                        kind: first?.kind ?? .malformed("the document is not well-formed"),
                        line: first?.line ?? currentLine, column: first?.column ?? 0, isFatal: true))
                fatal = true
            }
            let stop = fatal || count == 0
            guard chunkParsed(isLast: stop), !stop else { return nil }
        }
    }

    /// Bytes passed to libxml2 per `xmlParseChunk`.
    static let chunkSize = 1 << 16

    private var currentLine: Int { lineOffset + (context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0) }

    /// The column of the `<` of the start tag being reported: libxml2 is at its end, and no `<`
    /// can occur inside a tag.
    private var startTagColumn: Int {
        guard let input = context?.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return 0 }
        var p = cur
        while p > base && p.pointee != UInt8(ascii: "<") { p -= 1 }
        guard p.pointee == UInt8(ascii: "<") else { return 0 }
        return max(1, Int(input.pointee.col) - (cur - p))
    }

    // MARK: Callbacks

    fileprivate func startElement(_ name: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ attributes: XMLAttributes) {
        guard let name, stoppedBy == nil else { return }
        depth += 1
        guard depth <= maxDepth else {
            stop(XMLProblem(kind: .tooDeep(limit: maxDepth), line: currentLine, column: tracksColumns ? startTagColumn : 0, isFatal: true))
            return
        }
        if let open = pending { opened(open.name, line: open.line, column: open.column) }
        startTag(name, namespace: uri, attributes: attributes)
        pending = (name, currentLine, tracksColumns ? startTagColumn : 0)
        text.removeAll()
        textTooLong = false
    }

    fileprivate func endElement(_ name: UnsafePointer<xmlChar>?) {
        guard let name, stoppedBy == nil else { return }
        depth -= 1
        guard let open = pending else {
            closed(name, line: currentLine)
            return
        }
        pending = nil
        guard !textTooLong else { return }
        // `leaf` reads the text in place; it never appends to `text`.
        text.withBytes { value in
            var lo = 0, hi = value.count
            while trimsLeafText, lo < hi, value[lo] <= 0x20 { lo += 1 }
            while trimsLeafText, hi > lo, value[hi - 1] <= 0x20 { hi -= 1 }
            leaf(open.name, UnsafeBufferPointer(rebasing: value[lo..<hi]), line: open.line, column: open.column)
        }
    }

    fileprivate func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
        if passesAllText, let bytes, stoppedBy == nil { allText(UnsafeBufferPointer(start: bytes, count: Int(count))) }
        guard pending != nil, let bytes, !textTooLong else { return }
        if text.count + Int(count) > maxTextBytes {
            textTooLong = true
            problem(XMLProblem(kind: .textTooLong(limit: maxTextBytes), line: currentLine, column: 0, isFatal: false))
            return
        }
        text.append(UnsafeBufferPointer(start: bytes, count: Int(count)))
    }

    fileprivate func refuse(_ what: String) {
        stop(XMLProblem(kind: .forbidden(what), line: currentLine, column: 0, isFatal: true))
    }

    /// Stops the parse at a problem libxml2 would not stop at; later callbacks are ignored.
    private func stop(_ problem: XMLProblem) {
        guard stoppedBy == nil else { return }
        stoppedBy = problem
        if let context { xmlStopParser(context) }
    }

    fileprivate func record(_ message: String, line: Int, column: Int) {
        if errors.count < 100 {
            // An error raised without a parser context (an encoding conversion) has no line.
            errors.append(XMLProblem(kind: .malformed(message), line: line > 0 ? lineOffset + line : currentLine, column: column, isFatal: false))
        }
    }
}

/// Where a document's bytes come from, chunk by chunk: a `ByteInput`, or a ZIP member being
/// inflated (XLSX parts). Returns 0 at the end.
protocol XMLByteSource: AnyObject {
    func read(appendingTo buffer: inout [UInt8], maxCount: Int) throws(InputError) -> Int
}

extension ByteInput: XMLByteSource {}

/// Malformed or refused XML, where libxml2 found it.
struct XMLProblem: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// libxml2's message.
        case malformed(String)
        /// A DOCTYPE or an entity reference, refused for safety.
        case forbidden(String)
        /// A text longer than the limit; skipped.
        case textTooLong(limit: Int)
        /// Elements nested deeper than the limit; parsing stopped there.
        case tooDeep(limit: Int)
    }

    var kind: Kind
    var line: Int
    /// 0 when unknown.
    var column: Int
    /// Whether parsing stopped there.
    var isFatal: Bool
}

/// A start tag's attributes as libxml2's SAX2 hands them over: five pointers each (local name,
/// prefix, namespace, value start, value end). Valid during `startTag` only.
struct XMLAttributes {
    fileprivate let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute with this local name (ASCII), if the tag has it.
    func value(of localName: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let base else { return nil }
        let wanted = UnsafeBufferPointer(start: localName.utf8Start, count: localName.utf8CodeUnitCount)
        for i in 0..<count {
            guard let name = base[5 * i], let start = base[5 * i + 3], let end = base[5 * i + 4] else { continue }
            var k = 0
            while k < wanted.count && name[k] == wanted[k] { k += 1 }
            if k == wanted.count && name[k] == 0 { return UnsafeBufferPointer(start: start, count: end - start) }
        }
        return nil
    }
}

/// Calls `body` with the driver behind libxml2's user data, without retaining it: `parse` keeps it
/// alive, and a retain and release per callback cost a fifth of the parsing time.
@inline(__always)
private func withDriver(_ context: UnsafeMutableRawPointer?, _ body: (XMLSAXDriver) -> Void) {
    guard let context else { return }
    Unmanaged<XMLSAXDriver>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
}

private func saxStartElement(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ attributeCount: Int32,
    _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    withDriver(context) { $0.startElement(name, uri, XMLAttributes(base: attributes, count: Int(attributeCount))) }
}

private func saxEndElement(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    withDriver(context) { $0.endElement(name) }
}

private func saxCharacters(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    withDriver(context) { $0.characters(bytes, count) }
}

private func saxInternalSubset(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?,
    _ externalID: UnsafePointer<xmlChar>?, _ systemID: UnsafePointer<xmlChar>?
) {
    withDriver(context) { $0.refuse("a DOCTYPE declaration") }
}

private func saxReference(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    withDriver(context) { $0.refuse("an entity reference") }
}

private func saxError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let error else { return }
    var message = error.pointee.message.map { String(cString: $0) } ?? "XML error"
    while message.last == "\n" || message.last == " " { message.removeLast() }
    if error.pointee.domain == Int32(XML_FROM_I18N.rawValue) {
        // Raised by the character conversion, without a parser context: say what it means.
        message = "the text is not in the encoding its XML declaration names (\(message))"
    }
    withDriver(context) { $0.record(message, line: Int(error.pointee.line), column: Int(error.pointee.int2)) }
}
