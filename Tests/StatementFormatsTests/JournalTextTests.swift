import Testing

@testable import StatementFormats

/// `JournalText`: the word-at-a-time copy gives exactly what rewriting byte by byte gives, wherever
/// in the text the byte to rewrite falls.
@Suite struct JournalTextTests {
    static let specials: [UInt8] = [
        0x09, 0x0A, 0x0D, 0x00, 0x7F, UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: ")"),
        UInt8(ascii: "\""), UInt8(ascii: "\\"), 0xC3, UInt8(ascii: " "),
    ]

    /// The rule for one byte, written out plainly.
    static func expected(_ b: UInt8, _ context: JournalText.Context) -> UInt8 {
        if b < 0x20 || b == 0x7F { return UInt8(ascii: " ") }
        switch (context, b) {
        case (.ledgerPayee, UInt8(ascii: ";")), (.ledgerNote, UInt8(ascii: ";")), (.ledgerCode, UInt8(ascii: ";")): return UInt8(ascii: ",")
        case (.ledgerPayee, UInt8(ascii: "|")): return UInt8(ascii: "/")
        case (.ledgerCode, UInt8(ascii: ")")): return UInt8(ascii: "-")
        default: return b
        }
    }

    @Test(
        "ledger contexts, a special byte at every position of texts of every length",
        arguments: [JournalText.Context.ledgerPayee, .ledgerNote, .ledgerCode, .comment])
    func ledger(_ context: JournalText.Context) {
        for length in 1...20 {
            for position in 0..<length {
                for special in Self.specials {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    text[position] = special
                    var out = [UInt8](repeating: 0, count: length)
                    let n = text.withUnsafeBufferPointer { src in
                        out.withUnsafeMutableBufferPointer { JournalText.put(src, context, at: $0.baseAddress!) }
                    }
                    #expect(n == length)
                    #expect(out == text.map { Self.expected($0, context) }, "length \(length), byte \(special) at \(position)")
                }
            }
        }
    }

    @Test func beancountStrings() {
        for length in 1...20 {
            for position in 0..<length {
                for special in Self.specials {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    text[position] = special
                    var out = [UInt8](repeating: 0, count: 2 * length)
                    let n = text.withUnsafeBufferPointer { src in
                        out.withUnsafeMutableBufferPointer { JournalText.putBeancountString(src, at: $0.baseAddress!) }
                    }
                    var expected: [UInt8] = []
                    for b in text {
                        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                            expected += [UInt8(ascii: "\\"), b]
                        } else if b < 0x20 || b == 0x7F {
                            expected.append(UInt8(ascii: " "))
                        } else {
                            expected.append(b)
                        }
                    }
                    #expect(Array(out.prefix(n)) == expected, "length \(length), byte \(special) at \(position)")
                }
            }
        }
    }
}
