/// The text being searched, with the program's literal pool and sets: everything the matcher's
/// single-scalar tests read. Four words, so it travels in registers; the backtracker's own state is
/// larger and would be copied on every call if these tests were its methods.
struct RegexInput {
    let text: UnsafeBufferPointer<UInt8>
    let literals: UnsafeMutablePointer<UInt32>
    let sets: UnsafePointer<ScalarSet>

    var count: Int { text.count }

    /// The end of the scalar matched at `position`, or -1.
    @inline(__always)
    func matchOne(_ matcher: RegexInstruction.Matcher, _ argument: Int32, at position: Int) -> Int {
        guard position < text.count else { return -1 }
        let byte = text[position]
        switch matcher {
        case .scalar:
            if byte < 0x80 {
                return CaseFolding.foldASCII(UInt32(byte)) == UInt32(bitPattern: argument) ? position + 1 : -1
            }
            let (scalar, length) = UTF8Scalars.decodeMultibyte(text, at: position, lead: UInt32(byte))
            return CaseFolding.fold(scalar) == UInt32(bitPattern: argument) ? position + length : -1
        case .any:
            if byte < 0x80 { return byte != 0x0A ? position + 1 : -1 }
            return position + UTF8Scalars.length(lead: byte)
        case .set:
            if byte < 0x80 { return sets[Int(argument)].containsASCII(UInt32(byte)) ? position + 1 : -1 }
            let (scalar, length) = UTF8Scalars.decodeMultibyte(text, at: position, lead: UInt32(byte))
            return sets[Int(argument)].contains(folded: CaseFolding.fold(scalar)) ? position + length : -1
        }
    }

    /// Takes up to `limit` scalars matching `matcher` from `position`; returns where it stopped and how
    /// many it took. The matcher kind is decided once, outside the loop.
    @inline(__always)
    func advance(_ matcher: RegexInstruction.Matcher, _ argument: Int32, from position: Int, limit: Int32) -> (end: Int, taken: Int32) {
        var end = position
        var taken: Int32 = 0
        switch matcher {
        case .any:
            // ASCII bytes other than LF, in a tight loop; anything else one scalar at a time.
            while taken < limit, end < text.count {
                let byte = text[end]
                if byte == 0x0A { break }
                end += byte < 0x80 ? 1 : UTF8Scalars.length(lead: byte)
                taken += 1
            }
        case .set:
            let set = sets + Int(argument)
            while taken < limit, end < text.count {
                let byte = text[end]
                if byte < 0x80 {
                    guard set.pointee.containsASCII(UInt32(byte)) else { break }
                    end += 1
                } else {
                    let next = matchOne(.set, argument, at: end)
                    guard next >= 0 else { break }
                    end = next
                }
                taken += 1
            }
        case .scalar:
            while taken < limit {
                let next = matchOne(.scalar, argument, at: end)
                guard next >= 0 else { break }
                end = next
                taken += 1
            }
        }
        return (end, taken)
    }

    /// The end of the literal pool's `length` scalars from `start` matched at `position`, or -1.
    @inline(__always)
    func matchString(_ start: Int, length: Int, at position: Int) -> Int {
        var end = position
        for index in start..<(start + length) {
            guard end < text.count else { return -1 }
            let byte = text[end]
            if byte < 0x80 {
                guard CaseFolding.foldASCII(UInt32(byte)) == literals[index] else { return -1 }
                end += 1
            } else {
                let (scalar, length) = UTF8Scalars.decodeMultibyte(text, at: end, lead: UInt32(byte))
                guard CaseFolding.fold(scalar) == literals[index] else { return -1 }
                end += length
            }
        }
        return end
    }

    func isWordBoundary(_ position: Int) -> Bool {
        let before = position > 0 && ScalarClassification.isWord(UTF8Scalars.decodePrevious(text, before: position))
        let after = position < text.count && ScalarClassification.isWord(UTF8Scalars.decode(text, at: position).scalar)
        return before != after
    }

    /// Gives back scalars from `position` (exclusive) towards `bound` until the byte there could start
    /// `follower` (a folded ASCII scalar; 0 for any). Non-ASCII bytes always could: KELVIN SIGN is a "k".
    @inline(__always)
    func retreat(from position: Int, to bound: Int, follower: UInt8) -> (position: Int, skipped: Int) {
        var previous = UTF8Scalars.previousStart(text, before: position)
        var skipped = 0
        guard follower != 0 else { return (previous, 0) }
        while previous > bound, text[previous] < 0x80, CaseFolding.foldASCII(UInt32(text[previous])) != UInt32(follower) {
            previous = UTF8Scalars.previousStart(text, before: previous)
            skipped += 1
        }
        return (previous, skipped)
    }
}
