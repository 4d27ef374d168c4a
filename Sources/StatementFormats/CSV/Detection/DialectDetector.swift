import FinanceCore

/// The dialect of a CSV export, worked out from its first records, and anything worth a warning.
public struct DialectDetection: Sendable {
    public var dialect: CSVDialect
    public var warnings: [Diagnostic]
    /// Whether the rows looked at include opening or closing balance rows (`Saldo iniziale`,
    /// `Closing balance`): only then does the reader check every row for them.
    public var hasBalanceRows: Bool
    /// Balances stated above the header or below the last row (`Kontostand vom 31.05.2024:`),
    /// which the reader passes on as the statement's: no profile setting pins them.
    public var statedBalances: [CSVStatedBalance]
    /// The statement period stated above the header (FNB's `Vanaf Datum`/`Tot Datum`), which gives
    /// days written without a year theirs: no profile setting pins it either.
    public var statementPeriod: StatementPeriod?

    public init(
        dialect: CSVDialect, warnings: [Diagnostic], hasBalanceRows: Bool = false, statedBalances: [CSVStatedBalance] = [],
        statementPeriod: StatementPeriod? = nil
    ) {
        self.statementPeriod = statementPeriod
        self.dialect = dialect
        self.warnings = warnings
        self.hasBalanceRows = hasBalanceRows
        self.statedBalances = statedBalances
    }
}

/// Works out how to read a CSV export, deciding only what the pinned profile leaves open.
///
/// Order matters: delimiter, then where the table starts, then column roles (names and values),
/// then the date layout and decimal mark of those columns, then account, currency and sign.
public struct DialectDetector: Sendable {
    public var pinned: CSVProfile
    public var file: String
    /// Whether serial day numbers in a date column count from 1904 (`ReadOptions.serialDates1904`).
    var serialDates1904 = false
    /// `--currency`: the currency of amounts for which the file says none; here, only what it says
    /// of the decimal mark (a currency written in whole units groups `125.000`).
    var statedCurrency: CurrencyCode?

    /// The most records detection looks at.
    static let sampleLimit = 5000

    public init(pinned: CSVProfile = CSVProfile(), file: String) {
        self.pinned = pinned
        self.file = file
    }

    /// Detects the dialect of `text` (UTF-8, already decoded from `encoding`).
    /// - Parameters:
    ///   - text: the file's text, or its first part, as UTF-8.
    ///   - encoding: what the file's bytes were decoded from, recorded in the dialect.
    ///   - isComplete: whether `text` is the whole file rather than its first part.
    public func detect(_ text: [UInt8], encoding: TextEncoding, isComplete: Bool) -> Result<DialectDetection, Diagnostic> {
        let fileStart = SourceLocation(file: file, line: 1)
        if let dialect = PfinCSVLayout.dialect(text, pinned: pinned, encoding: encoding) {
            return .success(DialectDetection(dialect: dialect, warnings: []))
        }
        guard let delimiter = pinned.delimiter ?? DelimiterDetection.detect(text, isComplete: isComplete) else {
            if let wide = tooWide(text, delimiters: DelimiterDetection.candidates, isComplete: isComplete) { return .failure(wide) }
            return .failure(
                Diagnostic(
                    .error, code: "csv.no-columns", at: fileStart,
                    "no columns found; expected lines of fields separated by ',', ';', tab or '|'",
                    notes: ["if the file uses another delimiter, pass a profile with 'delimiter X'", Diagnostic.identifyNote(file)]))
        }
        var records = SampleTable.records(text, delimiter: delimiter, isComplete: isComplete, limit: Self.sampleLimit)
        // Cells between apostrophes (FNB's `'Datum'`, `'01 Mrt'`) are read without them, detection first.
        let quotedExample = pinned.singleQuotes == nil ? SingleQuotedCells.example(in: records) : nil
        let singleQuotes = pinned.singleQuotes ?? (quotedExample != nil)
        if singleQuotes {
            records = SampleTable.records(text, delimiter: delimiter, isComplete: isComplete, limit: Self.sampleLimit, singleQuotes: true)
        }
        guard let layout = TableLayout.find(records, pinnedSkip: pinned.skip, pinnedHeader: pinned.hasHeader) else {
            if let wide = tooWide(text, delimiters: [delimiter], isComplete: isComplete) { return .failure(wide) }
            return .failure(
                Diagnostic(
                    .error, code: "csv.no-table", at: fileStart,
                    "no table of transactions found; expected a header and rows with the same number of fields",
                    notes: ["pass a profile with 'skip N' (lines before the header) and 'columns …'", Diagnostic.identifyNote(file)]))
        }
        let tableLine = SourceLocation(file: file, line: layout.skip + 1)
        // A stated period gives days without a year theirs, so such days count as dates.
        let period = StatementPeriod.find(layout.preamble)
        // A file in Persian or Thai may date its rows in the Solar Hijri calendar or the Buddhist Era
        // (`1402/12/24`, `15/03/2567`), and a profile may say so: then those layouts count too. The
        // header and the first rows tell the language.
        let calendar =
            pinned.dateFormat.flatMap { $0.calendar == .gregorian ? nil : $0.calendar }
            ?? ([layout.header].compactMap { $0 } + layout.rows.prefix(50)).lazy.compactMap {
                $0.fields.lazy.compactMap(DateCalendarEvidence.calendar(of:)).first
            }.first
        let stats = (0..<layout.width).map { ColumnStats(index: $0, rows: layout.rows, yearless: period != nil, calendar: calendar) }
        // The app whose export this is, by its header (`AppTransferColumns`), and its mark column:
        // found once (each question asked it again, folding the mark column's values each time).
        let headerNames = layout.header?.fields
        let appMatch = headerNames.flatMap { AppTransferColumns.match(header: $0, stats: stats) }

        // Column roles: pinned references resolve against the header, or detection decides.
        var roles: [ColumnRole: Int]
        var amountGuess: ColumnAssignment.AmountGuess?
        var postings = pinned.postings ?? false
        if let columns = pinned.columns {
            var resolved: [ColumnRole: Int] = [:]
            for (role, reference) in columns {
                switch ColumnResolution.resolve(reference, header: headerNames) {
                case .success(let index) where index >= layout.width:
                    return .failure(
                        Diagnostic(
                            .error, code: "csv.unknown-column", at: tableLine,
                            "the profile puts \(role.rawValue) in column \(index + 1), but the file's rows have \(layout.width) columns",
                            notes: ["number the profile's columns from 1 to \(layout.width), or name them by their header", Diagnostic.identifyNote(file)]))
                case .success(let index): resolved[role] = index
                case .failure(let message):
                    return .failure(
                        Diagnostic(
                            .error, code: "csv.unknown-column", at: tableLine, message.text,
                            notes: message.notes + [Diagnostic.identifyNote(file)]))
                }
            }
            roles = resolved
        } else {
            let posting = JournalExport.postingColumn(stats, header: headerNames)
            if let posting, pinned.postings == false {
                return .failure(journalExport(posting, header: headerNames, at: tableLine))
            }
            let assigned = ColumnAssignment.assign(header: headerNames, stats: stats, guess: &amountGuess)
            roles = headerNames.map { AppTransferColumns.roles(header: $0, stats: stats, over: assigned, app: appMatch) } ?? assigned
            roles = AmountCurrencyPairs.paired(roles, header: headerNames)
            if let posting {
                roles = JournalExport.roles(roles, posting: posting.index, header: headerNames, stats: stats)
                postings = true
                // The books' own column names settle the amount where they give one.
                if let guess = amountGuess, roles[.amount] != guess.amount { amountGuess = nil }
            }
        }
        guard let dateColumn = roles[.date] ?? roles[.valueDate] else {
            return .failure(missingColumn("date", header: headerNames, rows: layout.rows, at: tableLine))
        }
        guard roles[.amount] != nil || roles[.debit] != nil || roles[.credit] != nil else {
            return .failure(missingColumn("amount", header: headerNames, rows: layout.rows, at: tableLine))
        }

        // One amount column per currency (RBC's `CAD$` and `USD$`): each row's currency is its column's.
        let currencyAmounts = pinned.currencyAmounts ?? ColumnAssignment.currencyAmounts(header: headerNames, stats: stats, roles: roles)
        let siblingAmounts =
            currencyAmounts
            ? headerNames.flatMap { names in
                roles[.amount].map { amount in CurrencyAmountColumns.columns(header: names, amount: amount).map(\.column).filter { $0 != amount } }
            } ?? [] : []

        // Numbers: decimal mark from every money column.
        let moneyColumns = [ColumnRole.amount, .debit, .credit, .balance].compactMap { roles[$0] } + siblingAmounts.filter { $0 < stats.count }
        let moneyValues = moneyColumns.flatMap { stats[$0].values }
        let europeanHint = delimiter == UInt8(ascii: ";")

        // Currency: a header such as `Betrag (EUR)`, then the preamble. A header's `($)` or `(¥)`
        // names no currency of its own: the reader decides (`HeaderMatching.sharedSign`).
        let preamble = Preamble(layout.preamble)
        let headerCurrency = moneyColumns.compactMap { column in
            headerNames.flatMap { HeaderMatching.sharedSign($0[column]) == nil ? HeaderMatching.currency($0[column]) : nil }
        }.first
        let currency = pinned.currency ?? (roles[.currency] == nil && !currencyAmounts ? (headerCurrency ?? preamble.currency) : nil)

        // Numbers: when no value shows the decimal mark, a currency written in whole units (the
        // dong, the rupiah) says that the mark before three digits groups them (`-125.000`).
        // (Only asked when the values do not decide.)
        func fileCurrency() -> CurrencyCode? {
            currency ?? headerCurrency ?? roles[.currency].flatMap { AmountFormat.singleCurrency(stats[$0].values) } ?? statedCurrency
        }
        let decimalMark =
            pinned.decimalMark ?? AmountFormat.detectDecimalMark(moneyValues)
            ?? fileCurrency().flatMap { AmountFormat.wholeUnitsDecimalMark(moneyValues, currency: $0) }
            ?? (europeanHint ? UInt8(ascii: ",") : UInt8(ascii: "."))

        // Dates.
        var warnings: [Diagnostic] = []
        if let quotedExample {
            warnings.append(
                Diagnostic(
                    .warning, code: "csv.lenient.single-quotes", at: tableLine,
                    "cells are quoted with apostrophes (\(quotedExample)), as FNB's CSV downloads write them; read without the apostrophes",
                    notes: ["if that is wrong, put 'single-quotes no' in a profile"]))
        }
        if let guess = amountGuess {
            warnings.append(ambiguousAmount(guess, header: headerNames, at: tableLine))
        }
        if pinned.currency == nil, roles[.currency] == nil, headerCurrency == nil, let written = preamble.currencySynonym, let currency {
            let wording = CurrencyText.synonymWording(written)
            warnings.append(
                Diagnostic(
                    .warning, code: "csv.lenient.currency-synonym", at: tableLine,
                    "the currency '\(written)' above the table is \(wording.what); read as \(currency)", notes: [wording.note]))
        }
        var dateFormat: DateFormat
        if let format = pinned.dateFormat {
            dateFormat = format
        } else {
            let dollars = currency == CurrencyCode("USD") || moneyValues.contains { $0.contains("$") }
            if stats[dateColumn].values.isEmpty {
                // A header and no rows: a month without transactions. Nothing to detect from.
                dateFormat = DateFormat("yyyy-mm-dd")!
                warnings.append(
                    Diagnostic(
                        .warning, code: "csv.no-rows", at: tableLine,
                        "the file has a header but no transactions"))
                return .success(
                    DialectDetection(
                        dialect: CSVDialect(
                            encoding: pinned.encoding ?? encoding, delimiter: delimiter, skip: layout.skip,
                            hasHeader: layout.header != nil, dateFormat: dateFormat, decimalMark: decimalMark,
                            columns: roles.mapValues { ColumnResolution.reference(for: $0, header: headerNames) },
                            account: pinned.account ?? (roles[.account] == nil ? preamble.account : nil),
                            currency: currency, amountSign: pinned.amountSign ?? .asIs, accountKind: pinned.accountKind,
                            singleQuotes: singleQuotes, currencyAmounts: currencyAmounts),
                        warnings: warnings))
            }
            let preferDayFirst: Bool? = decimalMark == UInt8(ascii: ",") || europeanHint ? true : (dollars ? false : nil)
            let values = stats[dateColumn].values
            // Numbers in a date column no layout reads may be Excel serials (`SerialDateColumn`).
            let serials = stats[dateColumn].dateRatio < 0.5 ? SerialDateColumn.format(values, date1904: serialDates1904) : nil
            guard
                let choice = serials.map({ DateFormatDetection.Choice(format: $0) })
                    ?? DateFormatDetection.detect(values, preferDayFirst: preferDayFirst)
                    ?? (period == nil ? nil : DateFormatDetection.detect(values, preferDayFirst: preferDayFirst, formats: DateFormat.yearlessCandidates))
                    ?? calendar.flatMap({ DateFormatDetection.detect(values, preferDayFirst: true, formats: $0.candidates) })
            else {
                return .failure(
                    Diagnostic(
                        .error, code: "csv.no-dates", at: tableLine,
                        "no dates found in column \(columnName(dateColumn, headerNames)); expected dates such as 2024-05-03, 03.05.2024 or 05/03/2024",
                        notes: [
                            "name the date column and its layout in a profile: columns date=… and date-format dd/mm/yyyy",
                            Diagnostic.identifyNote(file),
                        ]))
            }
            dateFormat = choice.format
            // A Thai file's two-digit years from 50 on are Buddhist (`15/03/67` is 2024, not 2067).
            if calendar == .buddhistEra, dateFormat.calendar == .gregorian, dateFormat.tokens.contains(.year2),
                let thai = DateFormat(DateCalendar.buddhistEra.prefix + dateFormat.pattern),
                values.contains(where: { thai.parse($0) != dateFormat.parse($0) })
            {
                dateFormat = thai
            }
            if dateFormat.isExcelSerial {
                warnings.append(SerialDateColumn.warning(column: columnName(dateColumn, headerNames), values: values, format: dateFormat, at: tableLine))
            }
            if dateFormat.calendar != .gregorian, let (example, day) = values.lazy.compactMap({ v in dateFormat.parse(v).map { (v, $0) } }).first {
                warnings.append(
                    Diagnostic(
                        .warning, code: "csv.\(dateFormat.calendar.rawValue)-dates", at: tableLine,
                        "the dates in column \(columnName(dateColumn, headerNames)) are in \(dateFormat.calendar.name): '\(example)' is read as \(day)",
                        notes: ["a profile's 'date-format \"\(dateFormat.pattern)\"' says so without this warning"]))
            }
            if let other = choice.alternative, let example = stats[dateColumn].values.first {
                warnings.append(
                    Diagnostic(
                        .warning, code: "csv.ambiguous-dates", at: tableLine,
                        "every date fits both \(choice.format.pattern) and \(other.pattern); read as \(choice.format.pattern) because \(choice.reason ?? "it came first") (\(example) is \(choice.format.parse(example).map(Self.longDate) ?? example))",
                        notes: ["if that is wrong, pass --date-format \(other.pattern) (or put 'date-format \(other.pattern)' in a profile)"]))
            }
        }

        if !dateFormat.hasYear, period == nil {
            return .failure(
                Diagnostic(
                    .error, code: "csv.no-year", at: tableLine,
                    "the date format '\(dateFormat.pattern)' has no year, and no statement period (From Date and To Date) above the table gives one",
                    notes: [
                        "name a layout with the year in a profile (date-format dd.mm.yyyy), or read a download that states its period",
                        Diagnostic.identifyNote(file),
                    ]))
        }

        // Sign: card exports that write charges as positive.
        var amountSign = pinned.amountSign ?? .asIs
        var cardSigns = false
        // Rows that name the accounts on both sides take their signs from which side is the user's.
        if pinned.amountSign == nil, let amountColumn = roles[.amount], roles[.direction] == nil, roles[.sourceAccount] == nil,
            roles[.destinationAccount] == nil
        {
            // An app that writes money out positive (Copilot), by its header signature.
            let app = appMatch.flatMap { $0.signature.moneyOutPositive ? $0 : nil }
            var amounts: [Int64] = [], negativeNames: [String] = [], categories: [String] = [], types: [String] = []
            for row in layout.rows where amountColumn < row.fields.count {
                // With one amount column per currency, the one the row fills.
                let filled = ([amountColumn] + siblingAmounts).first { $0 < row.fields.count && !row.fields[$0].isEmpty } ?? amountColumn
                guard case .success(let parsed) = AmountParser.parse(row.fields[filled], decimalMark: decimalMark) else { continue }
                amounts.append(parsed.units)
                if let mark = app?.mark { types.append(mark < row.fields.count ? TextFolding.fold(row.fields[mark]) : "") }
                if parsed.units < 0, let nameColumn = roles[.name] ?? roles[.memo], nameColumn < row.fields.count {
                    negativeNames.append(row.fields[nameColumn])
                }
                if let column = roles[.category] { categories.append(column < row.fields.count ? row.fields[column] : "") }
            }
            if let signature = app?.signature, SignDetection.appSaysInverted(amounts: amounts, types: types) {
                amountSign = .inverted
                warnings.append(
                    Diagnostic(
                        .warning, code: "csv.sign-inverted", at: tableLine,
                        "this is \(signature.app)'s export (by its header: \(signature.names.sorted().map { "'\($0)'" }.joined(separator: ", "))), which writes money out positive and money in negative; signs flipped so that money out is negative",
                        notes: ["if that is wrong, put 'amount-sign as-is' in a profile"]))
            } else if SignDetection.looksInverted(
                amounts: amounts, namesOfNegative: negativeNames,
                cardHint: SignDetection.mentionsCard((headerNames ?? []) + preamble.texts))
                || !categories.isEmpty && SignDetection.paymentCategoriesSayCard(amounts: amounts, categories: categories)
            {
                amountSign = .inverted
                cardSigns = true
                warnings.append(
                    Diagnostic(
                        .warning, code: "csv.sign-inverted", at: tableLine,
                        "amounts look like a card statement's (charges positive, payments negative); signs flipped so that money out is negative",
                        notes: [
                            "if that is wrong, put 'amount-sign as-is' in a profile",
                            "the account is taken as a card's (Liabilities:Card in journals); 'account-type checking' in a profile says otherwise",
                        ]))
            } else if !categories.isEmpty, SignDetection.categoriesSayInverted(amounts: amounts, categories: categories) {
                amountSign = .inverted
                warnings.append(
                    Diagnostic(
                        .warning, code: "csv.sign-inverted", at: tableLine,
                        "the categories say money out is written positive (rows in income categories are negative, the others positive); signs flipped so that money out is negative",
                        notes: ["if that is wrong, put 'amount-sign as-is' in a profile"]))
            }
        }
        // A card statement's amounts make a card account, unless the profile says what it is.
        let accountKind = pinned.accountKind ?? (cardSigns ? .creditCard : nil)

        var columns: [ColumnRole: ColumnReference] = [:]
        for (role, index) in roles {
            columns[role] = ColumnResolution.reference(for: index, header: headerNames)
        }
        // The app's own settings.
        let app = appMatch?.signature
        let dialect = CSVDialect(
            encoding: pinned.encoding ?? encoding, delimiter: delimiter, skip: layout.skip,
            hasHeader: layout.header != nil, dateFormat: dateFormat, decimalMark: decimalMark,
            columns: columns, account: pinned.account ?? (roles[.account] == nil ? preamble.account : nil),
            currency: currency,
            amountSign: amountSign, accountKind: accountKind,
            continuationRows: !postings
                && (pinned.continuationRows
                    ?? ContinuationRowShape.found(
                        in: layout.rows, dateColumn: dateColumn,
                        textColumns: [roles[.name], roles[.memo], roles[.address], roles[.payer]].compactMap { $0 },
                        unread: { column in !roles.values.contains(column) })),
            postings: postings, sections: !postings && (pinned.sections ?? SectionTitles.found(in: records.filter { $0.line > layout.skip + 1 })),
            emptyDirection: pinned.emptyDirection ?? roles[.direction].flatMap { Self.emptyDirection(stats[$0]) },
            transferWords: pinned.transferWords ?? AppTransferColumns.ownWords(appMatch, transfer: roles[.transfer]),
            incomeBySign: pinned.incomeBySign ?? AppTransferColumns.incomeBySign(appMatch, transfer: roles[.transfer]),
            singleQuotes: singleQuotes,
            splitRows: pinned.splitRows ?? appMatch?.signature.splitRows ?? false,
            balanceCategories: pinned.balanceCategories ?? app?.balanceCategories, transferNote: pinned.transferNote ?? app?.transferNote,
            currencyAmounts: currencyAmounts)
        if postings {
            warnings.append(
                Diagnostic(
                    .warning, code: "csv.postings", at: tableLine,
                    "this is a double-entry export, one row per posting (column \(columnName(roles[.account] ?? 0, headerNames)) holds both sides of each transaction); read as the transactions of your own accounts (Assets, Liabilities), each categorised by the transaction's other postings",
                    notes: ["'postings no' in a profile refuses such a file instead"]))
        }
        // Balances stated around the table; below it only when the sample reaches the file's end.
        let labelColumns = [roles[.name], roles[.memo], dateColumn].compactMap { $0 }
        var around = layout.preamble
        if isComplete && records.count < Self.sampleLimit {
            around += StatedBalanceLine.footer(records, layout: layout, dateColumn: dateColumn, dateFormat: dateFormat, labelColumns: labelColumns)
        }
        return .success(
            DialectDetection(
                dialect: dialect, warnings: warnings,
                hasBalanceRows: Self.hasBalanceRows(layout.rows, columns: labelColumns),
                statedBalances: StatedBalanceLine.find(around, decimalMark: decimalMark, dateFormat: dateFormat),
                statementPeriod: period))
    }
}
