/// Where something came from: a file (as the user named it) and a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it on the command line; `<stdin>` for standard input.
    public var file: String
    /// 1-based line; 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based column in characters, when it is known.
    public var column: Int?

    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line` or `file:line:column` (just `file` for line 0), as compilers print locations.
    public var description: String {
        guard line > 0 else { return file }
        if let column { return "\(file):\(line):\(column)" }
        return "\(file):\(line)"
    }
}
