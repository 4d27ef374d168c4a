/// The base of the parsers of a workbook's XML parts: libxml2's SAX parser (with the safe options
/// of `XMLSAXDriver`: no DTD, no entities, no network) fed from a ZIP member as it inflates.
///
/// Element names are compared by their local names (SpreadsheetML's transitional and strict
/// namespaces use the same ones); each interned name is looked up once.
class XLSXPartParser: XMLSAXDriver {
    let part: String
    private let stream: ZIPMemberStream
    private var fatal: XMLProblem?
    private var names: [UnsafePointer<UInt8>: Int] = [:]
    private let vocabulary: [[UInt8]]

    /// A parser of `stream` that recognises the element names in `vocabulary` (`tag(_:)` gives
    /// their index there).
    init(_ stream: ZIPMemberStream, vocabulary: [StaticString], trimsLeafText: Bool = true) {
        part = stream.entry.name
        self.stream = stream
        self.vocabulary = vocabulary.map { Array(UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount)) }
        super.init(input: stream, maxTextBytes: 1 << 24, trimsLeafText: trimsLeafText)
    }

    /// The index of `name` in the vocabulary, or -1.
    final func tag(_ name: UnsafePointer<UInt8>) -> Int {
        if let known = names[name] { return known }
        var length = 0
        while name[length] != 0 { length += 1 }
        let bytes = UnsafeBufferPointer(start: name, count: length)
        let index = vocabulary.firstIndex { $0.elementsEqual(bytes) } ?? -1
        names[name] = index
        return index
    }

    override func problem(_ problem: XMLProblem) {
        if problem.isFatal, fatal == nil { fatal = problem }
    }

    /// Parses the whole part; throws the first inflation failure or fatal XML problem.
    final func run() throws(XLSXIssue) {
        _ = parse(documentName: part)
        if let failure = stream.failure { throw failure }
        if let fatal {
            let message: String
            switch fatal.kind {
            case .malformed(let text): message = text
            case .forbidden(let what): throw .refusedXML(part: part, line: fatal.line, what: what)
            case .textTooLong(let limit): message = "a text longer than \(ByteCountText.describe(limit))"
            case .tooDeep(let limit): message = "elements nested deeper than \(limit) elements"
            }
            throw .xml(part: part, line: fatal.line, message: message)
        }
    }
}

/// Reads the attributes of chosen elements of a small part: the workbook, relationships, styles.
final class XLSXAttributeScanner: XLSXPartParser {
    private let onStart: (Int, XMLAttributes) -> Void

    init(_ stream: ZIPMemberStream, elements: [StaticString], onStart: @escaping (Int, XMLAttributes) -> Void) {
        self.onStart = onStart
        super.init(stream, vocabulary: elements)
    }

    override func startTag(_ name: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?, attributes: XMLAttributes) {
        let index = tag(name)
        if index >= 0 { onStart(index, attributes) }
    }

    /// The text of an attribute value.
    static func string(_ value: UnsafeBufferPointer<UInt8>?) -> String? {
        value.map { String(decoding: $0, as: UTF8.self) }
    }
}
