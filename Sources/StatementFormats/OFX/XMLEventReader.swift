// The only file that talks to libxml2. It must not import Foundation: Debian's libxml2 headers
// pull in ICU declarations that clash with Foundation's (see CLibXML2/shim.h).
import CLibXML2

/// Parses an OFX 2.x (XML) body into element events with libxml2's streaming `xmlTextReader`,
/// reading the input through callbacks so that memory does not grow with the file.
///
/// Safety (OFX 2.x files come from the network): no external entities (`XML_PARSE_NOENT` is off),
/// no DTD loading, no network access (`XML_PARSE_NONET`), libxml2's own limits on entity expansion
/// and text size (`XML_PARSE_HUGE` is off), and any DOCTYPE or entity reference is refused
/// outright: OFX has no use for them.
final class XMLEventReader {
    private let input: ByteInput
    private var readFailure: InputError?
    private var errors: [(message: String, line: Int, column: Int)] = []
    private var tagCache: [UnsafeRawPointer: OFXTag] = [:]
    let maxTextBytes: Int

    /// - Parameters:
    ///   - skipping: bytes at the start of the input that are not part of the document (a BOM is fine to keep).
    init(input: ByteInput, maxTextBytes: Int = 1 << 20) {
        self.input = input
        self.maxTextBytes = maxTextBytes
    }

    /// Reads the whole document, sending events to `handler`; returns the input error that stopped
    /// it, if any.
    func parse(into handler: inout some OFXEventHandler) throws -> InputError? {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                                | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue)
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let reader = xmlReaderForIO(xmlReadCallback, nil, context, "ofx.xml", nil, options) else {
            try handler.problem(OFXSyntaxProblem(kind: .xml("could not start the XML parser"), position: OFXPosition(line: 1, column: 1), isFatal: true))
            return nil
        }
        defer { xmlFreeTextReader(reader) }
        xmlTextReaderSetStructuredErrorHandler(reader, xmlErrorCallback, context)

        var pending: (tag: OFXTag, position: OFXPosition)?
        var text: [UInt8] = []
        var textTooLong = false
        var reported = 0
        while true {
            let status = xmlTextReaderRead(reader)
            // Errors libxml2 survived (it stops at the first fatal one) are reported as they come.
            while reported < errors.count, status >= 0 {
                let error = errors[reported]
                reported += 1
                try handler.problem(OFXSyntaxProblem(kind: .xml(error.message), position: OFXPosition(line: error.line, column: error.column),
                                                     isFatal: false))
            }
            if status == 0 { break }
            if status < 0 {
                let error = errors.count > reported ? errors[reported] : errors.last
                let message = error?.message ?? "the document is not well-formed"
                let at = error.map { OFXPosition(line: $0.line, column: $0.column) }
                    ?? OFXPosition(line: Int(xmlTextReaderGetParserLineNumber(reader)), column: Int(xmlTextReaderGetParserColumnNumber(reader)))
                try handler.problem(OFXSyntaxProblem(kind: .xml(message), position: at, isFatal: true))
                return readFailure
            }
            // The node's own line; libxml2 keeps no column per node (0: unknown).
            let nodeLine = Int(xmlGetLineNo(xmlTextReaderCurrentNode(reader)))
            let position = OFXPosition(line: nodeLine > 0 ? nodeLine : Int(xmlTextReaderGetParserLineNumber(reader)), column: 0)
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                if let open = pending {
                    try handler.start(open.tag, at: open.position)
                    pending = nil
                }
                let tag = lookup(xmlTextReaderConstLocalName(reader))
                if xmlTextReaderIsEmptyElement(reader) == 1 {
                    if tag.isAggregate {
                        try handler.start(tag, at: position)
                        try handler.end(tag, at: position)
                    } else {
                        try [UInt8]().withUnsafeBufferPointer { try handler.leaf(tag, $0, at: position) }
                    }
                } else {
                    pending = (tag, position)
                    text.removeAll(keepingCapacity: true)
                    textTooLong = false
                }
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                guard pending != nil, let value = xmlTextReaderConstValue(reader) else { continue }
                let length = Int(xmlStrlen(value))
                if text.count + length > maxTextBytes {
                    if !textTooLong {
                        try handler.problem(OFXSyntaxProblem(kind: .textTooLong(limit: maxTextBytes), position: position, isFatal: false))
                    }
                    textTooLong = true
                    continue
                }
                text.append(contentsOf: UnsafeBufferPointer(start: value, count: length))
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                let tag = lookup(xmlTextReaderConstLocalName(reader))
                if let open = pending {
                    pending = nil
                    if open.tag.isAggregate {
                        try handler.start(open.tag, at: open.position)
                        try handler.end(tag, at: position)
                    } else if !textTooLong {
                        try trimmed(text) { try handler.leaf(open.tag, $0, at: open.position) }
                    }
                } else {
                    try handler.end(tag, at: position)
                }
            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                try handler.problem(OFXSyntaxProblem(kind: .forbidden("a DOCTYPE declaration"), position: position, isFatal: true))
                return readFailure
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue), Int32(XML_READER_TYPE_ENTITY.rawValue):
                try handler.problem(OFXSyntaxProblem(kind: .forbidden("an entity reference"), position: position, isFatal: true))
                return readFailure
            default:
                continue
            }
        }
        return readFailure
    }

    private func lookup(_ name: UnsafePointer<xmlChar>?) -> OFXTag {
        guard let name else { return .unknown }
        let key = UnsafeRawPointer(name)
        if let tag = tagCache[key] { return tag }
        let length = xmlStrlen(name)
        let tag = OFXTag.lookup(UnsafeBufferPointer(start: name, count: Int(length)))
        tagCache[key] = tag
        return tag
    }

    private func trimmed(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { all in
            var lo = 0, hi = all.count
            while lo < hi, all[lo] <= 0x20 { lo += 1 }
            while hi > lo, all[hi - 1] <= 0x20 { hi -= 1 }
            try body(UnsafeBufferPointer(rebasing: all[lo..<hi]))
        }
    }

    /// Fills libxml2's buffer from the input, a little at a time: libxml2's reader loses the nodes
    /// that precede a fatal error within the same pushed chunk, so small chunks keep the
    /// transactions before any damage.
    fileprivate func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
        if staged.count - stagedOffset == 0 {
            staged.removeAll(keepingCapacity: true)
            stagedOffset = 0
            do {
                _ = try input.read(appendingTo: &staged, maxCount: 1 << 20)
            } catch {
                readFailure = error
                return -1
            }
        }
        let n = min(count, Self.pushSize, staged.count - stagedOffset)
        staged.withUnsafeBytes { raw in
            UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress! + stagedOffset, byteCount: n)
        }
        stagedOffset += n
        return Int32(n)
    }

    /// Bytes handed to libxml2 per call (see `read(into:count:)`).
    static let pushSize = 256
    private var staged: [UInt8] = []
    private var stagedOffset = 0

    fileprivate func record(_ message: String, line: Int, column: Int) {
        if errors.count < 1000 { errors.append((message, line, column)) }
    }
}

private func xmlReadCallback(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32) -> Int32 {
    guard let context, let buffer, length > 0 else { return 0 }
    return Unmanaged<XMLEventReader>.fromOpaque(context).takeUnretainedValue().read(into: buffer, count: Int(length))
}

private func xmlErrorCallback(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let context, let error else { return }
    let raw = error.pointee.message.map { String(cString: $0) } ?? "XML error"
    var message = raw
    while message.last == "\n" || message.last == " " { message.removeLast() }
    Unmanaged<XMLEventReader>.fromOpaque(context).takeUnretainedValue()
        .record(message, line: Int(error.pointee.line), column: Int(error.pointee.int2))
}
