import FinanceCore

/// Problems in QIF files, as data; `diagnostic(at:)` gives the wording.
enum QIFIssue {
    case badDate(text: String, order: QIFDateOrder, record: Int)
    case badAmount(text: String, letter: UInt8, decimalMark: UInt8, failure: AmountParseFailure, record: Int)
    case incompleteRecord(missingDate: Bool, missingAmount: Bool)
    case splitWithoutAmount(split: Int)
    /// `rest`: the split pfin added for what the splits leave of the total (`nil` when it cannot).
    case splitMismatch(sum: Money, total: Money, rest: Money?)
    /// `text`: the `$` line's text that could not be read; `nil` when the split has no `$` line.
    case splitAmountFromTotal(split: Int, text: String?, amount: Money, total: Money)
    case skippedSection(name: String)
    /// A `!Type:Cat` list: no transactions, but its `I` marks (`income` categories) are used.
    case categoryList(name: String, income: Int)
    case unknownHeader(text: String)
    case unknownField(letter: String)
    case recordsBeforeHeader
    case commentLines
    case splitDate(text: String)
    case bracketedCategory(name: String, root: QIFCategory.Root)
    case categorySection(account: String, root: QIFCategory.Root, example: String)
    case unreadBalance(amount: String, date: String?, order: QIFDateOrder)
    case dateOrderContradiction(chosen: QIFDateOrder, dayFirstLine: Int, monthFirstLine: Int)
    case ambiguousDates(example: String, date: LocalDate)
    case invalidUTF8
    case overlongLine(limit: Int)
    case binary
    case empty

    var code: String {
        switch self {
        case .badDate: return "qif.bad-date"
        case .badAmount: return "qif.bad-amount"
        case .incompleteRecord: return "qif.incomplete-record"
        case .splitWithoutAmount, .splitMismatch: return "qif.split"
        case .splitAmountFromTotal: return "qif.lenient.split-amount"
        case .skippedSection, .categoryList: return "qif.skipped-section"
        case .unknownHeader: return "qif.unknown-header"
        case .unknownField: return "qif.unknown-field"
        case .recordsBeforeHeader: return "qif.no-header"
        case .commentLines: return "qif.lenient.comment-lines"
        case .splitDate: return "qif.lenient.split-date"
        case .bracketedCategory: return "qif.lenient.bracketed-category"
        case .categorySection: return "qif.lenient.category-section"
        case .unreadBalance: return "qif.bad-balance"
        case .dateOrderContradiction: return "qif.date-order"
        case .ambiguousDates: return "qif.ambiguous-date"
        case .invalidUTF8: return "qif.invalid-utf8"
        case .overlongLine: return "qif.overlong-line"
        case .binary: return "qif.binary"
        case .empty: return "qif.empty"
        }
    }

    func diagnostic(at location: SourceLocation) -> Diagnostic {
        switch self {
        case .badDate(let text, let order, let record):
            let like = order == .monthFirst ? "05/03'24 or 05/03/2024" : "03/05/2024 or 03.05.2024"
            return Diagnostic(
                .error, code: code, at: location,
                "expected a date like \(like) (read as \(order.pattern)), found '\(text)'; the record starting on line \(record) is skipped",
                notes: [
                    "fix this date, or pass --date-format \(order == .monthFirst ? "dd/mm/yyyy" : "mm/dd/yyyy") if the file puts \(order == .monthFirst ? "the day" : "the month") first (pfin decides the order from the file's dates unless told)"
                ])
        case .badAmount(let text, let letter, let mark, let failure, let record):
            let like = mark == UInt8(ascii: ",") ? "-1.234,56" : "-1,234.56"
            let what = failure == .tooLarge ? "an amount of at most 18 digits" : "an amount like \(like)"
            return Diagnostic(
                .error, code: code, at: location,
                "expected \(what) in the '\(String(UnicodeScalar(letter)))' field, found '\(text)'; the record starting on line \(record) is skipped",
                notes: ["the decimal mark of this file was read as '\(String(UnicodeScalar(mark)))' from its amounts; fix this amount in the file"])
        case .incompleteRecord(let missingDate, let missingAmount):
            let what = missingDate && missingAmount ? "date ('D' line) and no amount ('T' line)" : missingDate ? "date ('D' line)" : "amount ('T' line)"
            return Diagnostic(
                .error, code: code, at: location, "the record starting here has no \(what); it is skipped",
                notes: ["every transaction record needs 'D' and 'T' lines before its closing '^'"])
        case .splitWithoutAmount(let split):
            return Diagnostic(
                .error, code: code, at: location, "split \(split) of this record has no amount ('$' line); the split is skipped",
                notes: ["each 'S' (category) line of a split transaction needs a '$' (amount) line"])
        case .splitMismatch(let sum, let total, let rest):
            let read =
                rest.map { "the \($0.decimalString) left is read as a split of its own, without a category, as Quicken keeps it" }
                ?? "the splits are read as written"
            return Diagnostic(
                .warning, code: code, at: location,
                "the splits of this record add up to \(sum.decimalString), its total ('T') is \(total.decimalString); \(read)",
                notes: ["correct the split amounts or the total in the program that exported the file"])
        case .splitAmountFromTotal(let split, let text, let amount, let total):
            let what = text.map { "has an amount that cannot be read ('$\($0)')" } ?? "has no amount ('$' line)"
            let none = amount.units == 0 ? ": no transaction" : ""
            let fix =
                text == nil
                ? "give each 'S' (category) line of a split transaction a '$' (amount) line" : "correct this amount in the program that exported the file"
            return Diagnostic(
                .warning, code: code, at: location,
                "split \(split) \(what); read as \(amount.decimalString), what the total ('T' \(total.decimalString)) leaves after the other splits\(none)",
                notes: [fix])
        case .skippedSection(let name):
            return Diagnostic(
                .warning, code: code, at: location,
                "skipping the '!Type:\(name)' section: pfin reads bank, credit card, cash and other asset/liability transactions only",
                notes: ["lists (categories, classes, memorized transactions) hold no transactions; for investment accounts, export OFX instead"])
        case .categoryList(let name, let income):
            let used =
                income == 0
                ? "no category in the file's category lists is marked income ('I'), so pfin takes nothing from them"
                : "pfin takes from it which categories are income (\(income) marked 'I' in the file's lists): their transactions are read under 'Income:'"
            return Diagnostic(
                .warning, code: code, at: location, "the '!Type:\(name)' section is a category list, not transactions: \(used)")
        case .unknownHeader(let text):
            return Diagnostic(
                .warning, code: code, at: location, "unknown QIF header '\(text)'; its records are skipped",
                notes: ["transaction sections start with '!Type:Bank', '!Type:CCard', '!Type:Cash', '!Type:Oth A' or '!Type:Oth L'"])
        case .unknownField(let letter):
            return Diagnostic(.warning, code: code, at: location, "unknown field '\(letter)' ignored (reported once per letter)")
        case .unreadBalance(let amount, let date, let order):
            let what = date.map { "'\(amount)' on '\($0)'" } ?? "'\(amount)' with no date ('/' line)"
            return Diagnostic(
                .warning, code: code, at: location,
                "the account's statement balance \(what) cannot be read (expected an amount and a date like \(order.pattern)); no balance is taken from this block",
                notes: ["QIF states an account's balance in its '!Account' block: '$' the amount, '/' the date"])
        case .bracketedCategory(let name, let root):
            return Diagnostic(
                .warning, code: code, at: location,
                "'[\(name)]' is \(root.word) account in brackets, QIF's mark of a transfer (GnuCash writes every account so): read as the category '\(name)', not as a transfer (reported once)"
            )
        case .categorySection(let account, let root, let example):
            return Diagnostic(
                .warning, code: code, at: location,
                "the section of '\(account)', \(root.word) account, is read from the other side (GnuCash files a transaction under its category's account): the money goes to the account each split names in brackets ('\(example)') with its sign turned, categorised '\(account)' (reported once)"
            )
        case .recordsBeforeHeader:
            return Diagnostic(
                .warning, code: code, at: location, "records before any '!Type:' line are read as '!Type:Bank'",
                notes: ["a QIF file should start with a '!Type:' line"])
        case .commentLines:
            return Diagnostic(
                .warning, code: code, at: location,
                "a line starting with '#' stands outside any record (a comment some tools write before the first header); skipped, and so every such line in this file"
            )
        case .splitDate(let text):
            return Diagnostic(
                .warning, code: code, at: location,
                "a split has a date of its own ('D\(text)' after its 'S' line); QIF dates whole transactions, so every split keeps its transaction's date, and so every such split in this file",
                notes: ["a transaction's splits are one payment, booked once: the split's date is not used"])
        case .dateOrderContradiction(let chosen, let dayLine, let monthLine):
            return Diagnostic(
                .warning, code: code, at: location,
                "the dates fit no single order of day and month: line \(dayLine) reads only as day/month, line \(monthLine) only as month/day; read as \(chosen.pattern), as most dates need",
                notes: ["dates that do not fit are reported one by one; correct them, or pin the order with --date-format dd/mm/yyyy or mm/dd/yyyy"])
        case .ambiguousDates(let example, let date):
            return Diagnostic(
                .warning, code: code, at: location,
                "every date fits both dd/mm/yyyy and mm/dd/yyyy; read as dd/mm/yyyy because the dates then span less time (\(example) is \(DialectDetector.longDate(date)))",
                notes: ["if that is wrong, pass --date-format mm/dd/yyyy (Quicken's order)"])
        case .invalidUTF8:
            return Diagnostic(
                .warning, code: code, at: location, "text is not valid UTF-8; the bad bytes were replaced with U+FFFD",
                notes: ["most of the file is UTF-8, so it was not read as Windows-1252; re-export it in one encoding"])
        case .overlongLine(let limit):
            return Diagnostic(
                .error, code: code, at: location,
                "line longer than \(ByteCountText.describe(limit)); expected a QIF field, skipped to the end of the line",
                notes: ["check that this is a QIF export and not another kind of file"])
        case .binary:
            return Diagnostic(
                .error, code: code, at: location, "the file contains NUL bytes; expected QIF text",
                notes: ["check that this is a QIF export and not a binary file (a Quicken .qdf data file cannot be read)"])
        case .empty:
            return Diagnostic(.error, code: code, at: location, "the file is empty; expected a QIF statement starting with '!Type:'")
        }
    }
}
