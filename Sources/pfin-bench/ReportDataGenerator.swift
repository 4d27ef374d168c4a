import FinanceCore
import Glibc
import StatementFormats

/// Years of a household's categorised transactions, as pfin's JSON Lines: the input of the
/// `report` suite, shaped like what `pfin convert --rules` leaves a user with.
///
/// Each month has a salary, rent and utilities, and the rest of its share of the rows spread over
/// about forty two-level categories and three hundred payees; one row in twenty is a transfer
/// between own accounts, one in fifty has no category, and one in fifty is in a second currency.
/// Deterministic, so two runs time the same work.
enum ReportDataGenerator {
    static let firstMonth = (year: 2015, month: 1)
    /// Five years, as issue 19's targets are set: 60 month pages.
    static let defaultMonths = 60

    private static let categories: [(String, [String])] = [
        ("Food", ["Groceries", "Restaurants", "Coffee", "Takeaway", "Bakery"]),
        ("Transport", ["Fuel", "Public Transport", "Taxi", "Parking", "Car Repair"]),
        ("Home", ["Furniture", "Repairs", "Garden", "Supplies"]),
        ("Utilities", ["Electricity", "Water", "Internet", "Phone"]),
        ("Shopping", ["Clothing", "Electronics", "Books", "Gifts", "Sports"]),
        ("Health", ["Pharmacy", "Doctor", "Dentist"]),
        ("Leisure", ["Cinema", "Concerts", "Travel", "Hobbies"]),
        ("Subscriptions", ["Streaming", "Software", "News"]),
        ("Fees", ["Bank", "Card"]),
    ]
    /// A budget over the history's categories (`report` suite, `--budget`): every top-level
    /// category and its first subcategory, a yearly line, rollovers and the salary.
    static let budgetLines: [String] =
        categories.flatMap { parent, children in
            ["monthly \"\(parent)\" 900.00", "monthly \"\(parent):\(children[0])\" 300.00"]
        } + [
            "yearly \"Leisure:Travel\" 2400.00", "monthly \"Home:Rent\" 1250.00", "monthly \"Income:Salary\" 3900.00",
            "rollover \"Food:Groceries\"", "rollover \"Shopping\"",
        ]

    private static let words = [
        "MAPLE", "HERON", "CEDAR", "ORBIT", "NORTH", "LUMEN", "RIVER", "ATLAS", "PINE",
        "CORAL", "SUMMIT", "AMBER", "FALCON", "WILLOW", "BRICK", "HARBOR", "OAK", "EMBER",
        "POLAR", "SAGE",
    ]
    private static let kinds = [
        "MARKET", "CAFE", "STORE", "SHOP", "BAR", "GARAGE", "PHARMACY", "CLUB", "OUTLET",
        "STUDIO", "SUPPLY", "KITCHEN", "DEPOT", "HALL", "TRAVEL",
    ]

    /// Writes `rows` transactions over `months` months to `path`; returns the file's size in bytes.
    static func write(rows: Int, months: Int = defaultMonths, to path: String) throws -> Int {
        let output = try ByteOutput.atomicFile(path)
        var writer = StatementWriters.writer(for: .jsonl, to: output)!
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        let leaves = categories.flatMap { top, subs in subs.map { "\(top):\($0)" } }
        let payees = (0..<300).map { "\(words[$0 % words.count]) \(kinds[$0 / words.count % kinds.count]) \($0 / 20 + 1)" }
        let eur = CurrencyCode("EUR")!, usd = CurrencyCode("USD")!
        var written = 0
        for monthIndex in 0..<months {
            let year = firstMonth.year + (firstMonth.month - 1 + monthIndex) / 12
            let month = (firstMonth.month - 1 + monthIndex) % 12 + 1
            let days = LocalDate.daysIn(month: month, year: year)
            let count = rows * (monthIndex + 1) / months - rows * monthIndex / months
            for i in 0..<count {
                let r = next()
                let day = i == 0 ? 1 : Int(r % UInt64(days)) + 1
                let date = LocalDate(year: year, month: month, day: day)!
                var name: String, category: String?, cents: Int64, type: PaymentType? = nil
                var currency = eur
                switch i {
                case 0: (name, category, cents) = ("ACME GMBH SALARY", "Income:Salary", 385_000 + Int64(monthIndex * 500))
                case 1: (name, category, cents) = ("HAUSVERWALTUNG RENT", "Home:Rent", -125_000)
                case 2: (name, category, cents) = ("STADTWERKE", "Utilities:Electricity", -(6_000 + Int64(r % 4_000)))
                default:
                    let roll = (r >> 20) % 100
                    name = payees[Int((r >> 28) % UInt64(payees.count))]
                    cents = -Int64(100 + (r >> 36) % 15_000)
                    category = leaves[Int((r >> 48) % UInt64(leaves.count))]
                    if roll < 5 {
                        (name, category, type) = ("TRANSFER TO SAVINGS", "Transfers:Savings", .transfer)
                        if roll < 2 { cents = -cents }
                    } else if roll < 7 {
                        category = nil
                    } else if roll < 9 {
                        currency = usd
                    } else if roll < 11 {
                        cents = -cents / 2  // a refund
                    }
                }
                let amount = Money(units: cents, scale: 2, currency: currency)
                let activity = PaymentActivity(
                    id: ActivityID(value: next()), account: "Giro", date: date, name: name, amount: amount,
                    type: type, category: category, source: SourceLocation(file: "history.jsonl", line: written + 1))
                try writer.write(activity)
                written += 1
            }
        }
        try writer.finish()
        try output.commit()
        return Int(fileSize(path))
    }

    private static func fileSize(_ path: String) -> Int64 {
        guard let file = fopen(path, "r") else { return 0 }
        defer { fclose(file) }
        fseek(file, 0, SEEK_END)
        return Int64(ftell(file))
    }
}
