import FinanceCore

/// Turns the lines of a file of labelled blocks into activities, statements and diagnostics, one
/// line at a time.
///
/// A block is a run of lines between blank lines, each `Label: value`: `Date:`, `Description:`,
/// `Amount:` and `Balance:` (labels compared without case). A block becomes an activity when the
/// blank line (or the end of the file) after it comes, or an error when its date or amount is
/// missing or unreadable. Lines outside blocks are the header (`From: … to …`, `Account: …`) and
/// notes; an `Account:` line names the account of the blocks after it.
struct BlocksMapper {
    static let blockLabels: Set<String> = ["date", "description", "amount", "balance"]
    static let dateFormat = DateFormat("dd/mm/yyyy")!

    let file: String
    let options: ReadOptions
    let ids = ActivityIDBuilder()
    var leniencies = LeniencyLog()
    /// The block being read.
    var block: BlocksBlock?
    /// A run of lines outside blocks (header, notes), sent as skipped lines when it ends.
    var outside: (first: Int, last: Int)?
    var sawBlock = false
    /// The blocks read for the current account: its statement and balance check at the end.
    var statement = BlocksStatementState()

    init(file: String, options: ReadOptions) {
        self.file = file
        self.options = options
    }

    /// Reads one line.
    mutating func take(_ line: BlocksLine, into sink: inout some ActivitySink) throws {
        switch line.repair {
        case nil: break
        case .windows1252:
            try lenient(
                Leniency(
                    code: "blocks.lenient.mixed-encoding",
                    "line \(line.number) is not UTF-8 as the start of the file is; read it and any like it as Windows-1252",
                    notes: ["check the £ signs and accented letters of this file's descriptions"], changesMeaning: false),
                at: SourceLocation(file: file, line: line.number, column: 1), into: &sink)
        case .replacedBytes:
            try lenient(
                Leniency(
                    code: "blocks.lenient.invalid-utf8",
                    "line \(line.number) has bytes that are not UTF-8 among UTF-8 text; replaced them (and any like them) with U+FFFD",
                    notes: ["the file may be damaged; download it again"], changesMeaning: false),
                at: SourceLocation(file: file, line: line.number, column: 1), into: &sink)
        }
        if line.isBlank {
            try endBlock(into: &sink)
            return try endOutside(into: &sink)
        }
        if let label = line.label, Self.blockLabels.contains(label) {
            try endOutside(into: &sink)
            sawBlock = true
            if let earlier = block?.fields[label] {
                guard label == "date", let current = block else {
                    block?.last = line.number
                    return try sink.report(
                        BlocksIssue.repeatedLabel(label: line.writtenLabel, firstLine: block?.first ?? line.number, earlier: earlier.number)
                            .diagnostic(at: SourceLocation(file: file, line: line.number, column: 1)))
                }
                try endBlock(into: &sink)
                try lenient(
                    Leniency(
                        code: "blocks.lenient.no-blank-line",
                        "a block starts without a blank line before it (first at line \(line.number), a second '\(line.writtenLabel):' "
                            + "in the block from line \(current.first)); read it as a new block", changesMeaning: false),
                    at: SourceLocation(file: file, line: line.number, column: 1), into: &sink)
            }
            if block == nil { block = BlocksBlock(first: line.number) }
            block?.fields[label] = line
            block?.last = line.number
            return
        }
        if block != nil {
            block?.last = line.number
            let shown = line.label == nil ? line.value : "\(line.writtenLabel): \(line.value)"
            return try lenient(
                Leniency(
                    code: "blocks.lenient.unknown-lines",
                    "lines inside a block are none of Date:, Description:, Amount: or Balance: (first at line \(line.number): "
                        + "'\(Self.shortened(shown))'); skipped them", changesMeaning: false),
                at: SourceLocation(file: file, line: line.number, column: 1), into: &sink)
        }
        if line.label == "account", !line.collapsedValue.isEmpty {
            // A second account's download pasted after the first: its blocks are another statement.
            try endOutside(into: &sink)
            try finishStatement(into: &sink)
            statement.account = line.collapsedValue
        }
        outside = (outside?.first ?? line.number, line.number)
    }

    /// Ends the file: the last block, the last statement, and an error when there was no block.
    mutating func finish(into sink: inout some ActivitySink) throws {
        try endBlock(into: &sink)
        try endOutside(into: &sink)
        try finishStatement(into: &sink)
        if !sawBlock { try sink.report(BlocksIssue.noBlocks(file: file).diagnostic(at: SourceLocation(file: file, line: 1))) }
    }

    mutating func lenient(_ leniency: Leniency, at location: SourceLocation, into sink: inout some ActivitySink) throws {
        guard leniencies.isFirst(leniency.code) else { return }
        try sink.report(leniency.diagnostic(at: location, options: options))
    }

    private mutating func endOutside(into sink: inout some ActivitySink) throws {
        guard let run = outside.take() else { return }
        try sink.skipped(SkippedLines(sawBlock ? .footer : .preamble, at: SourceLocation(file: file, line: run.first), through: run.last))
    }

    /// Makes the block's activity, or its errors.
    private mutating func endBlock(into sink: inout some ActivitySink) throws {
        guard let block = block.take() else { return }
        let file = self.file
        let at = { (line: BlocksLine) in SourceLocation(file: file, line: line.number, column: line.valueColumn) }
        var problems: [Diagnostic] = []
        var date: LocalDate?
        if let line = block.fields["date"] {
            date = Self.dateFormat.parse(line.value)
            if date == nil {
                problems.append(
                    BlocksIssue.badValue(
                        label: line.writtenLabel, expected: BlocksIssue.dateExpectation, found: line.value, consequence: "the block was skipped"
                    )
                    .diagnostic(at: at(line)))
            }
        } else {
            problems.append(missing("Date", BlocksIssue.dateExpectation, block))
        }
        var amount: BlocksAmount?
        if let line = block.fields["amount"] {
            amount = BlocksAmount(line.value)
            if amount == nil {
                problems.append(
                    BlocksIssue.badValue(
                        label: line.writtenLabel, expected: BlocksIssue.amountExpectation, found: line.value, consequence: "the block was skipped"
                    )
                    .diagnostic(at: at(line)))
            }
        } else {
            problems.append(missing("Amount", BlocksIssue.amountExpectation, block))
        }
        guard let date, var amount, problems.isEmpty else {
            statement.skipped += 1
            for problem in problems { try sink.report(problem) }
            return
        }
        var balance: BlocksAmount?
        if let line = block.fields["balance"] {
            balance = BlocksAmount(line.value)
            if balance == nil {
                try sink.report(
                    BlocksIssue.badValue(
                        label: line.writtenLabel, expected: BlocksIssue.balanceExpectation, found: line.value,
                        consequence: "the block was read without its balance, which was not checked"
                    )
                    .diagnostic(at: at(line)))
            }
        }
        amount.money.currency = amount.money.currency ?? balance?.money.currency ?? options.currency
        if let stated = balance?.money.currency ?? amount.money.currency { balance?.money.currency = stated }
        for (value, line) in [(amount, block.fields["amount"]), (balance, block.fields["balance"])] {
            guard let value, let line, !value.isPlain else { continue }
            try lenient(
                Leniency(
                    code: "blocks.lenient.amount-form",
                    "amounts are written with thousands separators or a currency sign (first at line \(line.number): "
                        + "'\(line.value)', read as \(value.money)); read each as the amount it writes", changesMeaning: false),
                at: at(line), into: &sink)
        }
        let account = options.account ?? statement.account
        let name = block.fields["description"]?.collapsedValue ?? ""
        let source = SourceLocation(file: file, line: block.first)
        try sink.accept(
            PaymentActivity(
                id: ids.id(account: account, date: date, amount: amount.money, name: name), account: account, date: date, name: name,
                amount: amount.money, source: source))
        if let balance, sink.wantsRowBalances {
            try sink.rowBalance(RowBalance(account: account, amount: balance.money, date: date, source: source))
        }
        let balanceLine = block.fields["balance"].map { SourceLocation(file: file, line: $0.number, column: $0.valueColumn) }
        statement.add(date: date, amount: amount.money, name: name, balance: balance?.money, at: balanceLine ?? source)
    }

    private func missing(_ label: String, _ expected: String, _ block: BlocksBlock) -> Diagnostic {
        BlocksIssue.missing(label: label, expected: expected, first: block.first, last: block.last)
            .diagnostic(at: SourceLocation(file: file, line: block.first, column: 1))
    }

    /// A line's text for a message: at most 40 characters.
    static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
}

/// The labelled lines of one block, as far as it was read.
struct BlocksBlock {
    /// Its first and last line.
    var first: Int
    var last: Int
    /// The block's lines by their lower-case label (`date`, `amount`).
    var fields: [String: BlocksLine] = [:]

    init(first: Int) {
        self.first = first
        self.last = first
    }
}
