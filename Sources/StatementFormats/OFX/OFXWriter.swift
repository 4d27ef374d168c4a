import FinanceCore
import Glibc

/// Writes activities as an OFX statement file: OFX 2.2 XML (`--to ofx`) or OFX 1.0.2 SGML
/// (`--to ofx1`), one statement per account and currency (OFX 2.2 §11.4.2), credit card accounts
/// as `CCSTMTRS` (§11.4.3) and investment accounts' cash lines as `INVBANKTRAN` (§13.9.2.4).
///
/// A statement's `DTSTART`/`DTEND` come before its transactions, so each statement's transactions
/// are spooled as they arrive (`OFXSpool`: in memory up to a limit, then in a temporary file) and
/// assembled by `finish()`: memory does not grow with the input. The output is deterministic: `DTSERVER` is the latest transaction
/// date, not the clock.
///
/// pfin marks the files it writes (`<FI><ORG>pfin`) and puts each activity's id in `REFNUM`, so that
/// reading the file back gives the same ids. `FITID` is the bank's when the source had one, else the id.
public struct OFXWriter: StatementWriter {
    public enum Version: Sendable {
        /// OFX 2.2, XML.
        case xml
        /// OFX 1.0.2, SGML with the `OFXHEADER:100` block.
        case sgml
    }

    private struct GroupKey: Hashable {
        var account: String?
        var currency: CurrencyCode?
    }

    private final class Group {
        let key: GroupKey
        let spool: OFXSpool
        var start: LocalDate?
        var end: LocalDate?
        var count = 0

        init(key: GroupKey, spool: OFXSpool) {
            self.key = key
            self.spool = spool
        }
    }

    private let output: ByteOutput
    private let version: Version
    private var groups: [Group] = []
    private var groupIndex: [GroupKey: Int] = [:]
    private let budget: OFXSpoolBudget
    private var statements: [String: StatementInfo] = [:]
    private let buffer = ByteBuffer(capacity: 4096)
    /// Things OFX cannot hold, counted for one warning each (`warnings`).
    public private(set) var notes = OFXWriterNotes()

    public init(output: ByteOutput, version: Version) {
        self.init(output: output, version: version, budget: OFXSpoolBudget())
    }

    /// A writer whose spools keep `budget`, to test spilling with small inputs.
    init(output: ByteOutput, version: Version, budget: OFXSpoolBudget) {
        self.output = output
        self.version = version
        self.budget = budget
    }

    public mutating func statement(_ info: StatementInfo) throws {
        statements[info.account.id] = info
    }

    public mutating func write(_ a: PaymentActivity) throws {
        let key = GroupKey(account: a.account, currency: a.currency)
        let group: Group
        if let index = groupIndex[key] {
            group = groups[index]
        } else {
            group = Group(key: key, spool: OFXSpool(budget: budget))
            groupIndex[key] = groups.count
            groups.append(group)
        }
        group.start = min(group.start ?? a.date, a.date)
        group.end = max(group.end ?? a.date, a.date)
        group.count += 1
        // Each spooled transaction is a length and its bytes: whether it needs an investment
        // statement's `INVBANKTRAN` wrapper is only known once the statement's details arrive.
        buffer.removeAll()
        transaction(a)
        try buffer.withBytes { try group.spool.append($0) }
    }

    public mutating func finish() throws {
        buffer.removeAll()
        let serverDate = groups.compactMap(\.end).max() ?? LocalDate(year: 2000, month: 1, day: 1)!
        header()
        open("OFX")
        open("SIGNONMSGSRSV1"); open("SONRS")
        status()
        leaf("DTSERVER", serverDate)
        leaf("LANGUAGE", "ENG")
        open("FI"); leaf("ORG", "pfin"); leaf("FID", "pfin"); close("FI")
        close("SONRS"); close("SIGNONMSGSRSV1")
        try flush()
        var transactionID = 0
        for kinds in [[AccountKind.checking, .savings, .moneyMarket, .creditLine, .certificateOfDeposit], [.creditCard], [.investment]] {
            let members = groups.filter { kinds.contains(kind(of: $0.key.account)) }
            guard !members.isEmpty else { continue }
            let messageSet = kinds[0] == .creditCard ? "CREDITCARDMSGSRSV1" : kinds[0] == .investment ? "INVSTMTMSGSRSV1" : "BANKMSGSRSV1"
            open(messageSet)
            for group in members {
                transactionID += 1
                try statement(group, transactionID: transactionID)
            }
            close(messageSet)
        }
        close("OFX")
        try flush()
    }

    // MARK: Statements

    private mutating func statement(_ group: Group, transactionID: Int) throws {
        let kind = kind(of: group.key.account)
        let info = statements[group.key.account ?? ""]
        let currency = group.key.currency ?? info?.currency
        if group.key.currency == nil { notes.missingCurrency += group.count }
        if group.key.account == nil { notes.missingAccount += group.count }
        let (wrapper, response, from, list) =
            kind == .creditCard
            ? ("CCSTMTTRNRS", "CCSTMTRS", "CCACCTFROM", "BANKTRANLIST")
            : kind == .investment
                ? ("INVSTMTTRNRS", "INVSTMTRS", "INVACCTFROM", "INVTRANLIST")
                : ("STMTTRNRS", "STMTRS", "BANKACCTFROM", "BANKTRANLIST")
        let start = group.start!, end = group.end!
        open(wrapper)
        leaf("TRNUID", String(transactionID))
        status()
        open(response)
        if kind == .investment { leaf("DTASOF", end) }
        // `XXX` is ISO 4217's code for "no currency": OFX requires one, the source gave none.
        leaf("CURDEF", currency?.description ?? "XXX")
        open(from)
        let accountID = Self.accountID(group.key.account)
        switch kind {
        case .creditCard:
            leaf("ACCTID", accountID)
        case .investment:
            leaf("BROKERID", info?.account.institution ?? "pfin")
            leaf("ACCTID", accountID)
        default:
            leaf("BANKID", Self.bankID(info?.account.institution))
            leaf("ACCTID", accountID)
            leaf("ACCTTYPE", kind.rawValue)
        }
        close(from)
        // The statement runs to its closing balance's day at least: a balance the source states is
        // the balance at the end of what it covers (readers take one dated past DTEND for a later
        // day's, which counts movements the statement does not list).
        let balance = kind == .investment ? nil : info?.ledgerBalance.flatMap { $0.amount.currency == group.key.currency ? $0 : nil }
        open(list)
        leaf("DTSTART", min(start, info?.start ?? start))
        leaf("DTEND", max(end, info?.end ?? end, balance?.date ?? end))
        try flush()
        try copySpool(group.spool, investment: kind == .investment)
        close(list)
        if kind != .investment {
            // OFX requires a ledger balance; without one from the source, it is written as zero.
            open("LEDGERBAL")
            leaf("BALAMT", balance?.amount.decimalString ?? "0.00")
            leaf("DTASOF", balance?.date ?? end)
            close("LEDGERBAL")
            if let available = info?.availableBalance, available.amount.currency == group.key.currency {
                open("AVAILBAL")
                leaf("BALAMT", available.amount.decimalString)
                leaf("DTASOF", available.date)
                close("AVAILBAL")
            }
        }
        close(response)
        close(wrapper)
        try flush()
    }

    /// One `STMTTRN`, elements in the order OFX 2.2 §11.4.3 gives.
    private mutating func transaction(_ a: PaymentActivity) {
        open("STMTTRN")
        let type: String
        switch a.type {
        case .transfer: type = "XFER"
        case .income: type = "CREDIT"
        case .expense: type = a.checkNumber != nil ? "CHECK" : "DEBIT"
        }
        leaf("TRNTYPE", type)
        leaf("DTPOSTED", a.date)
        leaf("TRNAMT", a.amount)
        if version == .sgml && Self.hasLineBreak(a) { notes.lineBreaks += 1 }
        if let fitid = a.fitid { leaf("FITID", fitid) } else { leaf("FITID", a.id) }
        if let check = a.checkNumber {
            if check.utf8.count <= 12 || check.count <= 12 { leaf("CHECKNUM", check) } else { notes.longCheckNumbers += 1 }
        }
        leaf("REFNUM", a.id)
        if !a.name.isEmpty { leaf("NAME", a.name) }
        if var memo = a.memo {
            if memo.utf8.count > 255 && memo.count > 255 {
                memo = String(memo.prefix(255))
                notes.longMemos += 1
            }
            leaf("MEMO", memo)
        }
        // The rate is required in the aggregate; an original amount alone has no place in OFX.
        if let original = a.original, let rate = original.rate, original.currency != a.currency {
            open("ORIGCURRENCY")
            leaf("CURRATE", Money(units: rate.units, scale: rate.scale).canonical)
            leaf("CURSYM", original.currency.description)
            close("ORIGCURRENCY")
        }
        close("STMTTRN")
    }

    /// Whether a text OFX 1.x gets of `a` holds a CR or LF (written as a space, see `escape`).
    private static func hasLineBreak(_ a: PaymentActivity) -> Bool {
        func breaks(_ text: String?) -> Bool { text?.utf8.contains { $0 == 0x0A || $0 == 0x0D } ?? false }
        return breaks(a.fitid) || breaks(a.checkNumber) || breaks(a.name) || breaks(a.memo)
    }

    private func kind(of account: String?) -> AccountKind {
        statements[account ?? ""]?.account.kind ?? .checking
    }

    // MARK: Syntax

    private func header() {
        switch version {
        case .xml:
            buffer.append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n")
            buffer.append("<?OFX OFXHEADER=\"200\" VERSION=\"220\" SECURITY=\"NONE\" OLDFILEUID=\"NONE\" NEWFILEUID=\"NONE\"?>\n")
        case .sgml:
            buffer.append("OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:UTF-8\r\nCHARSET:NONE\r\n")
            buffer.append("COMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n")
        }
    }

    private func status() {
        open("STATUS"); leaf("CODE", "0"); leaf("SEVERITY", "INFO"); close("STATUS")
    }

    private func open(_ name: StaticString) {
        buffer.append(UInt8(ascii: "<")); buffer.append(name); buffer.append(">\n")
    }

    private func close(_ name: StaticString) {
        buffer.append("</"); buffer.append(name); buffer.append(">\n")
    }

    private func open(_ name: String) {
        buffer.append(UInt8(ascii: "<")); name.withUTF8Bytes { buffer.append($0) }; buffer.append(">\n")
    }

    private func close(_ name: String) {
        buffer.append("</"); name.withUTF8Bytes { buffer.append($0) }; buffer.append(">\n")
    }

    // The leaves' closures capture only the buffer and plain values: one capturing `self` would
    // copy the whole writer (and retain everything it holds) for every field.

    /// A leaf: closed in XML, unclosed in SGML (OFX 1.0.2 §2.3); text escaped in both.
    private func leaf(_ name: StaticString, _ value: String) {
        openLeaf(name)
        var value = value
        let buffer = buffer, xml = version == .xml
        value.withUTF8 { Self.escape($0, into: buffer, xml: xml) }
        closeLeaf(name)
    }

    /// `YYYYMMDD120000.000[0:GMT]`: noon, so that no reader's time-zone shift changes the day.
    private func leaf(_ name: StaticString, _ date: LocalDate) {
        openLeaf(name)
        buffer.write(maximum: 10) { out in
            _ = date.writeISO(to: out)
            out[4] = out[5]; out[5] = out[6]; out[6] = out[8]; out[7] = out[9]
            return 8
        }
        buffer.append("120000.000[0:GMT]")
        closeLeaf(name)
    }

    private func leaf(_ name: StaticString, _ amount: Money) {
        openLeaf(name)
        buffer.write(maximum: 48) { amount.writeDecimal(to: $0) }
        closeLeaf(name)
    }

    private func leaf(_ name: StaticString, _ id: ActivityID) {
        openLeaf(name)
        buffer.write(maximum: 16) { id.writeHex(to: $0) }
        closeLeaf(name)
    }

    private func openLeaf(_ name: StaticString) {
        buffer.append(UInt8(ascii: "<")); buffer.append(name); buffer.append(UInt8(ascii: ">"))
    }

    private func closeLeaf(_ name: StaticString) {
        if version == .xml { buffer.append("</"); buffer.append(name); buffer.append(UInt8(ascii: ">")) }
        buffer.append(0x0A)
    }

    /// Text escaped for both versions; text with nothing to escape (nearly all) is copied whole.
    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: ByteBuffer, xml: Bool) {
        var plain = true
        for b in bytes where b < 0x20 || b == UInt8(ascii: "&") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") {
            plain = false
            break
        }
        if plain {
            buffer.append(bytes)
            return
        }
        for (i, b) in bytes.enumerated() {
            switch b {
            case UInt8(ascii: "&"): buffer.append("&amp;")
            case UInt8(ascii: "<"): buffer.append("&lt;")
            case UInt8(ascii: ">"): buffer.append("&gt;")
            // A line break is never written raw inside a leaf: readers take OFX's leaves a line
            // each. XML keeps it as a character reference (a raw CR would also turn into LF, XML
            // 1.0 §2.11); SGML has none that OFX 1.x readers know, so it becomes a space (CRLF one).
            case 0x0D where xml: buffer.append("&#13;")
            case 0x0A where xml: buffer.append("&#10;")
            case 0x0A where i > 0 && bytes[i - 1] == 0x0D: break
            case 0x0A, 0x0D: buffer.append(0x20)
            case 0x09: buffer.append(b)
            // Other C0 controls are not XML characters at all (§2.2), written or referenced:
            // they become U+FFFD, which says something was there.
            case 0x00..<0x20: buffer.append(0xEF); buffer.append(0xBF); buffer.append(0xBD)
            default: buffer.append(b)
            }
        }
    }

    private func flush() throws {
        try output.write(buffer)
        buffer.removeAll()
    }

    /// Copies a statement's spooled transactions to the output, wrapping each in `INVBANKTRAN` for
    /// an investment statement (OFX 2.2 §13.9.2.4.3).
    private func copySpool(_ spool: OFXSpool, investment: Bool) throws {
        try spool.forEach { record in
            if investment { open("INVBANKTRAN") }
            buffer.append(record)
            if investment {
                leaf("SUBACCTFUND", "CASH")
                close("INVBANKTRAN")
            }
            if buffer.count >= 1 << 16 { try flush() }
        }
        try flush()
    }

    /// An OFX `ACCTID` (at most 22 characters, §11.3.1): the account without spaces, cut at the
    /// first character that is not a letter, digit, `*` or `-` (`DE12 1203 … / Girokonto` gives the
    /// IBAN), keeping the last 22 characters, where account numbers differ.
    static func accountID(_ account: String?) -> String {
        guard let account else { return "UNKNOWN" }
        var id = ""
        for ch in account where ch != " " {
            guard ch.isASCII, ch.isLetter || ch.isNumber || ch == "*" || ch == "-" else { break }
            id.append(ch)
        }
        if id.isEmpty { id = "UNKNOWN" }
        return String(id.suffix(22))
    }

    /// An OFX `BANKID` (at most 9 characters): the institution's, or nine zeros when unknown.
    static func bankID(_ institution: String?) -> String {
        guard let institution, !institution.isEmpty, institution.count <= 9 else { return "000000000" }
        return institution
    }
}
