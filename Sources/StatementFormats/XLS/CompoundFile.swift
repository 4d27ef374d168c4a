/// An OLE2 compound file ([MS-CFB]): the container of Excel 97–2003 workbooks (`.xls`), a small
/// file system of sectors whose allocation table (FAT) chains each stream's sectors.
///
/// Read whole from memory. Every chain is followed with a step limit (the file's sector count),
/// so a cycle or a sector number past the end is an error, never a hang or a crash.
struct CompoundFile {
    /// A stream or storage of the directory ([MS-CFB] §2.6).
    struct Entry {
        var name: String
        /// 1 storage, 2 stream, 5 the root.
        var type: UInt8
        var start: UInt32
        var size: Int
    }

    static let signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
    private static let endOfChain: UInt32 = 0xFFFF_FFFE

    private let bytes: [UInt8]
    private let sectorSize: Int
    private let miniSectorSize: Int
    private let miniCutoff: Int
    private var fat: [UInt32] = []
    private var miniFAT: [UInt32] = []
    private(set) var entries: [Entry] = []
    private var miniStream: [UInt8] = []

    init(_ bytes: [UInt8]) throws(XLSFailure) {
        self.bytes = bytes
        guard bytes.count >= 512, bytes.starts(with: Self.signature) else {
            throw XLSFailure(detail: "the file is too short or lacks the compound file signature")
        }
        let shift = Self.u16(bytes, 30), miniShift = Self.u16(bytes, 32)
        guard shift == 9 || shift == 12, miniShift == 6 else {
            throw XLSFailure(detail: "the header gives sectors of 2^\(shift) bytes and mini sectors of 2^\(miniShift); expected 2^9 or 2^12, and 2^6")
        }
        sectorSize = 1 << shift
        miniSectorSize = 1 << miniShift
        miniCutoff = Self.u32(bytes, 56)
        let sectorCount = (bytes.count - sectorSize) / sectorSize
        // The FAT's own sectors: the first 109 in the header, the rest in the DIFAT chain.
        var fatSectors: [UInt32] = []
        let fatCount = Self.u32(bytes, 44)
        guard fatCount <= sectorCount else { throw XLSFailure(detail: "the header counts \(fatCount) FAT sectors in a file of \(sectorCount)") }
        for k in 0..<109 where fatSectors.count < fatCount { fatSectors.append(UInt32(Self.u32(bytes, 76 + 4 * k))) }
        var difat = UInt32(Self.u32(bytes, 68))
        var steps = 0
        while fatSectors.count < fatCount, difat < Self.endOfChain - 3 {
            steps += 1
            guard steps <= sectorCount, let at = offset(ofSector: difat) else { throw XLSFailure(detail: "the DIFAT chain is broken") }
            let perSector = sectorSize / 4 - 1
            for k in 0..<perSector where fatSectors.count < fatCount { fatSectors.append(UInt32(Self.u32(bytes, at + 4 * k))) }
            difat = UInt32(Self.u32(bytes, at + 4 * perSector))
        }
        fat.reserveCapacity(fatSectors.count * sectorSize / 4)
        for sector in fatSectors {
            guard let at = offset(ofSector: sector) else { throw XLSFailure(detail: "a FAT sector (\(sector)) lies outside the file") }
            for k in 0..<(sectorSize / 4) { fat.append(UInt32(Self.u32(bytes, at + 4 * k))) }
        }
        let directory = try chain(from: UInt32(Self.u32(bytes, 48)), limit: bytes.count)
        var at = 0
        while at + 128 <= directory.count {
            let nameLength = min(64, Self.u16(directory, at + 64))
            var units: [UInt16] = []
            var k = 0
            while k + 1 < nameLength { units.append(UInt16(Self.u16(directory, at + k))); k += 2 }
            if units.last == 0 { units.removeLast() }
            let size = shift == 9 ? Self.u32(directory, at + 120) : Self.u32(directory, at + 120) | Self.u32(directory, at + 124) << 32
            entries.append(
                Entry(
                    name: String(decoding: units, as: UTF16.self), type: directory[at + 66], start: UInt32(Self.u32(directory, at + 116)),
                    size: size))
            at += 128
        }
        guard let root = entries.first, root.type == 5 else { throw XLSFailure(detail: "the directory has no root entry") }
        miniFAT = try chain(from: UInt32(Self.u32(bytes, 60)), limit: bytes.count).withUnsafeBytes { raw in
            (0..<(raw.count / 4)).map { raw.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self).littleEndian }
        }
        if root.size > 0 { miniStream = try chain(from: root.start, limit: root.size) }
    }

    /// The stream called `name` (as Excel names them, without regard to case), if there is one.
    func stream(named name: String) throws(XLSFailure) -> [UInt8]? {
        guard let entry = entries.first(where: { $0.type == 2 && $0.name.lowercased() == name.lowercased() }) else { return nil }
        guard entry.size >= 0, entry.size <= bytes.count else {
            throw XLSFailure(detail: "the stream '\(entry.name)' claims \(entry.size) bytes, more than the file holds")
        }
        if entry.size < miniCutoff { return try miniChain(from: entry.start, size: entry.size) }
        return try chain(from: entry.start, limit: entry.size)
    }

    private func offset(ofSector sector: UInt32) -> Int? {
        let at = (Int(sector) + 1) * sectorSize
        return sector < Self.endOfChain - 3 && at + sectorSize <= bytes.count ? at : nil
    }

    /// The bytes of the chain from `start`, at most `limit`.
    private func chain(from start: UInt32, limit: Int) throws(XLSFailure) -> [UInt8] {
        var out: [UInt8] = []
        var sector = start
        var steps = 0
        while sector != Self.endOfChain, out.count < limit {
            steps += 1
            guard steps <= fat.count + 1, let at = offset(ofSector: sector), Int(sector) < fat.count else {
                throw XLSFailure(detail: "a sector chain is broken or loops (sector \(sector))")
            }
            out.append(contentsOf: bytes[at..<(at + min(sectorSize, limit - out.count))])
            sector = fat[Int(sector)]
        }
        return out
    }

    /// A stream of fewer than `miniCutoff` bytes, in 64-byte sectors of the mini stream.
    private func miniChain(from start: UInt32, size: Int) throws(XLSFailure) -> [UInt8] {
        var out: [UInt8] = []
        var sector = start
        var steps = 0
        while out.count < size {
            steps += 1
            let at = Int(sector) * miniSectorSize
            guard steps <= miniFAT.count + 1, Int(sector) < miniFAT.count, at + miniSectorSize <= miniStream.count else {
                throw XLSFailure(detail: "a mini sector chain is broken or loops (mini sector \(sector))")
            }
            out.append(contentsOf: miniStream[at..<(at + min(miniSectorSize, size - out.count))])
            sector = miniFAT[Int(sector)]
        }
        return out
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> Int { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : 0 }
    static func u32(_ bytes: [UInt8], _ at: Int) -> Int { u16(bytes, at) | u16(bytes, at + 2) << 16 }
}
