import FinanceCore

/// Turns Norma 43 records into activities, statements and diagnostics, one record at a time.
///
/// A file holds one or more accounts, each an account header (11), its movements (22), each
/// followed by up to five complementary concept records (23) and a currency equivalence (24), and
/// an account end (33) with the totals and the final balance; an end-of-file record (88) counts
/// the records. A movement becomes an activity once the record after its last complement comes.
///
/// A movement's name is the first field of its first complementary concept record (the bank's
/// description: "RECIBO ENDESA ENERGIA", "BIZUM DE GARCIA LOPEZ JUAN"), and its memo the rest of
/// the complementary text; without them, reference 2 when it holds text. A field filled to its
/// 38th column goes on in the next one (banks cut long texts there, mid-word: "…AMAZON E" +
/// "UROPE SARL"), so it is joined to it without a blank. Norma 43 has no transaction id, so ids
/// come from the content, and identical movements stay distinct by their numbering.
struct Norma43StatementMapper {
    let file: String
    let options: ReadOptions
    let ids = ActivityIDBuilder()
    var leniencies = LeniencyLog()
    var account: Norma43AccountState?
    var movement: Norma43MovementState?
    /// The last movement was skipped for an error: its complementary records go with it.
    var skippingMovement = false
    /// Records since the start or the last end-of-file record, as record 88 counts them (not
    /// itself, nor the optional file header 00).
    var records = 0
    var sawAccount = false
    /// The last record was an end-of-file record (88); `sawAnyFileEnd` once one was seen.
    var sawFileEnd = false
    var sawAnyFileEnd = false
    /// An account was cut off without its end record (then a missing 88 is not said again).
    var sawTruncation = false
    /// Lines before the first account header that are no Norma 43 record (a title, or a file of
    /// another kind): said once, when the header comes, instead of an error each.
    var preamble = 0
    static let recordCodes: Set<String> = ["00", "11", "22", "23", "24", "33", "88"]

    init(file: String, options: ReadOptions) {
        self.file = file
        self.options = options
    }

    /// Reads one line.
    mutating func take(_ record: Norma43Record, into sink: inout some ActivitySink) throws {
        guard record.columns > 0 else { return }
        let code = record.code
        if !sawAccount && !Self.recordCodes.contains(code) {
            preamble += 1
            return
        }
        try checkLayout(record, into: &sink)
        if sawFileEnd {
            sawFileEnd = false
            try lenient(
                Leniency(
                    code: "norma43.lenient.concatenated",
                    "records follow the end-of-file record (88): several Norma 43 files were put one after another; read them all",
                    changesMeaning: false), at: SourceLocation(file: file, line: record.number, column: 1), into: &sink)
        }
        if code != "00" && code != "88" { records += 1 }
        switch code {
        case "23", "24":
            guard !skippingMovement else { return }
            guard movement != nil else {
                let what = code == "23" ? "a complementary concept record (23)" : "a currency equivalence record (24)"
                return try sink.report(
                    Norma43Issue.outOfPlace(what: what, expected: "its movement record (22)")
                        .diagnostic(at: SourceLocation(file: file, line: record.number, column: 1)))
            }
            if code == "23" { try concept(record, into: &sink) } else { try equivalence(record, into: &sink) }
            return
        default:
            try flushMovement(into: &sink)
            skippingMovement = false
        }
        switch code {
        case "00": break
        case "11": try header(record, into: &sink)
        case "22": try movement(record, into: &sink)
        case "33": try accountEnd(record, into: &sink)
        case "88": try fileEnd(record, into: &sink)
        default:
            try sink.report(Norma43Issue.unknownRecord(found: code).diagnostic(at: SourceLocation(file: file, line: record.number, column: 1)))
        }
    }

    /// Records of other lengths than 80: trimmed trailing blanks (read as blanks), or text beyond
    /// column 80 (ignored).
    private mutating func checkLayout(_ record: Norma43Record, into sink: inout some ActivitySink) throws {
        let at = SourceLocation(file: file, line: record.number, column: min(record.length, 80) + 1)
        if record.length < 80 {
            try lenient(
                Leniency(
                    code: "norma43.lenient.short-records",
                    "records are shorter than Norma 43's 80 columns (trailing blanks trimmed, first at line \(record.number)); "
                        + "read the missing columns as blanks", changesMeaning: false), at: at, into: &sink)
        } else if record.columns > 80 {
            try lenient(
                Leniency(
                    code: "norma43.lenient.long-records",
                    "records run past Norma 43's 80 columns (first at line \(record.number)); ignored the text after column 80",
                    changesMeaning: true), at: at, into: &sink)
        }
        if record.wasRedecoded {
            try lenient(
                Leniency(
                    code: "norma43.lenient.mixed-encoding",
                    "line \(record.number) is not UTF-8 as the start of the file is; read it and any like it as Windows-1252",
                    notes: ["check the accented letters of this file's names and concepts"], changesMeaning: false),
                at: SourceLocation(file: file, line: record.number, column: 1), into: &sink)
        }
    }

    mutating func lenient(_ leniency: Leniency, at location: SourceLocation, into sink: inout some ActivitySink) throws {
        guard leniencies.isFirst(leniency.code) else { return }
        try sink.report(leniency.diagnostic(at: location, options: options))
    }

    // MARK: Record 11

    private mutating func header(_ r: Norma43Record, into sink: inout some ActivitySink) throws {
        if let open = account.take() { try cutOff(open, line: r.number, atEnd: false, into: &sink) }
        if !sawAccount && preamble > 0 {
            try lenient(
                Leniency(
                    code: "norma43.lenient.preamble",
                    "skipped \(preamble) \(preamble == 1 ? "line" : "lines") before the first account header (record 11) "
                        + "that \(preamble == 1 ? "is" : "are") not Norma 43 records", changesMeaning: false),
                at: SourceLocation(file: file, line: 1, column: 1), into: &sink)
        }
        sawAccount = true
        let record = "record 11"
        var fieldErrors: [(Norma43Field, String)] = []
        func digits(_ field: Norma43Field) -> String {
            if r.number(field) == nil { fieldErrors.append((field, "the account is named by the text as it stands")) }
            return r.text(field) ?? ""
        }
        let bank = digits(.headerBank), branch = digits(.headerBranch), number = digits(.headerAccount)
        let id = Norma43AccountState.ccc(bank: bank, branch: branch, number: number) ?? [bank, branch, number].joined(separator: " ")
        var state = Norma43AccountState(line: r.number, bank: bank, branch: branch, number: number, id: id)
        state.start = r.date(.startDate)
        if state.start == nil { fieldErrors.append((.startDate, "the statement's period was left open")) }
        state.end = r.date(.endDate)
        if state.end == nil { fieldErrors.append((.endDate, "the statement's period was left open")) }
        if let numeric = r.number(.headerCurrency) {
            state.currency = Norma43Currency.code(numeric) ?? options.currency
            if Norma43Currency.code(numeric) == nil {
                try sink.report(
                    Norma43Issue.unknownCurrency(numeric: r.text(.headerCurrency) ?? "", assumed: options.currency)
                        .diagnostic(at: r.location(.headerCurrency, file: file)))
            }
        } else {
            state.currency = options.currency
            fieldErrors.append((.headerCurrency, "the amounts were read without a currency"))
        }
        state.initial = balance(
            r, sign: .initialSign, amount: .initialBalance, currency: state.currency, errors: &fieldErrors,
            consequence: "the account's balances were not checked")
        for (field, consequence) in fieldErrors {
            try sink.report(
                Norma43Issue.badField(record: record, field, found: r.found(field), consequence: consequence)
                    .diagnostic(at: r.location(field, file: file)))
        }
        account = state
    }

    /// A signed balance from its debit/credit code and amount fields.
    func balance(
        _ r: Norma43Record, sign: Norma43Field, amount: Norma43Field, currency: CurrencyCode?,
        errors: inout [(Norma43Field, String)], consequence: String
    ) -> Money? {
        let isCredit = r.isCredit(sign), cents = r.number(amount)
        if isCredit == nil { errors.append((sign, consequence)) }
        if cents == nil { errors.append((amount, consequence)) }
        guard let isCredit, let cents else { return nil }
        return Money(units: isCredit ? cents : -cents, scale: 2, currency: currency)
    }

    // MARK: Records 22, 23, 24

    private mutating func movement(_ r: Norma43Record, into sink: inout some ActivitySink) throws {
        skippingMovement = false
        guard account != nil else {
            skippingMovement = true
            return try sink.report(
                Norma43Issue.outOfPlace(what: "a movement record (22)", expected: "any account header (11)")
                    .diagnostic(at: SourceLocation(file: file, line: r.number, column: 1)))
        }
        let date = r.date(.transactionDate), isCredit = r.isCredit(.movementSign), cents = r.number(.movementAmount)
        guard let date, let isCredit, let cents else {
            let field: Norma43Field = date == nil ? .transactionDate : (isCredit == nil ? .movementSign : .movementAmount)
            skippingMovement = true
            account?.skipped += 1
            return try sink.report(
                Norma43Issue.badField(
                    record: "record 22", field, found: r.found(field),
                    consequence: "the movement was skipped"
                )
                .diagnostic(at: r.location(field, file: file)))
        }
        movement = Norma43MovementState(
            line: r.number, date: date, cents: isCredit ? cents : -cents, isCredit: isCredit,
            reference1: r.text(.reference1), reference2: r.text(.reference2))
    }

    /// The standard has five complementary records at most; some banks write more, but a
    /// movement's text stays bounded whatever a file holds.
    static let maximumConcepts = 64

    private mutating func concept(_ r: Norma43Record, into sink: inout some ActivitySink) throws {
        guard (movement?.concepts.count ?? 0) < Self.maximumConcepts else {
            return try sink.report(
                Norma43Issue.tooManyConcepts(limit: Self.maximumConcepts, movementLine: movement?.line ?? 0)
                    .diagnostic(at: SourceLocation(file: file, line: r.number, column: 1)))
        }
        movement?.concepts.append((r.padded(.concept1), r.padded(.concept2)))
    }

    private mutating func equivalence(_ r: Norma43Record, into sink: inout some ActivitySink) throws {
        guard let numeric = r.number(.originalCurrency), let cents = r.number(.originalAmount) else {
            let field: Norma43Field = r.number(.originalCurrency) == nil ? .originalCurrency : .originalAmount
            return try sink.report(
                Norma43Issue.badField(
                    record: "record 24", field, found: r.found(field),
                    consequence: "the movement was read without its amount in the currency of origin"
                )
                .diagnostic(at: r.location(field, file: file)))
        }
        let amount = Norma43Issue.cents(cents)
        movement?.original = Norma43Currency.code(numeric).map { "\(amount) \($0)" } ?? "\(amount) (currency \(r.text(.originalCurrency) ?? ""))"
    }

    /// Makes the pending movement's activity.
    mutating func flushMovement(into sink: inout some ActivitySink) throws {
        guard let m = movement.take(), var state = account.take() else { return }
        defer { account = state }
        func text(_ bytes: [UInt8]) -> String? {
            let words = bytes.split(separator: 0x20)
            return words.isEmpty ? nil : words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        }
        let hasLetters = { (s: String?) in s?.utf8.contains { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x61 && $0 <= 0x7A || $0 >= 0x80 } ?? false }
        var fields = m.concepts.flatMap { [$0.first, $0.second] }
        var name: String?
        if !fields.isEmpty {
            // The name runs on while a field is full to its last column.
            var used = 1
            while used < fields.count, fields[used - 1].last != 0x20 { used += 1 }
            name = text(Array(fields[0..<used].joined()))
            fields.removeFirst(used)
        } else {
            name = hasLetters(m.reference2) ? m.reference2 : (hasLetters(m.reference1) ? m.reference1 : nil)
        }
        var memo = text(Array(fields.joined()))
        if let original = m.original {
            memo = [memo, "original amount \(original)"].compactMap { $0 }.joined(separator: "; ")
        }
        let amount = Money(units: m.cents, scale: 2, currency: state.currency)
        if !m.isCredit {
            state.read.debits += 1
            state.read.debitCents += -m.cents
        } else {
            state.read.credits += 1
            state.read.creditCents += m.cents
        }
        state.sum += m.cents
        let accountID = options.account ?? state.id
        let label = name ?? ""
        try sink.accept(
            PaymentActivity(
                id: ids.id(account: accountID, date: m.date, amount: amount, name: label), account: accountID,
                date: m.date, name: label, amount: amount, memo: memo,
                source: SourceLocation(file: file, line: m.line)))
    }
}
