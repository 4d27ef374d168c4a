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
    /// tested at once (`JournalWords`); from the first word that holds a byte to rewrite, byte by byte.
    @inline(__always)
    static func put(_ bytes: UnsafeBufferPointer<UInt8>, _ context: Context, at out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = bytes.baseAddress else { return 0 }
        let n = bytes.count
        var i = JournalWords.copyClean(source, n, to: out) { word in
            var special = JournalWords.controls(word)
            switch context {
            case .ledgerPayee: special |= JournalWords.matches(word, UInt8(ascii: ";")) | JournalWords.matches(word, UInt8(ascii: "|"))
            case .ledgerNote: special |= JournalWords.matches(word, UInt8(ascii: ";"))
            case .ledgerCode: special |= JournalWords.matches(word, UInt8(ascii: ";")) | JournalWords.matches(word, UInt8(ascii: ")"))
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
        let clean = JournalWords.copyClean(source, bytes.count, to: out) { word in
            JournalWords.controls(word) | JournalWords.matches(word, UInt8(ascii: "\"")) | JournalWords.matches(word, UInt8(ascii: "\\")) != 0
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

    /// `text` for a comment line: control characters (a newline would end it) as spaces.
    static func comment(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    }

    /// `text` as a quoted beancount string, escaped as `putBeancountString` does.
    static func beancountString(_ text: String) -> String {
        var bytes = Array(text.utf8)
        let escaped = bytes.withUnsafeMutableBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: source.count * 4 + 2) { out, count in
                out[0] = UInt8(ascii: "\"")
                let n = putBeancountString(UnsafeBufferPointer(source), at: out.baseAddress! + 1)
                out[n + 1] = UInt8(ascii: "\"")
                count = n + 2
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
