// The only file that talks to libxml2. It must not import Foundation: Debian's libxml2 headers
// pull in ICU declarations that clash with Foundation's (see CLibXML2/shim.h).
import CLibXML2
import FinanceCore

/// Parses an OFX 2.x (XML) body into element events with libxml2's SAX2 push parser, fed from
/// the input in chunks, so that memory does not grow with the file and every element before a
/// fatal error is delivered (libxml2's tree-building `xmlTextReader` loses the nodes parsed in
/// the same chunk as an error, and costs twice the time).
///
/// Safety (OFX 2.x files come from the network): no external entities (`XML_PARSE_NOENT` is off),
/// no DTD loading, no network access (`XML_PARSE_NONET`), libxml2's own limits on entity expansion
/// and text size (`XML_PARSE_HUGE` is off), and a DOCTYPE or an entity reference stops the parse:
/// OFX has no use for them.
///
/// The callbacks record events into batches (`OFXEventRecorder`) that `produce` sends, one per
/// chunk, to the thread that maps them (`OFXEventPipeline`).
final class XMLEventReader {
    private let input: ByteInput
    let maxTextBytes: Int
    @exclusivity(unchecked) private var recorder = OFXEventRecorder()
    /// The element whose text is being collected: it becomes a leaf unless a child starts.
    @exclusivity(unchecked) private var pending: (tag: OFXTag, line: Int)?
    @exclusivity(unchecked) private var text = ByteBuffer(capacity: 1 << 10)
    @exclusivity(unchecked) private var textTooLong = false
    @exclusivity(unchecked) private var errors: [OFXSyntaxProblem] = []
    @exclusivity(unchecked) private var forbidden: OFXSyntaxProblem?
    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    /// Tags by the address of libxml2's interned name: names repeat, so each is looked up once.
    @exclusivity(unchecked) private var tagCache = [(UnsafeRawPointer?, OFXTag)](repeating: (nil, .unknown), count: 256)

    /// Bytes of the input before the document (a BOM, blank lines), and the lines they hold.
    private var toSkip: Int
    private let lineOffset: Int

    init(input: ByteInput, skip: Int = 0, linesBefore: Int = 0, maxTextBytes: Int = 1 << 20) {
        self.input = input
        self.toSkip = skip
        self.lineOffset = linesBefore
        self.maxTextBytes = maxTextBytes
    }

    /// Reads the whole document, sending a batch of events to `channel` after each chunk; returns
    /// the input error that stopped it, if any. Stops early when the channel is cancelled.
    func produce(into channel: OFXBatchChannel) -> InputError? {
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
        guard let context = xmlCreatePushParserCtxt(&sax, me, nil, 0, "ofx.xml") else {
            recorder.problem(OFXSyntaxProblem(kind: .xml("could not start the XML parser"), position: OFXPosition(line: 1, column: 0), isFatal: true))
            _ = channel.send(recorder.take(reusing: channel.reuse()))
            return nil
        }
        self.context = context
        defer {
            self.context = nil
            xmlFreeParserCtxt(context)
        }
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
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
                _ = channel.send(recorder.take(reusing: channel.reuse()))
                return error
            }
            let status = chunk.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { xmlParseChunk(context, $0.baseAddress, Int32($0.count), count == 0 ? 1 : 0) }
            }
            if let forbidden {
                recorder.problem(forbidden)
            } else if status != 0 || context.pointee.wellFormed == 0 {
                let first = errors.first
                recorder.problem(OFXSyntaxProblem(kind: first?.kind ?? .xml("the document is not well-formed"),
                                                  position: first?.position ?? OFXPosition(line: currentLine, column: 0),
                                                  isFatal: true))
            }
            let stop = recorder.sawFatal || count == 0
            guard channel.send(recorder.take(reusing: channel.reuse())), !stop else { return nil }
        }
    }

    /// Bytes passed to libxml2 per `xmlParseChunk`.
    static let chunkSize = 1 << 16

    private var currentLine: Int { lineOffset + (context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0) }

    // MARK: Callbacks

    fileprivate func startElement(_ name: UnsafePointer<xmlChar>?) {
        if let open = pending {
            recorder.start(open.tag, at: OFXPosition(line: open.line, column: 0))
        }
        pending = (lookup(name), currentLine)
        text.removeAll()
        textTooLong = false
    }

    fileprivate func endElement(_ name: UnsafePointer<xmlChar>?) {
        let position = OFXPosition(line: currentLine, column: 0)
        guard let open = pending else {
            recorder.end(lookup(name), at: position)
            return
        }
        pending = nil
        let start = OFXPosition(line: open.line, column: 0)
        if open.tag.isAggregate {
            recorder.start(open.tag, at: start)
            recorder.end(open.tag, at: position)
            return
        }
        guard !textTooLong else { return }
        let value = text.buffer
        var lo = 0, hi = value.count
        while lo < hi, value[lo] <= 0x20 { lo += 1 }
        while hi > lo, value[hi - 1] <= 0x20 { hi -= 1 }
        recorder.leaf(open.tag, UnsafeBufferPointer(rebasing: value[lo..<hi]), at: start)
    }

    fileprivate func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
        guard pending != nil, let bytes, !textTooLong else { return }
        if text.count + Int(count) > maxTextBytes {
            textTooLong = true
            recorder.problem(OFXSyntaxProblem(kind: .textTooLong(limit: maxTextBytes), position: OFXPosition(line: currentLine, column: 0),
                                              isFatal: false))
            return
        }
        text.append(UnsafeBufferPointer(start: bytes, count: Int(count)))
    }

    fileprivate func refuse(_ what: String) {
        guard forbidden == nil else { return }
        forbidden = OFXSyntaxProblem(kind: .forbidden(what), position: OFXPosition(line: currentLine, column: 0), isFatal: true)
        if let context { xmlStopParser(context) }
    }

    fileprivate func record(_ message: String, line: Int, column: Int) {
        if errors.count < 100 {
            errors.append(OFXSyntaxProblem(kind: .xml(message), position: OFXPosition(line: lineOffset + line, column: column), isFatal: false))
        }
    }

    private func lookup(_ name: UnsafePointer<xmlChar>?) -> OFXTag {
        guard let name else { return .unknown }
        let key = UnsafeRawPointer(name)
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: Int(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if tagCache[slot].0 == key { return tagCache[slot].1 }
        let tag = OFXTag.lookup(UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))))
        tagCache[slot] = (key, tag)
        return tag
    }
}

private func reader(_ context: UnsafeMutableRawPointer?) -> XMLEventReader? {
    context.map { Unmanaged<XMLEventReader>.fromOpaque($0).takeUnretainedValue() }
}

private func saxStartElement(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
                             _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
                             _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ attributeCount: Int32,
                             _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?)
{
    reader(context)?.startElement(name)
}

private func saxEndElement(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
                           _ uri: UnsafePointer<xmlChar>?)
{
    reader(context)?.endElement(name)
}

private func saxCharacters(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    reader(context)?.characters(bytes, count)
}

private func saxInternalSubset(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?,
                               _ externalID: UnsafePointer<xmlChar>?, _ systemID: UnsafePointer<xmlChar>?)
{
    reader(context)?.refuse("a DOCTYPE declaration")
}

private func saxReference(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    reader(context)?.refuse("an entity reference")
}

private func saxError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let error else { return }
    var message = error.pointee.message.map { String(cString: $0) } ?? "XML error"
    while message.last == "\n" || message.last == " " { message.removeLast() }
    reader(context)?.record(message, line: Int(error.pointee.line), column: Int(error.pointee.int2))
}
