import FinanceCore

/// Turns the lines of one JSON Lines file, in order, into activities or diagnostics.
///
/// A bad line becomes one diagnostic (its first problem, at its column) and nothing else: no
/// activity is made up from what could be read of it, and the next line is read as usual.
final class JSONLinesMapper {
    let file: String
    let options: ReadOptions
    private let accountOverride: String?
    private let defaultCurrency: CurrencyCode?
    let ids: ActivityIDBuilder
    /// The activities sent since the part began (read in parts: `partReader`).
    @exclusivity(unchecked) var partRows = 0
    private let scratch = ByteBuffer(capacity: 1 << 12)
    /// `nil` to read every line with the general path, for tests that compare the two.
    private let fastPath: JSONLinesFastPath?
    /// Each field's key as pfin writes it, by `rawValue` (a scratch table: no array checks per key).
    private let quotedKeys: ScratchTable<QuotedKey>
    @exclusivity(unchecked) private var fields = JSONLinesFieldReader()
    @exclusivity(unchecked) var warnedLostTrack = false
    /// A part's mapper: the longest line it maps (a longer one is reported in order).
    var maximumPartLine = Int.max
    /// The keys of the file's first line that pfin does not read, while that line is parsed.
    private var unknownKeys: [String]?

    init(file: String, options: ReadOptions, usesFastPath: Bool = true, ids: ActivityIDBuilder = ActivityIDBuilder()) {
        self.file = file
        self.options = options
        self.ids = ids
        fastPath = usesFastPath ? JSONLinesFastPath(scratch: scratch) : nil
        accountOverride = options.account
        defaultCurrency = options.currency
        quotedKeys = .make(copying: JSONLinesField.allCases.map { QuotedKey($0.quotedKey) })
    }

    /// Maps one line, without its line break; blank lines are skipped.
    func map(_ line: UnsafeBufferPointer<UInt8>, number: Int, into sink: inout some ActivitySink) throws {
        var record = JSONLinesRecord()
        if fastPath?.read(line, into: &record, fields: &fields) != true {
            // Not as pfin writes records, or not valid: the general path reads it from the start.
            record = JSONLinesRecord()
            // Keys of another schema on the first line say the file is another tool's (line 1
            // only: a file read in parts says it once, as when read whole).
            if number == 1 { unknownKeys = [] }
            do throws(JSONLinesProblem) {
                guard try parse(line, into: &record) else {
                    unknownKeys = nil
                    return
                }
            } catch {
                unknownKeys = nil
                let location = SourceLocation(file: file, line: number, column: Self.column(of: error.offset, in: line))
                try sink.report(error.issue.diagnostic(at: location))
                return
            }
            // More keys of another schema than of pfin's: another tool's records (a key or two
            // of a person's own beside pfin's are just ignored).
            if let unknown = unknownKeys {
                unknownKeys = nil
                if unknown.count > record.seen.nonzeroBitCount { try sink.report(unknownKeysWarning(unknown, line: number)) }
            }
        }
        // `parse` made sure that the required fields are there. Texts are moved out of the record
        // (`take`), not copied: a retain and a release fewer for each, on every line.
        guard let date = record.date, var amount = record.amount, let name = record.name.take() else { return }
        // `--account` and `--currency` apply as in other readers; the record's own `id` and
        // `source` are kept, so that they survive a pipeline.
        amount.currency = record.currency ?? defaultCurrency
        let account = accountOverride ?? record.account.take()
        let fitid = record.fitid.take()
        let rawName = record.rawName.take()
        // From the bank's text, as the reader that first read the row computed it.
        if record.id == nil { ids.log?.mark(row: partRows, line: number) }
        let id =
            record.id
            ?? fitid.map { ids.id(account: account, bankID: $0, date: date) }
            ?? ids.id(account: account, date: date, amount: amount, name: rawName ?? name)
        try sink.accept(
            PaymentActivity(
                id: id, account: account, date: date, name: name, address: record.address.take(), amount: amount,
                memo: record.memo.take(), type: record.type, category: record.category.take(), fitid: fitid,
                checkNumber: record.checkNumber.take(), source: record.source.take() ?? SourceLocation(file: file, line: number),
                original: record.originalCurrency.map { OriginalAmount(currency: $0, amount: record.originalAmount, rate: record.exchangeRate) },
                rawName: rawName))
        partRows &+= 1
        if !warnedLostTrack, let date = ids.lostTrackOfDate {
            warnedLostTrack = true
            try sink.report(lostTrackWarning(date, line: number))
        }
    }

    /// Keys pfin does not read, on the first line: another tool's JSON (Plaid writes money out as
    /// positive amounts, `"pending"` rows, `"iso_currency_code"`) read by pfin's schema would be
    /// wrong without a word.
    func unknownKeysWarning(_ keys: [String], line: Int) -> Diagnostic {
        Diagnostic(
            .warning, code: "jsonl.unknown-keys", at: SourceLocation(file: file, line: line),
            "keys pfin does not read were ignored: \(keys.prefix(6).map { "\"\($0)\"" }.joined(separator: ", "))\(keys.count > 6 ? " …" : ""); only date, amount, name and the other keys of pfin's JSON Lines are read",
            notes: [
                "if this is another tool's export, check its amounts: pfin's JSON Lines write money out as negative, and read every line as a booked transaction"
            ])
    }

    func lostTrackWarning(_ date: LocalDate, line: Int) -> Diagnostic {
        Diagnostic(
            .warning, code: "jsonl.unsorted-large-file", at: SourceLocation(file: file, line: line),
            "this very large file returns to \(date) after moving past it; identical records without an \"id\" on that day may share an id",
            notes: ["sort the file by date, or give every record its \"id\""])
    }

    /// Reads the line's object into `record`; `false` for a blank line.
    private func parse(_ line: UnsafeBufferPointer<UInt8>, into record: inout JSONLinesRecord) throws(JSONLinesProblem) -> Bool {
        try JSONObjectScanner.scanning(line, scratch: scratch) { (scanner) throws(JSONLinesProblem) in try parse(&scanner, into: &record) }
    }

    private func parse(_ scanner: inout JSONObjectScanner, into record: inout JSONLinesRecord) throws(JSONLinesProblem) -> Bool {
        scanner.skipWhitespace()
        guard scanner.position < scanner.bytes.count else { return false }
        let start = scanner.position
        try scanner.beginObject()
        // Records pfin wrote have their keys in the writer's order: the next one is tried first.
        var expected: JSONLinesField? = .id
        while true {
            let field: JSONLinesField
            if let next = expected, scanner.nextKey(ifExactly: quotedKeys.withElements { $0[Int(next.rawValue)] }) {
                field = next
            } else {
                guard let key = try scanner.nextKey() else { break }
                guard let known = JSONLinesField(key: key) else {
                    if let unknown = unknownKeys, unknown.count < 24 { unknownKeys = unknown + [String(decoding: key, as: UTF8.self)] }
                    _ = try scanner.value()
                    continue
                }
                field = known
            }
            expected = field.next
            guard record.seen & field.bit == 0 else {
                throw JSONLinesProblem(issue: .duplicateKey(field), offset: scanner.keyOffset)
            }
            record.seen |= field.bit
            scanner.skipWhitespace()
            let offset = scanner.position
            let value = try scanner.value()
            do throws(JSONLinesIssue) {
                try fields.set(field, value, in: &record)
            } catch {
                throw JSONLinesProblem(issue: error, offset: offset)
            }
        }
        try scanner.end()
        if record.seen & JSONLinesRecord.requiredBits != JSONLinesRecord.requiredBits,
            let missing = JSONLinesRecord.required.first(where: { record.seen & $0.bit == 0 })
        {
            throw JSONLinesProblem(issue: .missing(missing), offset: start)
        }
        if record.originalCurrency == nil, record.originalAmount != nil || record.exchangeRate != nil {
            throw JSONLinesProblem(issue: .originalWithoutCurrency(record.originalAmount != nil ? .originalAmount : .exchangeRate), offset: start)
        }
        return true
    }

    /// The 1-based column, in Unicode scalars, of byte `offset` of a line.
    static func column(of offset: Int, in line: UnsafeBufferPointer<UInt8>) -> Int {
        var column = 1
        for b in line[..<min(offset, line.count)] where b & 0xC0 != 0x80 { column += 1 }
        return column
    }
}
