/// A ZIP archive's table of contents, read from its central directory (PKWARE APPNOTE 6.3.10).
///
/// The central directory, found through the end-of-central-directory record at the archive's tail
/// (§4.3.16), is the archive's authority on member names, sizes and CRCs. Local file headers are
/// only used to find where a member's data starts: their sizes are zero when flag bit 3 is set
/// (§4.4.4, the sizes then follow the data in a data descriptor), and a streaming writer may leave
/// them so. ZIP64 end records and extra fields (§4.3.14, §4.3.15, §4.5.3) are read, so archives
/// over 4 GiB or 65,535 members are understood (and then refused by the workbook's size cap).
struct ZIPArchive {
    /// One member, as its central directory header describes it (§4.3.12).
    struct Entry: Sendable, Equatable {
        var name: String
        var flags: Int
        /// 0 stored, 8 deflated (§4.4.5).
        var method: Int
        var crc32: UInt32
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeaderOffset: Int

        var isEncrypted: Bool { flags & 0x1 != 0 }
    }

    let bytes: [UInt8]
    private(set) var entries: [Entry] = []

    /// Reads the central directory of `bytes` (the whole archive).
    init(_ bytes: [UInt8]) throws(XLSXIssue) {
        self.bytes = bytes
        let end = try Self.endRecord(bytes)
        var count = u16(end + 10)
        var size = u32(end + 12)
        var offset = u32(end + 16)
        guard u16(end + 4) == 0 || u16(end + 4) == 0xFFFF, u16(end + 6) == 0 || u16(end + 6) == 0xFFFF else {
            throw .zip("the archive spans several disks (a split ZIP); pfin reads single-file archives")
        }
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            // §4.3.15: the ZIP64 end-of-central-directory locator stands just before the end record.
            let locator = end - 20
            if locator >= 0, u32(locator) == 0x0706_4B50 {
                let record = u64(locator + 8)
                guard record >= 0, record + 56 <= bytes.count, u32(record) == 0x0606_4B50 else {
                    throw .zip("the ZIP64 end-of-central-directory record is missing or outside the file; the file is truncated")
                }
                count = u64(record + 32)
                size = u64(record + 40)
                offset = u64(record + 48)
            }
        }
        guard count >= 0, count <= size / 46 else {
            throw .zip("the end record counts \(count) members, more than its central directory of \(size) bytes can hold")
        }
        guard offset >= 0, size >= 0, offset <= end, size <= end - offset else {
            throw .zip("the central directory (\(size) bytes at offset \(offset)) lies outside the file; the file is truncated or not a whole ZIP archive")
        }
        var at = offset
        entries.reserveCapacity(min(count, 65_536))
        for index in 0..<count {
            guard at + 46 <= offset + size, u32(at) == 0x0201_4B50 else {
                throw .zip("central directory entry \(index + 1) of \(count) is missing or damaged at offset \(at)")
            }
            let nameLength = u16(at + 28), extraLength = u16(at + 30), commentLength = u16(at + 32)
            guard at + 46 + nameLength + extraLength + commentLength <= offset + size else {
                throw .zip("central directory entry \(index + 1) runs past the end of the directory")
            }
            var entry = Entry(
                name: Self.name(bytes[(at + 46)..<(at + 46 + nameLength)], flags: u16(at + 8)),
                flags: u16(at + 8), method: u16(at + 10), crc32: UInt32(u32(at + 16)),
                compressedSize: u32(at + 20), uncompressedSize: u32(at + 24), localHeaderOffset: u32(at + 42))
            readZIP64Extra(&entry, extra: (at + 46 + nameLength)..<(at + 46 + nameLength + extraLength))
            entries.append(entry)
            at += 46 + nameLength + extraLength + commentLength
        }
    }

    /// A member's name: UTF-8 when flag bit 11 says so (§4.4.4) or its bytes are UTF-8 (macOS's
    /// archiver writes UTF-8 without the flag), else IBM code page 437, the format's own (appendix
    /// D), as Windows's older archivers write `Umsätze.xml`.
    static func name(_ bytes: ArraySlice<UInt8>, flags: Int) -> String {
        if flags & 0x800 != 0 || bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(byte < 0x80 ? UnicodeScalar(byte) : codePage437[Int(byte) - 0x80]) }
        return String(scalars)
    }

    /// Code page 437's bytes 0x80–0xFF.
    private static let codePage437 = Array(
        "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}"
            .unicodeScalars)

    /// The member called `name` (exact, as ZIP names are), if any.
    func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// Where `entry`'s compressed data lies in `bytes`.
    func dataRange(of entry: Entry) throws(XLSXIssue) -> Range<Int> {
        let at = entry.localHeaderOffset
        guard at >= 0, at + 30 <= bytes.count, u32(at) == 0x0403_4B50 else {
            throw .zip("the local header of '\(entry.name)' is missing at offset \(at); the file is truncated or damaged")
        }
        // The local header's own name and extra lengths, which may differ from the central ones.
        let start = at + 30 + u16(at + 26) + u16(at + 28)
        guard start <= bytes.count, entry.compressedSize >= 0, entry.compressedSize <= bytes.count - start else {
            throw .zip("the data of '\(entry.name)' (\(entry.compressedSize) bytes) runs past the end of the file; the file is truncated")
        }
        return start..<(start + entry.compressedSize)
    }

    // MARK: Records

    /// The offset of the end-of-central-directory record: the last signature that fits, searched
    /// back over the longest comment (65,535 bytes) a record may carry.
    private static func endRecord(_ bytes: [UInt8]) throws(XLSXIssue) -> Int {
        guard bytes.count >= 22 else {
            throw .zip("the file is \(bytes.count) bytes long, too short for a ZIP archive's end record; the file is truncated")
        }
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var at = bytes.count - 22
        while at >= lowest {
            if bytes[at] == 0x50, bytes[at + 1] == 0x4B, bytes[at + 2] == 0x05, bytes[at + 3] == 0x06,
                at + 22 + (Int(bytes[at + 20]) | Int(bytes[at + 21]) << 8) <= bytes.count
            {
                return at
            }
            at -= 1
        }
        throw .zip("no end-of-central-directory record at the end of the file; the file is truncated or not a whole ZIP archive")
    }

    /// §4.5.3: the ZIP64 extended information field holds, in this order, the sizes and offset
    /// whose 32-bit fields are all ones.
    private func readZIP64Extra(_ entry: inout Entry, extra: Range<Int>) {
        var at = extra.lowerBound
        while at + 4 <= extra.upperBound {
            let id = u16(at), length = u16(at + 2)
            let body = (at + 4)..<min(extra.upperBound, at + 4 + length)
            if id == 0x0001 {
                var field = body.lowerBound
                func next() -> Int? {
                    guard field + 8 <= body.upperBound else { return nil }
                    defer { field += 8 }
                    return u64(field)
                }
                if entry.uncompressedSize == 0xFFFF_FFFF, let v = next() { entry.uncompressedSize = v }
                if entry.compressedSize == 0xFFFF_FFFF, let v = next() { entry.compressedSize = v }
                if entry.localHeaderOffset == 0xFFFF_FFFF, let v = next() { entry.localHeaderOffset = v }
                return
            }
            at = body.upperBound
        }
    }

    private func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    private func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    /// A 64-bit field; values past `Int.max` come back negative and fail every range check.
    private func u64(_ at: Int) -> Int { Int(truncatingIfNeeded: UInt64(u32(at)) | UInt64(u32(at + 4)) << 32) }
}
