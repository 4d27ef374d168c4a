/// Where an element starts: 1-based line and column (in bytes) of its `<`; column 0 when the
/// parser does not know it (libxml2 keeps lines per node, not columns).
public struct OFXPosition: Sendable, Equatable {
    public var line: Int
    public var column: Int
}

/// What both OFX parsers produce: a stream of elements, the same for 1.x SGML and 2.x XML, so
/// that one mapper turns either into activities.
protocol OFXEventHandler {
    /// An aggregate opens (or an unknown element that holds no text).
    mutating func start(_ tag: OFXTag, at position: OFXPosition) throws
    /// A leaf and its text, trimmed, entities decoded. Valid only during the call.
    mutating func leaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, at position: OFXPosition) throws
    /// An aggregate closes, explicitly or because an enclosing one did.
    mutating func end(_ tag: OFXTag, at position: OFXPosition) throws
    /// Malformed input; parsing goes on where it can.
    mutating func problem(_ problem: OFXSyntaxProblem) throws
}

/// Parses an OFX body into events, fed buffer after buffer: `SGMLParser` (1.x) or
/// `XMLBodyParser` (2.x).
protocol OFXBodyParser: AnyObject {
    /// The body has ended (or a fatal problem stopped the parse): nothing more is read.
    var finished: Bool { get }
    /// Parses the complete units at the start of `bytes` and returns how many bytes were consumed;
    /// the caller passes the rest again with more input. With `isFinal`, everything is consumed.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, into handler: inout some OFXEventHandler) throws -> Int
}

/// Malformed OFX found while parsing.
public struct OFXSyntaxProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A `<` whose tag never ends.
        case unterminatedTag
        /// `</NAME>` with no open `NAME`, where the structure may be broken: an aggregate the
        /// file never opened, or one closed after a leaf it may have been meant to hold.
        case unexpectedEndTag(String)
        /// `</NAME>` with no open `NAME`, where ignoring it loses nothing (`SGMLParser`): a leaf's,
        /// or an element's the file opened and closed before. Said once per file with a count
        /// (`OFXLeniency.strayEndTags`).
        case strayEndTag(String)
        /// The input ends while aggregates are still open; `String` is the innermost.
        case truncated(String, openedOnLine: Int)
        /// A text longer than the limit; skipped.
        case textTooLong(limit: Int)
        /// A problem libxml2 reported in an OFX 2.x document.
        case xml(String)
        /// A construct refused for safety (a DOCTYPE or entity declaration in OFX 2.x).
        case forbidden(String)
        /// A text that is not UTF-8 in a body meant as UTF-8 (`declared` says what means it):
        /// read as Windows-1252 (`OFXLeniency.notUTF8`). Said once per file.
        case notUTF8(element: String, bytes: String, declared: String)
        /// Elements nested deeper than `limit`: no statement comes near it (a real one is about
        /// ten deep), and a crafted file could otherwise grow memory without bound.
        case tooDeep(limit: Int)
    }

    /// The deepest nesting either OFX parser reads: libxml2's own default for XML.
    static let maxDepth = 256

    public var kind: Kind
    public var position: OFXPosition
    /// Whether parsing had to stop (the rest of the file is not read).
    public var isFatal: Bool
}
