/// A fixed list of folded phrases (`credit card`, `thank you`), looked for as whole words in
/// text folded by `TextFolding.fold`: `card` is in "Card member" and "credit card 1234", not in
/// "Cardiff".
///
/// Each phrase is kept as its bytes between spaces and searched for in the folded text padded
/// with spaces: a pass per phrase over bytes, no `String` searching (which, generic over
/// `StringProtocol`, cost the detection of a 2 KB file 28 M instructions).
struct FoldedPhrases: Sendable {
    private let needles: [[UInt8]]

    /// - Parameter phrases: already folded (lower-case ASCII words, one space between them).
    init(_ phrases: [String]) {
        needles = phrases.map { Array(" \($0) ".utf8) }
    }

    /// Whether one of the phrases occurs in `text` as whole words, after folding it.
    func occur(in text: String) -> Bool {
        var folded: [UInt8] = [0x20]
        folded.append(contentsOf: TextFolding.fold(text).utf8)
        folded.append(0x20)
        guard folded.count > 2 else { return false }
        return folded.withUnsafeBufferPointer { haystack in
            needles.contains { needle in needle.withUnsafeBufferPointer { Self.find($0, in: haystack) } }
        }
    }

    /// Whether `needle` (two bytes or more) occurs in `haystack`.
    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count <= haystack.count else { return false }
        let first = needle[0]
        var start = 0
        while start <= haystack.count - needle.count {
            if haystack[start] == first {
                var matched = 1
                while matched < needle.count && haystack[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
