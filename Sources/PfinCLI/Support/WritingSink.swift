import FinanceCore
import StatementFormats
import StatementPipeline

/// Activities (after the rules stage) go to the writer, diagnostics to standard error; with
/// `--strict`, the first error stops.
struct WritingSink<Writer: StatementWriter>: RuledActivitySink {
    var writer: Writer
    var printer: DiagnosticPrinter
    let strict: Bool
    /// `--fail-uncategorized`: count (and keep the first few of) transactions left without a category.
    let trackUncategorized: Bool
    private(set) var written = 0
    /// The progress line of the file being read, told the rows written every 1,024.
    var progress: ProgressLine?
    private(set) var uncategorizedCount = 0
    private var uncategorized: [PaymentActivity] = []

    init(writer: Writer, printer: DiagnosticPrinter, strict: Bool, trackUncategorized: Bool = false) {
        self.writer = writer
        self.printer = printer
        self.strict = strict
        self.trackUncategorized = trackUncategorized
    }

    mutating func accept(_ activity: PaymentActivity) throws {
        if trackUncategorized && (activity.category ?? "").isEmpty {
            uncategorizedCount += 1
            if uncategorized.count < Self.listed { uncategorized.append(activity) }
        }
        try writer.write(activity)
        written += 1
        progress?.countRow()
    }

    mutating func report(_ diagnostic: Diagnostic) throws {
        printer.print(diagnostic)
        if strict && diagnostic.severity == .error { throw StrictStop() }
    }

    mutating func statement(_ info: StatementInfo) throws {
        try writer.statement(info)
    }

    /// How many uncategorised transactions are listed by name.
    static var listed: Int { 100 }

    /// Lists the transactions left without a category, for `--fail-uncategorized`.
    func reportUncategorized() {
        var text = ""
        for a in uncategorized {
            text += "\(a.source): warning: no category for \"\(a.name)\" \(a.amount.decimalString)\(a.currency.map { " \($0)" } ?? "") on \(a.date)\n"
        }
        if uncategorizedCount > uncategorized.count {
            text += "pfin: … and \(uncategorizedCount - uncategorized.count) more\n"
        }
        text += "pfin: \(Plural.count(uncategorizedCount, "transaction")) without a category (--fail-uncategorized); add rules for them\n"
        text += "pfin: note: 'pfin rules explain --rules FILE INPUT… --uncategorized' shows what the rules did with each\n"
        Terminal.err(text)
    }
}
