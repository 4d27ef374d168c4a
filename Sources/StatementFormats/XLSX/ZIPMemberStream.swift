import CZlib

/// One ZIP member's uncompressed bytes, produced chunk by chunk: stored data copied, deflated data
/// (raw DEFLATE, RFC 1951; APPNOTE §4.4.5 method 8) inflated by zlib, never all at once.
///
/// Hostile archives are stopped: a member may inflate to at most `limit` bytes (a fixed cap, and a
/// ratio to its compressed size past a small floor), and never past the size its central directory
/// entry declares. At the end the size and the CRC-32 are checked against that entry. On any
/// failure the stream ends early and `failure` says why; the XML parser reading it then stops.
final class ZIPMemberStream: XMLByteSource {
    /// No member inflates past this, whatever it declares.
    static let maximumSize = 1 << 30
    /// Nor past this many times its compressed size (XML sheets compress 10 to 30 times)…
    static let maximumRatio = 200
    /// …except when small: a tiny member may compress better than that.
    static let ratioFloor = 1 << 20

    let entry: ZIPArchive.Entry
    private let bytes: [UInt8]
    private let data: Range<Int>
    private var position: Int
    private let limit: Int
    private var produced = 0
    private var crc: UInt = 0
    private var stream: UnsafeMutablePointer<z_stream>?
    private var finished = false
    /// Where zlib writes each chunk before it is appended.
    private var scratch: [UInt8] = []
    private(set) var failure: XLSXIssue?

    /// The stream of `entry`'s bytes, or the reason it cannot be read at all.
    init(_ archive: ZIPArchive, _ entry: ZIPArchive.Entry) throws(XLSXIssue) {
        guard !entry.isEncrypted else { throw .encrypted(member: entry.name) }
        guard entry.method == 0 || entry.method == 8 else { throw .unsupportedMethod(member: entry.name, method: entry.method) }
        self.entry = entry
        bytes = archive.bytes
        data = try archive.dataRange(of: entry)
        position = data.lowerBound
        let compressed = entry.compressedSize
        limit = min(Self.maximumSize, max(Self.ratioFloor, compressed.multipliedReportingOverflow(by: Self.maximumRatio).partialValue))
        guard entry.uncompressedSize <= limit, entry.uncompressedSize >= 0 else {
            throw .tooLarge(member: entry.name, size: entry.uncompressedSize, limit: limit, compressed: compressed)
        }
        if entry.method == 8 {
            let z = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            z.initialize(to: z_stream())
            guard czlib_inflate_init_raw(z) == Z_OK else {
                z.deallocate()
                throw .corruptData(member: entry.name, detail: "zlib could not start inflating")
            }
            stream = z
        }
    }

    deinit {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
        }
    }

    /// The whole member, for the small parts (workbook, relationships, styles).
    func readAll() throws(XLSXIssue) -> [UInt8] {
        var all: [UInt8] = []
        all.reserveCapacity(min(entry.uncompressedSize, 1 << 24))
        while read(appendingTo: &all, maxCount: 1 << 16) > 0 {}
        if let failure { throw failure }
        return all
    }

    /// Appends up to `maxCount` more bytes to `buffer`; 0 at the end, or after a failure.
    func read(appendingTo buffer: inout [UInt8], maxCount: Int) -> Int {
        guard !finished, failure == nil, maxCount > 0 else { return 0 }
        let start = buffer.count
        if let stream {
            if scratch.count < maxCount { scratch = [UInt8](repeating: 0, count: maxCount) }
            let status: Int32 = bytes.withUnsafeBufferPointer { input in
                scratch.withUnsafeMutableBufferPointer { output in
                    stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + position)
                    stream.pointee.avail_in = UInt32(min(data.upperBound - position, Int(UInt32.max)))
                    stream.pointee.next_out = output.baseAddress!
                    stream.pointee.avail_out = UInt32(maxCount)
                    let inBefore = Int(stream.pointee.avail_in)
                    let status = inflate(stream, Z_NO_FLUSH)
                    position += inBefore - Int(stream.pointee.avail_in)
                    return status
                }
            }
            let got = maxCount - Int(stream.pointee.avail_out)
            buffer.append(contentsOf: scratch[0..<got])
            switch status {
            case Z_OK:
                if got == 0 { return fail(.corruptData(member: entry.name, detail: "the compressed data ends before the end of the stream")) }
            case Z_STREAM_END:
                finished = true
            case Z_BUF_ERROR:
                return fail(.corruptData(member: entry.name, detail: "the compressed data ends before the end of the stream; the file is truncated"))
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                return fail(.corruptData(member: entry.name, detail: message))
            }
            if got > 0 { return account(buffer, from: start, count: got) }
            return finish()
        }
        let got = min(maxCount, data.upperBound - position)
        buffer.append(contentsOf: bytes[position..<(position + got)])
        position += got
        if position == data.upperBound { finished = true }
        if got > 0 { return account(buffer, from: start, count: got) }
        return finish()
    }

    /// Counts and checksums a chunk; stops a member that grows past its cap or its declared size.
    private func account(_ buffer: [UInt8], from start: Int, count: Int) -> Int {
        produced += count
        if produced > limit { return fail(.tooLarge(member: entry.name, size: produced, limit: limit, compressed: entry.compressedSize)) }
        if produced > entry.uncompressedSize {
            return fail(.sizeMismatch(member: entry.name, declared: entry.uncompressedSize, actual: produced))
        }
        crc = buffer.withUnsafeBufferPointer { UInt(crc32(crc, $0.baseAddress! + start, UInt32(count))) }
        if finished { return finish() == 0 && failure != nil ? 0 : count }
        return count
    }

    /// At the end: the size and CRC the central directory declares.
    private func finish() -> Int {
        if produced != entry.uncompressedSize {
            return fail(.sizeMismatch(member: entry.name, declared: entry.uncompressedSize, actual: produced))
        }
        if UInt32(truncatingIfNeeded: crc) != entry.crc32 {
            return fail(.crcMismatch(member: entry.name, expected: entry.crc32, actual: UInt32(truncatingIfNeeded: crc)))
        }
        return 0
    }

    private func fail(_ issue: XLSXIssue) -> Int {
        if failure == nil { failure = issue }
        finished = true
        return 0
    }
}
