import Testing

@testable import StatementFormats

/// Decoding Shift_JIS, GB18030, Big5 and EUC-KR through glibc's iconv, a chunk at a time.
@Suite struct MultiByteDecoderTests {
    static func decode(_ bytes: [UInt8], as encoding: TextEncoding, chunk: Int = .max) -> (String, Int) {
        UTF8TranscoderTests.decode(bytes, as: encoding, chunk: chunk)
    }

    struct Sample: Sendable, CustomTestStringConvertible {
        let encoding: TextEncoding
        /// The glibc name the test encodes with.
        let charset: String
        let text: String
        var testDescription: String { "\(encoding.name): \(text)" }
    }

    /// Text with every kind of sequence each encoding has: ASCII, two-byte characters (some with
    /// an ASCII-range trail byte, `ソ` is 83 5C), half-width katakana (one byte in Shift_JIS), a
    /// Windows extension (`①`, `髙`), GB18030's four-byte sequences (`€` is 2 bytes, `𠀀` 4).
    static let samples: [Sample] = [
        .init(encoding: .shiftJIS, charset: "CP932", text: "取引日,ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ,ソニー,①髙橋,1,234円\r\n"),
        .init(encoding: .gb18030, charset: "GB18030", text: "交易日期,余额,瑞幸咖啡,€5,𠀀,¥"),
        .init(encoding: .big5, charset: "BIG5", text: "交易日期,餘額,許功蓋,摘要,￥"),
        .init(encoding: .eucKR, charset: "CP949", text: "거래일자,잔액,똠방각하,출금액"),
    ]

    @Test(arguments: samples)
    func decodesWholeAndInEveryChunkSize(_ sample: Sample) throws {
        let bytes = try #require(legacyBytes(sample.text, sample.charset))
        for chunk in [1, 2, 3, 5, bytes.count] {
            let (text, replaced) = Self.decode(bytes, as: sample.encoding, chunk: chunk)
            #expect(text == sample.text, "chunk \(chunk)")
            #expect(replaced == 0, "chunk \(chunk)")
        }
    }

    @Test(arguments: samples)
    func aSequenceCutAtAnyOffsetIsKeptForTheNextChunk(_ sample: Sample) throws {
        let bytes = try #require(legacyBytes(sample.text, sample.charset))
        for cut in 0...bytes.count {
            var transcoder = UTF8Transcoder(encoding: sample.encoding)
            var output: [UInt8] = []
            bytes[..<cut].withUnsafeBufferPointer { transcoder.decode($0, into: &output, isFinal: false) }
            bytes[cut...].withUnsafeBufferPointer { transcoder.decode($0, into: &output, isFinal: true) }
            #expect(String(decoding: output, as: UTF8.self) == sample.text, "cut at \(cut)")
            #expect(transcoder.replacedCount == 0, "cut at \(cut)")
        }
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let encoding: TextEncoding
        let bytes: [UInt8]
        let expected: String
        let replaced: Int
        var testDescription: String { name }
    }

    static let broken: [Broken] = [
        .init(
            name: "Shift_JIS lead byte before a space: the space stays", encoding: .shiftJIS, bytes: [0x41, 0x82, 0x20, 0x42], expected: "A\u{FFFD} B",
            replaced: 1),
        .init(name: "Shift_JIS lead byte at the end of the file", encoding: .shiftJIS, bytes: [0x41, 0x82], expected: "A\u{FFFD}", replaced: 1),
        .init(
            name: "Shift_JIS 0xA0 and 0xFD are no characters", encoding: .shiftJIS, bytes: [0xA0, 0x41, 0xFD, 0x42], expected: "\u{FFFD}A\u{FFFD}B", replaced: 2
        ),
        .init(
            name: "Shift_JIS lead byte before a line break, then a character", encoding: .shiftJIS, bytes: [0x82, 0x0A, 0x82, 0xA0],
            expected: "\u{FFFD}\nあ", replaced: 1),
        .init(
            name: "GB18030 four-byte sequence cut at the end", encoding: .gb18030, bytes: [0x41, 0x81, 0x30, 0x81], expected: "A\u{FFFD}0\u{FFFD}", replaced: 2),
        .init(
            name: "GB18030 0x80 and 0xFF are no lead bytes", encoding: .gb18030, bytes: [0x80, 0x41, 0xFF, 0x42], expected: "\u{FFFD}A\u{FFFD}B", replaced: 2),
        .init(name: "Big5 lead byte before a space", encoding: .big5, bytes: [0xA4, 0x40, 0xA4, 0x20], expected: "一\u{FFFD} ", replaced: 1),
        .init(name: "EUC-KR 0xFF after a syllable", encoding: .eucKR, bytes: [0xB0, 0xA1, 0xFF], expected: "가\u{FFFD}", replaced: 1),
    ]

    @Test(arguments: broken)
    func invalidSequencesAreReplacedAndCounted(_ c: Broken) {
        for chunk in [1, 2, c.bytes.count] {
            let (text, replaced) = Self.decode(c.bytes, as: c.encoding, chunk: chunk)
            #expect(text == c.expected, "chunk \(chunk)")
            #expect(replaced == c.replaced, "chunk \(chunk)")
        }
    }

    @Test func aCopyDecodesOnItsOwn() throws {
        // Two copies of a transcoder holding half a character go on with different chunks: each
        // completes its own half (and takes a converter of its own, copy on write).
        let bytes = try #require(legacyBytes("残高", "CP932"))
        var first = UTF8Transcoder(encoding: .shiftJIS)
        var output: [UInt8] = []
        bytes[..<1].withUnsafeBufferPointer { first.decode($0, into: &output, isFinal: false) }
        var second = first
        var a = output, b = output
        bytes[1...].withUnsafeBufferPointer { first.decode($0, into: &a, isFinal: true) }
        [UInt8(0x20)].withUnsafeBufferPointer { second.decode($0, into: &b, isFinal: true) }
        #expect(String(decoding: a, as: UTF8.self) == "残高")
        #expect(String(decoding: b, as: UTF8.self) == "\u{FFFD} ")
        #expect(first.replacedCount == 0 && second.replacedCount == 1)
    }

    @Test func aLongFileDecodesAsOneChunk() throws {
        // Buffer after buffer of iconv's output (`scratchBytes`), with an invalid byte among them.
        let line = "2024/03/05,ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店,1,234\n"
        let bytes = try #require(legacyBytes(String(repeating: line, count: 5000), "CP932"))
        #expect(bytes.count * 3 > MultiByteDecoder.scratchBytes * 4)
        var broken = bytes
        broken[bytes.count / 2 + 3] = 0xFD
        let (text, replaced) = Self.decode(broken, as: .shiftJIS, chunk: 1 << 16)
        #expect(replaced == 1)
        #expect(text.unicodeScalars.count == String(repeating: line, count: 5000).unicodeScalars.count)
        #expect(Self.decode(bytes, as: .shiftJIS).0 == String(repeating: line, count: 5000))
    }

    @Test func aMissingConverterIsSaidNotCrashedOn() {
        #expect(IconvConversion(from: "PFIN-NO-SUCH-CHARSET") == nil)
        let reason = IconvConversion.openFailure(from: "PFIN-NO-SUCH-CHARSET")
        #expect(reason?.contains("no PFIN-NO-SUCH-CHARSET converter") == true, "\(reason ?? "nil")")
        var decoder = MultiByteDecoder(encoding: .shiftJIS, charset: "PFIN-NO-SUCH-CHARSET")
        var output: [UInt8] = []
        [0x41, 0x82, 0xA0, 0x42].withUnsafeBufferPointer { decoder.decode($0, into: &output, isFinal: true) }
        #expect(String(decoding: output, as: UTF8.self) == "A\u{FFFD}\u{FFFD}B")
        #expect(decoder.replacedCount == 2)
        for encoding in [TextEncoding.shiftJIS, .gb18030, .big5, .eucKR] {
            #expect(encoding.unavailableReason == nil, "glibc's gconv modules decode \(encoding.name) here")
        }
    }
}
