/// Hands a leaf to the handler, reading a text that is not UTF-8 in a body that should be as
/// Windows-1252 (`OFXLeniency.notUTF8`), said once: what both OFX parsers do with each leaf.
struct OFXLeafText {
    /// What says the body is UTF-8, when it is the file's own bytes meant as UTF-8 (`nil` when
    /// pfin transcoded it from another character set, and nothing needs checking).
    let declared: OFXLeniency.UTF8Claim?
    private var recoded: [UInt8] = []
    private var said = false

    init(_ declared: OFXLeniency.UTF8Claim?) { self.declared = declared }

    /// Sends the leaf `tag` (named `name` in the file) with `value` to `handler`.
    @inline(__always)
    mutating func leaf(
        _ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, at position: OFXPosition, name: @autoclosure () -> String,
        into handler: inout some OFXEventHandler
    ) throws {
        guard let declared, !UTF8Validation.isASCII(value), let bad = UTF8Validation.firstInvalid(in: value, allowTruncatedEnd: false) else {
            try handler.leaf(tag, value, at: position)
            return
        }
        if !said {
            said = true
            let shown = value[bad..<min(value.count, bad + 4)].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            try handler.problem(
                OFXSyntaxProblem(kind: .notUTF8(element: name(), bytes: shown, declared: declared.rawValue), position: position, isFatal: false))
        }
        recoded.removeAll(keepingCapacity: true)
        var transcoder = UTF8Transcoder(encoding: .windows1252)
        transcoder.decode(value, into: &recoded, isFinal: true)
        try recoded.withUnsafeBufferPointer { try handler.leaf(tag, $0, at: position) }
    }
}
