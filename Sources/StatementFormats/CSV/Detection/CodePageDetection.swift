/// Tells the single-byte code pages banks write apart, for a file that is not UTF-8: Windows-1252
/// (Western), Windows-1250 and ISO 8859-2 (Central European), Windows-1251 (Cyrillic),
/// Windows-1257 (Baltic) and Windows-1254 (Turkish); and, through `MultiByteDetection`, the
/// Chinese, Japanese and Korean encodings.
///
/// The bytes do not say which it is, so each decoding is judged by what it gives: letters of one
/// script in each word (Cyrillic text read as Windows-1252 becomes words of accented Latin letters
/// only, `Äàòà`; Western text read as Windows-1251 mixes the scripts, `Mьller`), few symbols
/// where letters belong (`±` and `¶` are Polish `ą` and `ś` read as Windows-1250), no control
/// characters, and above all header cells that name known columns (`Částka`, `Сумма`,
/// `Aprašymas`). Only the start of the detection window is looked at, once per code page.
enum CodePageDetection {
    /// The code pages, in the order a tie is settled.
    static let candidates: [TextEncoding] = [.windows1252, .windows1250, .windows1251, .windows1257, .latin2, .windows1254]
    /// How much of the file is scored.
    static let sampleBytes = 64 << 10
    /// Lines searched for header cells (a header follows a preamble of at most a few dozen lines).
    static let headerLines = 60

    struct Choice: Equatable {
        var encoding: TextEncoding
        var score: Int
    }

    /// The encoding whose decoding of `prefix` reads best; Windows-1252 when none is better. A
    /// multi-byte encoding is chosen only when its reading scores above nothing and above every
    /// code page's, so that a file one of them reads well keeps it.
    static func choose(_ prefix: [UInt8]) -> TextEncoding {
        let single = bestSingleByte(prefix)
        if let multi = MultiByteDetection.best(prefix), multi.score > max(0, single.score) { return multi.encoding }
        return single.encoding
    }

    /// For the line readers (QIF, MT940), which read a file that is not UTF-8 as Windows-1252: a
    /// multi-byte encoding when one reads `prefix` better than nothing and every code page does
    /// (a Japanese bank's QIF in Shift_JIS), else Windows-1252 as before.
    static func lineReaderEncoding(_ prefix: [UInt8]) -> TextEncoding {
        let choice = choose(prefix)
        return choice.isMultiByte ? choice : .windows1252
    }

    /// The best of the single-byte code pages.
    static func bestSingleByte(_ prefix: [UInt8]) -> Choice {
        scores(prefix).max { $0.score < $1.score || ($0.score == $1.score && rank($0.encoding) > rank($1.encoding)) }
            ?? Choice(encoding: .windows1252, score: 0)
    }

    /// Every candidate's score, in `candidates` order.
    static func scores(_ prefix: [UInt8]) -> [Choice] {
        let sample = prefix.prefix(sampleBytes)
        let lines = headerCandidateLines(sample)
        return candidates.map { encoding in
            let classes = ByteClasses.of(encoding)
            var score = sample.withUnsafeBufferPointer { letterScore($0, classes, lowercase: ByteClasses.lowercase(encoding)) }
            score += 10 * vocabularyHits(lines, encoding)
            return Choice(encoding: encoding, score: score)
        }
    }

    private static func rank(_ encoding: TextEncoding) -> Int { candidates.firstIndex(of: encoding) ?? candidates.count }

    /// +1 for each word of two letters or more with non-ASCII letters all of one script (a lone
    /// letter says little: `Ł12,00` is more likely `£12,00`), -3 for a word that mixes Latin and
    /// Cyrillic, -2 for a Latin word of three or more accented letters and no plain one; -1 for a
    /// stray symbol, -3 for a control character or an unassigned byte; and -3 for each letter
    /// that the language whose alphabet holds most of the letters does not have.
    static func letterScore(_ bytes: UnsafeBufferPointer<UInt8>, _ classes: [ByteClass], lowercase: [UInt32]) -> Int {
        var score = 0
        var seen = [Bool](repeating: false, count: 128)
        var ascii = 0, latin = 0, cyrillic = 0
        func endWord() {
            if latin + cyrillic > 0 {
                if cyrillic > 0 && (latin > 0 || ascii > 0) {
                    score -= 3
                } else if latin >= 3 && ascii == 0 {
                    score -= 2
                } else if latin + cyrillic + ascii >= 2 {
                    score += 1
                }
            }
            ascii = 0; latin = 0; cyrillic = 0
        }
        for byte in bytes {
            if byte < 0x80 {
                if (byte | 0x20) &- UInt8(ascii: "a") < 26 { ascii += 1 } else { endWord() }
                continue
            }
            switch classes[Int(byte & 0x7F)] {
            case .latinLetter: latin += 1; seen[Int(byte & 0x7F)] = true
            case .cyrillicLetter: cyrillic += 1; seen[Int(byte & 0x7F)] = true
            case .symbol: endWord()
            case .stray: endWord(); score -= 1
            case .control: endWord(); score -= 3
            }
        }
        endWord()
        let letters = Set(seen.indices.filter { seen[$0] }.map { lowercase[$0] })
        return score - 3 * LanguageAlphabets.uncovered(letters)
    }

    /// How many header-like cells with non-ASCII letters name a known column in `encoding`.
    private static func vocabularyHits(_ lines: [ArraySlice<UInt8>], _ encoding: TextEncoding) -> Int {
        var hits = 0
        for line in lines {
            var transcoder = UTF8Transcoder(encoding: encoding)
            var text: [UInt8] = []
            Array(line).withUnsafeBufferPointer { transcoder.decode($0, into: &text, isFinal: true) }
            hits += vocabularyHits(decodedLine: text[...])
        }
        return hits
    }

    /// How many cells of a decoded (UTF-8) line with non-ASCII letters name a known column. With
    /// `keepingScript`, only names whose kana, Han or Hangul the match rests on count: folding
    /// drops what it does not keep, so a wrong reading's `<NAME>ﾈﾒｿ` would otherwise be `name`.
    static func vocabularyHits(decodedLine text: ArraySlice<UInt8>, keepingScript: Bool = false) -> Int {
        var hits = 0
        let cells = text.split { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") || $0 == 0x09 || $0 == UInt8(ascii: "|") }
        for cell in cells where cell.contains(where: { $0 >= 0x80 }) && cell.count <= 60 {
            let name = String(decoding: cell, as: UTF8.self).trimmingCharacters(in: "\"").trimmingCharacters(in: " ")
            if keepingScript && !TextFolding.fold(name).utf8.contains(where: { $0 >= 0x80 }) { continue }
            if !HeaderMatching.candidates(name).isEmpty { hits += 1 }
        }
        return hits
    }

    /// The first lines of `sample` that hold a non-ASCII byte, where a header may stand.
    static func headerCandidateLines(_ sample: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = sample.startIndex
        var seen = 0
        var i = sample.startIndex
        while i < sample.endIndex && seen < headerLines {
            if sample[i] == 0x0A || sample[i] == 0x0D {
                let line = sample[start..<i]
                if line.contains(where: { $0 >= 0x80 }) { lines.append(line) }
                seen += 1
                start = i + 1
            }
            i += 1
        }
        return lines
    }

    /// What a byte of 0x80 or more decodes to in one code page, as far as judging it goes.
    enum ByteClass {
        case latinLetter, cyrillicLetter
        /// Punctuation and signs at home in any text: no-break space, typographic quotes and dashes, €, £, §, °.
        case symbol
        /// A sign that is rarely written where letters stand: `¤ ¦ ¨ ˇ ± ¶ ² ¼ ÷`.
        case stray
        /// A C1 control character or an unassigned byte.
        case control
    }

    enum ByteClasses {
        static func of(_ encoding: TextEncoding) -> [ByteClass] {
            switch encoding {
            case .windows1250: return windows1250
            case .windows1251: return windows1251
            case .windows1257: return windows1257
            case .windows1254: return windows1254
            case .latin2: return latin2
            default: return windows1252
            }
        }

        private static let windows1252 = classes(SingleByteTables.windows1252)
        private static let windows1254 = classes(SingleByteTables.windows1254)
        private static let windows1250 = classes(SingleByteTables.windows1250)
        private static let windows1251 = classes(SingleByteTables.windows1251)
        private static let windows1257 = classes(SingleByteTables.windows1257)
        private static let latin2 = classes(SingleByteTables.latin2)

        /// The lower-case form of each byte's letter (0 for a byte that is no letter).
        static func lowercase(_ encoding: TextEncoding) -> [UInt32] {
            switch encoding {
            case .windows1250: return lower1250
            case .windows1251: return lower1251
            case .windows1257: return lower1257
            case .windows1254: return lower1254
            case .latin2: return lowerLatin2
            default: return lower1252
            }
        }

        private static let lower1252 = lowercased(SingleByteTables.windows1252)
        private static let lower1254 = lowercased(SingleByteTables.windows1254)
        private static let lower1250 = lowercased(SingleByteTables.windows1250)
        private static let lower1251 = lowercased(SingleByteTables.windows1251)
        private static let lower1257 = lowercased(SingleByteTables.windows1257)
        private static let lowerLatin2 = lowercased(SingleByteTables.latin2)

        private static func lowercased(_ table: [UInt32]) -> [UInt32] {
            (0x80...0xFF).map { byte in
                guard let scalar = Unicode.Scalar(table[byte]), scalar.properties.isAlphabetic else { return 0 }
                return scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? scalar.value
            }
        }

        /// Signs at home in bank text (© and ® are not: in a name they are a misread letter).
        private static let symbols: Set<UInt32> = [
            0xA0, 0xA3, 0xA7, 0xAB, 0xAD, 0xB0, 0xB4, 0xBB, 0x2013, 0x2014, 0x2018, 0x2019, 0x201A, 0x201C,
            0x201D, 0x201E, 0x2022, 0x2026, 0x2039, 0x203A, 0x20AC, 0x2116, 0x2122,
        ]

        private static func classes(_ table: [UInt32]) -> [ByteClass] {
            (0x80...0xFF).map { byte -> ByteClass in
                let value = table[byte]
                if value < 0xA0 || value == 0xFFFD { return .control }
                if symbols.contains(value) { return .symbol }
                // µ ª º are letters to Unicode, but signs in a bank file.
                guard value != 0xB5, value != 0xAA, value != 0xBA, let scalar = Unicode.Scalar(value),
                    scalar.properties.isAlphabetic
                else { return .stray }
                return (0x400...0x52F).contains(value) ? .cyrillicLetter : .latinLetter
            }
        }
    }
}
