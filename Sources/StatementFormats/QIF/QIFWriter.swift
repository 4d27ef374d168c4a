import FinanceCore

/// Writes QIF for Quicken and the programs that import it (GnuCash, KMyMoney, Moneydance…).
///
///     !Account
///     NEveryday Checking
///     TBank
///     ^
///     !Type:Bank
///     D05/03/2024
///     T-1234.56
///     N1046
///     PMaple Court Property Mgmt
///     MMay rent
///     A1402 Maple Court, Portland, OR 97205
///     LHousing:Rent
///     ^
///
/// - One section per account and currency: an `!Account` block (`N` name, `T Bank`) then
///   `!Type:Bank`; `CCard` instead for an account a statement said is a credit card or a line of
///   credit (a QIF card section does; Quicken tracks a line of credit as a card). QIF has no currency field, so an account with amounts in more than one currency
///   gets a section for each, the currency in its name (`Checking 1234 (EUR)`, `Checking 1234 (USD)`),
///   which pfin's reader takes back as the section's currency; a notice says so once. Activities
///   without an account come first, under `!Type:Bank` alone (QIF allows that only before the first
///   account), or, in several currencies, in sections named by the currency alone (`(EUR)`).
/// - Each section's records keep the order they came in. Sections are assembled by `finish()`,
///   their records spooled meanwhile (`OFXSpool`: in memory up to a limit, then in a temporary
///   file), so memory does not grow with the input.
/// - `D` is always `MM/DD/YYYY`: four-digit years leave no doubt about the century, and month
///   first is what Quicken US and pfin's reader assume when no day above 12 tells otherwise.
/// - `T` is the plain decimal with the amount's own scale (`-1234.56`).
/// - `L` is the category, or `[X]` for a transfer whose category is `Transfers:X` (as the reader
///   gives it), or `[` its own account `]` for an opening balance (`Equity:Opening Balances`); a
///   transfer without such a category loses its type (a notice counts them).
/// - The activities of one split record (ids sharing their first 13 hex digits, numbered `…001`,
///   `…002` in the last three, from one source line; see `QIFRecordMapper`) are written back as one
///   record with `S`/`E`/`$` lines and their sum as `T`.
/// - Text is written on one line: line breaks inside a memo or address become spaces.
public struct QIFWriter: StatementWriter {
    private struct SectionKey: Hashable {
        var account: String?
        var currency: CurrencyCode?
    }

    private let output: ByteOutput
    /// The record being written; then appended to its section's spool.
    private let buffer = ByteBuffer()
    private let budget: OFXSpoolBudget
    private var keys: [SectionKey] = []
    private var spools: [SectionKey: OFXSpool] = [:]
    /// The currencies of each account (`""` for none), in the order they came.
    private var currencies: [String: [CurrencyCode?]] = [:]
    /// The split activities of the record being gathered.
    private var pending: [PaymentActivity] = []
    /// The section of the record being written.
    private var section = SectionKey()
    private var withCurrency = 0
    private var lostTransfers = 0
    /// Accounts that statements said are credit cards or lines of credit.
    private var cards: Set<String> = []

    public init(output: ByteOutput) {
        self.init(output: output, budget: OFXSpoolBudget())
    }

    /// A writer whose spools keep `budget`, to test spilling with small inputs.
    init(output: ByteOutput, budget: OFXSpoolBudget) {
        self.output = output
        self.budget = budget
    }

    public var notices: [String] {
        var notices: [String] = []
        let split = keys.filter { (currencies[$0.account ?? ""]?.count ?? 0) > 1 }.map(sectionName)
        if !split.isEmpty {
            let shown = split.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (split.count > 3 ? " …" : "")
            notices.append(
                "QIF has no currency field: an account's amounts in more than one currency are written in a section per currency, named with it (\(shown)), which pfin reads back as that currency; read the others back with --currency CODE"
            )
        } else if withCurrency > 0 {
            notices.append("QIF has no currency: amounts were written without theirs; read the file back with --currency CODE")
        }
        if lostTransfers > 0 {
            notices.append(
                "\(lostTransfers) transfer\(lostTransfers == 1 ? "" : "s") without a 'Transfers:' category written as plain transactions (QIF marks transfers with '[account]' categories)"
            )
        }
        return notices
    }

    public mutating func statement(_ info: StatementInfo) throws {
        if info.account.kind?.isLiability == true { cards.insert(info.account.id) }
    }

    public mutating func write(_ a: PaymentActivity) throws {
        let split = QIFRecordMapper.splitNumber(a.id)
        if let last = pending.last {
            if split == QIFRecordMapper.splitNumber(last.id) + 1, a.id.value >> 12 == last.id.value >> 12, a.source == last.source,
                a.account == last.account, a.date == last.date, a.currency == last.currency
            {
                pending.append(a)
                return
            }
            try flushSplits()
        }
        if split == 1 {
            pending.append(a)
            return
        }
        try single(a)
    }

    public mutating func finish() throws {
        try flushSplits()
        // The section without an account or a currency first, as it has no block of its own: after
        // any `!Account` block its records would be read as that block's (and in its currency).
        // Then the other sections without an account (named by their currency), then the accounts.
        let unnamed = keys.filter { $0.account == nil && sectionName($0).isEmpty }
        let ordered = unnamed + keys.filter { $0.account == nil && !sectionName($0).isEmpty } + keys.filter { $0.account != nil }
        for key in ordered {
            let name = sectionName(key)
            if name.isEmpty {
                // A file's unnamed account that its statement said is a card (a card CSV).
                buffer.append(cards.contains("") ? "!Type:CCard\n" : "!Type:Bank\n")
            } else {
                buffer.append("!Account\n")
                line(UInt8(ascii: "N"), name)
                buffer.append(key.account.map(cards.contains) == true ? "TCCard\n^\n!Type:CCard\n" : "TBank\n^\n!Type:Bank\n")
            }
            try spools[key]!.forEach { record in
                buffer.append(record)
                if buffer.count >= 1 << 16 {
                    try output.write(buffer)
                    buffer.removeAll()
                }
            }
        }
        try output.write(buffer)
        buffer.removeAll()
    }

    /// The section's account name: the account's, with the currency when the account has more than
    /// one (or, without an account, when those activities have more than one); empty for the
    /// leading section without a block.
    private func sectionName(_ key: SectionKey) -> String {
        let account = key.account ?? ""
        guard let currency = key.currency, (currencies[account]?.count ?? 0) > 1 else { return account }
        return account.isEmpty ? "(\(currency))" : "\(account) (\(currency))"
    }

    private mutating func flushSplits() throws {
        guard !pending.isEmpty else { return }
        // One part alone is no split: an id whose split number merely happens to be 1.
        if pending.count == 1 { try single(pending[0]) } else { try splitRecord(pending) }
        pending.removeAll(keepingCapacity: true)
    }

    /// A record of its own (the path nearly every activity takes: no array, no sums).
    private mutating func single(_ a: PaymentActivity) throws {
        begin(a, total: a.amount)
        if let memo = a.memo { line(UInt8(ascii: "M"), memo) }
        if let address = a.address { line(UInt8(ascii: "A"), address) }
        if let category = category(a) { line(UInt8(ascii: "L"), category) }
        try end()
    }

    /// One record for the splits of one: their sum as `T`, then `S`/`E`/`$` for each; the memo
    /// as `M` when all share it, else each split's as `E`.
    private mutating func splitRecord(_ parts: [PaymentActivity]) throws {
        let a = parts[0]
        var total = a.amount
        for part in parts.dropFirst() {
            guard let sum = total.adding(part.amount) else {
                // A total Money cannot hold: the splits become records of their own.
                for part in parts { try single(part) }
                return
            }
            total = sum
        }
        begin(a, total: total)
        withCurrency += parts.dropFirst().count { $0.currency != nil }
        let sharedMemo = parts.allSatisfy { $0.memo == a.memo }
        if sharedMemo, let memo = a.memo { line(UInt8(ascii: "M"), memo) }
        if let address = a.address { line(UInt8(ascii: "A"), address) }
        for part in parts {
            line(UInt8(ascii: "S"), category(part) ?? "")
            if !sharedMemo, let memo = part.memo { line(UInt8(ascii: "E"), memo) }
            amountLine(UInt8(ascii: "$"), part.amount)
        }
        try end()
    }

    /// `D`, `T`, `N` and `P`, after noting the record's section.
    private mutating func begin(_ a: PaymentActivity, total: Money) {
        section = SectionKey(account: a.account, currency: a.currency)
        if a.currency != nil { withCurrency += 1 }
        let out = buffer
        out.write(maximum: 7) { date in
            date[0] = UInt8(ascii: "D")
            DecimalDigits.writePair(a.date.month, to: date + 1)
            date[3] = UInt8(ascii: "/")
            DecimalDigits.writePair(a.date.day, to: date + 4)
            date[6] = UInt8(ascii: "/")
            return 7
        }
        out.appendDecimal(a.date.year)
        out.append(0x0A)
        amountLine(UInt8(ascii: "T"), total)
        if let number = a.checkNumber { line(UInt8(ascii: "N"), number) }
        line(UInt8(ascii: "P"), a.name)
    }

    /// Ends the record and appends it to its section's spool.
    private mutating func end() throws {
        buffer.append(UInt8(ascii: "^"))
        buffer.append(0x0A)
        let spool: OFXSpool
        if let known = spools[section] {
            spool = known
        } else {
            spool = OFXSpool(budget: budget)
            spools[section] = spool
            keys.append(section)
            currencies[section.account ?? "", default: []].append(section.currency)
        }
        try buffer.withBytes { try spool.append($0) }
        buffer.removeAll()
    }

    /// The `L`/`S` text: `[X]` for a transfer categorised `Transfers:X`; `[` the account `]` for an
    /// opening balance (Quicken's own form, which the reader reads as `Equity:Opening Balances`).
    private mutating func category(_ a: PaymentActivity) -> String? {
        guard a.type == .transfer else { return a.category }
        if a.category == QIFCategory.openingBalances.name, let account = a.account { return "[" + account + "]" }
        guard let category = a.category, category.hasPrefix(QIFCategory.transferPrefix), category.count > QIFCategory.transferPrefix.count else {
            lostTransfers += 1
            return a.category
        }
        return "[" + category.dropFirst(QIFCategory.transferPrefix.count) + "]"
    }

    private func amountLine(_ letter: UInt8, _ amount: Money) {
        buffer.reserve(Money.maximumDecimalLength + 2)
        buffer.appendReserved(letter)
        buffer.write(maximum: Money.maximumDecimalLength) { amount.writeDecimal(to: $0) }
        buffer.appendReserved(0x0A)
    }

    /// `letter` and `text` on one line; line breaks in the text become spaces.
    private func line(_ letter: UInt8, _ text: String) {
        text.withUTF8Bytes { bytes in
            buffer.write(maximum: bytes.count + 2) { out in
                out[0] = letter
                if let source = bytes.baseAddress { (out + 1).update(from: source, count: bytes.count) }
                for i in 1..<(bytes.count + 1) where out[i] == 0x0A || out[i] == 0x0D { out[i] = 0x20 }
                out[bytes.count + 1] = 0x0A
                return bytes.count + 2
            }
        }
    }
}
