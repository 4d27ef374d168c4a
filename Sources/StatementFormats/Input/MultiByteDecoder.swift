import Glibc

/// One open glibc iconv converter from a multi-byte encoding to UTF-8, closed when released.
///
/// The Chinese, Japanese and Korean encodings are tables of thousands of characters that glibc
/// ships (its gconv modules, part of `libc6` on Debian and Ubuntu); pfin uses them rather than
/// carry tables of its own. A converter keeps state between calls, so one must never serve two
/// decoders at once: `MultiByteDecoder` copies on write (`isKnownUniquelyReferenced`), which is
/// what makes the unchecked `Sendable` sound.
final class IconvConversion: @unchecked Sendable {
    private let descriptor: iconv_t
    let charset: String

    /// Opens glibc's converter from `charset` (a glibc name, `CP932`) to UTF-8, or `nil` when it
    /// has none (`openFailure` says why).
    init?(from charset: String) {
        guard let descriptor = iconv_open("UTF-8", charset), Int(bitPattern: descriptor) != -1 else { return nil }
        self.descriptor = descriptor
        self.charset = charset
    }

    deinit { iconv_close(descriptor) }

    /// Why glibc cannot convert from `charset`, or `nil` when it can.
    static func openFailure(from charset: String) -> String? {
        guard let descriptor = iconv_open("UTF-8", charset), Int(bitPattern: descriptor) != -1 else {
            let cause = String(cString: strerror(errno))
            return "glibc's iconv has no \(charset) converter here (\(cause)); its gconv modules are missing"
        }
        iconv_close(descriptor)
        return nil
    }

    /// What one call made of its input.
    enum Outcome {
        /// All of it converted.
        case done
        /// Stopped before an invalid sequence (`EILSEQ`).
        case invalid
        /// Stopped before a sequence cut by the end of the input (`EINVAL`).
        case incomplete
        /// The output space ran out (`E2BIG`).
        case full
    }

    /// Converts from the start of `input` into `output`: how many bytes it read and wrote, and
    /// why it stopped.
    func convert(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> (read: Int, written: Int, outcome: Outcome) {
        guard let inBase = input.baseAddress, let outBase = output.baseAddress, !input.isEmpty else { return (0, 0, .done) }
        // iconv's prototype takes `char **` for its input, which it only reads.
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: inBase).assumingMemoryBound(to: CChar.self)
        var outPointer: UnsafeMutablePointer<CChar>? = outBase.assumingMemoryBound(to: CChar.self)
        var inLeft = input.count, outLeft = output.count
        let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
        let code = errno
        let read = input.count - inLeft, written = output.count - outLeft
        guard result == -1 else { return (read, written, .done) }
        switch code {
        case EILSEQ: return (read, written, .invalid)
        case EINVAL: return (read, written, .incomplete)
        case E2BIG: return (read, written, .full)
        default: return (read, written, .invalid)
        }
    }
}

/// Decodes a stream in one of the multi-byte encodings (`TextEncoding.isMultiByte`) to UTF-8, a
/// buffer at a time through glibc's iconv.
///
/// A character cut by the end of a chunk is kept for the next one. An invalid sequence becomes
/// U+FFFD and decoding goes on one byte further (so that an ASCII byte after a stray lead byte
/// is read as itself, as the WHATWG decoders do); `replacedCount` counts them. When glibc has no
/// converter for the encoding, every byte beyond ASCII is replaced and counted: readers check
/// `TextEncoding.unavailableReason` first and say so.
struct MultiByteDecoder: Sendable {
    let encoding: TextEncoding
    private var conversion: IconvConversion?
    /// The start of a character cut by the end of the last chunk.
    private var pending: [UInt8] = []
    private(set) var replacedCount = 0

    /// `charset` is glibc's name for the converter, `encoding.iconvName` unless a test says otherwise.
    init(encoding: TextEncoding, charset: String? = nil) {
        self.encoding = encoding
        conversion = (charset ?? encoding.iconvName).flatMap(IconvConversion.init(from:))
    }

    /// The longest sequence any of the encodings has (GB18030's four bytes).
    static let maximumSequence = 4

    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], isFinal: Bool) {
        if let shared = conversion, !isKnownUniquelyReferenced(&conversion) {
            // A copy of this decoder holds the same converter: take one of our own.
            conversion = IconvConversion(from: shared.charset)
        }
        guard !pending.isEmpty else {
            decodeAll(UnsafeRawBufferPointer(input), into: &output, isFinal: isFinal)
            return
        }
        // The cut character is completed from the new chunk: a copy of both, once per chunk.
        let joined = pending + Array(input)
        pending.removeAll()
        joined.withUnsafeBytes { decodeAll($0, into: &output, isFinal: isFinal) }
    }

    private mutating func decodeAll(_ input: UnsafeRawBufferPointer, into output: inout [UInt8], isFinal: Bool) {
        guard let conversion else {
            replaceBeyondASCII(input, into: &output)
            return
        }
        output.reserveCapacity(output.count + input.count + input.count / 2)
        // iconv writes into a buffer of its own, appended to `output` after each call: an
        // invalid sequence costs a call, never a pass over the rest of the input.
        withUnsafeTemporaryAllocation(byteCount: Self.scratchBytes, alignment: 1) { scratch in
            var offset = 0
            while offset < input.count {
                let (read, written, outcome) = conversion.convert(UnsafeRawBufferPointer(rebasing: input[offset...]), into: scratch)
                output.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<written]))
                offset += read
                switch outcome {
                case .done:
                    continue
                case .full where read > 0 || written > 0:
                    continue
                case .incomplete where !isFinal && input.count - offset < Self.maximumSequence:
                    pending = Array(input[offset...])
                    return
                case .invalid, .incomplete, .full:
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    replacedCount += 1
                    offset += 1
                }
            }
        }
    }

    /// The space iconv writes into per call.
    static let scratchBytes = 32 << 10

    /// Without a converter: ASCII as it is, every other byte U+FFFD.
    private mutating func replaceBeyondASCII(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        for byte in input {
            if byte < 0x80 {
                output.append(byte)
            } else {
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                replacedCount += 1
            }
        }
    }
}
