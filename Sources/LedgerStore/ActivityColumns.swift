import FinanceCore

/// How an activity maps to the columns of `transactions`, both ways, in one place.
enum ActivityColumns {
    /// The columns `read` expects, in order, for a SELECT: `selectCount` of them, so that a query
    /// may add its own after them.
    static let select = """
        id, account_id, day, name, address, amount_units, amount_scale, currency, memo, type, category_id, fitid, \
        check_number, source_file, source_line, import_id, edited_at, type_locked, \
        original_units, original_scale, original_currency, rate_units, rate_scale
        """
    static let selectCount: Int32 = 23

    /// The columns `bind` fills, `?1` … `?insertCount` in order, for an INSERT.
    static let insert = """
        id, account_id, day, name, address, amount_units, amount_scale, currency, memo, type, category_id, fitid, \
        check_number, source_file, source_line, original_units, original_scale, original_currency, rate_units, rate_scale
        """
    static let insertCount: Int32 = 20

    /// What a row holds by reference: the ids of its account and category names, and its source
    /// file unless that is its import's (`imports.file`).
    struct References {
        var account: Int64?
        var category: Int64?
        var sourceFile: String?
    }

    /// Binds `?1` … `?20` (see `insert`), or from `?(base + 1)` for a row of a multi-row INSERT.
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
        if let original = a.original {
            bindOriginal(original, to: statement, base: base)
        } else {
            for column in Int32(16)...20 { statement.bind(base + column, nil as Int64?) }
        }
    }

    /// A payment in another currency: its amount (NULL when the file gave only the rate), currency
    /// and rate, in `?16` … `?20`.
    @inline(never)
    private static func bindOriginal(_ original: OriginalAmount, to statement: SQLiteStatement, base: Int32) {
        statement.bind(base + 16, original.amount?.units)
        statement.bind(base + 17, original.amount.map { Int64($0.scale) })
        statement.bind(base + 18, original.currency.description)
        statement.bind(base + 19, original.rate?.units)
        statement.bind(base + 20, original.rate.map { Int64($0.scale) })
    }

    /// The original amount of the current row (columns 18 … 22 of `select`), if it has one.
    private static func readOriginal(_ s: SQLiteStatement) -> OriginalAmount? {
        guard !s.isNull(20) else { return nil }
        let code = s.bytes(20)
        guard code.count == 3, let currency = CurrencyCode(bytes: code[0], code[1], code[2]) else { return nil }
        func scale(_ column: Int32) -> UInt8 { UInt8(clamping: max(0, min(Int64(Money.maximumScale), s.int64(column)))) }
        let amount = s.isNull(18) ? nil : Money(units: s.int64(18), scale: scale(19), currency: currency)
        let rate = s.isNull(21) ? nil : ExchangeRate(Money(units: s.int64(21), scale: scale(22)))
        return OriginalAmount(currency: currency, amount: amount, rate: rate)
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
            original: readOriginal(s))
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
