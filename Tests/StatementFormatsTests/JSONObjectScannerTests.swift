import Testing

@testable import StatementFormats

/// The scanner unescapes a line's strings into scratch room as long as the line: the strings must
/// fit in it however dense the escapes, and each must stay intact while later ones are read.
@Suite struct JSONObjectScannerTests {
    /// Keys and values, every one escaped, the densest escapes first (a surrogate pair: twelve bytes
    /// of text for four of UTF-8).
    static let lines: [(line: String, members: [(String, String)])] = [
        (#"{"\u0061":"\uD83D\uDE00\uD83D\uDE00","\u0062\n":"\u00e9\\\"\/"}"#, [("a", "😀😀"), ("b\n", "é\\\"/")]),
        (#"{"k":"\n","\t":"\r\b\f","x":"plain","y":"\u20AC\u0000"}"#, [("k", "\n"), ("\t", "\r\u{8}\u{C}"), ("x", "plain"), ("y", "€\u{0}")]),
        (#"{"\/":"\/\/\/\/","":"","\"":"\u00A0"}"#, [("/", "////"), ("", ""), ("\"", "\u{A0}")]),
    ]

    @Test(arguments: 0..<lines.count)
    func everyStringFitsAndStaysIntact(_ index: Int) throws {
        let (line, expected) = Self.lines[index]
        let bytes = Array(line.utf8)
        // Exactly the line's length of room, as little as the scanner is ever given.
        var room = [UInt8](repeating: 0, count: bytes.count)
        var seen: [(UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>)] = []
        let read: [(String, String)] = try bytes.withUnsafeBufferPointer { text in
            try room.withUnsafeMutableBufferPointer { scratch in
                var scanner = JSONObjectScanner(text, scratch: scratch)
                try scanner.beginObject()
                while let key = try scanner.nextKey() {
                    guard case .string(let value) = try scanner.value() else {
                        Issue.record("a value that is not a string")
                        return []
                    }
                    seen.append((key, value))
                }
                try scanner.end()
                #expect(scanner.scratchUsed <= bytes.count)
                // Read only now, after the whole line: no later string overwrote an earlier one.
                return seen.map { (String(decoding: $0.0, as: UTF8.self), String(decoding: $0.1, as: UTF8.self)) }
            }
        }
        #expect(read.map(\.0) == expected.map(\.0))
        #expect(read.map(\.1) == expected.map(\.1))
    }
}
