import FinanceCore

// The profile file syntax (CONTRACT.md, "CSV import profiles"):
//
//   profile  := line*
//   line     := setting? comment?
//   comment  := '#' any-text
//   setting  := 'encoding' NAME | 'delimiter' (CHAR | 'tab' | 'comma' | 'semicolon' | 'pipe')
//             | 'skip' INT | 'header' ('yes' | 'no') | 'date-format' PATTERN | 'decimal-mark' (',' | '.')
//             | 'columns' (ROLE '=' VALUE)+ | 'account' VALUE | 'currency' CODE
//             | 'amount-sign' ('as-is' | 'inverted') | 'account-type' ('card' | 'checking' | 'savings')
//             | 'written-by' 'pfin' | 'continuation-rows' ('yes' | 'no') | 'postings' ('yes' | 'no')
//             | 'sections' ('yes' | 'no') | 'empty-direction' ('debit' | 'credit')
//             | 'transfer-words' VALUE | 'income-by-sign' ('yes' | 'no')
//             | 'single-quotes' ('yes' | 'no') | 'split-rows' ('yes' | 'no')
//             | 'balance-categories' VALUE | 'transfer-note' VALUE | 'currency-amounts' ('yes' | 'no')
//   VALUE    := bare-word | '"' (any except '"' and '\', or '\"' or '\\')* '"'
//
// `columns` may appear on several lines; their pairs add up.

extension CSVProfile {
    /// The settings a profile may contain, in the order they are printed.
    public static let settingNames = [
        "encoding", "delimiter", "skip", "header", "date-format", "decimal-mark",
        "columns", "account", "currency", "currency-amounts", "amount-sign", "account-type", "written-by", "continuation-rows",
        "postings", "single-quotes", "sections", "split-rows", "transfer-words", "empty-direction", "income-by-sign",
        "balance-categories", "transfer-note",
    ]

    /// The values of `account-type`, and the kinds they stand for.
    static let accountTypes: [(name: String, kind: AccountKind)] = [("card", .creditCard), ("checking", .checking), ("savings", .savings)]

    /// Parses a profile; all problems of the file are returned at once.
    public static func parse(_ text: String, file: String) -> Result<CSVProfile, ProfileErrors> {
        var profile = CSVProfile()
        var errors: [Diagnostic] = []
        var lineNumber = 0
        // Notepad saves profiles with a byte-order mark and CRLF line ends; in Swift "\r\n" is one
        // Character, so splitting on "\n" alone would read such a file as a single line.
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        for rawLine in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            func fail(_ column: Int, _ message: String, _ notes: [String] = []) {
                errors.append(
                    Diagnostic(.error, code: "profile.invalid", at: SourceLocation(file: file, line: lineNumber, column: column), message, notes: notes))
            }
            let words: [ProfileWord]
            switch ProfileWord.split(String(line)) {
            case .success(let w): words = w
            case .failure(let problem): fail(problem.column, "unterminated quoted value; expected a closing '\"'"); continue
            }
            guard let key = words.first else { continue }
            let args = Array(words.dropFirst())
            func single(_ what: String) -> ProfileWord? {
                guard args.count == 1 else {
                    fail(
                        args.count > 1 ? args[1].column : key.column + key.text.count + 1,
                        args.isEmpty ? "'\(key.text)' needs \(what)" : "'\(key.text)' takes one value; found \(args.count)",
                        [example(for: key.text)])
                    return nil
                }
                return args[0]
            }
            /// A setting's folded words, separated by commas (one phrase with `commas: false`);
            /// `nil`, after the error naming `what` and an `example`, when there are none.
            func folded(_ what: String, commas: Bool = true, example: String) -> [String]? {
                guard let arg = single(what) else { return nil }
                let parts = commas ? arg.text.split(separator: ",").map(String.init) : [arg.text]
                let words = parts.map { TextFolding.fold($0) }.filter { !$0.isEmpty }
                guard words.isEmpty else { return words }
                fail(arg.column, "expected \(commas ? "one or more words" : what), found '\(arg.text)'", ["for example: \(key.text) \(example)"])
                return nil
            }
            /// A `yes`/`no` setting's value; `nil`, after the error, for anything else.
            func yesOrNo(_ note: String? = nil) -> Bool? {
                guard let arg = single("yes or no") else { return nil }
                switch arg.text.lowercased() {
                case "yes", "true": return true
                case "no", "false": return false
                default:
                    fail(arg.column, "expected 'yes' or 'no', found '\(arg.text)'", note.map { [$0] } ?? [])
                    return nil
                }
            }
            switch key.text {
            case "encoding":
                guard let arg = single("an encoding name") else { continue }
                if let encoding = TextEncoding(name: arg.text) {
                    profile.encoding = encoding
                } else {
                    let names = TextEncoding.allCases.map(\.name)
                    let hint = Spelling.closest(to: arg.text, in: names).map { "did you mean '\($0)'? " } ?? ""
                    fail(arg.column, "unknown encoding '\(arg.text)'", [hint + "expected one of: " + names.joined(separator: ", ")])
                }
            case "delimiter":
                guard let arg = single("a delimiter") else { continue }
                if let d = delimiter(named: arg.text) {
                    profile.delimiter = d
                } else {
                    fail(arg.column, "unknown delimiter '\(arg.text)'", ["expected one of: , ; | tab (or one other ASCII character)"])
                }
            case "skip":
                guard let arg = single("a number of lines") else { continue }
                if let n = Int(arg.text), n >= 0 {
                    profile.skip = n
                } else {
                    fail(arg.column, "expected a number of lines to skip, found '\(arg.text)'", [example(for: "skip")])
                }
            case "header":
                profile.hasHeader = yesOrNo()
            case "continuation-rows":
                profile.continuationRows = yesOrNo("'yes' joins rows of text only (no date, no amount) to the transaction above them")
            case "single-quotes":
                profile.singleQuotes = yesOrNo("'yes' reads cells written between apostrophes ('01 Mrt') without them")
            case "currency-amounts":
                profile.currencyAmounts = yesOrNo(
                    "'yes' reads the amount from the one of the amount columns a row fills, one per currency, each header naming its currency (CAD$, USD$)")
            case "split-rows":
                profile.splitRows = yesOrNo("'yes' reads a split transaction's parts (rows dated '~') instead of its total's row")
            case "sections":
                profile.sections = yesOrNo("'yes' skips rows that title a section of the table, and the rows of a pending section")
            case "income-by-sign":
                profile.incomeBySign = yesOrNo(
                    "'yes' reads money in with a category as income, never as a refund (an app with income and spending categories only)")
            case "postings":
                profile.postings = yesOrNo("'yes' reads a double-entry export, one row per posting, as the transactions of your own accounts")
            case "date-format":
                guard let arg = single("a date pattern") else { continue }
                if let format = DateFormat(arg.text) {
                    profile.dateFormat = format
                } else {
                    fail(
                        arg.column, "invalid date pattern '\(arg.text)'",
                        [
                            "a pattern has one day (dd), one month (mm, or mmm for names) and one year (yyyy or yy), e.g. dd.mm.yyyy; "
                                + "'excel-serial' reads Excel's serial day numbers"
                        ])
                }
            case "decimal-mark":
                guard let arg = single("',' or '.'") else { continue }
                switch arg.text {
                case ",", "comma": profile.decimalMark = UInt8(ascii: ",")
                case ".", "point", "dot": profile.decimalMark = UInt8(ascii: ".")
                default: fail(arg.column, "expected ',' or '.', found '\(arg.text)'")
                }
            case "columns":
                guard !args.isEmpty else { fail(key.column, "'columns' needs ROLE=COLUMN pairs", [example(for: "columns")]); continue }
                var columns = profile.columns ?? [:]
                for arg in args {
                    guard let (roleText, value) = arg.pair else {
                        fail(arg.column, "expected ROLE=COLUMN, found '\(arg.text)'", [example(for: "columns")]); continue
                    }
                    guard let role = ColumnRole(rawValue: roleText) else {
                        let roles = ColumnRole.allCases.map(\.key)
                        let hint = Spelling.closest(to: roleText, in: roles).map { "did you mean '\($0)'? " } ?? ""
                        fail(arg.column, "unknown column role '\(roleText)'", [hint + "roles: " + roles.joined(separator: ", ")])
                        continue
                    }
                    guard !value.isEmpty else { fail(arg.column, "column for '\(roleText)' is empty"); continue }
                    columns[role] = arg.valueQuoted ? .name(value) : Int(value).map { .position($0) } ?? .name(value)
                    if case .position(let p) = columns[role], p < 1 {
                        fail(arg.column, "column positions start at 1, found \(p)")
                    }
                }
                profile.columns = columns
            case "account":
                guard let arg = single("an account name") else { continue }
                profile.account = arg.text
            case "currency":
                guard let arg = single("an ISO 4217 code such as EUR") else { continue }
                if let code = CurrencyText.code(arg.text) {
                    profile.currency = code
                } else {
                    fail(arg.column, "expected an ISO 4217 currency code such as EUR or USD, found '\(arg.text)'")
                }
            case "amount-sign":
                guard let arg = single("as-is or inverted") else { continue }
                if let sign = AmountSign(rawValue: arg.text) {
                    profile.amountSign = sign
                } else {
                    fail(
                        arg.column, "expected 'as-is' or 'inverted', found '\(arg.text)'",
                        ["'inverted' is for exports where money out is positive, as many card statements do"])
                }
            case "account-type":
                guard let arg = single("card, checking or savings") else { continue }
                let names = accountTypes.map(\.name)
                if let type = accountTypes.first(where: { $0.name == arg.text.lowercased() }) {
                    profile.accountKind = type.kind
                } else {
                    let hint = Spelling.closest(to: arg.text, in: names).map { "did you mean '\($0)'? " } ?? ""
                    fail(
                        arg.column, "expected one of \(names.joined(separator: ", ")), found '\(arg.text)'",
                        [hint + "'card' is for a credit card account: journals post it to Liabilities:Card, OFX writes a credit card statement"])
                }
            case "transfer-words":
                let what = "the transfer column's values that mark a transfer, separated by commas"
                if let words = folded(what, example: "\"conversion,incoming cross balance\"") { profile.transferWords = words }
            case "balance-categories":
                let what = "the categories of rows that set an account's balance, separated by commas"
                if let words = folded(what, example: "\"balance correction,initial amount\"") { profile.balanceCategories = words }
            case "transfer-note":
                let what = "the words a transfer's memo starts with"
                if let words = folded(what, commas: false, example: "\"transferred balance\"") { profile.transferNote = words[0] }
            case "empty-direction":
                guard let arg = single("debit or credit") else { continue }
                if let direction = EntryDirection(rawValue: arg.text.lowercased()) {
                    profile.emptyDirection = direction
                } else {
                    fail(
                        arg.column, "expected 'debit' or 'credit', found '\(arg.text)'",
                        ["what an empty cell of the direction column means, where the column marks only the other way (only CR: 'debit')"])
                }
            case "written-by":
                guard let arg = single("'pfin'") else { continue }
                if arg.text.lowercased() == "pfin" {
                    profile.writtenByPfin = true
                } else {
                    fail(
                        arg.column, "expected 'pfin', found '\(arg.text)'",
                        ["'written-by pfin' reads pfin's own CSV (convert --to csv, list --format csv) as pfin wrote it; leave it out for other files"])
                }
            default:
                let hint = Spelling.closest(to: key.text, in: settingNames).map { "did you mean '\($0)'? " } ?? ""
                fail(key.column, "unknown setting '\(key.text)'", [hint + "settings: " + settingNames.joined(separator: ", ")])
            }
        }
        return errors.isEmpty ? .success(profile) : .failure(ProfileErrors(diagnostics: errors))
    }

    private static func example(for key: String) -> String {
        switch key {
        case "columns": return "example: columns date=Buchungstag name=\"Posting Text\" amount=Betrag (or positions: date=1 amount=4)"
        case "skip": return "example: skip 4"
        default:
            return "example: \(key) "
                + ([
                    "encoding": "windows-1252", "delimiter": ";", "header": "yes",
                    "date-format": "dd.mm.yyyy", "decimal-mark": ",", "account": "\"DKB Giro\"",
                    "currency": "EUR", "amount-sign": "as-is", "account-type": "card", "written-by": "pfin",
                    "continuation-rows": "yes", "postings": "yes", "sections": "yes", "empty-direction": "debit",
                    "income-by-sign": "yes",
                    "single-quotes": "yes", "split-rows": "yes", "currency-amounts": "yes",
                ][key] ?? "")
        }
    }

    static func delimiter(named text: String) -> UInt8? {
        switch text.lowercased() {
        case "tab", "\\t", "\t": return 0x09
        case "comma": return UInt8(ascii: ",")
        case "semicolon": return UInt8(ascii: ";")
        case "pipe": return UInt8(ascii: "|")
        default:
            let bytes = Array(text.utf8)
            guard bytes.count == 1, bytes[0] > 0x20, bytes[0] < 0x7F, bytes[0] != UInt8(ascii: "\"") else { return nil }
            return bytes[0]
        }
    }
}

/// Every error of one profile file.
public struct ProfileErrors: Error, Sendable {
    public var diagnostics: [Diagnostic]
}

extension CSVDialect {
    /// The dialect as a complete profile: `pfin convert --profile` with this text reads the file
    /// exactly as detection did.
    public func profileText(source: String) -> String {
        var lines = ["# pfin CSV profile, detected from \(source)"]
        lines.append("encoding \(encoding.name)")
        lines.append("delimiter \(delimiter == 0x09 ? "tab" : ProfileWord.quoted(String(UnicodeScalar(delimiter))))")
        lines.append("skip \(skip)")
        lines.append("header \(hasHeader ? "yes" : "no")")
        lines.append("date-format \(ProfileWord.quoted(dateFormat.pattern))")
        lines.append("decimal-mark \(String(UnicodeScalar(decimalMark)))")
        let pairs = columns.sorted { $0.key < $1.key }.map { role, reference in
            switch reference {
            case .position(let p): return "\(role.key)=\(p)"
            case .name(let name):
                // A name of digits alone is quoted, or it would read back as a position.
                let digitsOnly = !name.isEmpty && name.allSatisfy { $0.isASCII && $0.isNumber }
                return "\(role.key)=" + (digitsOnly ? "\"\(name)\"" : ProfileWord.quoted(name))
            }
        }
        lines.append("columns " + pairs.joined(separator: " "))
        if let account { lines.append("account \(ProfileWord.quoted(account))") }
        if let currency { lines.append("currency \(currency)") }
        if currencyAmounts { lines.append("currency-amounts yes  # one amount column per currency, named by its header; a row fills one") }
        lines.append("amount-sign \(amountSign.rawValue)" + (amountSign == .inverted ? "  # money out is positive in this export" : ""))
        if let accountKind, let type = CSVProfile.accountTypes.first(where: { $0.kind == accountKind }) {
            lines.append("account-type \(type.name)" + (accountKind == .creditCard ? "  # a card account: Liabilities:Card in journals" : ""))
        }
        if writtenByPfin { lines.append("written-by pfin  # pfin's own CSV: cells as pfin wrote them, its formula apostrophes removed") }
        if continuationRows { lines.append("continuation-rows yes  # rows of text only continue the transaction above") }
        if postings { lines.append("postings yes  # one row per posting: your accounts' postings, categorised by the others") }
        if singleQuotes { lines.append("single-quotes yes  # cells between apostrophes ('01 Mrt') are read without them") }
        if sections { lines.append("sections yes  # rows titling a section are skipped; a pending section's rows too") }
        if splitRows { lines.append("split-rows yes  # rows dated '~' are the parts of the split transaction above, read instead of its total") }
        if let transferWords {
            lines.append("transfer-words \"\(transferWords.joined(separator: ","))\"  # only these values of the transfer column mark a transfer")
        }
        if let emptyDirection {
            lines.append("empty-direction \(emptyDirection.rawValue)  # an empty direction cell is money \(emptyDirection == .debit ? "out" : "in")")
        }
        if incomeBySign { lines.append("income-by-sign yes  # money in with a category is income, never a refund") }
        if let balanceCategories {
            lines.append(
                "balance-categories \"\(balanceCategories.joined(separator: ","))\"  # rows setting an account's balance: from Equity:Opening Balances")
        }
        if let transferNote {
            lines.append("transfer-note \"\(transferNote)\"  # in a balance category, a memo starting so is a transfer between your accounts")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
