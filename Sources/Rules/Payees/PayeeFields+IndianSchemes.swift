/// The counterparty's name in an Indian bank's narration of a UPI, IMPS, NEFT or RTGS payment,
/// which lists the payment's routing fields between separators:
///
/// - `TO TRANSFER-UPI/DR/412345678901/RAVI KUMAR/SBIN/ravikumar@okaxis/UPI` (SBI; `BY TRANSFER-`
///   for money in, and `BY TRANSFER-NEFT*HDFC0000123*HDFCN52024040512345678*ACME LTD--` with stars);
/// - `UPI-SWIGGY-SWIGGY.STORES@YBL-YESB0YBLUPI-412345678901-PAYMENT FROM PHONE` (HDFC);
/// - `UPI/412345678901/Payment from Ph/swiggy.stores@ybl/YES BANK LIMITED/ICI…` (ICICI: a remark
///   where the others put the name);
/// - `UPI/P2M/412345678901/SWIGGY/UPI/YES BANK LIMITED` (Axis), `UPI/SWIGGY/412345678901/PAYMENT FROM PH`
///   (Kotak);
/// - `IMPS/P2A/412345678901/RAVI KUMAR/HDFC/…`, `MMT/IMPS/412345678901/RENT/RAVI KUMAR/HDFC BANK` (ICICI:
///   the sender's remark, when there is one, before the name);
/// - `NEFT-HDFCH00123456789-ACME TECHNOLOGIES PVT LTD-SALARY APR`, `NEFT CR-HDFC0000123-ACME …`,
///   `RTGS-HDFCR52024040512345678-ACME …`.
///
/// Told by its shape, not by its bank: the scheme word first (after SBI's `TO TRANSFER-` or
/// `BY TRANSFER-`), a separator right after it (`/`, `-` or `*`, then split on that one), and a
/// reference of the scheme's form among the fields (a UPI or IMPS payment's 12-digit RRN; a NEFT or
/// RTGS payment's IFSC or UTR). A merchant called "UPI Shop" has no such shape and is not touched.
///
/// The name is the first field that is none of: the scheme's words (`DR`, `CR`, `P2A`, `P2M`…),
/// a number, an IFSC (`YESB0YBLUPI`), a UTR or other reference (a word with four digits or more),
/// a bank's code (`SBIN`, `UTIB`) or name (`YES BANK LIMITED`, `State Bank Of I`), a VPA
/// (`x@ybl`), or a generic remark (`Payment from Ph`, `PAYMENT FROM PHONE`, `Sent using Paytm UPI`,
/// `NA`). When only such fields are left, the VPA's handle before its `@` is the name
/// (`swiggy.stores`); with no handle either, the text is no narration this reads.
extension PayeeFields {
    /// The range of `bytes` holding the counterparty's name, or `nil` when the text is no such
    /// narration or names nobody.
    static func schemeName(_ bytes: [UInt8], _ folded: [UInt8], in range: Range<Int>) -> Range<Int>? {
        // Every text pays for this test; only a narration's first letters pass it.
        guard let first = range.first.map({ folded[$0] }), mayOpenNarration(first) else { return nil }
        guard let (scheme, fieldsStart, separator) = schemeHead(folded, in: range) else { return nil }
        var reference = false
        var candidates: [Range<Int>] = []
        var handle: Range<Int>?
        var start = fieldsStart
        while start <= range.upperBound {
            var end = start
            while end < range.upperBound && bytes[end] != separator { end += 1 }
            if let field = trimmedField(bytes, start..<end) {
                switch kind(of: field, bytes, folded, scheme: scheme) {
                case .reference(let ofScheme): reference = reference || ofScheme
                case .vpa(let user): if handle == nil { handle = user }
                case .skipped: break
                case .candidate: candidates.append(field)
                }
            }
            start = end + 1
        }
        guard reference else { return nil }
        // ICICI's IMPS puts the sender's remark before the name when there is one.
        if scheme == .mmt, candidates.count >= 2 { return candidates[1] }
        return candidates.first ?? handle
    }

    enum Scheme { case upi, imps, mmt, neft, rtgs }

    private enum FieldKind {
        /// A number or code; `ofScheme` when it has the scheme's reference form.
        case reference(ofScheme: Bool)
        /// A VPA, with its handle before the `@` when that has a letter.
        case vpa(Range<Int>?)
        case skipped
        case candidate
    }

    /// Whether `b` (folded) is the first letter of a word a narration opens with: `upi`, `imps`,
    /// `neft`, `rtgs`, `mmt`, `to transfer`, `by transfer`.
    @inline(__always)
    private static func mayOpenNarration(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "u"), UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "m"), UInt8(ascii: "t"), UInt8(ascii: "b"): true
        default: false
        }
    }

    private static let transferPrefixes = [Array("to transfer".utf8), Array("by transfer".utf8)]
    private static let directions = [Array(" cr".utf8), Array(" dr".utf8)]

    private static let schemeWords: [(word: [UInt8], scheme: Scheme)] = [
        (Array("upi".utf8), .upi), (Array("imps".utf8), .imps), (Array("mmt/imps".utf8), .mmt), (Array("neft".utf8), .neft),
        (Array("rtgs".utf8), .rtgs),
    ]

    /// The scheme, where its fields start and their separator, after SBI's `TO TRANSFER-` and an
    /// HDFC `CR` or `DR` (`NEFT CR-…`).
    private static func schemeHead(_ folded: [UInt8], in range: Range<Int>) -> (Scheme, Int, UInt8)? {
        var p = range.lowerBound
        for prefix in transferPrefixes where has(prefix, in: folded, at: p, before: range.upperBound) {
            p += prefix.count
            while p < range.upperBound && folded[p] == 0x20 { p += 1 }
            guard p < range.upperBound, folded[p] == UInt8(ascii: "-") else { return nil }
            p += 1
            while p < range.upperBound && folded[p] == 0x20 { p += 1 }
            break
        }
        guard let (word, scheme) = schemeWords.first(where: { has($0.word, in: folded, at: p, before: range.upperBound) }) else { return nil }
        p += word.count
        if directions.contains(where: { has($0, in: folded, at: p, before: range.upperBound) }) { p += 3 }
        guard p < range.upperBound else { return nil }
        let separator = folded[p]
        guard separator == UInt8(ascii: "/") || separator == UInt8(ascii: "-") || separator == UInt8(ascii: "*") else { return nil }
        return (scheme, p + 1, separator)
    }

    private static func has(_ word: [UInt8], in folded: [UInt8], at p: Int, before end: Int) -> Bool {
        p + word.count <= end && folded[p..<(p + word.count)].elementsEqual(word)
    }

    private static func kind(of field: Range<Int>, _ bytes: [UInt8], _ folded: [UInt8], scheme: Scheme) -> FieldKind {
        let text = folded[field]
        var digits = 0, letters = 0, spaces = 0
        var at: Int?
        for i in field {
            let b = folded[i]
            if PayeeText.isDigit(b) {
                digits += 1
            } else if PayeeText.isLetter(b) {
                letters += 1
            } else if b == 0x20 {
                spaces += 1
            } else if b == UInt8(ascii: "@"), at == nil {
                at = i
            }
        }
        if spaces == 0 {
            if let at {
                let user = trimmedField(bytes, field.lowerBound..<at)
                return .vpa(user.flatMap { u in folded[u].contains(where: PayeeText.isLetter) ? u : nil })
            }
            if letters == 0 { return .reference(ofScheme: scheme.hasRRN && digits == 12 && field.count == 12) }
            if isIFSC(text) { return .reference(ofScheme: !scheme.hasRRN) }
            if digits >= 4 { return .reference(ofScheme: !scheme.hasRRN && field.count >= 12 && digits >= 10) }
            if markerWords.contains(text) || bankCodes.contains(text) { return .skipped }
        }
        if letters == 0 { return .skipped }
        if isRemark(text) || isBankName(text) { return .skipped }
        return .candidate
    }

    /// An IFSC: four letters, a zero, six letters or digits (`YESB0YBLUPI`, `HDFC0000123`).
    private static func isIFSC(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.count == 11 else { return false }
        let s = text.startIndex
        return text[s..<(s + 4)].allSatisfy(PayeeText.isLower) && text[s + 4] == UInt8(ascii: "0")
            && text[(s + 5)...].allSatisfy { PayeeText.isLower($0) || PayeeText.isDigit($0) }
    }

    /// The scheme's own words between the fields (folded).
    private static let markerWords = PayeeWordSet(["upi", "imps", "neft", "rtgs", "mmt", "dr", "cr", "p2a", "p2m", "p2p"].map { Array($0.utf8) })

    /// The first four letters of the IFSCs of banks that UPI, IMPS and NEFT narrations name on
    /// their own (`…/RAVI KUMAR/SBIN/…`): the public sector banks, the private ones, the small
    /// finance and payments banks, and the foreign banks with Indian branches (folded).
    private static let bankCodes = PayeeWordSet(
        [
            "sbin", "hdfc", "icic", "utib", "kkbk", "yesb", "idfb", "pytm", "airp", "barb", "punb", "cnrb", "ubin", "bkid", "idib", "ioba",
            "mahb", "cbin", "ucba", "psib", "indb", "fdrl", "ratn", "karb", "kvbl", "sibl", "ciub", "tmbl", "dlxb", "jaka", "csbk", "ibkl",
            "aubl", "esfb", "ujvn", "fino", "jiop", "ipos", "hsbc", "scbl", "citi", "dbss", "deut", "bdbl", "nspb",
        ].map { Array($0.utf8) })

    /// A bank's name: a field with the word "bank" (`YES BANK LIMITED`, `HDFC Bank`, `State Bank Of I`).
    private static func isBankName(_ text: ArraySlice<UInt8>) -> Bool {
        let bank = Array("bank".utf8)
        var p = text.startIndex
        while p + bank.count <= text.endIndex {
            if text[p..<(p + bank.count)].elementsEqual(bank), p == text.startIndex || text[p - 1] == 0x20,
                p + bank.count == text.endIndex || text[p + bank.count] == 0x20
            {
                return true
            }
            p += 1
        }
        return false
    }

    /// Remarks the payer's app fills in when the payer writes none (folded). A field that is one of
    /// them, or the start of one cut short by the bank (`Payment from Ph`, `Payme`), names nobody.
    private static let remarks: [[UInt8]] = [
        "payment from phone", "sent using paytm upi", "upi", "na", "nil", "no remarks", "payment", "upi payment", "paid via phonepe",
    ].map { Array($0.utf8) }

    private static func isRemark(_ text: ArraySlice<UInt8>) -> Bool {
        // Spaces the bank doubled count once.
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(text.count)
        for b in text where !(b == 0x20 && collapsed.last == 0x20) { collapsed.append(b) }
        return remarks.contains { remark in
            collapsed.elementsEqual(remark) || collapsed.count >= 5 && collapsed.count < remark.count && remark.starts(with: collapsed)
        }
    }

    /// Without spaces and stray separators at either end; `nil` when nothing is left.
    private static func trimmedField(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int>? {
        func stray(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == UInt8(ascii: "-") || b == UInt8(ascii: "*") || b == UInt8(ascii: "/") }
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && stray(bytes[lower]) { lower += 1 }
        while upper > lower && stray(bytes[upper - 1]) { upper -= 1 }
        return lower < upper ? lower..<upper : nil
    }
}

extension PayeeFields.Scheme {
    /// UPI and IMPS payments carry a 12-digit RRN; NEFT and RTGS ones an IFSC and a UTR.
    fileprivate var hasRRN: Bool {
        switch self {
        case .upi, .imps, .mmt: true
        case .neft, .rtgs: false
        }
    }
}
