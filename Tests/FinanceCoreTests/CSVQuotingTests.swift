import FinanceCore
import Testing

/// `CSVQuoting.needsQuotes` looks at eight bytes at a time: it must answer exactly as a byte-by-byte
/// look does, wherever the special byte sits (in a word, across words, in the tail) and whatever
/// the other bytes are (bytes above 0x80, and bytes one off a special one, are where a word trick
/// would go wrong).
@Suite struct CSVQuotingTests {
    static func slow(_ bytes: [UInt8]) -> Bool { bytes.contains { [0x2C, 0x22, 0x0A, 0x0D].contains($0) } }

    static func fast(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { CSVQuoting.needsQuotes($0) } }

    @Test func everySpecialByteAtEveryPlace() {
        let fillers: [UInt8] = [0x41, 0x20, 0x2B, 0x2D, 0x21, 0x23, 0x09, 0x0B, 0x0C, 0x0E, 0x80, 0xFF, 0x00, 0xAC, 0xA2]
        for length in 0...40 {
            for filler in fillers {
                let plain = [UInt8](repeating: filler, count: length)
                #expect(Self.fast(plain) == false, "\(length) × \(filler)")
                for position in 0..<length {
                    for special: UInt8 in [0x2C, 0x22, 0x0A, 0x0D] {
                        var bytes = plain
                        bytes[position] = special
                        #expect(Self.fast(bytes), "\(special) at \(position) of \(length) × \(filler)")
                    }
                }
            }
        }
    }

    @Test func agreesWithAByteByByteLookOnRandomBytes() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        for _ in 0..<20_000 {
            let length = Int(next() % 48)
            // Mostly bytes near the special ones, so that both answers come up often.
            let bytes = (0..<length).map { _ -> UInt8 in
                let r = next()
                return r % 4 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : UInt8(truncatingIfNeeded: 0x08 + (r >> 8) % 0x30)
            }
            #expect(Self.fast(bytes) == Self.slow(bytes), "\(bytes)")
        }
    }

    @Test func isSpecialIsTheFourBytes() {
        #expect((0...255).filter { CSVQuoting.isSpecial(UInt8($0)) } == [0x0A, 0x0D, 0x22, 0x2C])
    }
}
