import FinanceCore
import Glibc

/// A deterministic, realistic checking-account export: years of salary, rent, groceries, dining,
/// transport, utilities and subscriptions, with a running balance, in Chase's column layout.
enum CSVGenerator {
    static let payees = [
        "WHOLE FOODS MKT #10234 SEATTLE WA", "TRADER JOE'S #552 SEATTLE WA", "SAFEWAY #1490 BELLEVUE WA",
        "COSTCO WHSE #0007 KIRKLAND WA", "STARBUCKS STORE 05612 SEATTLE WA", "CHIPOTLE 1123 SEATTLE WA",
        "UBER   *TRIP HELP.UBER.COM CA", "LYFT   *RIDE SUN 8PM SAN FRANCISCO CA", "SHELL OIL 57444212 SEATTLE WA",
        "NETFLIX.COM LOS GATOS CA", "SPOTIFY USA NEW YORK NY", "AMAZON.COM*2K4L19 AMZN.COM/BILL WA",
        "PUGET SOUND ENERGY BILLPAY", "COMCAST CABLE COMM 800-266-2278", "T-MOBILE AUTO PAY",
        "SEATTLE CITY LIGHT", "WALGREENS #4456 SEATTLE WA", "REI #11 SEATTLE WA", "IKEA RENTON WA",
        "DELTA AIR LINES ATLANTA", "AIRBNB * HMQ2X4 SAN FRANCISCO CA", "APPLE.COM/BILL 866-712-7753 CA",
        "THE HOME DEPOT #4702 SEATTLE WA", "CVS/PHARMACY #09876 SEATTLE WA", "PCC NATURAL MARKETS SEATTLE",
        "ZELLE PAYMENT TO JORDAN SMITH", "ATM WITHDRAWAL 000123 3RD AVE SEATTLE", "VENMO PAYMENT 1023456789",
    ]

    /// The 0-based columns of the date, the description, the amount and the type (the memo, as
    /// pfin reads this layout), for the C floor that writes the same JSON Lines.
    static let floorColumns = [1, 2, 3, 4]

    /// Writes `rows` rows to `path`; returns the file size in bytes.
    static func write(rows: Int, to path: String) -> Int {
        guard let file = fopen(path, "w") else { return 0 }
        defer { fclose(file) }
        var out = Array("Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #\n".utf8)
        var total = out.count
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        var balance: Int64 = 250_000
        var day = 0  // days since 2015-01-01
        let perDay = max(1, rows / 3650 + 1)
        for row in 0..<rows {
            if row % perDay == 0 { day += 1 }
            let (y, m, d) = civil(day)
            let r = next()
            var cents: Int64
            var description: String
            var type: String
            if r % 40 == 0 {
                cents = 325_000 + Int64(r % 5000); description = "ACME CORP PAYROLL PPD ID: 9876543210"; type = "ACH_CREDIT"
            } else if r % 40 == 1 {
                cents = -185_000; description = "MAPLEWOOD APTS RENT WEB ID: 1234567890"; type = "ACH_DEBIT"
            } else {
                cents = -Int64(150 + (r >> 8) % 20_000)
                description = payees[Int((r >> 20) % UInt64(payees.count))]
                type = "DEBIT_CARD"
            }
            balance += cents
            let line = "\(cents < 0 ? "DEBIT" : "CREDIT"),\(two(m))/\(two(d))/\(y),\(description),\(money(cents)),\(type),\(money(balance)),\n"
            out.append(contentsOf: line.utf8)
            if out.count > 1 << 20 {
                total += out.count
                _ = out.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
                out.removeAll(keepingCapacity: true)
            }
        }
        total += out.count
        _ = out.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        return total - 0
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func money(_ cents: Int64) -> String {
        let sign = cents < 0 ? "-" : ""
        let m = cents.magnitude
        let c = m % 100
        return "\(sign)\(m / 100).\(c < 10 ? "0" : "")\(c)"
    }

    /// Year, month and day `days` after 2015-01-01.
    static func civil(_ days: Int) -> (Int, Int, Int) {
        let date = LocalDate(year: 2015, month: 1, day: 1)!.adding(days: days)
        return (date.year, date.month, date.day)
    }
}
