import FinanceCore

/// The `source` metadata value, `FILE:LINE`, for the journal writers.
///
/// Every activity of a file shares its name, so the name is made safe for the context once per
/// file; line numbers come one after another, so they are carried on in text (`LineDigits`), as
/// the JSON Lines writer does.
struct JournalSourceText {
    enum Context {
        /// A ledger comment: controls become spaces.
        case comment
        /// The inside of a beancount string: `"` and `\` escaped as well.
        case beancountString
    }

    let context: Context
    private var lastFile: String?
    /// The file name as written.
    private(set) var fileText: [UInt8] = []
    private var lastLine = -1
    private var lineDigits = LineDigits()

    init(context: Context) {
        self.context = context
    }

    /// Makes `file` the current one.
    @inline(__always)
    mutating func file(_ file: String) {
        guard file != lastFile else { return }
        lastFile = file
        let context = self.context
        fileText = file.withUTF8Bytes { bytes in
            [UInt8](unsafeUninitializedCapacity: 2 * bytes.count) { room, count in
                guard let base = room.baseAddress else { return }
                switch context {
                case .comment: count = JournalText.put(bytes, .comment, at: base)
                case .beancountString: count = JournalText.putBeancountString(bytes, at: base)
                }
            }
        }
    }

    /// Writes `FILE:LINE` at `out` (room for `fileText` and 25 bytes); returns its length.
    @inline(__always)
    mutating func put(line: Int, at out: UnsafeMutablePointer<UInt8>) -> Int {
        let n = fileText.count
        fileText.withUnsafeBufferPointer { if let base = $0.baseAddress { out.update(from: base, count: n) } }
        out[n] = UInt8(ascii: ":")
        let digits = lineDigits.next(line, after: lastLine, to: out + n + 1)
        lastLine = line
        return n + 1 + digits
    }
}
