import FinanceCore

/// One posting line, `    Assets:Bank:Checking            -54.20 USD`, as ledger, hledger and
/// beancount all read it: an indent, the account, at least two spaces, the amount, a space and the
/// commodity.
///
/// The amount is the exact decimal (`Money.writeDecimal`, never a float) with the commodity after
/// the number, which all three accept; amounts are right-aligned at one column when the account
/// name leaves room, as the tools' own printers do. Both postings carry their amount explicitly,
/// so that no tool has to infer the balancing one.
enum JournalPosting {
    /// Where amounts end, counted from the start of the line, when the account leaves room.
    static let amountEnd = 60
    /// The most bytes a posting adds to its account name: indent, padding, amount, commodity, and
    /// a total cost (` @@ 11.07 EUR`).
    static let maximumExtra = amountEnd + 2 * Money.maximumDecimalLength + 16
    /// ISO 4217's code for "no currency": the commodity of an amount whose currency is unknown.
    /// All three tools accept it as a commodity name; `--currency CODE` names a real one.
    static let unknownCommodity: StaticString = "XXX"

    /// The warning for activities written with `unknownCommodity`, if there were any.
    static func currencyNotice(_ count: Int) -> [String] {
        guard count > 0 else { return [] }
        let what = count == 1 ? "1 transaction has" : "\(count) transactions have"
        return ["\(what) no currency; written with the commodity XXX (ISO 4217 'no currency'); name one with --currency CODE"]
    }

    /// Writes the posting at `out` (room for the name plus `maximumExtra`); returns its length.
    ///
    /// - Parameters:
    ///   - negated: writes the amount with its sign flipped (the balancing side), done on the text
    ///     so that every amount, even `Int64.min` units, has a negation.
    ///   - cost: the total cost of `amount` in another commodity, written unsigned after `@@`
    ///     (`12.00 USD @@ 11.07 EUR`), as ledger, hledger and beancount read a total price.
    @inline(__always)
    static func put(
        indent: Int, account: UnsafeBufferPointer<UInt8>, width: Int, amount: Money, negated: Bool, cost: Money? = nil,
        at out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var p = JSONCursor(out)
        p.at.initialize(repeating: UInt8(ascii: " "), count: indent)
        p.advance(indent)
        p.put(account)
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { raw in
            guard let text = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var n = amount.writeDecimal(to: text + 1)
            var start = 1
            if negated {
                if text[1] == UInt8(ascii: "-") {
                    start = 2
                    n -= 1
                } else if !amount.isZero {
                    text[0] = UInt8(ascii: "-")
                    start = 0
                    n += 1
                }
            }
            let padding = Swift.max(2, amountEnd - indent - width - n)
            p.at.initialize(repeating: UInt8(ascii: " "), count: padding)
            p.advance(padding)
            p.put(UnsafeBufferPointer(start: text + start, count: n))
        }
        p.put(UInt8(ascii: " "))
        putCommodity(amount.currency, &p)
        if let cost {
            p.put(" @@ ")
            // The magnitude on the text, as for `negated`: `Int64.min` units have no positive value.
            let n = cost.writeDecimal(to: p.at)
            if p.at[0] == UInt8(ascii: "-") {
                (p.at).update(from: p.at + 1, count: n - 1)
                p.advance(n - 1)
            } else {
                p.advance(n)
            }
            p.put(UInt8(ascii: " "))
            putCommodity(cost.currency, &p)
        }
        p.put(0x0A)
        return p.at - out
    }

    @inline(__always)
    private static func putCommodity(_ currency: CurrencyCode?, _ p: inout JSONCursor) {
        if let currency {
            p.put(UInt8(truncatingIfNeeded: currency.packed >> 16))
            p.put(UInt8(truncatingIfNeeded: currency.packed >> 8))
            p.put(UInt8(truncatingIfNeeded: currency.packed))
        } else {
            p.put(unknownCommodity)
        }
    }

    /// What the balancing posting of `a` carries: the original amount, with the booked amount as
    /// its cost, for a payment in another currency whose original amount the file stated.
    static func foreign(_ a: PaymentActivity) -> (amount: Money, cost: Money)? {
        guard let original = a.original, let amount = original.amount, a.currency != nil, original.currency != a.currency else {
            return nil
        }
        return (amount, a.amount)
    }
}
