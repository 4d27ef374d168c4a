import Glibc

/// A deterministic export whose payees come from the rules suite's merchants (`Merchant`), printed
/// the way the merchant's rule expects: store numbers and cities after the name, `SQ *` and
/// `PAYPAL *` prefixes, references in the memo, payroll credits, rent, the odd refund.
///
/// Merchants are drawn evenly from the first `merchantsInRows`; with 500 rules (498 of them specific)
/// about seven rows in ten have a specific rule, the rest only a fallback.
enum RulesCSVGenerator {
    static let merchantsInRows = 700

    private static let cities = ["SEATTLE WA", "PORTLAND OR", "BOISE ID", "SPOKANE WA", "TACOMA WA", "EUGENE OR"]

    /// Writes `rows` rows (`Date,Description,Memo,Amount`) to `path`; returns the file size in bytes.
    static func write(rows: Int, to path: String) -> Int {
        guard let file = fopen(path, "w") else { return 0 }
        defer { fclose(file) }
        var out = Array("Date,Description,Memo,Amount\n".utf8)
        var total = 0
        var state: UInt64 = 0x5851_F42D_4C95_7F2D
        var day = 0  // days since 2015-01-01
        let perDay = max(1, rows / 3650 + 1)
        for row in 0..<rows {
            if row % perDay == 0 { day += 1 }
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let merchant = Merchant(Int(state % UInt64(merchantsInRows)))
            let (name, memo, cents) = transaction(merchant, Int(truncatingIfNeeded: (state >> 12) & 0xFFFF_FFFF))
            let (y, m, d) = CSVGenerator.civil(day)
            let line = "\(y)-\(CSVGenerator.two(m))-\(CSVGenerator.two(d)),\(name),\(memo),\(CSVGenerator.money(cents))\n"
            out.append(contentsOf: line.utf8)
            if out.count > 1 << 20 {
                total += out.count
                _ = out.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
                out.removeAll(keepingCapacity: true)
            }
        }
        total += out.count
        _ = out.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        return total
    }

    /// Payee, memo and signed cents of one transaction with `m`; `x` picks the variations.
    private static func transaction(_ m: Merchant, _ x: Int) -> (String, String, Int64) {
        let city = cities[x % cities.count]
        let store = 1000 + x % 9000
        let spend = -Int64(150 + (x >> 4) % 20_000)
        let either = (x >> 3) % 2 == 0
        switch m.kind {
        case .contains:
            return ("\(m.upper) #\(store) \(city)", "POS PURCHASE", spend)
        case .exact:
            return (m.upper, "CARD \(store)", spend)
        case .startsWith:
            return ("SQ *\(m.upper) \(store) \(city)", "", spend)
        case .nameOrMemo:
            return either ? ("PAYPAL *\(m.upper)", "ONLINE ORDER", spend) : ("PAYPAL TRANSFER", "REF \(m.reference) \(store)", spend)
        case .regexAlternation:
            return ("\(either ? m.upper : m.alternate) STORE \(store) \(city)", "", spend)
        case .payroll:
            return ("\(m.upper) PAYROLL \(100_000 + x % 900_000) PPD ID: 9876543210", "DIRECT DEP", 200_000 + Int64(x % 300_000))
        case .purchase:
            // One in ten is a refund: a credit, which the rule's `amount < 0` lets through to a fallback.
            return x % 10 == 0 ? ("\(m.upper) \(city)", "REFUND", -spend) : ("\(m.upper) \(city)", "", spend)
        case .rent:
            return ("\(m.upper) RENT WEB ID: \(1_000_000_000 + x % 1_000_000)", "", -120_000 - Int64(x % 130_000))
        case .text:
            if x % 20 == 0 { return ("POS CREDIT", "REFUND \(m.upper)", -spend) }
            return either ? ("\(m.upper) \(store)", "", spend) : ("POS DEBIT \(store)", "\(m.upper) \(city)", spend)
        case .abbreviated:
            return (either ? "\(m.abbreviated) ONLINE" : "\(m.upper) \(city)", "", spend)
        }
    }
}
