/// Amounts written with the delimiter as their grouping mark, unquoted: `16/03/2024,SALARY,,1,23,456.78`
/// under `Date,Narration,Withdrawal,Deposit`, a row of six fields under a header of four. Read by
/// position it would be a deposit of 1.00 (the extra fields left out); each amount column gets its
/// digit groups back instead, when exactly one way of sharing the extra fields out does that.
extension CSVRowMapper {
    static let groupedAmountsCode = "csv.lenient.unquoted-grouping"

    enum GroupedAmounts {
        /// No amount column is followed by digit groups that take up the extra fields.
        case none
        /// The row's fields with each amount's groups joined back.
        case one([CSVFieldSpan])
        /// Several ways (`12,345,678`: 12,345 and 678, or 12 and 345,678): no amount can be trusted.
        case ambiguous
    }

    /// How the extra fields of `record` share out among the amount columns as digit groups: after
    /// an amount of one to three digits, groups of three (the last may carry the decimals), or
    /// India's groups of two before a last group of three. Only where `,` delimits and `.` is the
    /// decimal mark, so that `,` can only have been the grouping mark.
    func groupedAmounts(_ record: borrowing CSVRecord) -> GroupedAmounts {
        let extra = record.count - width
        guard dialect.delimiter == UInt8(ascii: ","), dialect.decimalMark == UInt8(ascii: "."), extra > 0, extra <= 8 else { return .none }
        var amountColumns = Set([columns.amount, columns.debit, columns.credit, columns.balance, columns.fee].compactMap { $0 })
        amountColumns.formUnion(siblingAmountColumns)
        let shapes = (0..<record.count).map { i in record.withField(i) { Self.groupShape(CSVRecord.trimmed($0)) } }
        guard shapes.contains(where: { $0 != .other && $0 != .lead }) else { return .none }
        // Each solution: for every column, the groups it absorbs.
        var solutions: [[Int]] = []
        var absorbed = [Int](repeating: 0, count: width)
        func share(column: Int, field: Int, left: Int) {
            guard solutions.count < 2 else { return }
            if column == width {
                if left == 0 && field == record.count { solutions.append(absorbed) }
                return
            }
            guard field < record.count else { return }
            absorbed[column] = 0
            share(column: column + 1, field: field + 1, left: left)
            guard amountColumns.contains(column), shapes[field] == .lead || shapes[field] == .indianGroup || shapes[field] == .group
            else { return }
            for take in stride(from: 1, through: left, by: 1) where Self.isGroupRun(shapes[(field + 1)...].prefix(take), take: take) {
                absorbed[column] = take
                share(column: column + 1, field: field + 1 + take, left: left - take)
            }
            absorbed[column] = 0
        }
        share(column: 0, field: 0, left: extra)
        guard let solution = solutions.first else { return .none }
        guard solutions.count == 1 else { return .ambiguous }
        var spans: [CSVFieldSpan] = []
        var field = 0
        for take in solution {
            spans.append(take == 0 ? record.spans[field] : Self.span(joining: record.spans[field], through: record.spans[field + take]))
            field += 1 + take
        }
        return .one(spans)
    }

    /// The warning for the first row read so.
    func groupedAmountsLeniency(_ record: borrowing CSVRecord) -> Leniency {
        let against = headerLine.map { "the header on line \($0) has \(width)" } ?? "the first row has \(width)"
        return Leniency(
            code: Self.groupedAmountsCode,
            "line \(record.line) has \(record.count) fields where \(against): amounts written with ',' grouping their digits and not quoted (1,234.50); read such rows with each amount's digit groups joined back",
            notes: ["an amount that contains the delimiter ',' should be quoted"], changesMeaning: true)
    }

    enum GroupShape { case lead, group, indianGroup, lastGroup, other }

    /// `1`–`999` after a sign or a currency sign (`-1`, `$1`, `₹1`, `Rs.1`): an amount's first
    /// group; `345`: a group of three (also a lead); `23`: a group of two (India's, also a lead);
    /// `456.78`: a last group with decimals.
    static func groupShape(_ bytes: UnsafeBufferPointer<UInt8>) -> GroupShape {
        var digits = bytes[...]
        let prefix = digits.prefix { !isDigit($0) }
        if !prefix.isEmpty {
            digits = digits.dropFirst(prefix.count)
            return prefix.count <= 4 && (1...3).contains(digits.count) && digits.allSatisfy(isDigit) ? .lead : .other
        }
        if let dot = digits.firstIndex(of: UInt8(ascii: ".")) {
            let whole = digits[..<dot]
            let fraction = digits[(dot + 1)...]
            return whole.count == 3 && whole.allSatisfy(isDigit) && !fraction.isEmpty && fraction.allSatisfy(isDigit) ? .lastGroup : .other
        }
        guard digits.allSatisfy(isDigit) else { return .other }
        switch digits.count {
        case 1: return .lead
        case 2: return .indianGroup
        case 3: return .group
        default: return .other
        }
    }

    /// Whether `shapes` (`take` of them) follow an amount's first group: threes, the last may have
    /// decimals; or twos then a three (India: `1,23,456.78`).
    private static func isGroupRun(_ shapes: ArraySlice<GroupShape>, take: Int) -> Bool {
        guard shapes.count == take, let last = shapes.last, last == .group || last == .lastGroup else { return false }
        let before = shapes.dropLast()
        return before.allSatisfy { $0 == .group } || before.allSatisfy { $0 == .indianGroup }
    }

    private static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }
}
