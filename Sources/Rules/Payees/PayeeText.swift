/// Byte-level helpers for payee normalisation: case folding that keeps the length (ASCII and the
/// Latin-1 letters, the accented capitals of Western European banks' texts), and character tests.
enum PayeeText {
    /// Folds `bytes` into `out` (same length): ASCII, U+00C0–U+00DE, Latin Extended-A and basic
    /// Cyrillic capitals to lower case.
    static func fold(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        // The folded text is as long as the text: written in place, not appended byte by byte.
        out.removeAll(keepingCapacity: true)
        guard !bytes.isEmpty else { return }
        out.append(contentsOf: bytes)
        out.withUnsafeMutableBufferPointer { out in
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b < 0x80 {
                    if b >= 0x41 && b <= 0x5A { out[i] = b | 0x20 }
                } else if b == 0xC3, i + 1 < bytes.count, isLatinCapital(bytes[i + 1]) {
                    out[i + 1] = bytes[i + 1] + 0x20
                    i += 1
                } else if b == 0xC4 || b == 0xC5 || b == 0xD0, i + 1 < bytes.count, bytes[i + 1] & 0xC0 == 0x80 {
                    // Latin Extended-A (`Ż Ł Č Š Ő`) and Cyrillic capitals: two bytes either way.
                    let scalar = UInt32(b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                    let lower = Self.lowercase(scalar)
                    out[i] = 0xC0 | UInt8(lower >> 6)
                    out[i + 1] = 0x80 | UInt8(lower & 0x3F)
                    i += 1
                }
                i += 1
            }
        }
    }

    /// The small letter of a capital in Latin Extended-A (U+0100–U+017F) or basic Cyrillic
    /// (U+0400–U+042F); any other scalar as it is. `İ` stays (its small letter is one byte), and
    /// so does every letter whose small form would leave two bytes.
    static func lowercase(_ v: UInt32) -> UInt32 {
        switch v {
        case 0x100...0x12F, 0x132...0x137, 0x14A...0x177: return v & 1 == 0 ? v + 1 : v
        case 0x139...0x148, 0x179...0x17E: return v & 1 == 1 ? v + 1 : v
        case 0x178: return 0xFF
        case 0x400...0x40F: return v + 0x50
        case 0x410...0x42F: return v + 0x20
        default: return v
        }
    }

    /// The folded bytes of `text`, for tables.
    static func folded(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var copy = text
        copy.withUTF8 { fold($0, into: &out) }
        return out
    }

    /// The second byte of a U+00C0–U+00DE capital (not ×, U+00D7).
    @inline(__always)
    static func isLatinCapital(_ second: UInt8) -> Bool { second >= 0x80 && second <= 0x9E && second != 0x97 }

    /// The second byte of a U+00DF–U+00FF lower-case letter (not ÷, U+00F7).
    @inline(__always)
    static func isLatinSmall(_ second: UInt8) -> Bool { second >= 0x9F && second <= 0xBF && second != 0xB7 }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    @inline(__always)
    static func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }

    @inline(__always)
    static func isLower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }

    /// ASCII letters, and any byte of a multi-byte character (taken as a letter: names in Greek or
    /// Cyrillic are left as they are by title case, which only changes what it can read).
    @inline(__always)
    static func isLetter(_ b: UInt8) -> Bool { isUpper(b) || isLower(b) || b >= 0x80 }

    /// Whether `bytes` holds a lower-case letter (ASCII or Latin-1).
    static func hasLowercase(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if isLower(b) { return true }
            if b == 0xC3, i + 1 < bytes.count, isLatinSmall(bytes[i + 1]), bytes[i + 1] != 0x9F { return true }
            i += 1
        }
        return false
    }

    /// Whether `bytes` (UTF-8) holds a letter: an ASCII one or any alphabetic scalar.
    static func hasLetter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var beyondASCII = false
        for b in bytes {
            if isUpper(b) || isLower(b) { return true }
            if b >= 0x80 { beyondASCII = true }
        }
        // A symbol is no letter (`•••• 1234`, `€`, `—`, the replacement character of an
        // unreadable byte): only a scalar that is alphabetic (`é`, `ж`, `東`) counts.
        guard beyondASCII else { return false }
        var letter = false
        _ = transcode(bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: false) { scalar in
            if !letter, let s = Unicode.Scalar(scalar), s.properties.isAlphabetic { letter = true }
        }
        return letter
    }
}
