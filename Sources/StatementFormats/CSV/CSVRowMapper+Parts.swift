import FinanceCore

/// Reading a CSV file in parts: a mapper for a part read on another thread (`partReader`), and
/// the file's own mapper taking each part in, in file order (`adopt`), as if it had read the
/// part's rows itself.
///
/// A part's mapper starts where the header left the file's: the same columns and width. What
/// depends on earlier rows it leaves to `adopt`: ids are logged and numbered in file order
/// (`ActivityIDLog`), each account's period and balance are merged, and an account's kind is
/// sent at its first row in the file. A part whose reading sent anything but activities, or held
/// a problem back, is not adopted: the file's mapper reads it again (see `PartReading`).
extension CSVRowMapper: PartMapper {
    /// A mapper for the parts of this file past its header, read apart.
    func partReader() -> CSVRowMapper {
        let part = CSVRowMapper(
            dialect: dialect, file: file, options: options, checksBalanceRows: checksBalanceRows,
            statedBalances: statedBalances, statementPeriod: statementPeriod, ids: ActivityIDBuilder(log: ActivityIDLog()))
        part.columns = columns
        part.started = started
        part.header = header
        part.headerCount = headerCount
        part.headerDateName = headerDateName
        part.headerSign = headerSign
        part.headerLine = headerLine
        part.width = width
        part.headerEndsEmpty = headerEndsEmpty
        part.sentPreamble = true
        return part
    }

    /// Readies a part's mapper for its next part, knowing what the file's mapper knows so far
    /// (the leniencies already reported are not reported again).
    func beginPart(after file: CSVRowMapper) {
        partRows = 0
        dropHeld(from: 0)
        tookBalanceRow = 0
        statements = CSVStatements()
        invalidTextLines = NotedLines()
        unreadOriginalLines = NotedLines()
        unfittingRateLines = NotedLines()
        textMarkLines = NotedLines()
        dollarGuessLines = NotedLines()
        namesCurrencies = false
        balancesBefore = [:]
        firstRowDate = file.firstRowDate
        leniencies = file.leniencies
        // A row of unquoted amounts that only an earlier row settles is an error in a part (read
        // again in order) unless a row of the part settled it: the file's earlier rows are not known.
        unquotedAmounts = nil
        ids.log?.removeAll()
    }

    /// Reads a part's whole records, from line `line`, with a tokenizer of its own.
    func readPart(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, into sink: inout PartRowsSink) throws -> (consumed: Int, endLine: Int) {
        let tokenizer = CSVTokenizer(delimiter: dialect.delimiter, singleQuotes: dialect.singleQuotes)
        tokenizer.line = line
        let consumed = try tokenizer.tokenize(
            bytes, isFinal: false, onRecord: { try map($0, into: &sink) }, onProblem: { _ in throw PartRowsSink.NotOnlyRows() })
        return (consumed, tokenizer.line)
    }

    /// Whether the part ended with nothing held back: no failed row waiting to be told from a
    /// footer, and no balance row.
    var partEndedClean: Bool { !hasPending && tookBalanceRow == 0 }

    /// Takes in a part that `part` read (only activities, `partEndedClean`) before its rows go
    /// out: the problems held back before them are reported, as a row would, the kind of each
    /// account first seen is sent, and the part's ids are numbered in file order. Returns the ids
    /// that changed, for the caller to set in what it made of the rows.
    func adopt(_ part: CSVRowMapper, into sink: inout some ActivitySink) throws -> RenumberedIDs {
        guard part.partRows > 0 else { return RenumberedIDs() }
        try flushPending(asErrors: true, into: &sink)
        for (account, currency) in statements.merge(later: part.statements) {
            if let kind = accountKind { try sendKind(kind, account: account, currency: currency, into: &sink) }
        }
        invalidTextLines.note(later: part.invalidTextLines)
        unreadOriginalLines.note(later: part.unreadOriginalLines)
        unfittingRateLines.note(later: part.unfittingRateLines)
        textMarkLines.note(later: part.textMarkLines)
        dollarGuessLines.note(later: part.dollarGuessLines)
        namesCurrencies = namesCurrencies || part.namesCurrencies
        // The balances the part's rows left are the ones before the rows after it.
        balancesBefore.merge(part.balancesBefore) { $1 }
        if firstRowDate == nil { firstRowDate = part.firstRowDate }
        if let reading = part.unquotedAmounts { unquotedAmounts = reading }
        guard let log = part.ids.log else { return RenumberedIDs() }
        let renumbered = ids.renumber(log)
        if !warnedLostTrack, let lost = renumbered.lostTrack {
            warnedLostTrack = true
            try sink.report(lostTrackWarning(lost.date, line: lost.line))
        }
        return renumbered
    }
}
