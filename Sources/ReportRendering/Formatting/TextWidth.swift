/// How many terminal columns text takes, and how to make it fit, for fixed-width reports.
///
/// Not a full `wcwidth`: every scalar counts one column except combining marks and zero-width
/// joiners (none) and the East Asian wide ranges and emoji (two), which covers payee names from
/// real statements without a Unicode table. Control characters are never printed: `sanitized`
/// turns them into spaces, so that a payee cannot move the cursor or break a line.
public enum TextWidth {
    /// The columns `text` takes on a terminal.
    public static func of(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += columns(scalar) }
        return width
    }

    /// Columns one scalar takes: 0, 1 or 2.
    public static func columns(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        switch v {
        case 0x300...0x36F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// `text` cut to at most `width` columns, ending in `…` when something was cut.
    public static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var kept = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let w = columns(scalar)
            // Leave one column for the ellipsis.
            if used + w > width - 1 { break }
            kept.append(scalar)
            used += w
        }
        return String(kept) + "…"
    }

    /// `text` with every control character (C0, DEL, C1, line and paragraph separators, bidi
    /// overrides) replaced by a space: a payee name is data, never terminal commands, a line break
    /// or a reversal of the columns after it.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var view = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { view.append(isControl(scalar) ? " " : scalar) }
        return String(view)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
