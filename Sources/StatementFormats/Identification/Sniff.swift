/// What a reader's sniffer made of an input's first bytes: how sure it is, and why.
///
/// `pfin identify` prints the evidence of every reader, so that a user whose file is read as the
/// wrong format (or not at all) can see what each reader saw.
public struct Sniff: Sendable, Equatable {
    /// 0 (not this format) to 100 (certain). Readers of specific formats answer 60 and above for
    /// their markers; CSV answers at most 30, so that a format with markers always wins over it
    /// (60 only for pfin's own CSV header, a marker of its own).
    public var score: Int
    /// What the score rests on: the markers found and where (`"OFXHEADER:100" at line 1`), or, at
    /// score 0, why the input is not this format.
    public var evidence: [String]

    public init(score: Int, evidence: [String]) {
        self.score = max(0, min(100, score))
        self.evidence = evidence
    }

    /// Not this format, for `reason`.
    public static func no(_ reason: String) -> Sniff { Sniff(score: 0, evidence: [reason]) }

    /// This format, with `score`, for the reasons given.
    public static func yes(_ score: Int, _ evidence: String...) -> Sniff { Sniff(score: score, evidence: evidence) }
}

/// The first bytes of an input as the sniffers see them: the raw bytes (for binary signatures) and
/// the same bytes as UTF-8-compatible text (a UTF-16 file transcoded, the byte-order mark dropped).
///
/// Single-byte encodings (Windows-1252 and the like) are left as they are: every marker a sniffer
/// looks for is ASCII, which they share with UTF-8.
public struct SniffInput: Sendable {
    /// How much of an input identification looks at: markers anywhere in it count.
    public static let window = 64 << 10

    /// The input's first bytes, as read.
    public let raw: [UInt8]
    /// `raw` as text: without a byte-order mark, UTF-16 transcoded to UTF-8.
    public let text: [UInt8]
    /// The encoding the bytes look like.
    public let encoding: EncodingGuess
    /// Whether `raw` is the whole input.
    public let isComplete: Bool

    public init(_ prefix: [UInt8], isComplete: Bool = false) {
        raw = prefix
        self.isComplete = isComplete
        encoding = TextEncoding.guess(prefix, isComplete: isComplete)
        switch encoding.encoding {
        case .utf16LE, .utf16BE:
            var transcoder = UTF8Transcoder(encoding: encoding.encoding)
            var decoded: [UInt8] = []
            prefix.withUnsafeBufferPointer { transcoder.decode($0, into: &decoded, isFinal: isComplete) }
            text = decoded
        default:
            text = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(prefix.dropFirst(3)) : prefix
        }
    }

    /// Whether the text looks like text: no NUL bytes (UTF-16 aside) and few control characters.
    public var isText: Bool {
        if encoding.nulOffset != nil, encoding.encoding != .utf16LE, encoding.encoding != .utf16BE { return false }
        var controls = 0
        for byte in text.prefix(4096) where byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C && byte != 0x1A {
            controls += 1
        }
        return controls * 100 <= min(text.count, 4096)
    }

    /// The 1-based line of `offset` in `text`.
    public func line(at offset: Int) -> Int {
        var line = 1
        var i = 0
        let end = min(offset, text.count)
        while i < end {
            if text[i] == 0x0A || text[i] == 0x0D && (i + 1 == text.count || text[i + 1] != 0x0A) { line += 1 }
            i += 1
        }
        return line
    }

    /// The offset in `text` of the first occurrence of `needle`, ASCII letters compared without case.
    public func firstOffset(of needle: String, from start: Int = 0, ignoringCase: Bool = true) -> Int? {
        let n = Array(needle.utf8)
        guard let first = n.first, text.count >= n.count else { return nil }
        var i = max(0, start)
        let last = text.count - n.count
        let fold: (UInt8) -> UInt8 = { ignoringCase && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let f = fold(first)
        return text.withUnsafeBufferPointer { t -> Int? in
            while i <= last {
                if fold(t[i]) == f {
                    var k = 1
                    while k < n.count, fold(t[i + k]) == fold(n[k]) { k += 1 }
                    if k == n.count { return i }
                }
                i += 1
            }
            return nil
        }
    }

    /// The text's lines (without their line breaks), the first `limit` of them.
    public func lines(limit: Int = 200) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        var i = 0
        while i < text.count, result.count < limit {
            if text[i] == 0x0A || text[i] == 0x0D {
                result.append(text[start..<i])
                if text[i] == 0x0D, i + 1 < text.count, text[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        if start < text.count, result.count < limit { result.append(text[start..<text.count]) }
        return result
    }
}
