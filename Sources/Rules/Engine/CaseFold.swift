/// Case folding for the rules' case-insensitive comparisons, on UTF-8 bytes: the regex engine's
/// simple case folding (`Ä` → `ä`, `Σ` → `σ`), so that literals and regexes always agree. For
/// compiling, linting and learning; the engine folds transactions in `FoldedFields`.
enum CaseFold {
    static func fold(_ text: String) -> [UInt8] {
        RuleRegex.folded(text)
    }

    /// Whether `needle` occurs in `haystack` (both folded).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { h in needle.withUnsafeBufferPointer { n in FoldedText.contains(h, n) } }
    }
}
