import FinanceCore

/// Reads a prices file: hledger's market-price directives, or a CSV of date, currency and rate.
///
///     ; prices.journal
///     P 2024-05-01 USD 0.9225 EUR
///     P 2024/05/01 12:00:00 CHF EUR 1.0240      ; the amount's code before or after the number
///
///     date,currency,rate,quote                     (header optional; quote optional)
///     2024-05-01,USD,0.9225,EUR
///
/// A `P` line is `P DATE [TIME] CODE AMOUNT`: on DATE one unit of CODE was worth AMOUNT, a
/// positive number with `.` (or a lone `,`) as its decimal mark next to the currency it is in.
/// Codes are ISO 4217 (three letters): a symbol such as `$` names several currencies. Lines
/// starting `;`, `#`, `*` or `%` are comments, as in hledger; any other line is an error, so a
/// mistyped directive is never skipped in silence. In the CSV form a row without a quote column
/// prices CODE in `quote` (the report's `--convert-to` currency).
///
/// Every problem is an error at `FILE:LINE:COLUMN`; a file with any error is not to be used.
public enum PriceFileParser {
    public static func parse(_ text: String, file: String, quote: CurrencyCode?) -> (PriceList, [Diagnostic]) {
        var state = State(file: file, defaultQuote: quote)
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
        var number = 0
        // A line ends at a line feed, a CR-LF or a lone CR (old Mac exports), as the readers count lines.
        for line in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            state.line(line, number: number)
        }
        if state.prices.isEmpty && state.errors.isEmpty {
            state.errors.append(
                Diagnostic(
                    .error, code: "prices.empty", at: SourceLocation(file: file, line: 0), "the prices file holds no prices",
                    notes: ["write one price a line, as 'P 2024-05-01 USD 0.9225 EUR' or a CSV row '2024-05-01,USD,0.9225,EUR'"]))
        }
        return (PriceList(state.prices), state.errors)
    }

    /// A field of a line and the column (in characters, from 1) it starts at.
    struct Field {
        var text: Substring
        var column: Int
    }

    struct State {
        let file: String
        let defaultQuote: CurrencyCode?
        var prices: [MarketPrice] = []
        var errors: [Diagnostic] = []
        /// `nil` until the first line that is not blank or a comment decides the form.
        var isCSV: Bool?
        var csvColumns = CSVColumns()

        mutating func line(_ text: Substring, number: Int) {
            let trimmed = text.drop(while: { $0 == " " || $0 == "\t" })
            guard let first = trimmed.first else { return }
            if ";#*%".contains(first) { return }
            // The first line decides the form: a CSV row has a separator, a directive none.
            if isCSV == nil { isCSV = !(trimmed.hasPrefix("P ") || trimmed.hasPrefix("P\t")) && trimmed.contains(where: { ",;\t".contains($0) }) }
            if isCSV == true { csvRow(text, number: number) } else { directive(text, number: number) }
        }

        // MARK: P directives

        mutating func directive(_ text: Substring, number: Int) {
            // A comment after the directive ends it (hledger: `;` after whitespace).
            var content = text
            if let semicolon = content.firstIndex(of: ";") { content = content[..<semicolon] }
            let fields = PriceFileParser.fields(content)
            guard let keyword = fields.first, keyword.text == "P" else {
                let found = fields.first?.text ?? ""
                error(
                    "expected a 'P' price directive or a comment, found '\(found.prefix(20))'", line: number,
                    column: fields.first?.column ?? 1, code: "prices.syntax",
                    note: "a prices file holds only lines such as 'P 2024-05-01 USD 0.9225 EUR' and comments; keep other journal entries in a file of their own"
                )
                return
            }
            var rest = fields.dropFirst()
            guard let dateField = rest.popFirst() else {
                error("expected a date after 'P'", line: number, column: keyword.column + 1, code: "prices.syntax", note: Self.directiveNote)
                return
            }
            guard let date = PriceFileParser.date(dateField.text) else {
                error(
                    "expected a date as YYYY-MM-DD, found '\(dateField.text.prefix(20))'", line: number, column: dateField.column,
                    code: "prices.bad-date", note: "write the date as 2024-05-01 (or 2024/05/01)")
                return
            }
            if let time = rest.first, time.text.contains(":"), time.text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }) {
                rest = rest.dropFirst()
            }
            guard let codeField = rest.popFirst() else {
                error(
                    "expected the currency the price is for after the date", line: number, column: dateField.column + dateField.text.count,
                    code: "prices.syntax", note: Self.directiveNote)
                return
            }
            guard let base = currency(codeField, line: number) else { return }
            // The amount: "0.9225 EUR", "EUR 0.9225" or "EUR0.9225".
            let amountText = rest.map(\.text).joined(separator: " ")
            let amountColumn = rest.first?.column ?? codeField.column + codeField.text.count + 1
            guard let (rateText, quoteText) = PriceFileParser.splitAmount(Substring(amountText)) else {
                error(
                    "expected the price as an amount with its currency ('0.9225 EUR'), found '\(amountText.prefix(30))'", line: number,
                    column: amountColumn, code: "prices.syntax", note: Self.directiveNote)
                return
            }
            guard let quote = currency(Field(text: quoteText, column: amountColumn), line: number) else { return }
            guard let rate = self.rate(Field(text: rateText, column: amountColumn), line: number) else { return }
            add(date: date, base: base, quote: quote, rate: rate, line: number, column: codeField.column)
        }

        static let directiveNote = "a price directive reads 'P 2024-05-01 USD 0.9225 EUR': on that day one USD was worth 0.9225 EUR"

        // MARK: CSV rows

        struct CSVColumns {
            var date = 0, currency = 1, rate = 2
            var quote: Int? = 3
            var sawFirstRow = false
        }

        mutating func csvRow(_ text: Substring, number: Int) {
            let cells = PriceFileParser.cells(text)
            if !csvColumns.sawFirstRow {
                csvColumns.sawFirstRow = true
                if PriceFileParser.date(cells.first?.text ?? "") == nil {
                    header(cells, number: number)
                    return
                }
            }
            func cell(_ index: Int?) -> Field? {
                guard let index, index < cells.count, !cells[index].text.isEmpty else { return nil }
                return cells[index]
            }
            guard let dateField = cell(csvColumns.date), let date = PriceFileParser.date(dateField.text) else {
                let field = cell(csvColumns.date)
                error(
                    "expected a date as YYYY-MM-DD, found '\(field?.text.prefix(20) ?? "")'", line: number, column: field?.column ?? 1,
                    code: "prices.bad-date", note: "each row reads date,currency,rate[,quote], such as 2024-05-01,USD,0.9225,EUR")
                return
            }
            guard let codeField = cell(csvColumns.currency) else {
                error("expected the currency after the date", line: number, column: dateField.column, code: "prices.syntax", note: Self.csvNote)
                return
            }
            guard let base = currency(codeField, line: number) else { return }
            guard let rateField = cell(csvColumns.rate) else {
                error("expected the rate after the currency", line: number, column: codeField.column, code: "prices.syntax", note: Self.csvNote)
                return
            }
            guard let rate = rate(rateField, line: number) else { return }
            let quote: CurrencyCode
            if let quoteField = cell(csvColumns.quote) {
                guard let code = currency(quoteField, line: number) else { return }
                quote = code
            } else if let defaultQuote {
                quote = defaultQuote
            } else {
                error(
                    "the row does not say which currency the rate is in", line: number, column: rateField.column, code: "prices.syntax",
                    note: "add a fourth column with the currency of the rate (2024-05-01,USD,0.9225,EUR)")
                return
            }
            add(date: date, base: base, quote: quote, rate: rate, line: number, column: codeField.column)
        }

        static let csvNote = "each row reads date,currency,rate[,quote]: on that date one unit of the currency was worth the rate in the quote currency"

        mutating func header(_ cells: [Field], number: Int) {
            var columns = CSVColumns()
            columns.quote = nil
            for (index, cell) in cells.enumerated() {
                let name = cell.text.lowercased()
                switch name {
                case "date", "day": columns.date = index
                case "currency", "commodity", "base", "from": columns.currency = index
                case "rate", "price", "value": columns.rate = index
                case "quote", "to", "in", "target", "quote currency": columns.quote = index
                default:
                    error(
                        "expected a column named date, currency, rate or quote, found '\(cell.text.prefix(20))'", line: number,
                        column: cell.column, code: "prices.syntax", note: Self.csvNote)
                }
            }
            columns.sawFirstRow = true
            csvColumns = columns
        }

        // MARK: Values

        mutating func currency(_ field: Field, line: Int) -> CurrencyCode? {
            let text = field.text
            if text.count == 3, text.allSatisfy({ $0.isASCII && $0.isLetter }), let code = CurrencyCode(text.uppercased()) { return code }
            error(
                "expected an ISO 4217 currency code such as EUR, found '\(text.prefix(20))'", line: line, column: field.column,
                code: "prices.bad-currency", note: "write the three-letter code: a symbol such as '$' stands for several currencies")
            return nil
        }

        mutating func rate(_ field: Field, line: Int) -> ExchangeRate? {
            if let value = PriceFileParser.decimal(field.text), let rate = ExchangeRate(value) { return rate }
            error(
                "expected a positive rate such as 0.9225, found '\(field.text.prefix(20))'", line: line, column: field.column,
                code: "prices.bad-rate", note: "write the rate with '.' as its decimal mark, at most 18 digits after it")
            return nil
        }

        mutating func add(date: LocalDate, base: CurrencyCode, quote: CurrencyCode, rate: ExchangeRate, line: Int, column: Int) {
            guard base != quote else {
                error(
                    "the price of \(base) is stated in \(base) itself", line: line, column: column, code: "prices.same-currency",
                    note: "a price converts one currency into another, such as 'P 2024-05-01 USD 0.9225 EUR'")
                return
            }
            prices.append(MarketPrice(date: date, base: base, quote: quote, rate: rate, location: SourceLocation(file: file, line: line, column: column)))
        }

        mutating func error(_ message: String, line: Int, column: Int, code: String, note: String) {
            errors.append(Diagnostic(.error, code: code, at: SourceLocation(file: file, line: line, column: column), message, notes: [note]))
        }
    }

    // MARK: Lexing

    /// The whitespace-separated fields of a line, with their columns.
    static func fields(_ text: Substring) -> [Field] {
        var fields: [Field] = []
        var column = 1
        var start: Substring.Index?
        var startColumn = 1
        for index in text.indices {
            let c = text[index]
            if c == " " || c == "\t" {
                if let s = start { fields.append(Field(text: text[s..<index], column: startColumn)) }
                start = nil
            } else if start == nil {
                start = index
                startColumn = column
            }
            column += 1
        }
        if let s = start { fields.append(Field(text: text[s...], column: startColumn)) }
        return fields
    }

    /// The cells of a CSV row (`,`, `;` or tab between them, the first of those the row has;
    /// a cell in double quotes may hold one, and `""` is a quote), trimmed.
    static func cells(_ text: Substring) -> [Field] {
        let separator: Character = text.contains(",") ? "," : (text.contains(";") ? ";" : "\t")
        var cells: [Field] = []
        var cell = "", cellColumn = 1, column = 0, quoted = false, wasQuoted = false, atStart = true
        func finish() {
            var trimmed = Substring(cell)
            if !wasQuoted { while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() } }
            cells.append(Field(text: trimmed, column: cellColumn))
        }
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            column += 1
            index = text.index(after: index)
            if quoted {
                if c == "\"" {
                    if index < text.endIndex && text[index] == "\"" {
                        cell.append("\"")
                        index = text.index(after: index)
                        column += 1
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(c)
                }
            } else if c == separator {
                finish()
                cell = ""
                wasQuoted = false
                atStart = true
            } else if atStart && (c == " " || c == "\t") {
                continue
            } else if atStart && c == "\"" {
                quoted = true
                wasQuoted = true
                atStart = false
                cellColumn = column + 1
            } else {
                if atStart { cellColumn = column }
                atStart = false
                cell.append(c)
            }
        }
        if atStart { cellColumn = column + 1 }
        finish()
        return cells
    }

    /// `2024-05-01`, `2024/05/01` or `2024.05.01`.
    static func date(_ text: Substring) -> LocalDate? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// A price's amount split into its number and its currency code: `0.9225 EUR`, `EUR 0.9225`
    /// or `EUR0.9225`; `nil` unless it is exactly those two parts.
    static func splitAmount(_ text: Substring) -> (number: Substring, code: Substring)? {
        let compact = text.filter { $0 != " " && $0 != "\t" }
        guard let first = compact.first else { return nil }
        let isNumberStart = { (c: Character) in c.isASCII && (c.isNumber || c == "." || c == "," || c == "+") }
        let number: Substring, code: Substring
        if isNumberStart(first) {
            number = Substring(compact.prefix(while: isNumberStart))
            code = Substring(compact.dropFirst(number.count))
        } else {
            code = Substring(compact.prefix(while: { !isNumberStart($0) }))
            number = Substring(compact.dropFirst(code.count))
        }
        guard !number.isEmpty, !code.isEmpty, number.allSatisfy(isNumberStart) else { return nil }
        return (number, code)
    }

    /// A plain positive decimal: digits with one `.` (or, with no `.`, one `,`) as the decimal mark.
    static func decimal(_ text: Substring) -> Money? {
        var digits = text
        if digits.first == "+" { digits = digits.dropFirst() }
        let mark: Character = digits.contains(".") ? "." : ","
        let parts = digits.split(separator: mark, maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, parts.count <= 2 else { return nil }
        var fraction = parts.count == 2 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), fraction.count <= Int(Money.maximumScale),
            (whole + fraction).allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        // Zeros closing the fraction change no value: dropped when the digits would not fit
        // otherwise (`404783372315543997.00`, a whole rate as pfin writes it).
        if whole.count + fraction.count > 18 {
            while fraction.last == "0" { fraction = fraction.dropLast() }
        }
        var units: Int64 = 0
        for c in whole + fraction {
            let (times, o1) = units.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(Int64(c.wholeNumberValue!))
            if o1 || o2 { return nil }
            units = plus
        }
        return Money(units: units, scale: UInt8(fraction.count))
    }
}
