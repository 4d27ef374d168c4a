import FinanceCore

/// One line of a file of labelled blocks, as UTF-8, cut at its label: `Amount: -10.45 GBP` is the
/// label `amount` and the value `-10.45 GBP`.
///
/// Santander UK writes a no-break space (U+00A0) after each colon and often at the end of the line;
/// it is blank space here like a space or a tab, at either end of the label and the value and
/// inside the value (`-10.45\u{A0}GBP`). The label is the text before the first colon, so a
/// description with colons of its own (`Description: REF: 1234`) keeps them.
struct BlocksLine {
    /// The 1-based line number.
    let number: Int
    /// The label before the first colon, trimmed and in lower case (`date`); `nil` for a line
    /// without one (no colon, or text before it that is no label).
    let label: String?
    /// The label as written, for messages (`Amount`).
    let writtenLabel: String
    /// The value after the colon (the whole line without a label), trimmed, no-break spaces made
    /// plain spaces.
    let value: String
    /// The 1-based column (in characters) where the value starts: where a value's error points.
    let valueColumn: Int
    /// How a line that is not valid UTF-8, in a file read as UTF-8, was read.
    enum Repair {
        /// Its bytes beyond ASCII all stand alone, as Windows-1252 letters do: read as Windows-1252.
        case windows1252
        /// It mixes valid UTF-8 sequences with invalid bytes: damaged UTF-8, the bad bytes U+FFFD.
        case replacedBytes
    }

    /// `nil` for a line that is valid UTF-8 (any line of a file transcoded on the way in).
    let repair: Repair?

    /// The longest label taken for one: `Description` with room to spare; longer text before a
    /// colon is a sentence, not a label.
    static let maximumLabelLength = 24

    /// - Parameters:
    ///   - raw: the line's bytes as UTF-8 (a Windows-1252 file is transcoded on the way in), without
    ///     its line feed.
    init(_ raw: UnsafeBufferPointer<UInt8>, number: Int) {
        self.number = number
        var end = raw.count
        // CR of a CRLF line end, and the DOS end-of-file mark.
        while end > 0, raw[end - 1] == 0x0D || raw[end - 1] == 0x1A { end -= 1 }
        let line = UnsafeBufferPointer(rebasing: raw[0..<end])
        var bytes = Array(line)
        if UTF8Validation.isValid(line) {
            repair = nil
        } else if UTF8Validation.tally(line, allowTruncatedEnd: false).multiByte == 0 {
            repair = .windows1252
            var decoded: [UInt8] = []
            var transcoder = UTF8Transcoder(encoding: .windows1252)
            transcoder.decode(line, into: &decoded, isFinal: true)
            bytes = decoded
        } else {
            repair = .replacedBytes
            bytes = Array(String(decoding: line, as: UTF8.self).utf8)
        }
        bytes = Self.plainSpaces(bytes)
        let colon = bytes.firstIndex(of: UInt8(ascii: ":"))
        let labelText = colon.map { Self.trimmed(bytes[..<$0]) } ?? []
        if let colon, !labelText.isEmpty, labelText.count <= Self.maximumLabelLength,
            labelText.allSatisfy({ Self.isLabelByte($0) })
        {
            writtenLabel = String(decoding: labelText, as: UTF8.self)
            label = writtenLabel.lowercased()
            let (value, start) = Self.trimmedWithStart(bytes[(colon + 1)...])
            self.value = String(decoding: value, as: UTF8.self)
            valueColumn = Self.column(of: start, in: bytes)
        } else {
            writtenLabel = ""
            label = nil
            let (value, start) = Self.trimmedWithStart(bytes[...])
            self.value = String(decoding: value, as: UTF8.self)
            valueColumn = Self.column(of: start, in: bytes)
        }
    }

    /// Whether the line holds nothing but blank space: a line between blocks.
    var isBlank: Bool { label == nil && value.isEmpty }

    /// The value with each run of blank space made one space: a description as a name.
    var collapsedValue: String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// Letters, digits, spaces and the few marks labels are written with.
    private static func isLabelByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case 0x20, UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: ")"): true
        default: byte >= 0x80
        }
    }

    /// `bytes` with each no-break space (UTF-8 `C2 A0`) and tab made a plain space.
    private static func plainSpaces(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(where: { $0 == 0xC2 || $0 == 0x09 }) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xA0 {
                out.append(0x20)
                i += 2
                continue
            }
            out.append(bytes[i] == 0x09 ? 0x20 : bytes[i])
            i += 1
        }
        return out
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        trimmedWithStart(bytes).0
    }

    /// The slice without spaces at either end, and the index where it starts.
    private static func trimmedWithStart(_ bytes: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, Int) {
        guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }) else {
            return ([], bytes.endIndex)
        }
        return (bytes[first...last], first)
    }

    /// The 1-based character column of byte `offset` in `bytes`. Columns count the line as read,
    /// a no-break space one column like any character.
    private static func column(of offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }
}
