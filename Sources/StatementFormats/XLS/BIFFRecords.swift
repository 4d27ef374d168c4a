/// The records of a BIFF8 stream ([MS-XLS] §2.1.4): a 2-byte type, a 2-byte length, the data.
struct BIFFRecord {
    var type: Int
    /// Where the data lies in the stream.
    var data: Range<Int>
}

enum BIFFType {
    static let bof = 0x0809
    static let eof = 0x000A
    static let continued = 0x003C
    static let filePass = 0x002F
    static let dateMode = 0x0022
    static let format = 0x041E
    static let xf = 0x00E0
    static let sst = 0x00FC
    static let boundSheet = 0x0085
    static let labelSST = 0x00FD
    static let label = 0x0204
    static let richString = 0x00D6
    static let number = 0x0203
    static let rk = 0x027E
    static let mulRK = 0x00BD
    static let boolErr = 0x0205
    static let formula = 0x0006
    static let string = 0x0207
    static let codePage = 0x0042
}

/// Reads values across a record and the `CONTINUE` records after it, as one run of bytes whose
/// segment boundaries matter only to character data: a string's characters that go on in the next
/// record start it with a new flags byte saying whether they are one byte or two each (§2.5.293).
struct BIFFReader {
    private let bytes: [UInt8]
    private let segments: [Range<Int>]
    private var segment = 0
    private var position: Int
    /// Whether a read ran past the end of the last segment (the values read are then zeros).
    private(set) var overran = false

    init(_ bytes: [UInt8], segments: [Range<Int>]) {
        self.bytes = bytes
        self.segments = segments.isEmpty ? [0..<0] : segments
        position = self.segments[0].lowerBound
    }

    var atEnd: Bool { segment == segments.count - 1 && position >= segments[segment].upperBound }

    /// Moves to the next segment when this one is used up; false at the end.
    private mutating func settle() -> Bool {
        while position >= segments[segment].upperBound {
            guard segment + 1 < segments.count else { return false }
            segment += 1
            position = segments[segment].lowerBound
        }
        return true
    }

    mutating func u8() -> Int {
        guard settle() else {
            overran = true
            return 0
        }
        defer { position += 1 }
        return Int(bytes[position])
    }

    mutating func u16() -> Int { u8() | u8() << 8 }
    mutating func u32() -> Int { u16() | u16() << 16 }

    mutating func skip(_ count: Int) {
        var left = count
        while left > 0, settle() {
            let step = min(left, segments[segment].upperBound - position)
            position += step
            left -= step
        }
        if left > 0 { overran = true }
    }

    /// An `XLUnicodeRichExtendedString` (§2.5.293), or with `rich: false` an `XLUnicodeString`
    /// (§2.5.294): the character count, the flags, then the characters (and, when flagged, the
    /// rich-text runs and phonetic data after them, skipped). `count8`: an 8-bit count, as
    /// `ShortXLUnicodeString` has.
    mutating func string(rich: Bool = true, count8: Bool = false) -> String {
        let count = count8 ? u8() : u16()
        let flags = u8()
        var runs = 0, extended = 0
        if rich, flags & 0x08 != 0 { runs = u16() }
        if rich, flags & 0x04 != 0 { extended = u32() }
        var units: [UInt16] = []
        units.reserveCapacity(min(count, 1 << 16))
        var wide = flags & 0x01 != 0
        while units.count < count, !overran {
            if position >= segments[segment].upperBound {
                // Characters go on in the next record, which starts with their flags again.
                guard segment + 1 < segments.count else {
                    overran = true
                    break
                }
                segment += 1
                position = segments[segment].lowerBound
                wide = u8() & 0x01 != 0
                continue
            }
            units.append(UInt16(wide ? u16() : u8()))
        }
        skip(4 * runs + extended)
        return String(decoding: units, as: UTF16.self)
    }

    /// A BIFF5 string (Excel 5.0/95): a 16-bit (or 8-bit) byte count, then bytes in the workbook's
    /// code page (`table`: its code points by byte).
    mutating func byteString(count8: Bool = false, table: [UInt32]) -> String {
        let count = count8 ? u8() : u16()
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count where !overran {
            let byte = u8()
            scalars.append(UnicodeScalar(table[byte]) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// An IEEE double, little-endian.
    mutating func double() -> Double {
        let low = UInt64(u32()), high = UInt64(u32())
        return Double(bitPattern: low | high << 32)
    }
}

extension BIFFRecord {
    /// The records of `stream` from `start`, until `EOF` at the same depth of `BOF`s (embedded
    /// charts are substreams of their own) or the end of the stream; each with the data of the
    /// `CONTINUE` records after it as further segments.
    static func records(_ stream: [UInt8], from start: Int) -> [(BIFFRecord, [Range<Int>])] {
        var out: [(BIFFRecord, [Range<Int>])] = []
        var at = start
        var depth = 0
        while at + 4 <= stream.count {
            let type = CompoundFile.u16(stream, at), length = CompoundFile.u16(stream, at + 2)
            let data = (at + 4)..<min(stream.count, at + 4 + length)
            at = data.upperBound
            if type == BIFFType.continued, !out.isEmpty {
                out[out.count - 1].1.append(data)
                continue
            }
            if type == BIFFType.bof { depth += 1 }
            if depth <= 1 { out.append((BIFFRecord(type: type, data: data), [data])) }
            if type == BIFFType.eof {
                depth -= 1
                if depth <= 0 { break }
            }
        }
        return out
    }
}
