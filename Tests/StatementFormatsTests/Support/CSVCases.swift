import FinanceCore
import StatementFormats

/// Detects the dialect of CSV bytes held in memory, as `--show-dialect` does; throws the
/// diagnostic when detection fails.
func detectCSV(_ bytes: [UInt8], name: String = "test.csv", options: ReadOptions = ReadOptions()) throws -> DialectDetection {
    try CSVStatementReader().detect(ByteInput(bytes: bytes, displayName: name), options: options).get()
}

func detectCSV(_ text: String, name: String = "test.csv", options: ReadOptions = ReadOptions()) throws -> DialectDetection {
    try detectCSV(Array(text.utf8), name: name, options: options)
}

/// Reads CSV text held in memory, with `profile` pinned if given: what a `Collector` got (as
/// `readCSV`), and what became of each line (`LineCensus`).
func readCSVWithCensus(_ text: String, profile: CSVProfile? = nil) throws -> (Collector, LineCensus) {
    var options = ReadOptions()
    if let profile { options.csvProfile = profile }
    var census = LineCensus()
    try CSVStatementReader().read(ByteInput(bytes: Array(text.utf8), displayName: "t.csv"), options: options, into: &census)
    return (try readCSV(text, name: "t.csv", options: options), census)
}

/// A profile from its text; throws `ProfileErrors` when it does not parse.
func csvProfile(_ text: String) throws -> CSVProfile {
    try CSVProfile.parse(text, file: "test.profile").get()
}

/// One activity as `date|name|amount|currency` (currency empty when unknown), so that tables of
/// cases can spell out the rows they expect.
func brief(_ activity: PaymentActivity) -> String {
    "\(activity.date)|\(activity.name)|\(activity.amount.decimalString)|\(activity.currency?.description ?? "")"
}

extension Collector {
    /// Every activity as `brief` writes it.
    var rows: [String] { activities.map(brief) }
    /// The line each activity was read from.
    var lines: [Int] { activities.map(\.source.line) }
    /// The warnings, as `code@line`.
    var warningCodes: [String] { diagnostics.filter { $0.severity == .warning }.map { "\($0.code)@\($0.location.line)" } }
}

/// `text` in UTF-16 with its byte-order mark, as Excel's "Unicode text" writes it.
func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
    var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
    for unit in text.utf16 {
        let low = UInt8(unit & 0xFF), high = UInt8(unit >> 8)
        bytes += littleEndian ? [low, high] : [high, low]
    }
    return bytes
}

/// ASCII `text` with single bytes spliced in where `{XX}` (two hex digits) stands, to build files
/// in single-byte encodings or with damaged bytes: `"Caf{E9}"` is `43 61 66 E9`.
func bytes(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
        out += Array(rest[..<open].utf8)
        let hex = rest[rest.index(after: open)...].prefix(2)
        out.append(UInt8(hex, radix: 16)!)
        rest = rest[rest.index(open, offsetBy: 4)...]
    }
    return out + Array(rest.utf8)
}
