import FinanceCore

/// Reads the structured `:86:` of Dutch banks' SEPA MT940 (ABN AMRO, ING, Rabobank and the banks
/// that follow them): keywords between slashes, each followed by its value up to the next
/// keyword, such as
///
///     /TRTP/SEPA OVERBOEKING/IBAN/NL44RABO0123456789/BIC/RABONL2U/NAME/J. Jansen
///     /REMI/USTD//Factuur 123/EREF/20240314-001
///
/// - `NAME` (at the top level, or inside `ORDP//`, `BENM//`, `ULTD//`: the first one) is the
///   counterparty's name; ING writes `CNTP/IBAN/BIC/NAME/CITY` instead;
/// - `REMI` is the remittance information, the memo: `USTD//text` (unstructured), `STRD/CUR/ref`
///   (a structured reference and its issuer, such as CUR for a Dutch payment reference), ING's
///   `CDTRREFTP//CD/SCOR/ISSR/CUR/CDTRREF/ref`, or plain text;
/// - `EREF` is the SEPA end-to-end reference; `TRTP` the transaction type (the booking text);
///   `IBAN` the counterparty's account, the name when there is no `NAME`; `PREF` (a batch's
///   payment information id) the memo when there is no `REMI`.
///
/// Lines are cut at 65 characters wherever the limit falls, even inside a keyword (`/RE` and
/// `MI/` on the next line), so they join without a space; a shorter line ended where its writer
/// ended it, and a space joins it to the next unless a slash or a keyword stands at the join.
final class MT940SlashNarrative {
    /// The field's lines joined, reused from one narrative to the next.
    private let joined = ByteBuffer(capacity: 512)

    /// SWIFT's line width, the tag (`:86:`) included on the first line.
    static let lineWidth = 65

    private enum Key {
        case name, iban, counterparty, transactionType, remittance, endToEnd, paymentReference, other
    }

    /// Whether `value` opens with a keyword this reader knows (`/TRTP/`, `/EREF/`, `/ORDP/`…).
    static func applies(to value: UnsafeBufferPointer<UInt8>) -> Bool {
        value.first == UInt8(ascii: "/") && keyword(in: value, at: 0) != nil
    }

    /// Reads `field` into the buffers, which are empty.
    func read(_ field: MT940Field, name: ByteBuffer, remittance: ByteBuffer, reference: ByteBuffer, booking: ByteBuffer) {
        join(field)
        joined.withBytes { read($0, name: name, remittance: remittance, reference: reference, booking: booking) }
    }

    private func read(_ value: UnsafeBufferPointer<UInt8>, name: ByteBuffer, remittance: ByteBuffer, reference: ByteBuffer, booking: ByteBuffer) {
        var iban: Range<Int>?
        var counterpartyName: Range<Int>?
        var paymentReference: Range<Int>?
        var key: Key?
        var valueStart = 0
        var p = 0
        func take(_ key: Key, _ range: Range<Int>) {
            let text = Self.trimmed(UnsafeBufferPointer(rebasing: value[range]))
            switch key {
            case .name: if name.count == 0 { MT940Values.append(text, to: name) }
            case .iban: if iban == nil { iban = Self.range(of: text, in: value) }
            case .counterparty:
                // IBAN/BIC/NAME/CITY, by position.
                let base = Self.range(of: text, in: value).lowerBound
                var part = 0
                var from = 0
                for i in 0...text.count where part < 3 && (i == text.count || text[i] == UInt8(ascii: "/")) {
                    if i > from && part == 0 && iban == nil { iban = (base + from)..<(base + i) }
                    if i > from && part == 2 && counterpartyName == nil { counterpartyName = (base + from)..<(base + i) }
                    part += 1
                    from = i + 1
                }
            case .transactionType: if booking.count == 0 { MT940Values.append(text, to: booking) }
            case .remittance: if remittance.count == 0 { MT940Values.append(Self.remittance(text), to: remittance) }
            case .endToEnd: if reference.count == 0 { MT940Values.append(text, to: reference) }
            case .paymentReference: if paymentReference == nil { paymentReference = Self.range(of: text, in: value) }
            case .other: break
            }
        }
        while p < value.count {
            guard value[p] == UInt8(ascii: "/"), let (found, length) = Self.keyword(in: value, at: p) else {
                p += 1
                continue
            }
            // `/NAME/BENM/`: the closing slash of NAME opened BENM, so NAME's value is empty.
            if let key { take(key, valueStart..<Swift.max(valueStart, p)) }
            key = found
            valueStart = p + length + 2
            // The keyword's closing slash may open the next keyword (`/TRTP//NAME/` does not).
            p = valueStart - 1
        }
        if let key { take(key, valueStart..<value.count) }
        if name.count == 0, let range = counterpartyName ?? iban { MT940Values.append(UnsafeBufferPointer(rebasing: value[range]), to: name) }
        // Rabobank's batch payments say only `/PREF/PmtInfId-…`: the batch's reference is the memo.
        if remittance.count == 0, let range = paymentReference { MT940Values.append(UnsafeBufferPointer(rebasing: value[range]), to: remittance) }
    }

    /// The text of a `REMI` value, without its sub-form's keywords.
    private static func remittance(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        func after(_ prefix: StaticString) -> UnsafeBufferPointer<UInt8>? {
            let n = prefix.utf8CodeUnitCount
            guard text.count >= n, text[..<n].elementsEqual(UnsafeBufferPointer(start: prefix.utf8Start, count: n)) else { return nil }
            return UnsafeBufferPointer(rebasing: text[n...])
        }
        if var rest = after("USTD/") {
            if rest.first == UInt8(ascii: "/") { rest = UnsafeBufferPointer(rebasing: rest.dropFirst()) }
            return trimmed(rest)
        }
        if after("CDTRREFTP/") != nil, let at = find("/CDTRREF/", in: text) {
            return trimmed(UnsafeBufferPointer(rebasing: text[(at + 9)...]))
        }
        if let rest = after("STRD/") {
            // The issuer, then the reference.
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return trimmed(rest) }
            return trimmed(UnsafeBufferPointer(rebasing: rest[(slash + 1)...]))
        }
        return text
    }

    /// The keyword `/KEY/` at `p`: what it is and the length of `KEY`.
    private static func keyword(in value: UnsafeBufferPointer<UInt8>, at p: Int) -> (Key, Int)? {
        var packed: UInt32 = 0
        var k = p + 1
        while k < value.count && k - p <= 5 {
            let c = value[k]
            if c == UInt8(ascii: "/") { break }
            guard c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") else { return nil }
            packed = packed << 8 | UInt32(c)
            k += 1
        }
        let length = k - p - 1
        guard k < value.count, value[k] == UInt8(ascii: "/"), length >= 2, length <= 4, let key = key(packed) else { return nil }
        return (key, length)
    }

    private static func key(_ packed: UInt32) -> Key? {
        switch packed {
        case 0x4E41_4D45: return .name  // NAME
        case 0x4942_414E: return .iban  // IBAN
        case 0x434E_5450: return .counterparty  // CNTP
        case 0x5452_5450: return .transactionType  // TRTP
        case 0x5245_4D49: return .remittance  // REMI
        case 0x4552_4546: return .endToEnd  // EREF
        case 0x5052_4546: return .paymentReference  // PREF
        case 0x42_4943, 0x4944,  // BIC ID
            0x4F52_4450, 0x4245_4E4D, 0x554C_5444, 0x554C_5443, 0x554C_5442,  // ORDP BENM ULTD ULTC ULTB
            0x4D41_5246, 0x4353_4944, 0x4144_4452, 0x5055_5250, 0x5254_524E,  // MARF CSID ADDR PURP RTRN
            0x4953_4454, 0x5356_434C, 0x4B52_4546, 0x4952_4546,  // ISDT SVCL KREF IREF
            0x4143_4357, 0x4348_4753, 0x434F_414D, 0x4558_4348, 0x4F43_4D54,  // ACCW CHGS COAM EXCH OCMT
            0x4F52_4454, 0x4E42_5452, 0x4352_4544, 0x4445_4254, 0x494E_56,  // ORDT NBTR CRED DEBT INV
            0x4255_5350, 0x4F54_4852:  // BUSP OTHR
            return .other
        default: return nil
        }
    }

    /// Joins the field's lines into `joined` (see the type's comment).
    private func join(_ field: MT940Field) {
        joined.removeAll()
        let value = field.value
        var previous = 0..<0
        for k in 0...field.lineStarts.count {
            let start = k == 0 ? 0 : field.lineStarts[k - 1]
            let end = k < field.lineStarts.count ? field.lineStarts[k] : value.count
            let line = UnsafeBufferPointer(rebasing: value[start..<end])
            if k > 0, joined.count > 0, case let last = joined[joined.count - 1], let first = line.first, last != 0x20, first != 0x20,
                last != UInt8(ascii: "/"), first != UInt8(ascii: "/"),
                Self.width(UnsafeBufferPointer(rebasing: value[previous])) < Self.lineWidth - (k == 1 ? 4 : 0),
                !joined.withBytes({ Self.splitsKeyword($0, line) })
            {
                joined.append(0x20)
            }
            MT940Values.append(line, to: joined)
            previous = start..<end
        }
    }

    /// Whether the letters after the last slash of `before` and those before the first slash of
    /// `after` make a keyword (`/RE` + `MI/`).
    private static func splitsKeyword(_ before: UnsafeBufferPointer<UInt8>, _ after: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let slash = before.lastIndex(of: UInt8(ascii: "/")), before.count - slash <= 4,
            let close = after.firstIndex(of: UInt8(ascii: "/")), close <= 4
        else { return false }
        var packed: UInt32 = 0
        for c in before[(slash + 1)...] { packed = packed << 8 | UInt32(c) }
        for c in after[..<close] { packed = packed << 8 | UInt32(c) }
        let length = before.count - slash - 1 + close
        return length >= 2 && length <= 4 && key(packed) != nil
    }

    /// Characters in UTF-8 text.
    private static func width(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        for b in text where b & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// Without spaces around it and slashes after it.
    private static func trimmed(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var t = MT940Values.trimmed(text)
        while t.last == UInt8(ascii: "/") { t = MT940Values.trimmed(UnsafeBufferPointer(rebasing: t.dropLast())) }
        return t
    }

    /// `text`'s place in `value`, which holds it.
    private static func range(of text: UnsafeBufferPointer<UInt8>, in value: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = value.baseAddress!.distance(to: text.baseAddress ?? value.baseAddress!)
        return start..<(start + text.count)
    }

    private static func find(_ needle: StaticString, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = needle.utf8CodeUnitCount
        guard text.count >= n else { return nil }
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: n)
        for i in 0...(text.count - n) where text[i..<(i + n)].elementsEqual(pattern) { return i }
        return nil
    }
}
