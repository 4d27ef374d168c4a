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
    /// `--threads`: 1 reads on the command's own thread; 2 or more parse on a second one while
    /// the first cleans, categorises and writes (`ReadAhead`), or, for `convert`, a large CSV
    /// file in parts on all of them (`ConversionParts`). The output is the same.
    var threads = ReadAhead.defaultThreads

    /// The options to read `path` with: the command line's, with what a configuration `match`
    /// adds where the command line says nothing.
    func readOptions(for path: String) -> ReadOptions { perFile[path] ?? read }

    /// One of the files, read as `--from` says or as its content calls for.
    func source(_ path: String) -> InputSource { InputSource(path, format: format) }

    /// `--from FORMAT` for most commands; `pfin report` spells it `--input-format`, its `--from`
    /// being the first month.
    static let from = formatOption("--from"), inputFormat = formatOption("--input-format")
    static let profile = Option(
        "--profile", value: "FILE",
        help: "A CSV import profile that pins delimiter, encoding, columns, date format… (see --show-dialect).")
    static let dateFormat = Option<DateFormat>(
        "--date-format", value: "PATTERN",
        help: "The CSV's date layout, e.g. dd/mm/yyyy or mm/dd/yy, when the dates fit several."
    ) { pattern throws(UsageError) in
        guard let format = DateFormat(pattern) else {
            throw UsageError(
                message: "--date-format '\(pattern)' is not a date layout; expected one day (dd), month (mm or mmm) and year (yyyy or yy), e.g. dd/mm/yyyy, "
                    + "or excel-serial for Excel's serial day numbers")
        }
        return format
    }
    static let account = Option("--account", value: "NAME", completion: .account, help: "The account of every transaction, whatever the file says.")
    static let currency = currencyOption(help: "The currency of amounts the file gives none for (ISO 4217, e.g. EUR).")
    static let sheet = Option(
        "--sheet", value: "NAME", help: "The worksheet of an XLSX or XLS workbook or an Excel 2003 XML spreadsheet to read (the first sheet by default).")
    /// For the commands that read through `ReadAhead` (`convert`, `report` and those reading like it).
    static let threads = Option.integer(
        "--threads", in: 1...Int.max,
        help:
            "Threads to use: 2 (the default with two cores or more) parse on one while the other does the rest, or convert a large CSV or JSON Lines file in parts on all of them; 1 uses one. The output is the same."
    )

    /// The shared options, with the input format under `format`, and without `--currency` for a
    /// command that gives it another meaning.
    static func specs(format: Option<StatementFormat> = from, currency: Option<CurrencyCode>? = currency) -> [OptionSpec] {
        [format.spec, profile.spec, dateFormat.spec, account.spec] + (currency.map { [$0.spec] } ?? []) + [sheet.spec]
    }

    static let specs = specs()

    private static func formatOption(_ long: String) -> Option<StatementFormat> {
        let names = StatementReaders.readableFormats.map(\.name)
        return Option(
            long, value: "FORMAT", completion: .values(names),
            help: "Read this format instead of detecting it from the content (\(names.joined(separator: ", ")))."
        ) { text throws(UsageError) in
            guard let format = StatementFormat(rawValue: text.lowercased()) else {
                throw UsageError(
                    message: "unknown format '\(text)' for \(long)",
                    suggestion: Spelling.closest(to: text, in: StatementFormat.allCases.map(\.name)))
            }
            guard StatementReaders.reader(for: format) != nil else {
                throw UsageError(message: "pfin cannot read \(format.name) yet; it reads: \(names.joined(separator: ", "))")
            }
            return format
        }
    }

    /// `--currency CODE`, an ISO 4217 code.
    static func currencyOption(help: String) -> Option<CurrencyCode> {
        Option("--currency", value: "CODE", help: help) { code throws(UsageError) in
            guard let currency = CurrencyCode(code) else {
                throw UsageError(message: "--currency expects an ISO 4217 code such as EUR or USD, found '\(code)'")
            }
            // `RUR` is the rouble as files write it: the same currency as the files' (`RUB`).
            return currency.bankSynonym ?? currency
        }
    }

    /// Reads the shared options; a bad profile file is reported and yields `nil` (exit 1).
    static func parse(
        _ arguments: ParsedArguments, printer: inout DiagnosticPrinter,
        format formatOption: Option<StatementFormat> = from, currency currencyOption: Option<CurrencyCode> = currency
    ) -> InputOptions? {
        var options = InputOptions(files: arguments.positionals.isEmpty ? ["-"] : arguments.positionals, format: nil, read: ReadOptions())
        // Waiting silently on a terminal looks like a hang (with --db, the ledger is the input).
        if arguments.positionals.isEmpty && !arguments.has(LedgerOptions.db) && Terminal.isTerminal(0) {
            Terminal.err("pfin: reading standard input (type or paste the statement, then Ctrl-D; or name a FILE)\n")
        }
        options.format = arguments[formatOption]
        options.read.currency = arguments[currencyOption]
        options.read.account = arguments[account]
        options.read.sheet = arguments[sheet]
        options.read.strict = arguments[ConvertCommand.strict]
        if let threads = arguments[threads] { options.threads = threads }
        if let path = arguments[profile] {
            guard let profile = loadProfile(path, printer: &printer) else { return nil }
            options.read.csvProfile = profile
        }
        if let format = arguments[dateFormat] { options.read.csvProfile.dateFormat = format }
        let configuration = Configuration.current
        if options.read.currency == nil, let currency = configuration.currency { options.read.currency = currency.value }
        for path in options.files where path != "-" {
            guard let match = configuration.match(for: path) else { continue }
            var read = options.read
            if !arguments.has(account), let account = match.account { read.account = account }
            if !arguments.has(profile), let profilePath = match.profile {
                guard let profile = loadProfile(profilePath, printer: &printer) else { return nil }
                read.csvProfile = profile
                if let format = options.read.csvProfile.dateFormat, arguments.has(dateFormat) { read.csvProfile.dateFormat = format }
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
            printer.fail(
                "cannot read the profile '\(path)': \(String(cString: strerror(error.errno)).lowercased())",
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
