/// Case folding for the rules' case-insensitive comparisons, on UTF-8 bytes.
enum CaseFold {
    /// `text` lower-cased as UTF-8, into `out` (emptied first). ASCII takes a fast path; text with
    /// other characters goes through the regex engine's simple case folding (`Ä` → `ä`, `Σ` → `σ`).
    static func fold(_ text: String, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var ascii = true
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes {
                if b >= 0x80 { ascii = false; break }
            }
            if ascii {
                out.reserveCapacity(bytes.count)
                for b in bytes { out.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b) }
            }
        } ?? { ascii = false }()
        if !ascii {
            out.removeAll(keepingCapacity: true)
            // The regex engine's folding, so that literals found by the index and by the
            // matcher agree (lowercased() leaves "ς" and "ſ" alone).
            RuleRegex.appendFolded(text, to: &out)
        }
    }

    static func fold(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        fold(text, into: &out)
        return out
    }

    /// Whether `needle` occurs in `haystack` (both folded).
    @inline(__always)
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        return haystack.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                let first = n[0]
                var i = 0
                let last = h.count - n.count
                while i <= last {
                    if h[i] == first {
                        var k = 1
                        while k < n.count && h[i + k] == n[k] { k += 1 }
                        if k == n.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }
}
