/// Tells whether a file that is not UTF-8 is Chinese, Japanese or Korean text in one of the
/// multi-byte encodings (Shift_JIS, GB18030, Big5, EUC-KR), and in which.
///
/// Their bytes overlap: most pairs of bytes from 0x81 up are a character in each, so every
/// decoding is judged by what it gives, over the start of the detection window:
/// - a byte sequence that is no character of the encoding counts heavily against it;
/// - kana (full-width, and half-width in runs that read as Japanese) count for Shift_JIS, Hangul
///   syllables of everyday Korean for EUC-KR, and each counts against the other encodings;
/// - Han characters of bank statements (`CJKCharacters.bank`) count for Chinese and Japanese
///   readings, others outside the first level of the encoding's standard against them, and
///   every Han character against a Korean reading (Korean bank text is written in Hangul);
/// - private-use, rare-extension and compatibility characters, control characters, and one CJK
///   character stuck to Latin letters (`Müller` read as GBK is `M黮ler`) count against it;
/// - header cells that name a known column (`交易日期`, `残高`, `거래일자`) weigh most.
///
/// Simplified and traditional Chinese read each other as valid text, but not as the characters
/// of bank statements: `余额` in GB18030 is `欖塗` in Big5.
enum MultiByteDetection {
    /// The encodings, in the order a tie is settled.
    static let candidates: [TextEncoding] = [.shiftJIS, .gb18030, .big5, .eucKR]

    /// The best reading of `prefix` among the multi-byte encodings glibc can decode here.
    static func best(_ prefix: [UInt8]) -> CodePageDetection.Choice? {
        var best: CodePageDetection.Choice?
        for choice in scores(prefix) where best == nil || choice.score > best!.score {
            best = choice
        }
        return best
    }

    /// The score of each encoding glibc can decode here, in `candidates` order.
    static func scores(_ prefix: [UInt8]) -> [CodePageDetection.Choice] {
        let sample = prefix.prefix(CodePageDetection.sampleBytes)
        let isComplete = sample.count == prefix.count
        return candidates.filter { $0.unavailableReason == nil }.map { encoding in
            var transcoder = UTF8Transcoder(encoding: encoding)
            var text: [UInt8] = []
            sample.withUnsafeBufferPointer { transcoder.decode($0, into: &text, isFinal: isComplete) }
            var judge = Judge(encoding: encoding)
            judge.read(text)
            var score = judge.score - 10 * transcoder.replacedCount
            for line in CodePageDetection.headerCandidateLines(text[...]) {
                score += 10 * CodePageDetection.vocabularyHits(decodedLine: line, keepingScript: true)
            }
            return CodePageDetection.Choice(encoding: encoding, score: score)
        }
    }

    /// What a character is, as far as judging a reading goes.
    enum Kind: Equatable {
        case latinLetter, otherASCII
        case kana, halfWidthKana, han, hangul
        /// Private use, the rare extensions (CJK Extension A and beyond), compatibility
        /// ideographs, Hangul jamo: a wrong reading's characters.
        case rare
        /// A C1 control character.
        case control
        /// Letters of other scripts (accented Latin, Greek, Cyrillic) and box drawing: what a
        /// wrong reading makes of another table's symbol rows.
        case foreign
        /// Half-width Japanese punctuation (`｡ ｢ ｣ ､ ･`), seldom in bank text.
        case halfWidthSign
        /// Anything else: punctuation, full-width forms, signs, U+FFFD.
        case neutral

        init(_ v: UInt32) {
            switch v {
            case 0x41...0x5A, 0x61...0x7A: self = .latinLetter
            case 0..<0x80: self = .otherASCII
            case 0x80..<0xA0: self = .control
            case 0xC0...0x24F, 0x370...0x52F, 0x2500...0x257F: self = .foreign
            case 0x1100...0x11FF, 0x3130...0x318F, 0x3400...0x4DBF, 0xE000...0xF8FF, 0xF900...0xFAFF, 0x20000...: self = .rare
            case 0x3041...0x30FF: self = .kana
            case 0x3005, 0x3007, 0x4E00...0x9FFF: self = .han
            case 0xAC00...0xD7A3: self = .hangul
            case 0xFF61...0xFF65: self = .halfWidthSign
            case 0xFF66...0xFF9F: self = .halfWidthKana
            default: self = .neutral
            }
        }

        var isScript: Bool { self == .kana || self == .halfWidthKana || self == .han || self == .hangul }
    }

    /// Scores one decoding, a run of CJK characters (kana, Han, Hangul) at a time.
    struct Judge {
        let encoding: TextEncoding
        private let firstLevel: Set<UInt32>
        private(set) var points = 0
        /// Points of full-width Japanese (kana, bank kanji) in a Shift_JIS reading.
        private var fullWidthJapanese = 0
        /// Points of half-width katakana, counted at half their number and never above the
        /// full-width ones: Cyrillic capitals in Windows-1251, or EUC-KR and GBK text, read as
        /// Shift_JIS are runs of half-width katakana too, but never come with full-width kana.
        private var halfWidthKana = 0
        private var run: [UInt32] = []
        private var before = Kind.otherASCII

        init(encoding: TextEncoding) {
            self.encoding = encoding
            firstLevel = CJKCharacters.firstLevel(encoding)
        }

        var score: Int { points + min(halfWidthKana / 2, max(0, fullWidthJapanese)) }

        /// Judges `text` (UTF-8).
        mutating func read(_ text: [UInt8]) {
            for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
                let kind = Kind(scalar.value)
                if kind.isScript {
                    run.append(scalar.value)
                    continue
                }
                if !run.isEmpty { endRun(after: kind) }
                switch kind {
                case .rare, .control: points -= 3
                case .foreign, .halfWidthSign: points -= 1
                default: break
                }
                before = kind
            }
            if !run.isEmpty { endRun(after: .otherASCII) }
        }

        private mutating func endRun(after: Kind) {
            defer {
                run.removeAll(keepingCapacity: true)
            }
            if run.count == 1 && (before == .latinLetter || after == .latinLetter) {
                points -= 3
                return
            }
            let kinds = run.map(Kind.init)
            let halfOnly = kinds.allSatisfy { $0 == .halfWidthKana }
            if !halfOnly && kinds.contains(.halfWidthKana) { points -= 2 }
            if kinds.contains(.hangul) && kinds.contains(.han) { points -= 3 }
            for (i, v) in run.enumerated() {
                switch kinds[i] {
                case .kana:
                    if encoding == .shiftJIS {
                        points += 2
                        fullWidthJapanese += 2
                    } else {
                        points -= 2
                    }
                case .halfWidthKana:
                    if encoding != .shiftJIS {
                        points -= 2
                    } else if !HalfWidthKana.fits(v, after: i > 0 ? run[i - 1] : nil, i > 1 ? run[i - 2] : nil) {
                        points -= 2
                    } else if halfOnly && v != 0xFF66 {
                        halfWidthKana += 1
                    }
                case .hangul:
                    points += encoding != .eucKR ? -2 : CJKCharacters.ksHangul.contains(v) ? 2 : -1
                case .han:
                    if encoding == .eucKR {
                        points -= 3
                    } else if CJKCharacters.bank.contains(v) {
                        points += 2
                        if encoding == .shiftJIS { fullWidthJapanese += 2 }
                    } else if !firstLevel.contains(v) {
                        points -= 1
                    }
                default: break
                }
            }
        }
    }
}

/// Where half-width katakana (U+FF66–FF9F) may stand in a word, as Japanese spells it: a wrong
/// reading puts voiced marks, small kana and the long-vowel mark after any letter.
enum HalfWidthKana {
    /// Whether `v` may follow `previous` (and the letter before it), `nil` at a word's start.
    static func fits(_ v: UInt32, after previous: UInt32?, _ beforePrevious: UInt32?) -> Bool {
        switch v {
        case 0xFF9E:  // ﾞ after ｳ, ｶ–ﾄ, ﾊ–ﾎ
            return previous.map { $0 == 0xFF73 || (0xFF76...0xFF84).contains($0) || (0xFF8A...0xFF8E).contains($0) } ?? false
        case 0xFF9F:  // ﾟ after ﾊ–ﾎ
            return previous.map { (0xFF8A...0xFF8E).contains($0) } ?? false
        case 0xFF6C...0xFF6E:  // ｬ ｭ ｮ after a letter of the i row, voiced or not
            guard let previous else { return false }
            if previous == 0xFF9E || previous == 0xFF9F { return beforePrevious.map(iRow.contains) ?? false }
            return iRow.contains(previous)
        case 0xFF67...0xFF6B:  // ｧ ｨ ｩ ｪ ｫ in loanwords: ﾌｧ, ﾃｨ, ｳｪ, ｼｪ, ﾄﾞｩ
            return previous.map { smallVowelHosts.contains($0) } ?? false
        case 0xFF6F, 0xFF70:  // ｯ ｰ after a letter
            return previous.map { $0 != 0xFF6F && $0 != 0xFF70 && $0 != 0xFF9D } ?? false
        case 0xFF9D:  // ﾝ ends syllables, never starts a word
            return previous != nil
        default:
            return true
        }
    }

    /// ｷ ｼ ﾁ ﾆ ﾋ ﾐ ﾘ
    private static let iRow: Set<UInt32> = [0xFF77, 0xFF7C, 0xFF81, 0xFF86, 0xFF8B, 0xFF90, 0xFF98]
    /// ｲ ｳ ｼ ｽ ﾁ ﾂ ﾃ ﾄ ﾌ and a voiced mark
    private static let smallVowelHosts: Set<UInt32> = [0xFF72, 0xFF73, 0xFF7C, 0xFF7D, 0xFF81, 0xFF82, 0xFF83, 0xFF84, 0xFF8C, 0xFF9E]
}
