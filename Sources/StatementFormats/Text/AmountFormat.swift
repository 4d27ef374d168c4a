import FinanceCore

/// Decides a column's decimal mark from all its values.
///
/// `1.234,56` and `1,234.56` decide at once; `12,50` or `-3,5` (not three digits after the only mark)
/// show a decimal comma; `1,234,567` (the mark more than once) shows grouping. A lone `1,234` says
/// nothing and is not counted.
public enum AmountFormat {
    /// The decimal mark most values show (`.` or `,`), or `nil` when no value says.
    public static func detectDecimalMark(_ values: [String]) -> UInt8? {
        var pointVotes = 0, commaVotes = 0
        for value in values {
            switch vote(value) {
            case UInt8(ascii: "."): pointVotes += 1
            case UInt8(ascii: ","): commaVotes += 1
            default: break
            }
        }
        if pointVotes == 0 && commaVotes == 0 { return nil }
        return commaVotes > pointVotes ? UInt8(ascii: ",") : UInt8(ascii: ".")
    }

    /// Whether amounts in `currency` are written in whole units: the currencies without a minor
    /// unit (ISO 4217: the dong, the won, the yen…) and the rupiah, which has one on paper but whose
    /// amounts Indonesian banks write in whole rupiah (`Rp 125.000`).
    static func writtenInWholeUnits(_ currency: CurrencyCode) -> Bool {
        currency.minorDigits == 0 || currency == CurrencyCode("IDR")
    }

    /// The decimal mark of values in a currency written in whole units (`writtenInWholeUnits`) that
    /// no value decides (`-125.000`, `50.000`: one mark before three digits): the other mark, as the
    /// one written groups thousands. `nil` for another currency, or when the values hold no mark.
    static func wholeUnitsDecimalMark(_ values: [String], currency: CurrencyCode) -> UInt8? {
        guard writtenInWholeUnits(currency) else { return nil }
        for value in values {
            for b in value.utf8 {
                if b == UInt8(ascii: ".") { return UInt8(ascii: ",") }
                if b == UInt8(ascii: ",") { return UInt8(ascii: ".") }
            }
        }
        return nil
    }

    /// The one currency a currency column's values name, if they all name the same.
    static func singleCurrency(_ values: [String]) -> CurrencyCode? {
        var found: CurrencyCode?
        for value in values.prefix(1000) {
            guard let code = CurrencyText.currency(inCell: value), found == nil || found == code else { return nil }
            found = code
        }
        return found
    }

    /// What one value says about the decimal mark, if anything.
    ///
    /// A currency's symbol is passed over whole, so that the dots in it (`د.ا.4.750`, `Fr.`) are no
    /// marks; and where it names a currency with three minor digits (Jordan's dinar: `4.750` is
    /// four dinars 750 fils), the only mark before three digits is the decimal mark.
    static func vote(_ value: String) -> UInt8? {
        var value = value
        return value.withUTF8 { vote($0) }
    }

    private static func vote(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var lastMark: UInt8?
        var points = 0, commas = 0
        var digitsAfterLast = 0
        var currency: CurrencyCode?
        // A mark counts only when a digit follows it: the dots of `DR.`, `kr.` or `Fr.` are not
        // decimal marks.
        var pending: UInt8?
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "."), UInt8(ascii: ","):
                pending = b
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let mark = pending {
                    if mark == UInt8(ascii: ".") { points += 1 } else { commas += 1 }
                    lastMark = mark
                    digitsAfterLast = 0
                    pending = nil
                }
                digitsAfterLast += 1
            default:
                pending = nil
                if b == UInt8(ascii: "$") || b >= UInt8(ascii: "A"), let (code, width) = CurrencyText.match(bytes, at: i) {
                    currency = currency ?? code
                    i += width
                    continue
                }
            }
            i += 1
        }
        guard let mark = lastMark else { return nil }
        let other = mark == UInt8(ascii: ".") ? UInt8(ascii: ",") : UInt8(ascii: ".")
        let markCount = mark == UInt8(ascii: ".") ? points : commas
        let otherCount = mark == UInt8(ascii: ".") ? commas : points
        if otherCount > 0 { return mark }  // both present: the last one is the decimal mark
        if markCount > 1 { return other }  // repeated: grouping
        if digitsAfterLast == 3 {
            // A currency with three minor digits makes the mark decimal (`4.750` dinars); one written
            // without decimals makes it a thousands separator (`125.000 ₫`, `Rp 125.000`).
            guard let currency else { return nil }
            return currency.minorDigits == 3 ? mark : Self.writtenInWholeUnits(currency) ? other : nil
        }
        return mark
    }
}
