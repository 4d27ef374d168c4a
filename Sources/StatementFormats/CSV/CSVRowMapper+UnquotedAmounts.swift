/// Amounts that hold the delimiter and were not quoted, so that each became two fields or more: a
/// row with more fields than the header. Two ways banks write them:
///
/// - digit groups (`16/03/2024,SALARY,,1,23,456.78` under `Date,Narration,Withdrawal,Deposit`):
///   after one to three digits, groups of three (the last may carry the decimals), or India's
///   groups of two before a last group of three; only where `.` is the decimal mark;
/// - a decimal comma (`15/03/2024,Coffee,-4,50`): the whole amount, then its two decimals.
///
/// Read by position, the first would be a deposit of 1.00 and the second -4.00 (the extra fields
/// left out). Each amount column gets its fields back instead, when exactly one way of sharing the
/// extra fields out among the amount columns does that. A row that shares out both ways (`-4,50,995,50`
/// under an amount and a balance: -4,50,995 and 50, or -4,50 and 995,50) takes the way an earlier row of
/// the file took alone; before any did, and for a row that shares out two ways of one kind
/// (`12,345,678`: 12,345 and 678, or 12 and 345,678), it is an error: no amount can be trusted.
enum UnquotedAmounts { case groups, decimalComma }

extension CSVRowMapper {
    static let unquotedAmountsCode = "csv.lenient.unquoted-amounts"

    enum SplitAmounts {
        /// No amount column is followed by fields that take up the extra ones.
        case none
        /// The row's fields with each amount joined back, and the delimiters (offsets in the
        /// buffer) that are the decimal mark.
        case one([CSVFieldSpan], decimalCommas: [Int], UnquotedAmounts)
        /// Several ways, and none an earlier row settled: no amount can be trusted.
        case ambiguous
    }

    /// How the extra fields of `record` share out among the amount columns (see `UnquotedAmounts`).
    func splitAmounts(_ record: borrowing CSVRecord) -> SplitAmounts {
        let extra = record.count - width
        guard dialect.delimiter == UInt8(ascii: ","), extra > 0, extra <= 8 else { return .none }
        var amountColumns = Set([columns.amount, columns.debit, columns.credit, columns.balance, columns.fee].compactMap { $0 })
        amountColumns.formUnion(siblingAmountColumns)
        let shapes = (0..<record.count).map { i in
            record.spans[i].flags != 0 ? FieldShape.other : record.withField(i) { Self.fieldShape(CSVRecord.trimmed($0)) }
        }
        guard shapes.contains(where: { $0 == .cents || $0 == .group || $0 == .lastGroup }) else { return .none }
        var found: [(absorbed: [Int], reading: UnquotedAmounts)] = []
        var tries: [UnquotedAmounts] = [.decimalComma]
        if dialect.decimalMark == UInt8(ascii: ".") { tries.append(.groups) }
        for reading in tries {
            let ways = shareOut(shapes, extra: extra, amountColumns: amountColumns, reading: reading)
            guard ways.count <= 1 else { return .ambiguous }
            found += ways.map { ($0, reading) }
        }
        if found.count > 1, let settled = unquotedAmounts { found.removeAll { $0.reading != settled } }
        guard let (absorbed, reading) = found.first else { return .none }
        guard found.count == 1 else { return .ambiguous }
        var spans: [CSVFieldSpan] = []
        var commas: [Int] = []
        var field = 0
        for take in absorbed {
            spans.append(take == 0 ? record.spans[field] : Self.span(joining: record.spans[field], through: record.spans[field + take]))
            if take > 0 && reading == .decimalComma { commas.append(record.spans[field].end) }
            field += 1 + take
        }
        return .one(spans, decimalCommas: commas, reading)
    }

    /// Every way (at most two) of giving the amount columns the extra fields in `reading`: for
    /// each column, how many fields after its own it takes.
    private func shareOut(_ shapes: [FieldShape], extra: Int, amountColumns: Set<Int>, reading: UnquotedAmounts) -> [[Int]] {
        var ways: [[Int]] = []
        var absorbed = [Int](repeating: 0, count: width)
        func share(column: Int, field: Int, left: Int) {
            guard ways.count < 2 else { return }
            if column == width {
                if left == 0 && field == shapes.count { ways.append(absorbed) }
                return
            }
            guard field < shapes.count else { return }
            absorbed[column] = 0
            share(column: column + 1, field: field + 1, left: left)
            guard amountColumns.contains(column), left > 0 else { return }
            for take in 1...left where Self.continues(shapes[field], with: shapes[(field + 1)...].prefix(take), take: take, reading: reading) {
                absorbed[column] = take
                share(column: column + 1, field: field + 1 + take, left: left - take)
            }
            absorbed[column] = 0
        }
        share(column: 0, field: 0, left: extra)
        return ways
    }

    /// The warning for the first row read so.
    func splitAmountsLeniency(_ record: borrowing CSVRecord, _ reading: UnquotedAmounts) -> Leniency {
        let how =
            reading == .groups
            ? "amounts written with ',' grouping their digits and not quoted (1,234.50); read such rows with each amount's digit groups joined back"
            : "amounts written with ',' as their decimal mark and not quoted (-4,50); read such rows with each amount's decimals joined back"
        return Leniency(
            code: Self.unquotedAmountsCode, "\(fieldCountMismatch(record)): \(how)",
            notes: ["an amount that contains the delimiter ',' should be quoted"], changesMeaning: true)
    }

    enum FieldShape: Equatable {
        /// Digits after a sign or a currency sign, more than three (`-1200`): only a decimal
        /// comma's whole part.
        case whole
        /// One digit, or three (`1`, `-4`, `$1`, `345`): a first group, or a group of three.
        case lead
        case group
        /// Two digits (`23`, `50`): India's group of two, or the decimals after a comma.
        case cents
        /// Three digits with decimals (`456.78`): a last group.
        case lastGroup
        case other
    }

    /// The shape of an unquoted field; a sign, a bracket or a currency sign of up to four bytes may
    /// lead (`-1`, `(1`, `$1`, `₹1`, `Rs.1`), and a field so led is whole or a lead.
    static func fieldShape(_ bytes: UnsafeBufferPointer<UInt8>) -> FieldShape {
        var digits = bytes[...]
        // An accounting negative's closing bracket (`$ (1,200.00)`): the amount's parse decides.
        if digits.last == UInt8(ascii: ")") { digits = digits.dropLast() }
        let prefix = digits.prefix { !isDigit($0) }
        if !prefix.isEmpty {
            digits = digits.dropFirst(prefix.count)
            guard prefix.count <= 4, !digits.isEmpty, digits.allSatisfy(isDigit) else { return .other }
            return digits.count <= 3 ? .lead : .whole
        }
        if let dot = digits.firstIndex(of: UInt8(ascii: ".")) {
            let whole = digits[..<dot]
            let fraction = digits[(dot + 1)...]
            return whole.count == 3 && whole.allSatisfy(isDigit) && !fraction.isEmpty && fraction.allSatisfy(isDigit) ? .lastGroup : .other
        }
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return .other }
        switch digits.count {
        case 1: return .lead
        case 2: return .cents
        case 3: return .group
        default: return .whole
        }
    }

    /// Whether an amount column's field `first` and the `take` fields after it make one amount.
    private static func continues(_ first: FieldShape, with rest: ArraySlice<FieldShape>, take: Int, reading: UnquotedAmounts) -> Bool {
        guard rest.count == take, let last = rest.last else { return false }
        switch reading {
        case .decimalComma:
            return take == 1 && last == .cents && first != .other && first != .lastGroup
        case .groups:
            // `1`–`999` first; threes, the last may have decimals; or twos then a three (India).
            guard first == .lead || first == .cents || first == .group, last == .group || last == .lastGroup else { return false }
            let before = rest.dropLast()
            return before.allSatisfy { $0 == .group } || before.allSatisfy { $0 == .cents }
        }
    }

    private static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }
}

extension CSVRowMapper {
    /// Reads `record` with the fields `joined`; a comma at `decimalCommas` is read as the
    /// dialect's decimal mark (from a copy of the row: the file's bytes stay as they are).
    func readJoined(
        _ record: borrowing CSVRecord, _ joined: [CSVFieldSpan], decimalCommas: [Int], into sink: inout some ActivitySink
    ) throws -> Bool {
        guard !decimalCommas.isEmpty else {
            return try joined.withUnsafeBufferPointer { fields in
                try row(CSVRecord(buffer: record.buffer, fields: fields, line: record.line, start: record.start, end: record.end), into: &sink)
            }
        }
        var bytes = Array(record.buffer[record.start..<record.end])
        for comma in decimalCommas { bytes[comma - record.start] = dialect.decimalMark }
        let start = record.start
        let spans = joined.map { CSVFieldSpan(start: $0.start - start, end: $0.end - start, flags: $0.flags) }
        return try bytes.withUnsafeBufferPointer { buffer in
            try spans.withUnsafeBufferPointer { fields in
                try row(CSVRecord(buffer: buffer, fields: fields, line: record.line, start: 0, end: buffer.count), into: &sink)
            }
        }
    }
}
