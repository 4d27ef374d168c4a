import FinanceCore

/// A `:61:` statement line, parsed (SWIFT MT940 field 61):
///
///     :61:YYMMDD[MMDD]2a[1!a]15d1!a3!c16x[//16x]
///     [34x]
///
/// value date, optional entry date, debit/credit mark (`C`, `D`, `RC`, `RD`), optional third
/// letter of the currency code (funds code), amount, transaction type (`N`, `F` or `S` and three
/// characters), reference for the account owner, `//` and the bank's reference; the second line
/// holds supplementary details.
struct MT940StatementLine {
    var valueDate: LocalDate
    var entryDate: LocalDate?
    /// Signed as the account sees it: credits and reversed debits positive.
    var amount: Money
    /// `RC` or `RD`: a reversal of an earlier credit or debit.
    var isReversal: Bool
    /// The transaction type's three characters (`TRF`, `CHK`, `MSC`) packed into the low three
    /// bytes, 0 when absent: compared, never shown, so no `String` is made for it.
    var typeCode: UInt32

    /// A cheque (`NCHK`): the owner's reference is the cheque number.
    var isCheque: Bool { typeCode == 0x43_484B }
    var customerReference: String?
    var bankReference: String?
    /// The supplementary details, without the codewords of `foreign`.
    var supplementary: String?
    /// `/OCMT/` (and `/EXCH/`) in the supplementary details.
    var foreign: MT940ForeignAmount?
    /// Where a date past the end of its month stands in the line (0 the value date, 6 the entry
    /// date), read as the month's last day; `nil` when both dates are real.
    var clampedDateOffset: Int?
    /// How the line ends: whether the bank cut it before a part that must follow.
    var ending: Ending
    /// The optional entry date written as four spaces (Citi), not left out.
    var hasBlankEntryDate = false
    /// No transaction type before the owner's reference `NONREF` (Penta: `D20,00NONREF`).
    var lacksType = false

    /// The day the bank booked it: the entry date when given, else the value date.
    var bookingDate: LocalDate { entryDate ?? valueDate }

    /// What is wrong with a statement line, and where in its value (0-based byte offset).
    struct Problem: Error, Equatable {
        enum Kind: Equatable {
            case valueDate
            case entryDate
            case mark
            case amount
        }

        var kind: Kind
        var offset: Int
        /// The offending text, for the message.
        var text: String
    }

    /// Parses a `:61:` field's value (its first line; `continuation` is the supplementary part).
    static func parse(_ line: UnsafeBufferPointer<UInt8>, continuation: UnsafeBufferPointer<UInt8>) -> Result<MT940StatementLine, Problem> {
        func problem(_ kind: Problem.Kind, _ from: Int, _ length: Int) -> Result<MT940StatementLine, Problem> {
            let end = min(line.count, from + length)
            let text = from < end ? String(decoding: UnsafeBufferPointer(rebasing: line[from..<end]), as: UTF8.self) : ""
            return .failure(Problem(kind: kind, offset: from, text: text))
        }
        var clamped = false
        guard let valueDate = MT940Values.date(line, at: 0, clamped: &clamped) else { return problem(.valueDate, 0, 6) }
        var clampedDateOffset: Int? = clamped ? 0 : nil
        var i = 6
        var entryDate: LocalDate?
        var hasBlankEntryDate = false
        if Self.isBlankEntryDate(line) {
            // Citi fills the optional entry date with spaces: `:61:240312    DD212,39NMSC…`.
            hasBlankEntryDate = true
            i = 10
        } else if let month = MT940Values.twoDigits(line, 6) {
            clamped = false
            guard let day = MT940Values.twoDigits(line, 8),
                let date = MT940Values.entryDate(month: month, day: day, valueDate: valueDate, clamped: &clamped)
            else { return problem(.entryDate, 6, 4) }
            if clamped && clampedDateOffset == nil { clampedDateOffset = 6 }
            entryDate = date
            i = 10
        }
        // Debit/credit mark.
        guard i < line.count else { return problem(.mark, i, 1) }
        var isReversal = false
        if line[i] == UInt8(ascii: "R") || line[i] == UInt8(ascii: "E") {
            // `RC`/`RD` reversals; `EC`/`ED` (expected, from MT942 writers) read as plain marks.
            isReversal = line[i] == UInt8(ascii: "R")
            i += 1
        }
        guard i < line.count, line[i] == UInt8(ascii: "C") || line[i] == UInt8(ascii: "D") else {
            return isReversal ? problem(.mark, i - 1, 2) : problem(.mark, i, 1)
        }
        let isCredit = line[i] == UInt8(ascii: "C")
        i += 1
        // Funds code: the third letter of the currency code, when the bank writes one.
        if i < line.count, MT940Values.isLetter(line[i]) { i += 1 }
        let (parsed, amountEnd) = MT940Values.amount(line, from: i)
        guard let magnitude = parsed else {
            // Show the whole would-be amount, up to the transaction type's letter.
            var end = amountEnd
            while end < line.count && !MT940Values.isLetter(line[end]) { end += 1 }
            return problem(.amount, i, end - i)
        }
        // RC (reversal of a credit) takes money out; RD (reversal of a debit) puts it back.
        let isPositive = isCredit != isReversal
        let amount = isPositive ? magnitude : Money(units: -magnitude.units, scale: magnitude.scale)
        i = amountEnd
        var typeCode: UInt32 = 0
        // `NONREF` right after the amount is the owner's reference without the mandatory type
        // before it, never the type `NONR` (no such SWIFT code) and a reference `EF`.
        let lacksType = Self.startsWithNoReference(UnsafeBufferPointer(rebasing: line[i...]))
        if !lacksType, i + 4 <= line.count, line[i] == UInt8(ascii: "N") || line[i] == UInt8(ascii: "F") || line[i] == UInt8(ascii: "S") {
            typeCode = UInt32(line[i + 1]) << 16 | UInt32(line[i + 2]) << 8 | UInt32(line[i + 3])
            i += 4
        }
        let rest = UnsafeBufferPointer(rebasing: line[i...])
        var customer = rest
        var bank: UnsafeBufferPointer<UInt8>?
        var ending = Ending.complete
        if let slash = Self.doubleSlash(in: rest) {
            customer = UnsafeBufferPointer(rebasing: rest[..<slash])
            let bankPart = UnsafeBufferPointer(rebasing: rest[(slash + 2)...])
            bank = bankPart
            if MT940Values.trimmed(bankPart).isEmpty { ending = .afterSlashes }
        } else if typeCode == 0 {
            ending = i == line.count ? .afterAmount : .withoutBankReference
        } else {
            ending = MT940Values.trimmed(rest).isEmpty ? .afterType : .withoutBankReference
        }
        let (foreign, covered) = MT940ForeignAmount.find(in: continuation)
        return .success(
            MT940StatementLine(
                valueDate: valueDate, entryDate: entryDate, amount: amount, isReversal: isReversal, typeCode: typeCode,
                customerReference: Self.reference(customer), bankReference: bank.flatMap(Self.reference),
                supplementary: covered.isEmpty ? MT940Values.text(continuation) : Self.text(continuation, leavingOut: covered),
                foreign: foreign, clampedDateOffset: clampedDateOffset, ending: ending, hasBlankEntryDate: hasBlankEntryDate,
                lacksType: lacksType))
    }

    /// Whether `rest` is `NONREF`, alone or before `//` or a space.
    private static func startsWithNoReference(_ rest: UnsafeBufferPointer<UInt8>) -> Bool {
        guard rest.count >= 6, rest[..<6].elementsEqual("NONREF".utf8) else { return false }
        return rest.count == 6 || rest[6] == 0x20 || rest.count >= 8 && rest[6] == UInt8(ascii: "/") && rest[7] == UInt8(ascii: "/")
    }

    /// Whether the four bytes after the value date are spaces standing for the entry date, a
    /// debit/credit mark right after them.
    private static func isBlankEntryDate(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.count > 10, line[6] == 0x20, line[7] == 0x20, line[8] == 0x20, line[9] == 0x20 else { return false }
        let mark = line[10]
        return mark == UInt8(ascii: "C") || mark == UInt8(ascii: "D") || mark == UInt8(ascii: "R") || mark == UInt8(ascii: "E")
    }

    /// The text of `bytes` without the `covered` ranges (in order), each gap a space.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, leavingOut covered: [Range<Int>]) -> String? {
        var kept: [UInt8] = []
        var from = 0
        for range in covered + [bytes.count..<bytes.count] {
            let part = MT940Values.trimmed(UnsafeBufferPointer(rebasing: bytes[from..<range.lowerBound]))
            if !part.isEmpty {
                if !kept.isEmpty { kept.append(0x20) }
                kept.append(contentsOf: part)
            }
            from = range.upperBound
        }
        return kept.isEmpty ? nil : String(decoding: kept, as: UTF8.self)
    }

    /// A reference, or `nil` when empty, `NONREF` (SWIFT's "no reference") or one of the codes
    /// Dutch banks (Rabobank, ING's InsideBusiness Payments) write in its place to say which
    /// reference the `:86:` holds: `EREF`, `MARF`, `PREF` (the end-to-end, mandate or batch
    /// reference), or `NOTPROVIDED`; or the German SEPA keywords `KREF+` and `EREF+` (a GAD
    /// bank's MT942: the reference stands in the `:86:` after them). Such a code is the same on
    /// every line, so it is no reference.
    private static func reference(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let t = MT940Values.trimmed(bytes)
        if t.isEmpty || isNoReference(t) { return nil }
        return String(decoding: t, as: UTF8.self)
    }

    /// Whether `t` is `NONREF`, `NOTPROVIDED`, `EREF`, `MARF`, `PREF`, `KREF+` or `EREF+`, compared as bytes
    /// (`elementsEqual` against a `String` measured slow).
    @inline(__always)
    private static func isNoReference(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
        switch t.count {
        case 4:
            let word = UInt32(t[0]) << 24 | UInt32(t[1]) << 16 | UInt32(t[2]) << 8 | UInt32(t[3])
            return word == 0x4552_4546 || word == 0x4D41_5246 || word == 0x5052_4546  // EREF MARF PREF
        case 5:
            let word = UInt32(t[0]) << 24 | UInt32(t[1]) << 16 | UInt32(t[2]) << 8 | UInt32(t[3])
            return t[4] == UInt8(ascii: "+") && (word == 0x4B52_4546 || word == 0x4552_4546)  // KREF+ EREF+
        case 6:
            return t[0] == 0x4E && t[1] == 0x4F && t[2] == 0x4E && t[3] == 0x52 && t[4] == 0x45 && t[5] == 0x46  // NONREF
        case 11:
            return t.elementsEqual("NOTPROVIDED".utf8)
        default:
            return false
        }
    }

    static func doubleSlash(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for i in 0..<(bytes.count - 1) where bytes[i] == UInt8(ascii: "/") && bytes[i + 1] == UInt8(ascii: "/") {
            return i
        }
        return nil
    }
}
