import FinanceCore

/// Free text (payees, memos, metadata values) made safe for one line of a journal, on UTF-8 bytes.
///
/// A byte-to-byte table per context, so each byte costs one load: control bytes become spaces in
/// every context (a line break would end the transaction), and each context adds the characters
/// its tool reads as syntax. Bytes of 0x80 and above (the rest of UTF-8) pass through.
enum JournalText {
    /// How a context rewrites bytes.
    enum Context {
        /// A ledger/hledger payee: `;` starts a comment in hledger's description (hledger journal
        /// manual, "Descriptions"), so it becomes `,`; `|` separates payee from note there
        /// ("Payee and note"), so a payee's own `|` becomes `/`.
        case ledgerPayee
        /// The note after ` | `: as the payee, but `|` may stay.
        case ledgerNote
        /// A ledger transaction code, `(1001)`: `)` would end it early and becomes `-`; `;` becomes `,`.
        case ledgerCode
        /// A comment or metadata value (`; fitid: …`): only line breaks and controls matter.
        case comment
    }

    private static let ledgerPayeeTable = table { $0 == UInt8(ascii: ";") ? UInt8(ascii: ",") : $0 == UInt8(ascii: "|") ? UInt8(ascii: "/") : $0 }
    private static let ledgerNoteTable = table { $0 == UInt8(ascii: ";") ? UInt8(ascii: ",") : $0 }
    private static let ledgerCodeTable = table { $0 == UInt8(ascii: ";") ? UInt8(ascii: ",") : $0 == UInt8(ascii: ")") ? UInt8(ascii: "-") : $0 }
    private static let commentTable = table { $0 }

    /// A table that turns controls into spaces and applies `rule` to the other ASCII bytes.
    private static func table(_ rule: (UInt8) -> UInt8) -> [UInt8] {
        (0...255).map { (value: Int) -> UInt8 in
            let byte = UInt8(value)
            if byte < 0x20 || byte == 0x7F { return UInt8(ascii: " ") }
            return byte < 0x80 ? rule(byte) : byte
        }
    }

    /// Writes `bytes` rewritten for `context` at `out` (room for `bytes.count`); returns the length.
    ///
    /// Text that needs no rewriting (nearly all of it) is copied eight bytes at a time, each word
    /// tested at once (`Words`); from the first word that holds a byte to rewrite, byte by byte.
    @inline(__always)
    static func put(_ bytes: UnsafeBufferPointer<UInt8>, _ context: Context, at out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = bytes.baseAddress else { return 0 }
        let n = bytes.count
        var i = Words.copyClean(source, n, to: out) { word in
            var special = Words.controls(word)
            switch context {
            case .ledgerPayee: special |= Words.matches(word, UInt8(ascii: ";")) | Words.matches(word, UInt8(ascii: "|"))
            case .ledgerNote: special |= Words.matches(word, UInt8(ascii: ";"))
            case .ledgerCode: special |= Words.matches(word, UInt8(ascii: ";")) | Words.matches(word, UInt8(ascii: ")"))
            case .comment: break
            }
            return special != 0
        }
        guard i < n else { return n }
        let table: [UInt8]
        switch context {
        case .ledgerPayee: table = ledgerPayeeTable
        case .ledgerNote: table = ledgerNoteTable
        case .ledgerCode: table = ledgerCodeTable
        case .comment: table = commentTable
        }
        table.withUnsafeBufferPointer { map in
            while i < n {
                out[i] = map[Int(source[i])]
                i += 1
            }
        }
        return n
    }

    /// Writes `text` as the inside of a beancount string (room for twice its bytes); returns the length.
    ///
    /// Beancount's lexer reads a string as `"` … `"` with C-style escapes, so `"` and `\` are
    /// escaped; line breaks and other controls become spaces, keeping one transaction a line.
    @inline(__always)
    static func putBeancountString(_ bytes: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = bytes.baseAddress else { return 0 }
        let clean = Words.copyClean(source, bytes.count, to: out) { word in
            Words.controls(word) | Words.matches(word, UInt8(ascii: "\"")) | Words.matches(word, UInt8(ascii: "\\")) != 0
        }
        var o = clean
        for b in UnsafeBufferPointer(rebasing: bytes[clean...]) {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out[o] = UInt8(ascii: "\\")
                out[o + 1] = b
                o += 2
            case 0..<0x20, 0x7F:
                out[o] = UInt8(ascii: " ")
                o += 1
            default:
                out[o] = b
                o += 1
            }
        }
        return o
    }
}

/// Eight bytes at a time: whether a word of text holds a byte a context must rewrite.
///
/// The tests are exact for the question "does any byte…" (see `JSON.needsEscaping`): `x - 0x01…`
/// borrows into a byte's top bit only for a zero byte or below the subtrahend, and `& ~x` drops
/// bytes of 0x80 and above.
enum Words {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Non-zero when a byte is below 0x20 or is DEL.
    @inline(__always)
    static func controls(_ word: UInt64) -> UInt64 {
        ((word &- ones &* 0x20) & ~word & highs) | matches(word, 0x7F)
    }

    /// Non-zero when a byte equals `byte`.
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Copies whole words from `source` to `out` while `special` says none needs rewriting;
    /// returns how many bytes were copied (all `n`, or up to the first word that needs work).
    @inline(__always)
    static func copyClean(_ source: UnsafePointer<UInt8>, _ n: Int, to out: UnsafeMutablePointer<UInt8>,
                          _ special: (UInt64) -> Bool) -> Int
    {
        let raw = UnsafeRawPointer(source), target = UnsafeMutableRawPointer(out)
        var i = 0
        while i + 8 <= n {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if special(word) { return i }
            target.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < n {
            // The tail, one byte a word (zero-padded words would read as controls).
            if special(UInt64(source[i]) | 0x2020_2020_2020_2000) { return i }
            out[i] = source[i]
            i += 1
        }
        return n
    }
}
