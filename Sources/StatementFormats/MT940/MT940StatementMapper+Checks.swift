import FinanceCore

/// Leniencies and the MT942 totals check.
extension MT940StatementMapper {
    /// Reports the leniency `code` at the place given: once per file as a warning, or, when
    /// `--strict` refuses it (`changesMeaning`), every time as an error. Returns whether the
    /// reading goes on leniently. `make` builds the leniency only when it is reported.
    func tolerate(
        _ code: String, changesMeaning: Bool, line: Int, column: Int?, into sink: inout some ActivitySink,
        _ make: () -> Leniency
    ) throws -> Bool {
        let refused = options.strict && changesMeaning
        if refused || leniencies.isFirst(code) {
            try sink.report(make().diagnostic(at: SourceLocation(file: file, line: line, column: column), options: options))
        }
        return !refused
    }

    /// Whether a date past the end of its month, `length` bytes at `offset` of `field`'s value,
    /// may be read as `read` (see `MT940Leniency.calendarDay`).
    func acceptDate(
        _ field: MT940Field, at offset: Int, length: Int, what: String, read: LocalDate,
        into sink: inout some ActivitySink
    ) throws -> Bool {
        try tolerate(MT940Leniency.calendarDayCode, changesMeaning: true, line: field.line, column: field.column + offset, into: &sink) {
            let end = min(field.value.count, offset + length)
            let text = String(decoding: UnsafeBufferPointer(rebasing: field.value[offset..<end]), as: UTF8.self)
            let day = MT940Values.twoDigits(field.value, end - 2) ?? 0
            return MT940Leniency.calendarDay("\(what) '\(text)'", month: read.month, day: day, read: read, strict: options.strict)
        }
    }

    /// Whether a balance's date may be read as it was (see above).
    func acceptDate(of balance: MT940Balance, _ field: MT940Field, into sink: inout some ActivitySink) throws -> Bool {
        guard let offset = balance.clampedDateOffset else { return true }
        guard try acceptDate(field, at: offset, length: 6, what: "the date of the :\(field.name): balance", read: balance.date, into: &sink)
        else {
            statement.damaged = true
            return false
        }
        return true
    }

    /// Checks an MT942 `:90D:` or `:90C:` total against the report's statement lines.
    func checkTotal(_ field: MT940Field, into sink: inout some ActivitySink) throws {
        guard let stated = MT942Fields.total(field.value) else {
            let text = String(decoding: MT940Values.trimmed(field.value), as: UTF8.self)
            return try report(.badTotal(tag: field.name, text: text), line: field.line, column: field.column, into: &sink)
        }
        if stated.isLenient {
            let text = String(decoding: MT940Values.trimmed(field.value), as: UTF8.self)
            _ = try tolerate(MT940Leniency.totalFormCode, changesMeaning: false, line: field.line, column: field.column, into: &sink) {
                MT940Leniency.totalForm(tag: field.name, text: text)
            }
        }
        guard !statement.damaged, statement.uncountedLines == 0 else { return }
        var counted = field.tag == .debitTotal ? statement.debits : statement.credits
        counted.sum.currency = stated.sum.currency
        counted.isLenient = stated.isLenient
        if stated.count == nil { counted.count = nil }
        guard counted != stated else { return }
        try report(.totalsMismatch(tag: field.name, stated: stated, counted: counted), line: field.line, column: field.column, into: &sink)
    }

    /// Warns, once per file, of a balance that writes `EURO` for EUR.
    func tolerateCurrencyForm(of balance: MT940Balance, _ field: MT940Field, into sink: inout some ActivitySink) throws {
        guard balance.currencyWrittenOut else { return }
        _ = try tolerate(MT940Leniency.currencyFormCode, changesMeaning: false, line: field.line, column: field.column + 7, into: &sink) {
            MT940Leniency.currencyForm(tag: field.name)
        }
    }
}
