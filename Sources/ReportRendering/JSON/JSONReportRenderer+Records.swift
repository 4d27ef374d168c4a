import FinanceCore
import Reports

/// The one-line records of the JSON report: category lines, payees and transactions.
extension JSONReportRenderer {
    /// Fixed text, numbers and amounts of any record fit in this many bytes; strings come on top,
    /// at `JSONEscaping.worstCase` bytes a byte.
    private static let fixedRoom = 512

    /// The most bytes `write(_:to:)` writes for each kind of record.
    static func room(_ line: CategoryLine) -> Int {
        fixedRoom + JSONEscaping.worstCase * (line.path.utf8.count + line.name.utf8.count)
    }

    static func room(_ payee: PayeeLine) -> Int {
        fixedRoom + JSONEscaping.worstCase * payee.name.utf8.count
    }

    static func room(_ a: PaymentActivity) -> Int {
        var strings = a.name.utf8.count + a.source.file.utf8.count
        if let account = a.account { strings += account.utf8.count }
        if let address = a.address { strings += address.utf8.count }
        if let memo = a.memo { strings += memo.utf8.count }
        if let category = a.category { strings += category.utf8.count }
        if let fitid = a.fitid { strings += fitid.utf8.count }
        if let checkNumber = a.checkNumber { strings += checkNumber.utf8.count }
        return fixedRoom + JSONEscaping.worstCase * strings
    }

    static func write(_ line: CategoryLine, to out: inout JSONOutput) {
        out.record(maximum: room(line)) { c in
            c.put("{\"path\":")
            c.putString(line.path)
            c.put(",\"name\":")
            c.putString(line.name)
            c.put(",\"depth\":")
            c.putInt(line.depth)
            c.put(",\"amount\":")
            c.putMoney(line.amount)
            c.put(",\"count\":")
            c.putInt(line.count)
            c.put(",\"share\":")
            c.putShare(line.share)
            c.put(",\"previous\":")
            c.putMoney(line.previous)
            c.put(",\"changeFromPrevious\":")
            c.putShare(line.changeFromPrevious)
            c.put(",\"trailingAverage\":")
            c.putMoney(line.trailingAverage)
            c.put(",\"changeFromAverage\":")
            c.putShare(line.changeFromAverage)
            c.put(line.isUncategorized ? ",\"uncategorized\":true}" : ",\"uncategorized\":false}")
        }
    }

    static func write(_ payee: PayeeLine, to out: inout JSONOutput) {
        out.record(maximum: room(payee)) { c in
            c.put("{\"name\":")
            c.putString(payee.name)
            c.put(",\"amount\":")
            c.putMoney(payee.amount)
            c.put(",\"count\":")
            c.putInt(payee.count)
            c.put("}")
        }
    }

    /// A balance a statement states: `{"account","amount","date","source"}` (the summary's currency).
    static func write(_ balance: StatedAccountBalance, to out: inout JSONOutput) {
        let strings = (balance.account?.utf8.count ?? 0) + balance.source.file.utf8.count
        out.record(maximum: fixedRoom + JSONEscaping.worstCase * strings) { c in
            c.put("{\"account\":")
            c.putString(balance.account)
            c.put(",\"amount\":")
            c.putMoney(balance.amount)
            c.put(",\"date\":")
            c.putString(balance.date.description)
            c.put(",\"source\":")
            c.putString("\(balance.source.file):\(balance.source.line)")
            c.put("}")
        }
    }

    /// A transaction with the keys, order and values of a `pfin convert --to jsonl` row.
    static func write(_ a: PaymentActivity, to out: inout JSONOutput) {
        out.record(maximum: room(a)) { c in
            c.put("{\"id\":\"")
            c.advance(a.id.writeHex(to: c.at))
            c.put("\",\"account\":")
            c.putString(a.account)
            c.put(",\"date\":\"")
            c.advance(a.date.writeISO(to: c.at))
            c.put("\",\"name\":")
            c.putString(a.name)
            c.put(",\"address\":")
            c.putString(a.address)
            c.put(",\"amount\":")
            c.putMoney(a.amount)
            if let currency = a.amount.currency {
                c.put(",\"currency\":\"")
                c.put(UInt8(truncatingIfNeeded: currency.packed >> 16))
                c.put(UInt8(truncatingIfNeeded: currency.packed >> 8))
                c.put(UInt8(truncatingIfNeeded: currency.packed))
                c.put("\",\"memo\":")
            } else {
                c.put(",\"currency\":null,\"memo\":")
            }
            c.putString(a.memo)
            switch a.type {
            case .income: c.put(",\"type\":\"income\",\"category\":")
            case .expense: c.put(",\"type\":\"expense\",\"category\":")
            case .transfer: c.put(",\"type\":\"transfer\",\"category\":")
            }
            c.putString(a.category)
            c.put(",\"fitid\":")
            c.putString(a.fitid)
            c.put(",\"checkNumber\":")
            c.putString(a.checkNumber)
            // `file:line`, as the JSON Lines writer gives it.
            c.put(",\"source\":\"")
            let file = c.at
            c.advance(a.source.file.withUTF8Bytes { JSONEscaping.write($0, to: file) })
            c.put(UInt8(ascii: ":"))
            c.putInt(a.source.line)
            c.put("\"}")
        }
    }
}
