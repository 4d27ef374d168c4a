import FinanceCore
import Glibc

/// A deterministic Quicken export (QIF) of one checking account, as Quicken writes it: an
/// `!Account` block, then `!Type:Bank` records with space-padded `MM/DD'YY` dates, `U` and `T`
/// amounts (thousands separators on large ones), cleared flags, check numbers, payees, memos,
/// categories with classes, an address now and then, transfers, and every twentieth record split
/// in two. `count` is the number of activities the file yields (each split counts).
enum QIFGenerator {
    static let categories = [
        "Food:Groceries", "Food:Dining", "Auto:Fuel", "Utilities:Electric", "Utilities:Internet",
        "Entertainment:Subscriptions", "Household", "Health:Pharmacy", "Shopping", "Travel/Business",
    ]

    static func write(count: Int, to path: String) -> Int {
        guard let file = fopen(path, "w") else { return 0 }
        defer { fclose(file) }
        var total = 0
        var out = "!Account\r\nNEveryday Checking\r\nTBank\r\n^\r\n!Type:Bank\r\n"
        var state: UInt64 = 0x6A09_E667_F3BC_C908
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        let perDay = max(1, count / 3650 + 1)
        var written = 0
        var record = 0
        var check = 1000
        while written < count {
            let date = LocalDate(year: 2015, month: 1, day: 1)!.adding(days: 1 + record / perDay)
            record += 1
            let r = next()
            let payee = CSVGenerator.payees[Int((r >> 20) % UInt64(CSVGenerator.payees.count))]
            let split = r % 20 == 0 && count - written >= 2
            var cents = -Int64(150 + (r >> 8) % 20_000)
            var lines = "D\(pad(date.month))/\(pad(date.day))'\(two(date.year % 100))\r\n"
            if r % 50 == 1 { cents = 250_000 + Int64(r % 50_000) }
            let amount = text(cents)
            lines += "U\(amount)\r\nT\(amount)\r\nC\(r % 3 == 0 ? "*" : "X")\r\n"
            if r % 25 == 2 {
                check += 1
                lines += "N\(check)\r\n"
            } else if r % 7 == 3 {
                lines += "NATM\r\n"
            }
            lines += "P\(r % 50 == 1 ? "ACME CORP PAYROLL" : payee)\r\n"
            if r % 4 != 0 { lines += "MPOS PURCHASE \((r >> 32) % 9000 + 1000)\r\n" }
            if r % 30 == 4 { lines += "A1200 3rd Ave\r\nASeattle, WA 98101\r\n" }
            if split {
                let first = cents / 3
                lines += "SFood:Groceries\r\nEFood\r\n$\(text(first))\r\nSHousehold\r\n$\(text(cents - first))\r\n"
                written += 2
            } else {
                lines += r % 50 == 1 ? "LIncome:Salary\r\n" : r % 40 == 5 ? "L[Savings]\r\n" : "L\(categories[Int((r >> 40) % 10)])\r\n"
                written += 1
            }
            out += lines + "^\r\n"
            if out.utf8.count > 1 << 20 {
                out.withUTF8 { total += fwrite($0.baseAddress, 1, $0.count, file) }
                out = ""
            }
        }
        out.withUTF8 { total += fwrite($0.baseAddress, 1, $0.count, file) }
        return total
    }

    /// `-1,234.56`.
    private static func text(_ cents: Int64) -> String {
        let whole = cents.magnitude / 100
        let grouped = whole >= 1000 ? "\(whole / 1000),\(String(whole % 1000 + 1000).dropFirst())" : "\(whole)"
        return (cents < 0 ? "-" : "") + grouped + "." + two(Int(cents.magnitude % 100))
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    private static func pad(_ n: Int) -> String { n < 10 ? " \(n)" : "\(n)" }
}
