/// Title case for a name written in capitals: each word's first letter stays a capital and the
/// rest become small, except spellings the table knows (acronyms, legal forms, brands), short
/// words without a vowel (`CSS`, `SBB`: acronyms), and particles inside a name (`de`, `of`).
/// Parts of a word after `-`, `/` or `(` are words of their own (`Kranken-Versicherung`); after an
/// apostrophe, a one-letter part makes the next a word (`O'Brien`, `L'Ancienne`, but `Joe's`).
///
/// A class, built once per normaliser: asked about every word, a struct held by the normaliser
/// would be loaded whole, its tables retained and released, for each.
final class PayeeTitleCase: Sendable {
    /// Folded spelling → the spelling.
    private let spellings: PayeeWordMap
    private let particles: PayeeWordSet

    init(spellings: [String], particles: [String]) {
        self.particles = PayeeWordSet(particles.map { PayeeText.folded($0) })
        self.spellings = PayeeWordMap(spellings.map { (PayeeText.folded($0), Array($0.utf8)) })
    }

    /// The same table with `more` spellings (a rules file's `spelling` lines), which win over its own.
    init(_ base: PayeeTitleCase, adding more: [String]) {
        particles = base.particles
        spellings = PayeeWordMap(base.spellings.pairs + more.map { (PayeeText.folded($0), Array($0.utf8)) })
    }

    /// Appends token `i` of `tokens` to `out`, title-cased; `first` is whether it opens the name.
    func append(_ tokens: PayeeTokens, _ i: Int, first: Bool, to out: inout [UInt8]) {
        let start = tokens.starts[i]
        let end = tokens.ends[i]
        let folded = tokens.folded[start..<end]
        let trimmed = folded.trimmingTrailingPunctuation
        if spellings.appendValue(of: trimmed, to: &out) {
            out.append(contentsOf: tokens.bytes[(start + trimmed.count)..<end])
            return
        }
        if !first && particles.contains(folded) {
            out.append(contentsOf: folded)
            return
        }
        // Capitals inside a word of a script without case (`JR東日本`, `银联ATM取款`, `ABC商事`) are
        // an acronym or a brand's own spelling; a ticker or acronym in brackets (`(AAPL)`) is one.
        if Self.hasCaselessLetter(tokens.bytes[start..<end]) || Self.isBracketedCode(tokens.bytes[start..<end]) {
            out.append(contentsOf: tokens.bytes[start..<end])
            return
        }
        var partStart = start
        var k = start
        while k <= end {
            if k == end || Self.isBoundary(tokens.bytes[k]) {
                appendPart(tokens, partStart..<k, to: &out)
                if k < end { out.append(tokens.bytes[k]) }
                partStart = k + 1
            } else if tokens.bytes[k] == UInt8(ascii: "'") && k - partStart == 1 {
                appendPart(tokens, partStart..<k, to: &out)
                out.append(tokens.bytes[k])
                partStart = k + 1
            }
            k += 1
        }
    }

    private static func isBoundary(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "-") || b == UInt8(ascii: "/") || b == UInt8(ascii: "(") || b == UInt8(ascii: "&")
            || b == UInt8(ascii: "+")
    }

    /// One part of a word: its spelling, kept in capitals (no vowel, two to four letters), or a
    /// capital and small letters.
    private func appendPart(_ tokens: PayeeTokens, _ range: Range<Int>, to out: inout [UInt8]) {
        guard !range.isEmpty else { return }
        let folded = tokens.folded[range]
        if spellings.appendValue(of: folded, to: &out) { return }
        if Self.isAcronymShaped(folded) || Self.isCode(folded) {
            out.append(contentsOf: tokens.bytes[range])
            return
        }
        // The first letter stays as written (a capital), everything after it small; after a
        // leading digit, all small (`3rd`).
        var seenLetter = PayeeText.isDigit(tokens.bytes[range.lowerBound])
        var k = range.lowerBound
        while k < range.upperBound {
            let b = tokens.bytes[k]
            if !seenLetter && (PayeeText.isUpper(b) || PayeeText.isLower(b) || (b >= 0xC3 && b <= 0xD1)) {
                // The first letter as written, a two-byte one (`É`, `Ż`, `Ч`) whole.
                seenLetter = true
                out.append(b)
                if b >= 0xC3, k + 1 < range.upperBound {
                    out.append(tokens.bytes[k + 1])
                    k += 1
                }
            } else {
                out.append(tokens.folded[k])
            }
            k += 1
        }
    }

    /// Whether `word` holds a letter of a script without case: Hebrew, Arabic and the scripts after
    /// them up to U+1DFF (Indic, Thai, …), CJK, kana, Hangul, Yi, compatibility ideographs,
    /// half-width kana, and the supplementary planes' ideographs. Only non-ASCII lead bytes decoded.
    static func hasCaselessLetter(_ word: ArraySlice<UInt8>) -> Bool {
        var k = word.startIndex
        while k < word.endIndex {
            let b = word[k]
            if b < 0xD6 {
                k += 1
                continue
            }
            if b <= 0xDF { return true }  // U+0580–U+07FF
            if b >= 0xF0 { return true }  // beyond the first plane: ideographs
            guard b <= 0xEF, k + 2 < word.endIndex else { return false }
            let scalar = UInt32(b & 0x0F) << 12 | UInt32(word[k + 1] & 0x3F) << 6 | UInt32(word[k + 2] & 0x3F)
            switch scalar {
            case 0x0800...0x109F, 0x1100...0x139F, 0x1400...0x1DFF, 0x2E80...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F: return true
            default: k += 3
            }
        }
        return false
    }

    /// `(AAPL)`, `(BP),`: two to five ASCII capitals in brackets, perhaps with a closing
    /// punctuation mark after them.
    static func isBracketedCode(_ word: ArraySlice<UInt8>) -> Bool {
        var w = word
        while let last = w.last, last == UInt8(ascii: ",") || last == UInt8(ascii: ".") || last == UInt8(ascii: ";") { w = w.dropLast() }
        guard w.count >= 4, w.count <= 7, w.first == UInt8(ascii: "("), w.last == UInt8(ascii: ")") else { return false }
        return w.dropFirst().dropLast().allSatisfy(PayeeText.isUpper)
    }

    /// A code of short runs of letters with digits among or after them (`SZ4WV2`, `MCC5411`, `B2B`,
    /// `22MAR25`): an identifier, a model or a date, not a word. A number with a suffix (`3RD`) or
    /// a word with a number (`SCHWAB1`, `PN1234LASTSCHRIFT`: a run of four letters or more) is none.
    static func isCode(_ folded: ArraySlice<UInt8>) -> Bool {
        var run = 0
        var digitAfterLetter = false
        var letters = false
        for b in folded {
            if PayeeText.isLower(b) {
                run += 1
                letters = true
                if run > 3 { return false }
            } else if PayeeText.isDigit(b) {
                if letters { digitAfterLetter = true }
                run = 0
            } else {
                return false
            }
        }
        return digitAfterLetter
    }

    /// Two to four ASCII letters without a vowel (`y` counts as one): `CSS`, `SBB`, `BP`, `DKB`.
    private static func isAcronymShaped(_ folded: ArraySlice<UInt8>) -> Bool {
        guard (2...4).contains(folded.count) else { return false }
        for b in folded {
            guard PayeeText.isLower(b) else { return false }
            switch b {
            case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "y"):
                return false
            default: continue
            }
        }
        return true
    }
}

extension ArraySlice where Element == UInt8 {
    /// Without trailing `,`, `:`, `;` or `.` (a word at a sentence's end).
    fileprivate var trimmingTrailingPunctuation: ArraySlice<UInt8> {
        var s = self
        while let last = s.last, last == UInt8(ascii: ",") || last == UInt8(ascii: ":") || last == UInt8(ascii: ";") {
            s = s.dropLast()
        }
        return s
    }
}
