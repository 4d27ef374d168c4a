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
/// - One `!Account` block (`N` name, `T Bank`) each time the account changes, then `!Type:Bank`;
///   `CCard` instead for an account a statement said is a credit card before its first activity
///   came (a QIF card section does). Activities without an account come under `!Type:Bank` alone,
///   and only before the first account: QIF cannot return to "no account" (a notice counts the others).
/// - `D` is always `MM/DD/YYYY`: four-digit years leave no doubt about the century, and month
///   first is what Quicken US and pfin's reader assume when no day above 12 tells otherwise.
/// - `T` is the plain decimal with the amount's own scale (`-1234.56`). QIF has no currency:
///   read the file back with `--currency CODE` (a notice says so).
/// - `L` is the category, or `[X]` for a transfer whose category is `Transfers:X` (as the reader
///   gives it); a transfer without such a category loses its type (a notice counts them).
/// - The activities of one split record (ids sharing their first 13 hex digits, numbered `…001`,
///   `…002` in the last three, from one source line; see `QIFRecordMapper`) are written back as one
///   record with `S`/`E`/`$` lines and their sum as `T`.
/// - Text is written on one line: line breaks inside a memo or address become spaces.
public struct QIFWriter: StatementWriter {
    private let output: ByteOutput
    private let buffer = ByteBuffer()
    private var started = false
    private var account: String?
    /// The split activities of the record being gathered.
    private var pending: [PaymentActivity] = []
    private var withoutCurrency = 0
    private var lostTransfers = 0
    private var lostAccounts = 0
    /// Accounts that statements said are credit cards.
    private var cards: Set<String> = []

    public init(output: ByteOutput) {
        self.output = output
    }

    public var notices: [String] {
        var notices: [String] = []
        if withoutCurrency > 0 {
            notices.append("QIF has no currency: amounts were written without theirs; read the file back with --currency CODE")
        }
        if lostTransfers > 0 {
            notices.append("\(lostTransfers) transfer\(lostTransfers == 1 ? "" : "s") without a 'Transfers:' category written as plain transactions (QIF marks transfers with '[account]' categories)")
        }
        if lostAccounts > 0 {
            notices.append("\(lostAccounts) transaction\(lostAccounts == 1 ? "" : "s") without an account written under the account before \(lostAccounts == 1 ? "it" : "them") (QIF cannot leave an account block)")
        }
        return notices
    }

    public mutating func statement(_ info: StatementInfo) throws {
        if info.account.kind == .creditCard { cards.insert(info.account.id) }
    }

    public mutating func write(_ a: PaymentActivity) throws {
        let split = QIFRecordMapper.splitNumber(a.id)
        if let last = pending.last {
            if split == QIFRecordMapper.splitNumber(last.id) + 1, a.id.value >> 12 == last.id.value >> 12, a.source == last.source,
                a.account == last.account, a.date == last.date
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
        try output.write(buffer.bytes)
        buffer.removeAll()
    }

    private mutating func flushSplits() throws {
        guard !pending.isEmpty else { return }
        try splitRecord(pending)
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
        withoutCurrency += parts.dropFirst().count { $0.currency != nil }
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

    /// The account block if the account changes, then `D`, `T`, `N` and `P`.
    private mutating func begin(_ a: PaymentActivity, total: Money) {
        switchAccount(a.account)
        if a.currency != nil { withoutCurrency += 1 }
        let out = buffer
        out.reserve(32)
        out.appendReserved(UInt8(ascii: "D"))
        DecimalDigits.writePair(a.date.month, to: out.base + out.count)
        out.base[out.count + 2] = UInt8(ascii: "/")
        DecimalDigits.writePair(a.date.day, to: out.base + out.count + 3)
        out.base[out.count + 5] = UInt8(ascii: "/")
        out.count += 6
        out.appendDecimal(a.date.year)
        out.append(0x0A)
        amountLine(UInt8(ascii: "T"), total)
        if let number = a.checkNumber { line(UInt8(ascii: "N"), number) }
        line(UInt8(ascii: "P"), a.name)
    }

    private func end() throws {
        buffer.append(UInt8(ascii: "^"))
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 {
            try output.write(buffer.bytes)
            buffer.removeAll()
        }
    }

    private mutating func switchAccount(_ next: String?) {
        if started && next == account { return }
        if next == nil {
            if started { lostAccounts += 1; return }
            buffer.append("!Type:Bank\n")
        } else if let next {
            buffer.append("!Account\n")
            line(UInt8(ascii: "N"), next)
            buffer.append(cards.contains(next) ? "TCCard\n^\n!Type:CCard\n" : "TBank\n^\n!Type:Bank\n")
        }
        started = true
        account = next
    }

    /// The `L`/`S` text: `[X]` for a transfer categorised `Transfers:X`.
    private mutating func category(_ a: PaymentActivity) -> String? {
        guard a.type == .transfer else { return a.category }
        guard let category = a.category, category.hasPrefix(QIFCategory.transferPrefix), category.count > QIFCategory.transferPrefix.count else {
            lostTransfers += 1
            return a.category
        }
        return "[" + category.dropFirst(QIFCategory.transferPrefix.count) + "]"
    }

    private func amountLine(_ letter: UInt8, _ amount: Money) {
        buffer.reserve(Money.maximumDecimalLength + 2)
        buffer.appendReserved(letter)
        buffer.count += amount.writeDecimal(to: buffer.base + buffer.count)
        buffer.appendReserved(0x0A)
    }

    /// `letter` and `text` on one line; line breaks in the text become spaces.
    private func line(_ letter: UInt8, _ text: String) {
        text.withUTF8Bytes { bytes in
            buffer.reserve(bytes.count + 2)
            buffer.appendReserved(letter)
            let start = buffer.count
            buffer.append(bytes)
            for i in start..<buffer.count where buffer.base[i] == 0x0A || buffer.base[i] == 0x0D { buffer.base[i] = 0x20 }
            buffer.appendReserved(0x0A)
        }
    }
}
