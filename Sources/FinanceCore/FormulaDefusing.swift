/// Which cells a spreadsheet would evaluate as formulas (OWASP "CSV injection"): the rule of
/// CONTRACT.md for every CSV pfin writes (`convert --to csv`, the CSV report), kept in one place.
public enum FormulaDefusing {
    /// True when the text starts with `=`, `+`, `-`, `@`, tab or CR and is not a plain number.
    /// Inlined: the writers ask for every cell, and most start with a letter or a digit.
    @inlinable
    public static func needsPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "@"), 0x09, 0x0D: return true
        case UInt8(ascii: "+"), UInt8(ascii: "-"): return !isPlainNumber(bytes)
        default: return false
        }
    }

    /// `[+-]digits[.digits]`.
    public static func isPlainNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
        var digits = 0, dot = false, afterDot = 0
        while i < bytes.count {
            let b = bytes[i]
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                if dot { afterDot += 1 } else { digits += 1 }
            } else if b == UInt8(ascii: ".") && !dot {
                dot = true
            } else {
                return false
            }
            i += 1
        }
        return digits > 0 && (!dot || afterDot > 0)
    }
}

extension FormulaDefusing {
    /// Whether pfin's activity CSV (`convert --to csv`, `list --format csv`) writes the text with a
    /// leading `'`: a cell a spreadsheet would run (`needsPrefix`), or one that already starts with
    /// `'`. Prefixing the latter too keeps the apostrophe reversible: reading the file back removes
    /// one `'` exactly from the cells that start with `'` followed by what this function prefixes
    /// (`=`, `@`, tab, CR, `+` or `-` not starting a plain number, or another `'`).
    @inlinable
    public static func needsApostrophe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.first == UInt8(ascii: "'") || needsPrefix(bytes)
    }

    /// A cell of pfin's activity CSV without the apostrophe `needsApostrophe` added, if it has one.
    ///
    ///     '=HYPERLINK("x")  →  =HYPERLINK("x")      '+Bonus  →  +Bonus      ''Tis  →  'Tis
    ///     '-54.20  →  '-54.20 (pfin never prefixes a plain number)       'Tis  →  'Tis
    public static func removingApostrophe(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "'") else { return bytes }
        let rest = UnsafeBufferPointer(rebasing: bytes[1...])
        return needsApostrophe(rest) ? rest : bytes
    }
}
