import Testing

@testable import StatementFormats

@Suite struct TextEncodingTests {
    static func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit -> [UInt8] in
            let lo = UInt8(truncatingIfNeeded: unit), hi = UInt8(truncatingIfNeeded: unit >> 8)
            return littleEndian ? [lo, hi] : [hi, lo]
        }
    }

    static let csv = "Date,Payee,Amount\n2024-05-03,Café,-5.00\n"

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let isComplete: Bool
        let expected: EncodingGuess
        init(_ name: String, _ bytes: [UInt8], complete: Bool = true, _ expected: EncodingGuess) {
            self.name = name; self.bytes = bytes; self.isComplete = complete; self.expected = expected
        }
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        .init(
            "UTF-8 byte-order mark", [0xEF, 0xBB, 0xBF] + Array("a,b\n".utf8),
            EncodingGuess(encoding: .utf8, isCertain: true)),
        .init(
            "UTF-8 byte-order mark wins over invalid bytes after it", [0xEF, 0xBB, 0xBF, 0xE9, 0x00],
            EncodingGuess(encoding: .utf8, isCertain: true)),
        .init(
            "UTF-16LE byte-order mark", [0xFF, 0xFE] + utf16(csv, littleEndian: true),
            EncodingGuess(encoding: .utf16LE, isCertain: true)),
        .init(
            "UTF-16BE byte-order mark", [0xFE, 0xFF] + utf16(csv, littleEndian: false),
            EncodingGuess(encoding: .utf16BE, isCertain: true)),
        .init("UTF-16LE byte-order mark alone", [0xFF, 0xFE], EncodingGuess(encoding: .utf16LE, isCertain: true)),
        .init(
            "UTF-16LE without BOM: every odd byte zero", utf16(csv, littleEndian: true),
            EncodingGuess(encoding: .utf16LE, isCertain: true)),
        .init(
            "UTF-16BE without BOM: every even byte zero", utf16(csv, littleEndian: false),
            EncodingGuess(encoding: .utf16BE, isCertain: true)),
        .init(
            "UTF-16LE without BOM, shortest sample of 8 bytes", utf16("a,b\n", littleEndian: true),
            EncodingGuess(encoding: .utf16LE, isCertain: true)),
        .init(
            "UTF-16 too short to judge (6 bytes) is UTF-8 with a NUL", utf16("a,b", littleEndian: true),
            EncodingGuess(encoding: .utf8, isCertain: false, nulOffset: 1)),
        .init(
            "plain ASCII is uncertain UTF-8", Array("Date,Amount\n2024-05-03,-5.00\n".utf8),
            EncodingGuess(encoding: .utf8, isCertain: false)),
        .init("UTF-8 with accents is certain", Array(csv.utf8), EncodingGuess(encoding: .utf8, isCertain: true)),
        .init("empty input is uncertain UTF-8", [], EncodingGuess(encoding: .utf8, isCertain: false)),
        .init(
            "two damaged bytes among two-byte sequences stay UTF-8", Array("Café Zürich Caf".utf8) + [0xE9, 0x2C, 0xFC],
            EncodingGuess(encoding: .utf8, isCertain: false)),
        .init(
            "more lone high bytes than bytes in valid sequences is a single-byte code page",
            Array("Café ".utf8) + [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72, 0x20, 0x47, 0x72, 0xFC, 0xDF],
            EncodingGuess(encoding: .windows1252, isCertain: false)),
        .init(
            "invalid UTF-8 (Latin-1 é) falls to windows-1252", Array("Caf".utf8) + [0xE9, 0x0A],
            EncodingGuess(encoding: .windows1252, isCertain: false)),
        .init(
            "windows-1252 euro sign 0x80 is not UTF-8", [0x80] + Array("12,00".utf8),
            EncodingGuess(encoding: .windows1252, isCertain: false)),
        .init("overlong UTF-8 encoding is invalid", [0xC0, 0x80, 0x41], EncodingGuess(encoding: .windows1252, isCertain: false)),
        .init("UTF-8-encoded surrogate is invalid", [0xED, 0xA0, 0x80], EncodingGuess(encoding: .windows1252, isCertain: false)),
        .init(
            "sequence cut at the end of a partial prefix is still UTF-8", Array("Caf".utf8) + [0xC3], complete: false,
            EncodingGuess(encoding: .utf8, isCertain: true)),
        .init(
            "sequence cut at the end of the whole input is not UTF-8", Array("Caf".utf8) + [0xC3], complete: true,
            EncodingGuess(encoding: .windows1252, isCertain: false)),
        .init(
            "NUL offset reported in UTF-8", Array("PK\u{3}\u{4}".utf8) + [0x00, 0x00] + Array("abcdefgh".utf8),
            EncodingGuess(encoding: .utf8, isCertain: false, nulOffset: 4)),
        .init(
            "NUL offset reported in windows-1252", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x41, 0x42, 0x43],
            EncodingGuess(encoding: .windows1252, isCertain: false, nulOffset: 8)),
        .init(
            "NUL at offset zero", [0x00] + Array("abcdefghijklmnop".utf8),
            EncodingGuess(encoding: .utf8, isCertain: false, nulOffset: 0)),
    ]

    @Test(arguments: cases)
    func guess(_ c: Case) {
        #expect(TextEncoding.guess(c.bytes, isComplete: c.isComplete) == c.expected)
    }

    @Test func onlyTheFirst4096BytesAreSampledForUTF16() {
        // UTF-16LE text followed by a long run of zero-free bytes: the sample still sees UTF-16.
        let bytes = Self.utf16(String(repeating: "a,b\n", count: 1024), littleEndian: true) + Array(repeating: 0x41, count: 10_000)
        #expect(TextEncoding.guess(bytes, isComplete: true).encoding == .utf16LE)
    }

    @Test(arguments: [
        ("utf8", TextEncoding.utf8 as TextEncoding?), ("UTF-8", .utf8), ("utf-8-sig", .utf8), ("UTF8 BOM", .utf8),
        ("utf-16", .utf16LE), ("UTF-16LE", .utf16LE), ("unicode", .utf16LE), ("UTF_16_BE", .utf16BE),
        ("cp1252", .windows1252), ("Windows-1252", .windows1252), ("ANSI", .windows1252),
        ("latin1", .latin1), ("ISO-8859-1", .latin1), ("iso-8859-15", .latin9), ("Latin9", .latin9),
        ("windows-1250", .windows1250), ("CP1250", .windows1250), ("cp1251", .windows1251), ("Windows-1251", .windows1251),
        ("windows-1257", .windows1257), ("cp1257", .windows1257), ("iso-8859-2", .latin2), ("ISO_8859-2", .latin2),
        ("latin2", .latin2),
        ("windows-1254", .windows1254), ("CP1254", .windows1254),
        ("Shift_JIS", .shiftJIS), ("shift-jis", .shiftJIS), ("SJIS", .shiftJIS), ("cp932", .shiftJIS), ("MS932", .shiftJIS),
        ("Windows-31J", .shiftJIS), ("x-sjis", .shiftJIS),
        ("GBK", .gb18030), ("gb2312", .gb18030), ("GB18030", .gb18030), ("cp936", .gb18030), ("EUC-CN", .gb18030),
        ("Big5", .big5), ("big5-hkscs", .big5), ("BIG5_HKSCS", .big5), ("cp950", .big5),
        ("EUC-KR", .eucKR), ("euckr", .eucKR), ("cp949", .eucKR), ("UHC", .eucKR), ("ks_c_5601-1987", .eucKR),
        ("ebcdic", nil), ("", nil), ("utf-32", nil), ("euc-jp", nil), ("iso-2022-jp", nil),
    ])
    func names(_ name: String, expected: TextEncoding?) {
        #expect(TextEncoding(name: name) == expected)
    }

    @Test(arguments: TextEncoding.allCases)
    func nameRoundTrips(_ encoding: TextEncoding) {
        #expect(TextEncoding(name: encoding.name) == encoding)
    }
}

@Suite struct UTF8ValidationTests {
    @Test(arguments: [
        ([UInt8](), nil as Int?),
        (Array("plain ASCII".utf8), nil),
        (Array("é € 😀".utf8), nil),
        ([0x41, 0x80], 1),  // lone continuation byte
        ([0x41, 0xC1, 0xBF], 1),  // C1 would be an overlong two-byte form
        ([0xC2, 0x41], 0),  // missing continuation
        ([0xE0, 0x9F, 0x80], 0),  // overlong three-byte form
        ([0xE0, 0xA0, 0x80], nil),  // smallest valid three-byte form
        ([0xED, 0x9F, 0xBF], nil),  // U+D7FF, just below the surrogates
        ([0xED, 0xA0, 0x80], 0),  // U+D800, a surrogate
        ([0xF0, 0x8F, 0xBF, 0xBF], 0),  // overlong four-byte form
        ([0xF4, 0x8F, 0xBF, 0xBF], nil),  // U+10FFFF, the last scalar
        ([0xF4, 0x90, 0x80, 0x80], 0),  // beyond U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], 0),
        ([0xFF], 0),
        ([0x41, 0x42, 0xE2, 0x82], 2),  // truncated at the end of a complete input
    ])
    func firstInvalid(_ bytes: [UInt8], expected: Int?) {
        let offset = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalid(in: $0, allowTruncatedEnd: false) }
        #expect(offset == expected)
        #expect(UTF8Validation.isValid(bytes, allowTruncatedEnd: false) == (expected == nil))
    }

    @Test(arguments: [
        ([0x41, 0xE2, 0x82], true),  // € cut after two bytes
        ([0x41, 0xF0], true),
        ([0x41, 0xE2, 0x41], false),  // not truncated: broken
        ([0x41, 0xE0, 0x80], false),  // what is there is already ill-formed
    ])
    func truncatedEnd(_ bytes: [UInt8], valid: Bool) {
        #expect(UTF8Validation.isValid(bytes, allowTruncatedEnd: true) == valid)
    }
}
