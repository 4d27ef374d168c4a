import FinanceCore

/// One line of a Norma 43 file as UTF-8, cut into fields by column.
///
/// Columns are characters, not bytes: a Windows-1252 `Ñ` is one byte and one column, and stays
/// one column once decoded to UTF-8's two bytes, so an account holder's name with accents does not
/// shift the fields after it. ASCII lines (nearly all of them) are used as they are.
struct Norma43Record {
    /// The line without its line break and trailing blanks, as UTF-8.
    let text: [UInt8]
    /// The 1-based line number.
    let number: Int
    /// The byte offset of each column in `text` when it has multi-byte characters (and one past
    /// the end last); `nil` when every byte is a column.
    private let offsets: [Int]?
    /// Whether the line was not valid UTF-8 in a file read as UTF-8, and was read as Windows-1252.
    let wasRedecoded: Bool
    /// The blanks after the last text, which the bank pads records with to 80 columns.
    let trailingBlanks: Int

    /// - Parameters:
    ///   - raw: the line's bytes as in the file.
    ///   - singleByte: whether the file is read as Windows-1252 (else as UTF-8).
    init(_ raw: UnsafeBufferPointer<UInt8>, number: Int, singleByte: Bool) {
        self.number = number
        var end = raw.count
        // CR of a CRLF line end, and the DOS end-of-file mark some banks' files still carry.
        while end > 0, raw[end - 1] == 0x0D || raw[end - 1] == 0x1A { end -= 1 }
        let padded = end
        while end > 0, raw[end - 1] == 0x20 || raw[end - 1] == 0x09 { end -= 1 }
        trailingBlanks = padded - end
        let line = UnsafeBufferPointer(rebasing: raw[0..<end])
        if UTF8Validation.isASCII(line) {
            text = Array(line)
            offsets = nil
            wasRedecoded = false
            return
        }
        let asUTF8 = !singleByte && UTF8Validation.isValid(line)
        wasRedecoded = !singleByte && !asUTF8
        if asUTF8 {
            text = Array(line)
        } else {
            var decoded: [UInt8] = []
            var transcoder = UTF8Transcoder(encoding: .windows1252)
            transcoder.decode(line, into: &decoded, isFinal: true)
            text = decoded
        }
        var starts: [Int] = []
        starts.reserveCapacity(text.count + 1)
        for (i, byte) in text.enumerated() where byte & 0xC0 != 0x80 { starts.append(i) }
        starts.append(text.count)
        offsets = starts
    }

    /// The number of columns up to the last text (the blanks after it dropped).
    var columns: Int { offsets.map { $0.count - 1 } ?? text.count }

    /// The record's length with its trailing blanks: 80 as Norma 43 writes it, less when the
    /// blanks were trimmed.
    var length: Int { columns + trailingBlanks }

    /// The record code in columns 1–2 (`"22"`), or the line's first characters.
    var code: String { String(decoding: slice(Norma43Field("record code", 1, 2, .digits)), as: UTF8.self) }

    /// The bytes of `field` that the line has: fewer than its length, or none, when the line ends
    /// inside it (the rest is blanks that were trimmed).
    func slice(_ field: Norma43Field) -> ArraySlice<UInt8> {
        let first = min(field.start - 1, columns), last = min(field.start - 1 + field.length, columns)
        guard let offsets else { return text[first..<last] }
        return text[offsets[first]..<offsets[last]]
    }

    /// The field's digits as a number, when all its columns are digits.
    func number(_ field: Norma43Field) -> Int64? {
        let bytes = slice(field)
        guard bytes.count == field.length else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value
    }

    /// A `YYMMDD` date. Years 80–99 are 1980–1999 (the standard dates from 1982), others 2000–2079.
    func date(_ field: Norma43Field) -> LocalDate? {
        guard let value = number(field) else { return nil }
        let yy = Int(value / 10000), month = Int(value / 100 % 100), day = Int(value % 100)
        return LocalDate(year: yy >= 80 ? 1900 + yy : 2000 + yy, month: month, day: day)
    }

    /// `true` for a credit (`2`), `false` for a debit (`1`), `nil` otherwise.
    func isCredit(_ field: Norma43Field) -> Bool? {
        switch number(field) {
        case 1: return false
        case 2: return true
        default: return nil
        }
    }

    /// The field as text, blanks at either end trimmed; `nil` when blank.
    func text(_ field: Norma43Field) -> String? {
        let bytes = slice(field)
        guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }) else { return nil }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// The field's bytes padded with blanks to its length: the text of a fixed-width field that a
    /// following field continues.
    func padded(_ field: Norma43Field) -> [UInt8] {
        let bytes = slice(field)
        let present = offsets == nil ? bytes.count : bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        return Array(bytes) + [UInt8](repeating: 0x20, count: max(0, field.length - present))
    }

    /// What the field holds, for a message: `'0000001O50'`, or `nothing (the line ends at column 40)`.
    func found(_ field: Norma43Field) -> String {
        let bytes = slice(field)
        guard !bytes.isEmpty else { return "nothing (the line ends at column \(columns))" }
        return "'\(String(decoding: bytes, as: UTF8.self))'"
    }

    /// Where `field` starts, for diagnostics.
    func location(_ field: Norma43Field, file: String) -> SourceLocation {
        SourceLocation(file: file, line: number, column: field.start)
    }
}
