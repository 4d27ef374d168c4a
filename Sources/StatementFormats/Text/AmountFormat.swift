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
        if digitsAfterLast == 3 { return currency?.minorDigits == 3 ? mark : nil }
        return mark
    }
}
