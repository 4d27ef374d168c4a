import Glibc

/// The character encodings bank exports arrive in.
public enum TextEncoding: String, Sendable, CaseIterable, Hashable {
    case utf8 = "utf-8"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    /// Windows code page 1252: what Excel and most European online banking write as "ANSI".
    case windows1252 = "windows-1252"
    /// ISO 8859-1, the identity map of the first 256 code points.
    case latin1 = "iso-8859-1"
    /// ISO 8859-15, Latin-1 with the euro sign.
    case latin9 = "iso-8859-15"
    /// Windows code page 1250, Central European (Czech, Polish, Slovak, Hungarian banks).
    case windows1250 = "windows-1250"
    /// Windows code page 1251, Cyrillic (Russian, Bulgarian, Ukrainian banks).
    case windows1251 = "windows-1251"
    /// Windows code page 1257, Baltic (Lithuanian, Latvian, Estonian banks).
    case windows1257 = "windows-1257"
    /// ISO 8859-2 (Latin-2), Central European.
    case latin2 = "iso-8859-2"
    /// Windows code page 1254, Turkish: Windows-1252 with `ğ Ğ ı İ ş Ş` in place of six letters.
    case windows1254 = "windows-1254"
    /// Shift_JIS as Windows writes it (code page 932, "Windows-31J"): Japanese banks and card
    /// companies, half-width katakana payee names included. Decoded as CP932, its superset.
    case shiftJIS = "shift_jis"
    /// GB18030, the superset of GBK (code page 936) and GB2312: Chinese banks and Alipay.
    case gb18030 = "gb18030"
    /// Big5 as Windows writes it (code page 950): Taiwanese banks.
    case big5 = "big5"
    /// EUC-KR, decoded as its superset CP949 (Unified Hangul Code): Korean banks.
    case eucKR = "euc-kr"

    /// The name a profile writes (`encoding windows-1252`).
    public var name: String { rawValue }

    /// Accepts the usual spellings: `utf8`, `UTF-8`, `cp1252`, `ansi`, `latin1`, `cp1250`, `latin2`,
    /// `utf-16` (little endian), `sjis`, `cp932`, `gbk`, `cp936`, `cp950`, `cp949`, `ks_c_5601-1987`…
    public init?(name: String) {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        switch key {
        case "utf8", "utf8bom", "utf8sig": self = .utf8
        case "utf16", "utf16le", "unicode", "ucs2", "ucs2le": self = .utf16LE
        case "utf16be", "ucs2be": self = .utf16BE
        case "windows1252", "cp1252", "win1252", "ansi", "ms1252": self = .windows1252
        case "iso88591", "latin1", "l1", "iso885911987": self = .latin1
        case "iso885915", "latin9", "l9": self = .latin9
        case "windows1250", "cp1250", "win1250", "ms1250": self = .windows1250
        case "windows1251", "cp1251", "win1251", "ms1251": self = .windows1251
        case "windows1257", "cp1257", "win1257", "ms1257": self = .windows1257
        case "iso88592", "latin2", "l2", "iso885921987": self = .latin2
        case "windows1254", "cp1254", "win1254", "ms1254": self = .windows1254
        case "shiftjis", "sjis", "cp932", "ms932", "windows31j", "xsjis", "mskanji", "csshiftjis": self = .shiftJIS
        case "gb18030", "gbk", "gb2312", "cp936", "ms936", "windows936", "euccn", "xgbk", "csgb2312": self = .gb18030
        case "big5", "big5hkscs", "cp950", "ms950", "windows950", "xxbig5", "csbig5": self = .big5
        case "euckr", "cp949", "uhc", "ms949", "windows949", "ksc56011987", "ksc5601", "cseuckr": self = .eucKR
        default: return nil
        }
    }

    /// The byte-order mark of this encoding, if it has one.
    var byteOrderMark: [UInt8] {
        switch self {
        case .utf8: return [0xEF, 0xBB, 0xBF]
        case .utf16LE: return [0xFF, 0xFE]
        case .utf16BE: return [0xFE, 0xFF]
        case .windows1252, .latin1, .latin9, .windows1250, .windows1251, .windows1257, .latin2, .windows1254: return []
        case .shiftJIS, .gb18030, .big5, .eucKR: return []
        }
    }

    /// Whether every byte is one character (the Windows and ISO 8859 code pages).
    public var isSingleByte: Bool { SingleByteTables.table(for: self) != nil }

    /// Whether characters take one or more bytes with ASCII as the single ones (the Chinese,
    /// Japanese and Korean encodings), decoded through glibc's iconv (`MultiByteDecoder`).
    public var isMultiByte: Bool { iconvName != nil }

    /// The name of the glibc converter that decodes this encoding: the Windows superset of each,
    /// as the exports are written by Windows software (Excel, the banks' servers).
    var iconvName: String? {
        switch self {
        case .shiftJIS: return "CP932"
        case .gb18030: return "GB18030"
        case .big5: return "BIG5"  // glibc's CP950 is this converter
        case .eucKR: return "CP949"
        default: return nil
        }
    }

    /// Why this encoding cannot be decoded on this machine (glibc's converter for it cannot be
    /// opened), or `nil` when it can.
    public var unavailableReason: String? {
        guard let iconvName else { return nil }
        return IconvConversion.openFailure(from: iconvName)
    }
}

/// What the first bytes of an input say about its encoding.
public struct EncodingGuess: Sendable, Equatable {
    public var encoding: TextEncoding
    /// True when a byte-order mark or the byte pattern made it certain.
    public var isCertain: Bool
    /// Offset of the first NUL byte, if the text (in a byte-oriented encoding) has one: a binary file.
    public var nulOffset: Int?
}

extension TextEncoding {
    /// Guesses the encoding from a prefix: a byte-order mark wins; otherwise UTF-16 when every other
    /// byte of mostly-ASCII text is zero; otherwise UTF-8 when the bytes are valid UTF-8 or mostly
    /// so, else Windows-1252 (which decodes any byte; the CSV reader then tells the other
    /// single-byte code pages apart, `CodePageDetection`).
    ///
    /// - Parameters:
    ///   - prefix: the first bytes of the input.
    ///   - isComplete: whether `prefix` is the whole input (a UTF-8 sequence cut at the end
    ///     of a partial prefix is not an error).
    public static func guess(_ prefix: [UInt8], isComplete: Bool) -> EncodingGuess {
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { return EncodingGuess(encoding: .utf8, isCertain: true) }
        if prefix.starts(with: [0xFF, 0xFE]) { return EncodingGuess(encoding: .utf16LE, isCertain: true) }
        if prefix.starts(with: [0xFE, 0xFF]) { return EncodingGuess(encoding: .utf16BE, isCertain: true) }
        let sample = prefix.prefix(4096)
        if sample.count >= 8 {
            var evenZeros = 0, oddZeros = 0
            for (i, byte) in sample.enumerated() where byte == 0 {
                if i % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
            }
            let pairs = sample.count / 2
            if oddZeros * 10 >= pairs * 7 && evenZeros * 10 < pairs { return EncodingGuess(encoding: .utf16LE, isCertain: true) }
            if evenZeros * 10 >= pairs * 7 && oddZeros * 10 < pairs { return EncodingGuess(encoding: .utf16BE, isCertain: true) }
        }
        // The whole detection window passes through here (2 MB of a large file): `memchr` and
        // word-at-a-time scans rather than byte loops.
        let (nul, tally, hasNonASCII) = prefix.withUnsafeBufferPointer { bytes in
            (firstNUL(in: bytes), UTF8Validation.tally(bytes, allowTruncatedEnd: !isComplete), !UTF8Validation.isASCII(bytes))
        }
        if tally.invalid == 0 {
            return EncodingGuess(encoding: .utf8, isCertain: hasNonASCII, nulOffset: nul)
        }
        // Mostly good UTF-8 with a few damaged bytes is still UTF-8 (the readers replace the bad
        // bytes and say where). A single-byte code page is taken only when the invalid bytes are
        // the pattern: most non-ASCII bytes stand alone, outside any valid sequence, as accented
        // letters do in Windows-1252 text (which almost never forms a valid sequence by accident).
        if tally.invalid <= tally.multiByteBytes {
            return EncodingGuess(encoding: .utf8, isCertain: false, nulOffset: nul)
        }
        return EncodingGuess(encoding: .windows1252, isCertain: false, nulOffset: nul)
    }

    /// The offset of the first NUL byte, or `nil`.
    private static func firstNUL(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, 0, bytes.count) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
