import FinanceCore
import Foundation

@testable import StatementFormats

/// Keeps what a blocks read sends, row balances and skipped lines included.
struct BlocksCollector: ActivitySink {
    var base = StatementCollector()
    var rowBalances: [RowBalance] = []
    var skipped: [SkippedLines] = []

    mutating func accept(_ activity: PaymentActivity) throws { try base.accept(activity) }
    mutating func report(_ diagnostic: Diagnostic) throws { try base.report(diagnostic) }
    mutating func statement(_ info: StatementInfo) throws { try base.statement(info) }
    var wantsRowBalances: Bool { true }
    mutating func rowBalance(_ balance: RowBalance) throws { rowBalances.append(balance) }
    mutating func skipped(_ lines: SkippedLines) throws { skipped.append(lines) }

    var activities: [PaymentActivity] { base.activities }
    var diagnostics: [Diagnostic] { base.diagnostics }
    var statements: [StatementInfo] { base.statements }
    var errors: [Diagnostic] { base.errors }
    var codes: [String] { base.codes }
    var rows: [String] { base.rows }
    var warnings: [String] { base.diagnostics.filter { $0.severity == .warning }.map(\.message) }
}

/// Reads blocks from memory through the public reader, as `pfin` does for a file named `t.txt`.
func readBlocks(_ bytes: [UInt8], options: ReadOptions = ReadOptions(), reader: BlocksStatementReader = BlocksStatementReader())
    throws -> BlocksCollector
{
    var collector = BlocksCollector()
    try reader.read(ByteInput(bytes: bytes, displayName: "t.txt"), options: options, into: &collector)
    return collector
}

func readBlocks(_ text: String, options: ReadOptions = ReadOptions(), reader: BlocksStatementReader = BlocksStatementReader())
    throws -> BlocksCollector
{
    try readBlocks(Array(text.utf8), options: options, reader: reader)
}

/// Santander UK's text download, written for tests to vary: a no-break space after each colon and
/// at the end of the value lines, as Santander writes them.
enum BlocksText {
    static let nbsp = "\u{A0}"

    /// `From:` and `Account:` with a blank line after each: four lines, the first block on line 5.
    static func header(account: String = "XXXX XXXX XXXX 1234") -> [String] {
        ["From:\(nbsp)01/05/2024\(nbsp)to\(nbsp)31/05/2024\(nbsp)", "", "Account:\(nbsp)\(account)\(nbsp)", ""]
    }

    /// One block of four lines and the blank line after it.
    static func block(_ date: String, _ description: String, _ amount: String, balance: String?) -> [String] {
        ["Date:\(nbsp)\(date)", "Description:\(nbsp)\(description)\(nbsp)", "Amount:\(nbsp)\(amount)\(nbsp)"]
            + (balance.map { ["Balance:\(nbsp)\($0)\(nbsp)"] } ?? []) + [""]
    }

    /// A download of one block a movement, given oldest first as (day of May 2024, description,
    /// amount) and written newest first with the balance running from `opening`; `code` after each
    /// amount and balance when given. With the header, block k (0 the newest) starts on line 5 + 5k.
    static func file(
        opening: Decimal = 1000, _ movements: [(day: Int, name: String, amount: String)], code: String? = "GBP",
        header: Bool = true, lineEnd: String = "\r\n"
    ) -> String {
        var balance = opening
        var blocks: [[String]] = []
        for m in movements {
            balance += Decimal(string: m.amount)!
            let suffix = code.map { " \($0)" } ?? ""
            let date = String(format: "%02d/05/2024", m.day)
            blocks.append(block(date, m.name, m.amount + suffix, balance: Self.decimal(balance) + suffix))
        }
        let lines = (header ? Self.header() : []) + blocks.reversed().flatMap { $0 }
        return lines.joined(separator: lineEnd)
    }

    /// `1234.50` for 1234.5: two decimals, a point.
    static func decimal(_ value: Decimal) -> String {
        var value = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        let text = "\(rounded)"
        guard let point = text.firstIndex(of: ".") else { return text + ".00" }
        return text.count - text.distance(from: text.startIndex, to: point) == 2 ? text + "0" : text
    }

    /// Three movements: a card payment, a salary and a direct debit.
    static let three: [(day: Int, name: String, amount: String)] = [
        (2, "CARD PAYMENT TO TESCO STORES 2041,23.45 GBP, RATE 1.00/GBP ON 30-04-2024", "-23.45"),
        (10, "BANK GIRO CREDIT REF NORTHWIND TRADING LTD, SALARY MAY", "2310.45"),
        (20, "DIRECT DEBIT PAYMENT TO VIRGIN MEDIA REF 0299187746, MANDATE NO 0031", "-42.00"),
    ]
}
