import FinanceCore

/// The end of an account (33) and of the file (88): the totals, balance and record count checks,
/// and the statement each account gives.
extension Norma43StatementMapper {
    mutating func accountEnd(_ r: Norma43Record, into sink: inout some ActivitySink) throws {
        guard let state = account.take() else {
            return try sink.report(
                Norma43Issue.outOfPlace(what: "an account end record (33)", expected: "its account header (11)")
                    .diagnostic(at: SourceLocation(file: file, line: r.number, column: 1)))
        }
        let bank = r.text(.endBank) ?? "", branch = r.text(.endBranch) ?? "", number = r.text(.endAccount) ?? ""
        if (bank, branch, number) != (state.bank, state.branch, state.number) {
            let named = Norma43AccountState.ccc(bank: bank, branch: branch, number: number) ?? [bank, branch, number].joined(separator: " ")
            try sink.report(Norma43Issue.otherAccount(header: state.id, end: named).diagnostic(at: r.location(.endBank, file: file)))
        }
        var errors: [(Norma43Field, String)] = []
        var counted = Norma43Issue.Totals()
        for field in [Norma43Field.debitCount, .debitTotal, .creditCount, .creditTotal] {
            guard let value = r.number(field) else {
                errors.append((field, "the account's totals were not checked"))
                continue
            }
            switch field.start {
            case Norma43Field.debitCount.start: counted.debits = Int(value)
            case Norma43Field.debitTotal.start: counted.debitCents = value
            case Norma43Field.creditCount.start: counted.credits = Int(value)
            default: counted.creditCents = value
            }
        }
        let totalsRead = errors.isEmpty
        let final = balance(
            r, sign: .finalSign, amount: .finalBalance, currency: state.currency, errors: &errors,
            consequence: "the account's final balance was not checked")
        for (field, consequence) in errors {
            try sink.report(
                Norma43Issue.badField(record: "record 33", field, found: r.found(field), consequence: consequence)
                    .diagnostic(at: r.location(field, file: file)))
        }
        if totalsRead && counted != state.read {
            try sink.report(
                Norma43Issue.totalsMismatch(account: state.id, counted: counted, read: state.read, skipped: state.skipped)
                    .diagnostic(at: r.location(.debitCount, file: file)))
        }
        if let initial = state.initial, let final, let expected = initial.adding(Money(units: state.sum, scale: 2, currency: initial.currency)),
            expected != final
        {
            let movements = state.read.debits + state.read.credits
            try sink.report(
                Norma43Issue.balanceMismatch(
                    account: state.id, initial: initial, movements: movements,
                    sum: Money(units: state.sum, scale: 2), final: final, expected: expected,
                    skipped: state.skipped
                )
                .diagnostic(at: r.location(.finalSign, file: file)))
        }
        try statement(state, final: final, into: &sink)
    }

    mutating func fileEnd(_ r: Norma43Record, into sink: inout some ActivitySink) throws {
        if let open = account.take() { try cutOff(open, line: r.number, atEnd: true, into: &sink) }
        if let counted = r.number(.recordCount) {
            if counted != Int64(records) {
                try sink.report(Norma43Issue.recordCount(counted: Int(counted), read: records).diagnostic(at: r.location(.recordCount, file: file)))
            }
        } else {
            try sink.report(
                Norma43Issue.badField(
                    record: "record 88", .recordCount, found: r.found(.recordCount),
                    consequence: "the number of records was not checked"
                )
                .diagnostic(at: r.location(.recordCount, file: file)))
        }
        records = 0
        sawFileEnd = true
        sawAnyFileEnd = true
    }

    /// At the end of the input: the last movement, an account left open, a file without any.
    mutating func finish(lastLine: Int, into sink: inout some ActivitySink) throws {
        try flushMovement(into: &sink)
        if let open = account.take() { try cutOff(open, line: lastLine, atEnd: true, into: &sink) }
        if !sawAccount {
            try sink.report(Norma43Issue.noAccount(file: file).diagnostic(at: SourceLocation(file: file, line: 1)))
        } else if !sawAnyFileEnd && !sawTruncation {
            try sink.report(Norma43Issue.noFileEnd.diagnostic(at: SourceLocation(file: file, line: lastLine)))
        }
    }

    /// An account without its end record: said, and its statement sent without a final balance.
    mutating func cutOff(_ state: Norma43AccountState, line: Int, atEnd: Bool, into sink: inout some ActivitySink) throws {
        sawTruncation = true
        try sink.report(
            Norma43Issue.truncated(account: state.id, headerLine: state.line, atEnd: atEnd)
                .diagnostic(at: SourceLocation(file: file, line: line)))
        try statement(state, final: nil, into: &sink)
    }

    private func statement(_ state: Norma43AccountState, final: Money?, into sink: inout some ActivitySink) throws {
        let opening = state.initial.flatMap { amount in state.start.map { Balance(amount: amount, date: $0) } }
        let closing = final.flatMap { amount in state.end.map { Balance(amount: amount, date: $0) } }
        try sink.statement(
            StatementInfo(
                account: Account(id: options.account ?? state.id, kind: .checking, institution: state.bank),
                currency: state.currency, openingBalance: opening, ledgerBalance: closing,
                start: state.start, end: state.end, source: SourceLocation(file: file, line: state.line)))
    }
}
