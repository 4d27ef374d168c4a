/// Phrases (words separated by spaces), folded, matched against a text's tokens.
///
/// The steps ask about every word of every text, and almost every word begins no phrase: a phrase
/// is filed under its first word's first byte and length, so that such a word costs one lookup of
/// an empty bucket. The words' bytes lie in one array, phrases and buckets as offsets into it, so a
/// question retains no inner array. A class, built once: a struct reached through the shared tables
/// would be copied out, its arrays retained and released, for each question.
final class PayeePhrases: Sendable {
    /// Every phrase's words' folded bytes, one after another.
    private let bytes: [UInt8]
    /// Word `w` is `bytes[wordStart[w] ..< wordStart[w + 1]]`.
    private let wordStart: [Int32]
    /// Phrase `p` is words `phraseStart[p] ..< phraseStart[p + 1]`.
    private let phraseStart: [Int32]
    /// The phrases of bucket `b`, in table order: `bucketList[bucketStart[b] ..< bucketStart[b + 1]]`.
    private let bucketStart: [Int32]
    private let bucketList: [Int32]

    private static let longWord = 15

    init(_ texts: [String]) {
        var bytes: [UInt8] = []
        var wordStart: [Int32] = [0]
        var phraseStart: [Int32] = [0]
        var filed: [[Int32]] = Array(repeating: [], count: 256 * (Self.longWord + 1))
        for text in texts {
            let words = text.split(separator: " ").map { PayeeText.folded(String($0)) }.filter { !$0.isEmpty }
            guard let first = words.first else { continue }
            filed[Self.bucket(first[0], first.count)].append(Int32(phraseStart.count - 1))
            for word in words {
                bytes += word
                wordStart.append(Int32(bytes.count))
            }
            phraseStart.append(Int32(wordStart.count - 1))
        }
        var bucketStart: [Int32] = [0]
        var bucketList: [Int32] = []
        for phrases in filed {
            bucketList += phrases
            bucketStart.append(Int32(bucketList.count))
        }
        self.bytes = bytes
        self.wordStart = wordStart
        self.phraseStart = phraseStart
        self.bucketStart = bucketStart
        self.bucketList = bucketList
    }

    @inline(__always)
    private static func bucket(_ firstByte: UInt8, _ length: Int) -> Int {
        Int(firstByte) &* (longWord + 1) &+ min(length, longWord)
    }

    /// The longest phrase that the tokens from `index` start with: its index and word count (of
    /// phrases as long, the first in the table).
    @inline(__always)
    func longest(in tokens: PayeeTokens, at index: Int) -> (phrase: Int, words: Int)? {
        guard index < tokens.count else { return nil }
        let length = tokens.length(index)
        guard length > 0 else { return nil }
        let b = Self.bucket(tokens.foldedByte(index, 0), length)
        let candidates = bucketStart.withUnsafeBufferPointer { Int($0[b])..<Int($0[b + 1]) }
        // Almost every word: an empty bucket, answered here without a call.
        guard !candidates.isEmpty else { return nil }
        return longest(in: tokens, at: index, among: candidates)
    }

    @inline(never)
    private func longest(in tokens: PayeeTokens, at index: Int, among candidates: Range<Int>) -> (phrase: Int, words: Int)? {
        var best: (Int, Int)?
        for c in candidates {
            let p = Int(bucketList[c])
            let firstWord = Int(phraseStart[p])
            let count = Int(phraseStart[p + 1]) - firstWord
            guard index + count <= tokens.count, count > (best?.1 ?? 0) else { continue }
            var all = true
            for k in 0..<count where !matches(tokens, index + k, word: firstWord + k) {
                all = false
                break
            }
            if all { best = (p, count) }
        }
        return best
    }

    /// Whether token `i` is word `w`.
    @inline(__always)
    private func matches(_ tokens: PayeeTokens, _ i: Int, word w: Int) -> Bool {
        let from = Int(wordStart[w])
        let count = Int(wordStart[w + 1]) - from
        guard tokens.length(i) == count else { return false }
        let start = tokens.starts[i]
        return tokens.folded.withUnsafeBufferPointer { folded in
            bytes.withUnsafeBufferPointer { word in
                for k in 0..<count where folded[start + k] != word[from + k] { return false }
                return true
            }
        }
    }

    /// The longest phrase that ends at token `end` (exclusive) among kept tokens: its word count.
    func endingBefore(_ end: Int, in tokens: PayeeTokens) -> Int? {
        var best: Int?
        for start in stride(from: end - 1, through: max(0, end - 3), by: -1) {
            guard tokens.isKept(start) else { break }
            if let (_, words) = longest(in: tokens, at: start), start + words == end { best = words }
        }
        return best
    }
}
