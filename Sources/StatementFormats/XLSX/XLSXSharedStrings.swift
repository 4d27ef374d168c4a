/// The shared string table of a workbook (`xl/sharedStrings.xml`, ECMA-376 §18.4.9): the text of
/// every `t="s"` cell, by index, held as one byte arena.
///
/// A string item (`si`) is plain text (`<t>`) or rich text runs (`<r><t>…</t></r>`), concatenated
/// as written, white space kept. Phonetic runs (`<rPh>`, Japanese reading aids) are not the text.
struct XLSXSharedStrings {
    private var arena: [UInt8] = []
    private var ends: [Int] = []

    var count: Int { ends.count }

    /// The bytes of string `index`, or `nil` when the table has no such item.
    func withString<R>(_ index: Int, _ body: (ArraySlice<UInt8>) -> R) -> R? {
        guard index >= 0, index < ends.count else { return nil }
        let start = index == 0 ? 0 : ends[index - 1]
        return body(arena[start..<ends[index]])
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { arena.append(contentsOf: bytes) }
    mutating func endString() { ends.append(arena.count) }

    static func parse(_ stream: ZIPMemberStream) throws(XLSXIssue) -> XLSXSharedStrings {
        let parser = Parser(stream)
        try parser.run()
        return parser.table
    }

    private final class Parser: XLSXPartParser {
        var table = XLSXSharedStrings()
        private var phonetic = 0
        private var open = false

        // Indices into the vocabulary.
        private static let si = 0, t = 1, rPh = 2

        init(_ stream: ZIPMemberStream) {
            super.init(stream, vocabulary: ["si", "t", "rPh"], trimsLeafText: false)
        }

        override func opened(_ name: UnsafePointer<UInt8>, line: Int, column: Int) {
            switch tag(name) {
            case Self.si: open = true
            case Self.rPh: phonetic += 1
            default: break
            }
        }

        override func leaf(_ name: UnsafePointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
            switch tag(name) {
            case Self.si: table.endString()
            case Self.t: if open && phonetic == 0 { table.append(text) }
            default: break
            }
        }

        override func closed(_ name: UnsafePointer<UInt8>, line: Int) {
            switch tag(name) {
            case Self.si:
                open = false
                table.endString()
            case Self.rPh: phonetic -= 1
            default: break
            }
        }
    }
}
