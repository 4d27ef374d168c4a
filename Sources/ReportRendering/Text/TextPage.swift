/// A text report being written line by line, each line at most `maximumWidth` columns.
///
/// The width is kept by construction, not hoped for: a line's cells are measured, the shrinking
/// cell gives up the excess, and whatever still does not fit is cut from the right. Colour codes
/// wrap only the text of a cell, never its padding, and take no columns.
struct TextPage {
    static let maximumWidth = 80

    let colour: Bool
    private(set) var bytes: [UInt8] = []

    init(colour: Bool) {
        self.colour = colour
    }

    mutating func blankLine() {
        bytes.append(0x0A)
    }

    /// A line of one piece of text, cut to fit.
    mutating func line(_ text: String, indent: Int = 0, style: TextStyle? = nil) {
        line(indent: indent, [.left(text, 0, style, shrinks: true)])
    }

    /// A line of cells one space apart after `indent` spaces; trailing spaces are dropped.
    mutating func line(indent: Int = 0, _ cells: [TextCell]) {
        var cells = cells
        for i in cells.indices { cells[i].text = TextWidth.sanitized(cells[i].text) }
        var widths = cells.map { $0.shrinks ? $0.width : max($0.width, TextWidth.of($0.text)) }
        // A shrinking cell planned at width 0 takes what its text needs, then gives way below.
        for i in cells.indices where cells[i].shrinks && cells[i].width == 0 { widths[i] = TextWidth.of(cells[i].text) }
        let total = indent + widths.reduce(0, +) + max(0, cells.count - 1)
        if total > Self.maximumWidth, let i = cells.lastIndex(where: \.shrinks) {
            widths[i] = max(1, widths[i] - (total - Self.maximumWidth))
        }
        // Whatever still overflows is cut from the right, cell by cell.
        var used = indent
        for i in cells.indices {
            let separator = i > 0 ? 1 : 0
            let available = Self.maximumWidth - used - separator
            guard available > 0 else {
                for j in i..<cells.count { cells[j].text = "" }
                break
            }
            widths[i] = min(widths[i], available)
            used += separator + widths[i]
        }
        // Trailing empty cells add nothing but spaces.
        var last = cells.count - 1
        while last >= 0 && cells[last].text.isEmpty { last -= 1 }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: last >= 0 ? indent : 0))
        var i = 0
        while i <= last {
            if i > 0 { bytes.append(UInt8(ascii: " ")) }
            let text = TextWidth.truncated(cells[i].text, to: widths[i])
            let pad = widths[i] - TextWidth.of(text)
            if cells[i].alignment == .right { appendSpaces(pad) }
            appendStyled(text, cells[i].style)
            if cells[i].alignment == .left && i < last { appendSpaces(pad) }
            i += 1
        }
        bytes.append(0x0A)
    }

    private mutating func appendSpaces(_ count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
    }

    private mutating func appendStyled(_ text: String, _ style: TextStyle?) {
        guard colour, let style, !text.isEmpty else {
            bytes.append(contentsOf: text.utf8)
            return
        }
        style.start.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: text.utf8)
        TextStyle.reset.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}
