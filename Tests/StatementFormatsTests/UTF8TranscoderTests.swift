import Testing

@testable import StatementFormats

@Suite struct UTF8TranscoderTests {
    /// Decodes `bytes` fed in chunks of `chunk` bytes; returns the text and the replacement count.
    static func decode(_ bytes: [UInt8], as encoding: TextEncoding, chunk: Int = .max) -> (String, Int) {
        var transcoder = UTF8Transcoder(encoding: encoding)
        var output: [UInt8] = []
        var offset = 0
        repeat {
            let end = bytes.count - offset > chunk ? offset + chunk : bytes.count
            bytes[offset..<end].withUnsafeBufferPointer { transcoder.decode($0, into: &output, isFinal: end == bytes.count) }
            offset = end
        } while offset < bytes.count
        return (String(decoding: output, as: UTF8.self), transcoder.replacedCount)
    }

    static func utf16(_ units: [UInt16], littleEndian: Bool) -> [UInt8] {
        units.flatMap { unit -> [UInt8] in
            let lo = UInt8(truncatingIfNeeded: unit), hi = UInt8(truncatingIfNeeded: unit >> 8)
            return littleEndian ? [lo, hi] : [hi, lo]
        }
    }

    struct Single: Sendable, CustomTestStringConvertible {
        let name: String
        let encoding: TextEncoding
        let byte: UInt8
        let scalar: Unicode.Scalar
        var testDescription: String { name }
    }

    static let singles: [Single] = [
        .init(name: "1252 0x80 is the euro sign", encoding: .windows1252, byte: 0x80, scalar: "€"),
        .init(name: "1252 0xE9 is é", encoding: .windows1252, byte: 0xE9, scalar: "é"),
        .init(name: "1252 0xA3 is £", encoding: .windows1252, byte: 0xA3, scalar: "£"),
        .init(name: "1252 0xA0 is a no-break space", encoding: .windows1252, byte: 0xA0, scalar: "\u{A0}"),
        .init(name: "1252 0x92 is the typographic apostrophe", encoding: .windows1252, byte: 0x92, scalar: "’"),
        .init(name: "1252 0x96 is the en dash", encoding: .windows1252, byte: 0x96, scalar: "–"),
        .init(name: "1252 0x8A is Š", encoding: .windows1252, byte: 0x8A, scalar: "Š"),
        .init(name: "1252 0x9C is œ", encoding: .windows1252, byte: 0x9C, scalar: "œ"),
        .init(name: "1252 0x9F is Ÿ", encoding: .windows1252, byte: 0x9F, scalar: "Ÿ"),
        .init(name: "1252 0x85 is the ellipsis", encoding: .windows1252, byte: 0x85, scalar: "…"),
        .init(name: "1252 unassigned 0x81 stays a C1 control (WHATWG)", encoding: .windows1252, byte: 0x81, scalar: "\u{81}"),
        .init(name: "1252 unassigned 0x9D stays a C1 control", encoding: .windows1252, byte: 0x9D, scalar: "\u{9D}"),
        .init(name: "1252 0xFF is ÿ", encoding: .windows1252, byte: 0xFF, scalar: "ÿ"),
        .init(name: "1252 ASCII unchanged", encoding: .windows1252, byte: 0x41, scalar: "A"),
        .init(name: "Latin-1 0x80 is the C1 control, not the euro", encoding: .latin1, byte: 0x80, scalar: "\u{80}"),
        .init(name: "Latin-1 0xA4 is the currency sign", encoding: .latin1, byte: 0xA4, scalar: "¤"),
        .init(name: "Latin-1 0xE9 is é", encoding: .latin1, byte: 0xE9, scalar: "é"),
        .init(name: "Latin-9 0xA4 is the euro sign", encoding: .latin9, byte: 0xA4, scalar: "€"),
        .init(name: "Latin-9 0xA6 is Š", encoding: .latin9, byte: 0xA6, scalar: "Š"),
        .init(name: "Latin-9 0xBD is œ", encoding: .latin9, byte: 0xBD, scalar: "œ"),
        .init(name: "Latin-9 0xBE is Ÿ", encoding: .latin9, byte: 0xBE, scalar: "Ÿ"),
        .init(name: "Latin-9 0xE9 is é as in Latin-1", encoding: .latin9, byte: 0xE9, scalar: "é"),
        .init(name: "Latin-9 0x80 is the C1 control", encoding: .latin9, byte: 0x80, scalar: "\u{80}"),
        .init(name: "1250 0x8A is Š", encoding: .windows1250, byte: 0x8A, scalar: "Š"),
        .init(name: "1250 0x9D is ť", encoding: .windows1250, byte: 0x9D, scalar: "ť"),
        .init(name: "1250 0xB3 is ł", encoding: .windows1250, byte: 0xB3, scalar: "ł"),
        .init(name: "1250 0xB9 is ą", encoding: .windows1250, byte: 0xB9, scalar: "ą"),
        .init(name: "1250 0xC8 is Č", encoding: .windows1250, byte: 0xC8, scalar: "Č"),
        .init(name: "1250 0xF8 is ř", encoding: .windows1250, byte: 0xF8, scalar: "ř"),
        .init(name: "1250 0xF9 is ů", encoding: .windows1250, byte: 0xF9, scalar: "ů"),
        .init(name: "1250 0x80 is the euro sign", encoding: .windows1250, byte: 0x80, scalar: "€"),
        .init(name: "1250 unassigned 0x81 stays a C1 control", encoding: .windows1250, byte: 0x81, scalar: "\u{81}"),
        .init(name: "ISO 8859-2 0xA9 is Š", encoding: .latin2, byte: 0xA9, scalar: "Š"),
        .init(name: "ISO 8859-2 0xB1 is ą", encoding: .latin2, byte: 0xB1, scalar: "ą"),
        .init(name: "ISO 8859-2 0xB9 is š", encoding: .latin2, byte: 0xB9, scalar: "š"),
        .init(name: "ISO 8859-2 0xF8 is ř as in 1250", encoding: .latin2, byte: 0xF8, scalar: "ř"),
        .init(name: "ISO 8859-2 0x9A is a C1 control", encoding: .latin2, byte: 0x9A, scalar: "\u{9A}"),
        .init(name: "1251 0xC0 is А", encoding: .windows1251, byte: 0xC0, scalar: "А"),
        .init(name: "1251 0xFF is я", encoding: .windows1251, byte: 0xFF, scalar: "я"),
        .init(name: "1251 0xA8 is Ё", encoding: .windows1251, byte: 0xA8, scalar: "Ё"),
        .init(name: "1251 0xB9 is №", encoding: .windows1251, byte: 0xB9, scalar: "№"),
        .init(name: "1251 0x88 is the euro sign", encoding: .windows1251, byte: 0x88, scalar: "€"),
        .init(name: "1251 0xB3 is Ukrainian і", encoding: .windows1251, byte: 0xB3, scalar: "і"),
        .init(name: "1257 0xE0 is ą", encoding: .windows1257, byte: 0xE0, scalar: "ą"),
        .init(name: "1257 0xF0 is š", encoding: .windows1257, byte: 0xF0, scalar: "š"),
        .init(name: "1257 0xEB is ė", encoding: .windows1257, byte: 0xEB, scalar: "ė"),
        .init(name: "1257 0xF2 is ņ", encoding: .windows1257, byte: 0xF2, scalar: "ņ"),
        .init(name: "1257 0xA8 is Ø", encoding: .windows1257, byte: 0xA8, scalar: "Ø"),
        .init(name: "1257 unassigned 0xA1 is U+FFFD", encoding: .windows1257, byte: 0xA1, scalar: "\u{FFFD}"),
        .init(name: "1254 0xD0 is Ğ", encoding: .windows1254, byte: 0xD0, scalar: "Ğ"),
        .init(name: "1254 0xDD is İ", encoding: .windows1254, byte: 0xDD, scalar: "İ"),
        .init(name: "1254 0xDE is Ş", encoding: .windows1254, byte: 0xDE, scalar: "Ş"),
        .init(name: "1254 0xF0 is ğ", encoding: .windows1254, byte: 0xF0, scalar: "ğ"),
        .init(name: "1254 0xFD is ı", encoding: .windows1254, byte: 0xFD, scalar: "ı"),
        .init(name: "1254 0xFE is ş", encoding: .windows1254, byte: 0xFE, scalar: "ş"),
        .init(name: "1254 0xE7 is ç as in 1252", encoding: .windows1254, byte: 0xE7, scalar: "ç"),
        .init(name: "1254 0x80 is the euro sign", encoding: .windows1254, byte: 0x80, scalar: "€"),
        .init(name: "1254 unassigned 0x8E stays a C1 control", encoding: .windows1254, byte: 0x8E, scalar: "\u{8E}"),
    ]

    @Test(arguments: singles)
    func singleByte(_ c: Single) {
        let (text, replaced) = Self.decode([0x3C, c.byte, 0x3E], as: c.encoding)
        #expect(Array(text.unicodeScalars) == ["<", c.scalar, ">"])
        #expect(replaced == 0)
    }

    @Test(arguments: [TextEncoding.windows1252, .latin1, .latin9, .windows1250, .windows1251, .windows1257, .latin2, .windows1254])
    func everySingleByteDecodesToOneScalar(_ encoding: TextEncoding) {
        let bytes = (0...255).map { UInt8($0) }
        let (text, replaced) = Self.decode(bytes, as: encoding, chunk: 7)
        #expect(text.unicodeScalars.count == 256)
        #expect(replaced == 0)
        #expect(Array(text.unicodeScalars.prefix(128)) == (0..<128).map { Unicode.Scalar(UInt8($0)) })
    }

    @Test func windows1252Sentence() {
        // "Café – 12,50 €" as Excel writes it.
        let bytes: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x96, 0x20, 0x31, 0x32, 0x2C, 0x35, 0x30, 0x20, 0x80]
        #expect(Self.decode(bytes, as: .windows1252).0 == "Café – 12,50 €")
    }

    static let sample = "Date;Café;€;😀\n"

    @Test(arguments: [true, false])
    func utf16WithEveryChunkSize(littleEndian: Bool) {
        // Every chunk size splits code units and the surrogate pair of 😀 at every possible point.
        let bytes = Self.utf16(Array(Self.sample.utf16), littleEndian: littleEndian)
        for chunk in 1...bytes.count {
            let (text, replaced) = Self.decode(bytes, as: littleEndian ? .utf16LE : .utf16BE, chunk: chunk)
            #expect(text == Self.sample, "chunk \(chunk)")
            #expect(replaced == 0, "chunk \(chunk)")
        }
    }

    @Test(arguments: [(TextEncoding.utf16LE, true), (.utf16BE, false)])
    func surrogatePairSplitBetweenTwoChunks(_ encoding: TextEncoding, littleEndian: Bool) {
        var transcoder = UTF8Transcoder(encoding: encoding)
        var output: [UInt8] = []
        let high = Self.utf16([0xD83D], littleEndian: littleEndian), low = Self.utf16([0xDE00], littleEndian: littleEndian)
        high.withUnsafeBufferPointer { transcoder.decode($0, into: &output, isFinal: false) }
        #expect(output.isEmpty, "a high surrogate waits for its partner")
        low.withUnsafeBufferPointer { transcoder.decode($0, into: &output, isFinal: true) }
        #expect(output == Array("😀".utf8))
        #expect(transcoder.replacedCount == 0)
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let units: [UInt16]
        let extraByte: UInt8?
        let expected: String
        let replaced: Int
        var testDescription: String { name }
    }

    static let broken: [Broken] = [
        .init(name: "high surrogate followed by a letter", units: [0xD83D, 0x41], extraByte: nil, expected: "\u{FFFD}A", replaced: 1),
        .init(name: "lone low surrogate", units: [0x41, 0xDE00, 0x42], extraByte: nil, expected: "A\u{FFFD}B", replaced: 1),
        .init(
            name: "two high surrogates then a low: the second pairs", units: [0xD83D, 0xD83D, 0xDE00], extraByte: nil,
            expected: "\u{FFFD}😀", replaced: 1),
        .init(name: "high surrogate at the end of the input", units: [0x41, 0xD83D], extraByte: nil, expected: "A\u{FFFD}", replaced: 1),
        .init(name: "odd trailing byte at the end of the input", units: [0x41], extraByte: 0x42, expected: "A\u{FFFD}", replaced: 1),
        .init(
            name: "high surrogate then an odd byte at the end: one U+FFFD (WHATWG)", units: [0xD83D], extraByte: 0x41,
            expected: "\u{FFFD}", replaced: 1),
        .init(
            name: "low then high surrogate (reversed pair)", units: [0xDE00, 0xD83D], extraByte: nil,
            expected: "\u{FFFD}\u{FFFD}", replaced: 2),
    ]

    @Test(arguments: broken, [true, false])
    func unpairedSurrogates(_ c: Broken, littleEndian: Bool) {
        let bytes = Self.utf16(c.units, littleEndian: littleEndian) + (c.extraByte.map { [$0] } ?? [])
        for chunk in [1, 2, 3, bytes.count] {
            let (text, replaced) = Self.decode(bytes, as: littleEndian ? .utf16LE : .utf16BE, chunk: chunk)
            #expect(text == c.expected, "chunk \(chunk)")
            #expect(replaced == c.replaced, "chunk \(chunk)")
        }
    }

    @Test func pendingHalfIsNotFlushedBeforeTheFinalChunk() {
        var transcoder = UTF8Transcoder(encoding: .utf16LE)
        var output: [UInt8] = []
        [UInt8(0x41)].withUnsafeBufferPointer { transcoder.decode($0, into: &output, isFinal: false) }
        #expect(output.isEmpty && transcoder.replacedCount == 0)
        [UInt8(0x00)].withUnsafeBufferPointer { transcoder.decode($0, into: &output, isFinal: true) }
        #expect(output == [0x41])
    }

    struct BOM: Sendable, CustomTestStringConvertible {
        let name: String
        let encoding: TextEncoding
        let bytes: [UInt8]
        let expected: String
        var testDescription: String { name }
    }

    static let boms: [BOM] = [
        .init(name: "UTF-8 BOM dropped", encoding: .utf8, bytes: [0xEF, 0xBB, 0xBF] + Array("a,é".utf8), expected: "a,é"),
        .init(
            name: "UTF-16LE BOM dropped", encoding: .utf16LE, bytes: [0xFF, 0xFE] + utf16(Array("a,é".utf16), littleEndian: true),
            expected: "a,é"),
        .init(
            name: "UTF-16BE BOM dropped", encoding: .utf16BE, bytes: [0xFE, 0xFF] + utf16(Array("a,é".utf16), littleEndian: false),
            expected: "a,é"),
        .init(
            name: "a BOM later in the text is kept as U+FEFF", encoding: .utf16LE,
            bytes: utf16([0x41, 0xFEFF, 0x42], littleEndian: true), expected: "A\u{FEFF}B"),
        .init(
            name: "only one leading BOM is dropped", encoding: .utf8, bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x41],
            expected: "\u{FEFF}A"),
        .init(
            name: "the other byte order's BOM is not dropped", encoding: .utf16LE, bytes: [0xFE, 0xFF, 0x41, 0x00],
            expected: "\u{FFFE}A"),
        .init(
            name: "single-byte encodings have no BOM: FF FE are ÿþ", encoding: .windows1252, bytes: [0xFF, 0xFE, 0x41],
            expected: "ÿþA"),
        .init(name: "UTF-8 passes through unchanged", encoding: .utf8, bytes: Array("€ 😀".utf8), expected: "€ 😀"),
    ]

    @Test(arguments: boms)
    func byteOrderMark(_ c: BOM) {
        // Any first chunk of four bytes or more holds the whole BOM.
        for chunk in [4, 5, c.bytes.count] {
            #expect(Self.decode(c.bytes, as: c.encoding, chunk: chunk).0 == c.expected, "chunk \(chunk)")
        }
    }
}

@Suite struct Windows1254TableTests {
    /// The table is glibc's WINDOWS-1254, byte for byte; the seven bytes it leaves unassigned are
    /// C1 controls, as in the other Windows tables.
    @Test func matchesGlibc() {
        let unassigned: Set<Int> = [0x81, 0x8D, 0x8E, 0x8F, 0x90, 0x9D, 0x9E]
        for byte in 0x80...0xFF {
            let scalar = SingleByteTables.windows1254[byte]
            let written = Unicode.Scalar(scalar).flatMap { legacyBytes(String(Character($0)), "WINDOWS-1254") }
            if unassigned.contains(byte) {
                #expect(scalar == UInt32(byte) && written == nil, "0x\(String(byte, radix: 16))")
            } else {
                #expect(written == [UInt8(byte)], "0x\(String(byte, radix: 16)) U+\(String(scalar, radix: 16))")
            }
        }
    }
}
