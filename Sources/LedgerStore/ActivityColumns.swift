import FinanceCore

/// How an activity maps to the columns of `transactions`, both ways, in one place.
enum ActivityColumns {
    /// The columns `read` expects, in order, for a SELECT.
    static let select = """
        id, account, date, name, address, amount_units, amount_scale, currency, memo, type, category, fitid, \
        check_number, source_file, source_line, origin, edited_at, type_locked
        """

    /// The columns `bind` fills, `?1` … `?15` in order, for an INSERT.
    static let insert = """
        id, account, date, name, address, amount_units, amount_scale, currency, memo, type, category, fitid, \
        check_number, source_file, source_line
        """

    /// Binds `?1` … `?15` (see `insert`).
    static func bind(_ a: PaymentActivity, to statement: SQLiteStatement) {
        statement.bind(1, Int64(bitPattern: a.id.value))
        statement.bind(2, a.account)
        statement.bindText(3, maximum: 10) { a.date.writeISO(to: $0) }
        statement.bind(4, a.name)
        statement.bind(5, a.address)
        statement.bind(6, a.amount.units)
        statement.bind(7, Int64(a.amount.scale))
        if let currency = a.amount.currency {
            statement.bindText(8, maximum: 3) { out in
                out[0] = UInt8(truncatingIfNeeded: currency.packed >> 16)
                out[1] = UInt8(truncatingIfNeeded: currency.packed >> 8)
                out[2] = UInt8(truncatingIfNeeded: currency.packed)
                return 3
            }
        } else {
            statement.bind(8, nil as String?)
        }
        statement.bind(9, a.memo)
        statement.bind(10, a.type.rawValue)
        statement.bind(11, a.category)
        statement.bind(12, a.fitid)
        statement.bind(13, a.checkNumber)
        statement.bind(14, a.source.file)
        statement.bind(15, Int64(a.source.line))
    }

    /// The activity of the current row of a statement that selected `select` (starting at column 0).
    static func read(_ s: SQLiteStatement) -> PaymentActivity {
        let currency: CurrencyCode?
        let code = s.bytes(7)
        currency = code.count == 3 ? CurrencyCode(bytes: code[0], code[1], code[2]) : nil
        let scale = UInt8(clamping: max(0, min(Int64(Money.maximumScale), s.int64(6))))
        return PaymentActivity(
            id: ActivityID(value: UInt64(bitPattern: s.int64(0))), account: s.optionalString(1), date: date(s.bytes(2)),
            name: s.string(3), address: s.optionalString(4),
            amount: Money(units: s.int64(5), scale: scale, currency: currency),
            memo: s.optionalString(8), type: type(s.bytes(9)), category: s.optionalString(10), fitid: s.optionalString(11),
            checkNumber: s.optionalString(12), source: SourceLocation(file: s.string(13), line: Int(s.int64(14))))
    }

    /// The ledger entry (activity and bookkeeping) of the current row.
    static func readEntry(_ s: SQLiteStatement) -> LedgerEntry {
        LedgerEntry(activity: read(s), origin: s.string(15) == "manual" ? .manual : .import,
                    editedAt: s.optionalString(16), typeLocked: s.int64(17) != 0)
    }

    /// `YYYY-MM-DD` from the column's bytes; the schema writes nothing else, and anything unreadable
    /// (a hand-edited database) becomes 0001-01-01 rather than a crash.
    private static func date(_ b: UnsafeBufferPointer<UInt8>) -> LocalDate {
        let fallback = LocalDate(daysSinceEpoch: -719_162)
        guard b.count == 10 else { return fallback }
        func digits(_ range: Range<Int>) -> Int {
            range.reduce(0) { $0 * 10 + Int(b[$1] &- 48) }
        }
        return LocalDate(year: digits(0..<4), month: digits(5..<7), day: digits(8..<10)) ?? fallback
    }

    private static func type(_ b: UnsafeBufferPointer<UInt8>) -> PaymentType {
        switch b.first {
        case UInt8(ascii: "i"): return .income
        case UInt8(ascii: "t"): return .transfer
        default: return .expense
        }
    }
}
