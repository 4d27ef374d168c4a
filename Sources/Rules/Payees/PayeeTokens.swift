/// A name's words (separated by spaces, tabs and line breaks) as byte ranges of the name and of its folded copy, each
/// kept or removed by a step. Reused from one name to the next.
///
/// A class: the steps pass it around for every word they look at, and a struct held by the
/// normaliser would be loaded whole, its five arrays retained and released, for each call.
final class PayeeTokens {
    @exclusivity(unchecked) private(set) var starts: [Int] = []
    @exclusivity(unchecked) private(set) var ends: [Int] = []
    @exclusivity(unchecked) private(set) var kept: [Bool] = []
    /// The name's bytes and their folded copy (the same length).
    @exclusivity(unchecked) var bytes: [UInt8] = []
    @exclusivity(unchecked) var folded: [UInt8] = []
    @exclusivity(unchecked) private var keptList: [Int] = []

    var count: Int { starts.count }

    /// Splits `text` (a range of `bytes`) into words.
    func split(_ range: Range<Int>) {
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        kept.removeAll(keepingCapacity: true)
        bytes.withUnsafeBufferPointer { bytes in
            var i = range.lowerBound
            let end = range.upperBound
            while i < end {
                while i < end && Self.isSeparator(bytes[i]) { i += 1 }
                guard i < end else { break }
                let start = i
                while i < end && !Self.isSeparator(bytes[i]) { i += 1 }
                starts.append(start)
                ends.append(i)
                kept.append(true)
            }
        }
    }

    /// Splits a number glued to the place after it (`5429NEW YORK`, `0042LONDON`: a card
    /// descriptor's store number and city, fixed-width fields run together) when the capitals, with
    /// the words after them, begin a known place (`isPlace`); the number is then a reference.
    func splitGluedPlaces(_ isPlace: (PayeeTokens, Int) -> Bool) {
        var i = 0
        while i < starts.count {
            var d = starts[i]
            while d < ends[i] && PayeeText.isDigit(bytes[d]) { d += 1 }
            if d - starts[i] >= 3, ends[i] - d >= 2, (d..<ends[i]).allSatisfy({ PayeeText.isUpper(bytes[$0]) }) {
                let end = ends[i]
                ends[i] = d
                starts.insert(d, at: i + 1)
                ends.insert(end, at: i + 1)
                kept.insert(true, at: i + 1)
                if !isPlace(self, i + 1) {
                    starts.remove(at: i + 1)
                    ends.remove(at: i + 1)
                    kept.remove(at: i + 1)
                    ends[i] = end
                }
            }
            i += 1
        }
    }

    /// Space, tab and line breaks: a bank's text of several lines is one name.
    @inline(__always)
    static func isSeparator(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    @inline(__always)
    func isKept(_ i: Int) -> Bool { kept[i] }

    @inline(__always)
    func remove(_ i: Int) { kept[i] = false }

    func remove(_ range: Range<Int>) { for i in range { kept[i] = false } }

    /// Token `i` back in the name (a step's removal undone).
    @inline(__always)
    func restore(_ i: Int) { kept[i] = true }

    @inline(__always)
    func length(_ i: Int) -> Int { ends[i] - starts[i] }

    /// Byte `k` of token `i`'s folded text.
    @inline(__always)
    func foldedByte(_ i: Int, _ k: Int) -> UInt8 { folded[starts[i] + k] }

    @inline(__always)
    func byte(_ i: Int, _ k: Int) -> UInt8 { bytes[starts[i] + k] }

    /// The kept tokens, in order. Listed into one reused buffer: a caller that still holds the
    /// previous list keeps it (the buffer is then copied, as any shared array).
    var keptIndices: [Int] {
        keptList.removeAll(keepingCapacity: true)
        for i in 0..<count where kept[i] { keptList.append(i) }
        return keptList
    }

    /// The last kept token, if any, and whether another is kept before it (without listing them).
    var lastKept: (index: Int, hasOthers: Bool)? {
        var i = count - 1
        while i >= 0 && !kept[i] { i -= 1 }
        guard i >= 0 else { return nil }
        var k = i - 1
        while k >= 0 && !kept[k] { k -= 1 }
        return (i, k >= 0)
    }

    /// The first kept token, if any (without listing them all).
    var firstKept: Int? {
        for i in 0..<count where kept[i] { return i }
        return nil
    }

    /// Whether token `i` holds a letter.
    func hasLetter(_ i: Int) -> Bool {
        bytes.withUnsafeBufferPointer { PayeeText.hasLetter(UnsafeBufferPointer(rebasing: $0[starts[i]..<ends[i]])) }
    }

    /// Counts of digits, ASCII letters and other bytes in token `i`.
    func shape(_ i: Int) -> (digits: Int, letters: Int, other: Int) {
        var d = 0, l = 0, o = 0
        for k in starts[i]..<ends[i] {
            let b = bytes[k]
            if PayeeText.isDigit(b) { d += 1 } else if PayeeText.isUpper(b) || PayeeText.isLower(b) { l += 1 } else { o += 1 }
        }
        return (d, l, o)
    }
}
