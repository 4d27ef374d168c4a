import FinanceCore

/// How an activity maps to the columns of `transactions`, both ways, in one place.
enum ActivityColumns {
    /// The columns `read` expects, in order, for a SELECT: `selectCount` of them, so that a query
    /// may add its own after them.
    static let select = """
        id, account_id, day, name, address, amount_units, amount_scale, currency, memo, type, category_id, fitid, \
        check_number, source_file, source_line, import_id, edited_at, type_locked, original, raw_name
        """
    static let selectCount: Int32 = 20

    /// The columns `bind` fills, `?1` … `?insertCount` in order, for an INSERT.
    static let insert = """
        id, account_id, day, name, address, amount_units, amount_scale, currency, memo, type, category_id, fitid, \
        check_number, source_file, source_line, original, raw_name
        """
    static let insertCount: Int32 = 17

    /// What a row holds by reference: the ids of its account and category names, and its source
    /// file unless that is its import's (`imports.file`).
    struct References {
        var account: Int64?
        var category: Int64?
        var sourceFile: String?
    }

    /// Binds `?1` … `?17` (see `insert`), or from `?(base + 1)` for a row of a multi-row INSERT.
    static func bind(_ a: PaymentActivity, _ references: References, to statement: SQLiteStatement, base: Int32 = 0) {
        statement.bind(base + 1, Int64(bitPattern: a.id.value))
        statement.bind(base + 2, references.account)
        statement.bind(base + 3, Int64(a.date.daysSinceEpoch))
        statement.bind(base + 4, a.name)
        statement.bind(base + 5, a.address)
        statement.bind(base + 6, a.amount.units)
        statement.bind(base + 7, Int64(a.amount.scale))
        if let currency = a.amount.currency {
            statement.bindText(base + 8, maximum: 3) { out in
                out[0] = UInt8(truncatingIfNeeded: currency.packed >> 16)
                out[1] = UInt8(truncatingIfNeeded: currency.packed >> 8)
                out[2] = UInt8(truncatingIfNeeded: currency.packed)
                return 3
            }
        } else {
            statement.bind(base + 8, nil as String?)
        }
        statement.bind(base + 9, a.memo)
        statement.bind(base + 10, code(a.type))
        statement.bind(base + 11, references.category)
        statement.bind(base + 12, a.fitid)
        statement.bind(base + 13, a.checkNumber)
        statement.bind(base + 14, references.sourceFile)
        statement.bind(base + 15, Int64(a.source.line))
        // Otherwise `?16` and `?17` stay NULL: every statement starts so, and `reset` clears them.
        if let original = a.original { bindOriginal(original, to: statement, base: base) }
        if let rawName = a.rawName { statement.bind(base + 17, rawName) }
    }

    /// A payment in another currency, as `original` holds it: `-12.00 USD 0.9225`, `-` for an
    /// amount or a rate the file did not state.
    @inline(never)
    private static func bindOriginal(_ original: OriginalAmount, to statement: SQLiteStatement, base: Int32) {
        var text = original.amount?.decimalString ?? "-"
        text += " " + original.currency.description + " "
        text += original.rate.map { Money(units: $0.units, scale: $0.scale).canonical.decimalString } ?? "-"
        statement.bind(base + 16, text)
    }

    /// The original amount of the current row (column 18 of `select`), if it has one; a text that
    /// does not read as `bindOriginal` writes it gives none.
    private static func readOriginal(_ s: SQLiteStatement) -> OriginalAmount? {
        guard !s.isNull(18) else { return nil }
        let parts = s.string(18).split(separator: " ")
        guard parts.count == 3, let currency = CurrencyCode(parts[1]) else { return nil }
        let amount = parts[0] == "-" ? nil : decimal(parts[0])
        let rate = parts[2] == "-" ? nil : decimal(parts[2]).flatMap(ExchangeRate.init)
        if parts[0] != "-" && amount == nil || parts[2] != "-" && rate == nil { return nil }
        return OriginalAmount(currency: currency, amount: amount, rate: rate)
    }

    /// `-12.00` as units and scale (the text `Money.decimalString` writes).
    static func decimal(_ text: Substring) -> Money? {
        var units: Int64 = 0
        var scale = 0
        var digits = 0
        var point = false
        let negative = text.utf8.first == UInt8(ascii: "-")
        for b in text.utf8.dropFirst(negative ? 1 : 0) {
            if b == UInt8(ascii: ".") && !point && digits > 0 {
                point = true
                continue
            }
            guard b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"), digits < 18 else { return nil }
            units = units * 10 + Int64(b - UInt8(ascii: "0"))
            digits += 1
            if point { scale += 1 }
        }
        guard digits > 0, !point || scale > 0 else { return nil }
        return Money(units: negative ? -units : units, scale: UInt8(scale))
    }

    /// The activity of the current row of a statement that selected `select` (starting at column 0).
    static func read(_ s: SQLiteStatement, names: NameLookup) -> PaymentActivity {
        let currency: CurrencyCode?
        let code = s.bytes(7)
        currency = code.count == 3 ? CurrencyCode(bytes: code[0], code[1], code[2]) : nil
        let scale = UInt8(clamping: max(0, min(Int64(Money.maximumScale), s.int64(6))))
        let file = s.isNull(13) ? (names.importFiles[s.int64(15)] ?? "") : s.string(13)
        return PaymentActivity(
            id: ActivityID(value: UInt64(bitPattern: s.int64(0))), account: s.isNull(1) ? nil : names.accounts[s.int64(1)],
            date: date(s.int64(2)), name: s.string(3), address: s.optionalString(4),
            amount: Money(units: s.int64(5), scale: scale, currency: currency),
            memo: s.optionalString(8), type: type(s.int64(9)), category: s.isNull(10) ? nil : names.categories[s.int64(10)],
            fitid: s.optionalString(11), checkNumber: s.optionalString(12), source: SourceLocation(file: file, line: Int(s.int64(14))),
            original: readOriginal(s), rawName: s.optionalString(19))
    }

    /// The ledger entry (activity and bookkeeping) of the current row.
    static func readEntry(_ s: SQLiteStatement, names: NameLookup) -> LedgerEntry {
        LedgerEntry(
            activity: read(s, names: names), origin: s.isNull(15) ? .manual : .import,
            editedAt: s.optionalString(16), typeLocked: s.int64(17) != 0)
    }

    /// The column value of a type (CHECKed by the schema: 0, 1 or 2).
    static func code(_ type: PaymentType) -> Int64 {
        switch type {
        case .expense: return 0
        case .income: return 1
        case .transfer: return 2
        }
    }

    static func type(_ code: Int64) -> PaymentType {
        switch code {
        case 1: return .income
        case 2: return .transfer
        default: return .expense
        }
    }

    /// The day number as a date; one out of the calendar's range (a hand-edited database) becomes
    /// 0001-01-01 rather than a crash.
    static func date(_ day: Int64) -> LocalDate {
        let first = -719_162, last = 2_932_896  // 0001-01-01 and 9999-12-31
        guard day >= Int64(first), day <= Int64(last) else { return LocalDate(daysSinceEpoch: first) }
        return LocalDate(daysSinceEpoch: Int(day))
    }
}
