import FinanceCore

/// Problems in files of labelled blocks, as data; `diagnostic(at:)` gives the wording.
enum BlocksIssue {
    case empty
    case binary(offset: Int)
    /// No block with a `Date:` or `Amount:` line in the whole file.
    case noBlocks(file: String)
    /// A block (its first and last line) without the line `label` (`Date`, `Amount`).
    case missing(label: String, expected: String, first: Int, last: Int)
    /// A value that is not what its label needs: `expected` says what is.
    case badValue(label: String, expected: String, found: String, consequence: String)
    /// A label a block already has (a second `Amount:`).
    case repeatedLabel(label: String, firstLine: Int, earlier: Int)
    /// A balance that is not the one before it (in time) plus the block's amount.
    case balanceMismatch(date: LocalDate, found: Money, expected: Money, difference: Money, file: String, skipped: Int)
    case overlongLine(limit: Int)

    static let dateExpectation = "a date dd/mm/yyyy (like 29/12/2012)"
    static let amountExpectation = "an amount (like -10.45, 1500.00 or -10.45 GBP)"
    static let balanceExpectation = "a balance (like 3472.63 or 3472.63 GBP)"

    var code: String {
        switch self {
        case .empty: return "blocks.empty"
        case .binary: return "blocks.binary"
        case .noBlocks: return "blocks.no-blocks"
        case .missing(let label, _, _, _): return label == "Date" ? "blocks.bad-date" : "blocks.bad-amount"
        case .badValue(let label, _, _, _):
            switch label.lowercased() {
            case "date": return "blocks.bad-date"
            case "amount": return "blocks.bad-amount"
            default: return "blocks.bad-balance"
            }
        case .repeatedLabel: return "blocks.repeated-label"
        case .balanceMismatch: return "blocks.balance-mismatch"
        case .overlongLine: return "blocks.overlong-line"
        }
    }

    func diagnostic(at location: SourceLocation) -> Diagnostic {
        switch self {
        case .empty:
            return Diagnostic(.error, code: code, at: location, "the file is empty; expected blocks of labelled lines (Date:, Description:, Amount:, Balance:)")
        case .binary(let offset):
            return Diagnostic(
                .error, code: code, at: location,
                "this looks like a binary file (a NUL byte at offset \(offset)), not a text download of blocks of labelled lines; expected text",
                notes: ["download the transactions again as a text file (TXT), or pass --from with the right format"])
        case .noBlocks(let file):
            return Diagnostic(
                .error, code: code, at: location,
                "no block of labelled lines found; expected blocks such as 'Date: 29/12/2012', 'Description: …', 'Amount: -10.45', "
                    + "'Balance: 3472.63', separated by blank lines",
                notes: ["check that this is the bank's text download (Santander UK: Text file (TXT))", Diagnostic.identifyNote(file)])
        case .missing(let label, let expected, let first, let last):
            let lines = first == last ? "line \(first)" : "lines \(first)–\(last)"
            return Diagnostic(
                .error, code: code, at: location,
                "this block (\(lines)) has no '\(label):' line; expected one with \(expected)",
                notes: ["the block was skipped"])
        case .badValue(let label, let expected, let found, let consequence):
            return Diagnostic(
                severity, code: code, at: location,
                "expected \(expected) after '\(label):', found \(found.isEmpty ? "nothing" : "'\(found)'")",
                notes: [consequence])
        case .repeatedLabel(let label, let line, let earlier):
            return Diagnostic(
                .error, code: code, at: location,
                "a second '\(label):' line in the block starting at line \(line) (the first is at line \(earlier)); expected a blank line "
                    + "and a new block first",
                notes: ["the line was skipped; the block was read with the first"])
        case .balanceMismatch(let date, let found, let expected, let difference, let file, let skipped):
            let signed = difference.isNegative ? difference.description : "+" + difference.description
            return Diagnostic(
                .warning, code: code, at: location,
                "the balance after this block (\(date)) is \(found), but the balance before it plus its amount give \(expected) (off by \(signed))",
                notes: [
                    skipped > 0
                        ? "\(Plural.count(skipped, "block was", plural: "blocks were")) skipped for errors (see above)"
                        : "a block may be missing from the file, or the file was edited; compare it with the bank's statement",
                    "'pfin reconcile \(file)' shows the likely causes",
                ])
        case .overlongLine(let limit):
            return Diagnostic(
                .error, code: code, at: location,
                "line longer than \(ByteCountText.describe(limit)); expected a labelled line such as 'Amount: -10.45', skipped to the end of the line",
                notes: ["check that this is the bank's text download and not another kind of file"])
        }
    }

    /// Errors skip what they are about; a balance that cannot be read only loses the check.
    private var severity: Diagnostic.Severity {
        if case .badValue(let label, _, _, _) = self, label.lowercased() == "balance" { return .warning }
        return .error
    }
}
