/// One cell of a line of a text report: text placed in a column of at least `width` columns.
struct TextCell {
    enum Alignment { case left, right }

    var text: String
    var width: Int
    var alignment: Alignment
    var style: TextStyle?
    /// The cell that gives way (its text cut with `…`) when the others need more room than planned:
    /// the name column, so that amounts are never cut.
    var shrinks: Bool

    static func left(_ text: String, _ width: Int = 0, _ style: TextStyle? = nil, shrinks: Bool = false) -> TextCell {
        TextCell(text: text, width: width, alignment: .left, style: style, shrinks: shrinks)
    }

    static func right(_ text: String, _ width: Int = 0, _ style: TextStyle? = nil) -> TextCell {
        TextCell(text: text, width: width, alignment: .right, style: style, shrinks: false)
    }
}
