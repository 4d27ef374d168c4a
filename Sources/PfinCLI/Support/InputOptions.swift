import FinanceCore
import Glibc
import StatementFormats
import StatementPipeline

/// The options every reading subcommand shares: what the input is and what detection cannot know.
struct InputOptions {
    var files: [String]
    var format: StatementFormat?
    var read: ReadOptions
    /// Files a configuration `match` gives another account or profile, and their options.
    var perFile: [String: ReadOptions] = [:]

    /// The options to read `path` with: the command line's, with what a configuration `match`
    /// adds where the command line says nothing.
    func readOptions(for path: String) -> ReadOptions { perFile[path] ?? read }

    static let specs = specs(formatOption: "--from")

    /// One of the files, read as `--from` says or as its content calls for.
    func source(_ path: String) -> InputSource { InputSource(path, format: format) }

    /// The shared options, with the input format under `formatOption`: `--from` for most commands;
    /// `pfin report` spells it `--input-format`, its `--from` being the first month.
    static func specs(formatOption: String) -> [OptionSpec] { [
        OptionSpec(formatOption, value: "FORMAT",
                   help: "Read this format instead of detecting it from the content (\(StatementReaders.readableFormats.map(\.name).joined(separator: ", ")))."),
        OptionSpec("--profile", value: "FILE",
                   help: "A CSV import profile that pins delimiter, encoding, columns, date format… (see --show-dialect)."),
        OptionSpec("--date-format", value: "PATTERN",
                   help: "The CSV's date layout, e.g. dd/mm/yyyy or mm/dd/yy, when the dates fit several."),
        OptionSpec("--account", value: "NAME", help: "The account of every transaction, whatever the file says."),
        OptionSpec("--currency", value: "CODE", help: "The currency of amounts the file gives none for (ISO 4217, e.g. EUR)."),
        OptionSpec("--sheet", value: "NAME", help: "The worksheet of an XLSX workbook to read (the first sheet by default)."),
    ] }

    /// Reads the shared options; a bad profile file is reported and yields `nil` (exit 1).
    static func parse(_ arguments: ParsedArguments, printer: inout DiagnosticPrinter,
                      formatOption: String = "--from") throws(UsageError) -> InputOptions?
    {
        var options = InputOptions(files: arguments.positionals.isEmpty ? ["-"] : arguments.positionals, format: nil, read: ReadOptions())
        // Waiting silently on a terminal looks like a hang (with --db, the ledger is the input).
        if arguments.positionals.isEmpty && arguments.value("--db") == nil && Terminal.isTerminal(0) {
            Terminal.err("pfin: reading standard input (type or paste the statement, then Ctrl-D; or name a FILE)\n")
        }
        if let from = arguments.value(formatOption) {
            guard let format = StatementFormat(rawValue: from.lowercased()) else {
                throw UsageError(message: "unknown format '\(from)' for \(formatOption)",
                                 suggestion: Spelling.closest(to: from, in: StatementFormat.allCases.map(\.name)))
            }
            guard StatementReaders.reader(for: format) != nil else {
                throw UsageError(message: "pfin cannot read \(format.name) yet; it reads: \(StatementReaders.readableFormats.map(\.name).joined(separator: ", "))")
            }
            options.format = format
        }
        if let code = arguments.value("--currency") {
            guard let currency = CurrencyCode(code) else {
                throw UsageError(message: "--currency expects an ISO 4217 code such as EUR or USD, found '\(code)'")
            }
            options.read.currency = currency
        }
        options.read.account = arguments.value("--account")
        options.read.sheet = arguments.value("--sheet")
        options.read.strict = arguments.flag("--strict")
        if let path = arguments.value("--profile") {
            guard let profile = loadProfile(path, printer: &printer) else { return nil }
            options.read.csvProfile = profile
        }
        if let pattern = arguments.value("--date-format") {
            guard let format = DateFormat(pattern) else {
                throw UsageError(message: "--date-format '\(pattern)' is not a date layout; expected one day (dd), month (mm or mmm) and year (yyyy or yy), e.g. dd/mm/yyyy")
            }
            options.read.csvProfile.dateFormat = format
        }
        let configuration = Configuration.current
        if options.read.currency == nil, let currency = configuration.currency { options.read.currency = currency.value }
        for path in options.files where path != "-" {
            guard let match = configuration.match(for: path) else { continue }
            var read = options.read
            if arguments.value("--account") == nil, let account = match.account { read.account = account }
            if arguments.value("--profile") == nil, let profilePath = match.profile {
                guard let profile = loadProfile(profilePath, printer: &printer) else { return nil }
                read.csvProfile = profile
                if let format = options.read.csvProfile.dateFormat, arguments.value("--date-format") != nil { read.csvProfile.dateFormat = format }
            }
            options.perFile[path] = read
        }
        return options
    }

    private static func loadProfile(_ path: String, printer: inout DiagnosticPrinter) -> CSVProfile? {
        let text: String
        do {
            let input = try ByteInput(path: path)
            var bytes: [UInt8] = []
            while try input.read(appendingTo: &bytes, maxCount: 1 << 16) > 0 {
                if bytes.count > 1 << 20 { break }
            }
            text = String(decoding: bytes, as: UTF8.self)
        } catch {
            printer.fail("cannot read the profile '\(path)': \(String(cString: strerror(error.errno)).lowercased())",
                         notes: ["--profile takes a profile file; 'pfin convert FILE --show-dialect' prints one to start from"])
            return nil
        }
        switch CSVProfile.parse(text, file: path) {
        case .success(let profile): return profile
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printer.print(diagnostic) }
            return nil
        }
    }
}
