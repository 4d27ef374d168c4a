import FinanceCore

/// An account being read: from its header (11) to its end record (33).
struct Norma43AccountState {
    /// The header's line.
    var line: Int
    /// Bank, branch and account number as written (digits, when well-formed).
    var bank: String
    var branch: String
    var number: String
    /// What activities name it by: `2100 0418 45 0200051332` (see `Norma43AccountState.ccc`).
    var id: String
    var start: LocalDate?
    var end: LocalDate?
    /// The initial balance, signed, in the account's currency; `nil` when unreadable.
    var initial: Money?
    var currency: CurrencyCode?
    /// The movements read, and their sum in cents.
    var read = Norma43Issue.Totals()
    var sum: Int64 = 0
    /// Movements skipped for errors: the checks then say so.
    var skipped = 0

    /// The Spanish client account code (CCC) of a bank, branch and account number: the two
    /// control digits between them are computed as Cuaderno 43 annex 2 defines them (modulus 11
    /// with weights 1, 2, 4, 8, 5, 10, 9, 7, 3, 6; 10 counts as 1 and 11 as 0). Written with
    /// blanks between the parts, as Spanish banks print it; `nil` unless all parts are digits of
    /// the right length.
    static func ccc(bank: String, branch: String, number: String) -> String? {
        let office = Array((bank + branch).utf8), account = Array(number.utf8)
        guard office.count == 8, account.count == 10, (office + account).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
        func control(_ digits: [UInt8]) -> Int {
            // The weights apply from the units up: the last digit weighs 6, the one before it 3…
            var sum = 0
            for (i, digit) in digits.reversed().enumerated() { sum += Int(digit - 0x30) * weights[weights.count - 1 - i] }
            let value = 11 - sum % 11
            return value == 11 ? 0 : (value == 10 ? 1 : value)
        }
        return "\(bank) \(branch) \(control(office))\(control(account)) \(number)"
    }
}

/// A movement (22) whose complementary records (23, 24) may still follow.
struct Norma43MovementState {
    var line: Int
    var date: LocalDate
    /// Signed cents.
    var cents: Int64
    /// The debit/credit code's side (a zero amount has one too).
    var isCredit: Bool
    var reference1: String?
    var reference2: String?
    /// Each complementary concept record's two fields, padded to their 38 columns.
    var concepts: [(first: [UInt8], second: [UInt8])] = []
    /// Record 24's amount in the currency of origin: `120.00 USD`.
    var original: String?
}
