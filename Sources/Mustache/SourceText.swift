/// A template's bytes and name, and the way from a byte offset to a line and column for errors.
///
/// Positions are kept as byte offsets while parsing and turned into 1-based lines and columns only
/// when an error is reported, so a good template pays nothing for them.
struct SourceText {
    let name: String
    let bytes: [UInt8]

    init(name: String, text: String) {
        self.name = name
        bytes = Array(text.utf8)
    }

    /// 1-based line and column of `offset`; the column counts characters (Unicode scalars), not bytes.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    func error(_ kind: MustacheError.Kind, at offset: Int, _ message: String, note: String) -> MustacheError {
        let (line, column) = lineAndColumn(of: offset)
        return MustacheError(kind, templateName: name, line: line, column: column, message: message, note: note)
    }
}
