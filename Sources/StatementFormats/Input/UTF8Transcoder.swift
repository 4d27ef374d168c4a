/// Turns a byte stream in some `TextEncoding` into UTF-8, chunk by chunk.
///
/// Everything downstream (tokenizers, parsers) works on UTF-8 bytes, so a Windows-1252 or UTF-16
/// export costs one pass here and nothing anywhere else. A leading byte-order mark is dropped.
/// Unpaired UTF-16 surrogates, and byte sequences that are not characters of a multi-byte
/// encoding (Shift_JIS, GB18030, Big5, EUC-KR: `MultiByteDecoder`), become U+FFFD; the caller
/// learns about it from `replacedCount`.
public struct UTF8Transcoder: Sendable {
    public let encoding: TextEncoding
    private var atStart = true
    private var pendingByte: UInt8?
    private var pendingHighSurrogate: UInt16?
    private let singleByteTable: [UInt32]?
    private var multiByte: MultiByteDecoder?
    private var ownReplacedCount = 0
    /// How many code units or byte sequences could not be decoded and were replaced by U+FFFD.
    public var replacedCount: Int { ownReplacedCount + (multiByte?.replacedCount ?? 0) }

    public init(encoding: TextEncoding) {
        self.encoding = encoding
        singleByteTable = SingleByteTables.table(for: encoding)
        multiByte = encoding.isMultiByte ? MultiByteDecoder(encoding: encoding) : nil
    }

    /// Decodes `input`, appending UTF-8 to `output`. Pass `isFinal` with the last chunk.
    ///
    /// The first chunk must hold the whole byte-order mark when there is one (any chunk of four
    /// bytes or more does).
    public mutating func decode(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], isFinal: Bool) {
        var start = 0
        if atStart {
            atStart = false
            let bom = encoding.byteOrderMark
            if !bom.isEmpty, input.count >= bom.count, bom.elementsEqual(input[0..<bom.count]) { start = bom.count }
        }
        let body = UnsafeBufferPointer(rebasing: input[start...])
        switch encoding {
        case .utf8:
            output.append(contentsOf: body)
        case .utf16LE, .utf16BE:
            decodeUTF16(body, littleEndian: encoding == .utf16LE, into: &output, isFinal: isFinal)
        case .windows1252, .latin1, .latin9, .windows1250, .windows1251, .windows1257, .latin2, .windows1254:
            decodeSingleByte(body, table: singleByteTable!, into: &output)
        case .shiftJIS, .gb18030, .big5, .eucKR:
            multiByte!.decode(body, into: &output, isFinal: isFinal)
        }
    }

    /// ASCII runs (most of any bank file) are copied as they are; only other bytes go through
    /// the table.
    private func decodeSingleByte(_ input: UnsafeBufferPointer<UInt8>, table: [UInt32], into output: inout [UInt8]) {
        output.reserveCapacity(output.count + input.count + input.count / 8)
        var i = 0
        let n = input.count
        let raw = UnsafeRawBufferPointer(input)
        while i < n {
            var j = i
            // Eight bytes at a time while they are all ASCII.
            while j + 8 <= n && raw.loadUnaligned(fromByteOffset: j, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { j += 8 }
            while j < n && input[j] < 0x80 { j += 1 }
            if j > i { output.append(contentsOf: UnsafeBufferPointer(rebasing: input[i..<j])) }
            if j < n {
                appendScalar(table[Int(input[j])], to: &output)
                j += 1
            }
            i = j
        }
    }

    private mutating func decodeUTF16(
        _ input: UnsafeBufferPointer<UInt8>, littleEndian: Bool,
        into output: inout [UInt8], isFinal: Bool
    ) {
        var i = 0
        output.reserveCapacity(output.count + input.count)
        func nextUnit() -> UInt16? {
            let a: UInt8, b: UInt8
            if let first = pendingByte {
                guard i < input.count else { return nil }
                a = first; b = input[i]; i += 1
                pendingByte = nil
            } else {
                guard i + 1 < input.count else {
                    if i < input.count { pendingByte = input[i]; i += 1 }
                    return nil
                }
                a = input[i]; b = input[i + 1]; i += 2
            }
            return littleEndian ? UInt16(a) | UInt16(b) << 8 : UInt16(a) << 8 | UInt16(b)
        }
        while let unit = nextUnit() {
            if let high = pendingHighSurrogate {
                pendingHighSurrogate = nil
                if (0xDC00...0xDFFF).contains(unit) {
                    let scalar = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
                    appendScalar(scalar, to: &output)
                    continue
                }
                ownReplacedCount += 1
                appendScalar(0xFFFD, to: &output)
            }
            switch unit {
            case 0xD800...0xDBFF: pendingHighSurrogate = unit
            case 0xDC00...0xDFFF: ownReplacedCount += 1; appendScalar(0xFFFD, to: &output)
            default: appendScalar(UInt32(unit), to: &output)
            }
        }
        if isFinal {
            if pendingHighSurrogate != nil || pendingByte != nil {
                ownReplacedCount += 1
                appendScalar(0xFFFD, to: &output)
            }
            pendingHighSurrogate = nil
            pendingByte = nil
        }
    }

    @inline(__always)
    private func appendScalar(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(0xC0 | UInt8(scalar >> 6))
            output.append(0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(0xE0 | UInt8(scalar >> 12))
            output.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            output.append(0x80 | UInt8(scalar & 0x3F))
        default:
            output.append(0xF0 | UInt8(scalar >> 18))
            output.append(0x80 | UInt8((scalar >> 12) & 0x3F))
            output.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            output.append(0x80 | UInt8(scalar & 0x3F))
        }
    }
}
