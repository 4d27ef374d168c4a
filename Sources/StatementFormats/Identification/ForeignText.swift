/// The text signatures of files that are not statements pfin reads: bookkeeping exports and books
/// (`AccountingFile`), bank statement formats pfin does not read (BAI2, CODA, CFONB 120), ISO
/// 20022 messages other than statements, and FinTS message dumps.
///
/// Each signature is a fixed marker where its format puts one (a first line, a root element, a
/// record layout), never a word a bank's CSV could hold in a cell. Every loop is bounded by the
/// identification window and a line limit.
enum ForeignText {
    /// What the text is, with the evidence; `nil` when none of these signatures holds.
    static func identify(_ input: SniffInput, head: ArraySlice<UInt8>) -> (kind: ForeignFile, evidence: String)? {
        let line = input.line(at: head.startIndex)
        if head.first == UInt8(ascii: "<") { return xml(input, head: head) }
        if head.starts(with: Array("HNHBK:1:".utf8)) {
            return (.fints, "a FinTS message header segment 'HNHBK:1:' at line \(line)")
        }
        let first = firstLine(head)
        if let kind = datevKind(first) {
            return (.accounting(.datev(kind)), "a DATEV header '\(String(decoding: first.prefix(7), as: UTF8.self))…' naming '\(kind)' at line \(line)")
        }
        if let keyword = iifKeyword(first) {
            return (.accounting(.iif), "an IIF header line '!\(keyword)' at line \(line)")
        }
        let names = headerNames(first)
        if ["journalcode", "ecriturenum", "ecrituredate", "comptenum"].allSatisfy(names.contains) {
            return (.accounting(.fec), "the FEC header 'JournalCode', 'EcritureNum', 'EcritureDate', 'CompteNum' at line \(line)")
        }
        if let journal = journalHeader(names) {
            return (.accounting(.journal), "a journal header (\(journal)) at line \(line)")
        }
        if let (format, evidence) = bankRecords(input, head: head) {
            return (.unreadStatement(format), evidence)
        }
        if let at = sieLabel(head) {
            return (.accounting(.sie), "the SIE label '#\(at.label)' at line \(input.line(at: at.offset))")
        }
        return AppExportSignature.identify(input, head: head)
    }

    // MARK: XML

    /// GnuCash and KMyMoney books by their root element; ISO 20022 messages by their namespace.
    private static func xml(_ input: SniffInput, head: ArraySlice<UInt8>) -> (kind: ForeignFile, evidence: String)? {
        if let at = input.firstOffset(of: "<gnc-v2", ignoringCase: false) {
            return (.accounting(.gnucash), "the GnuCash root element '<gnc-v2' at line \(input.line(at: at))")
        }
        if let at = input.firstOffset(of: "<KMYMONEY-FILE", ignoringCase: false) {
            return (.accounting(.kmymoney), "the KMyMoney root element '<KMYMONEY-FILE' at line \(input.line(at: at))")
        }
        // A statement's element anywhere: the CAMT reader reads it, whatever else the file holds.
        if input.firstOffset(of: "<BkToCstmr", ignoringCase: false) != nil { return nil }
        guard let (message, at) = isoMessage(input) else { return nil }
        return (.isoMessage(message), "the ISO 20022 message type '\(message)' at line \(input.line(at: at))")
    }

    /// The first ISO 20022 message type named by a namespace or an `<MsgDefIdr>` (the business
    /// application header's, `head.001`, is skipped), when it is not one the CAMT reader reads.
    static func isoMessage(_ input: SniffInput) -> (message: String, offset: Int)? {
        let markers = ["urn:iso:std:iso:20022:tech:xsd:", "<MsgDefIdr>"]
        for marker in markers {
            var from = 0
            var seen = 0
            while seen < 8, let at = input.firstOffset(of: marker, from: from, ignoringCase: false) {
                seen += 1
                let start = at + marker.utf8.count
                from = start
                guard let message = messageType(input.text, at: start) else { continue }
                if message.hasPrefix("head.") { continue }
                if ["camt.052", "camt.053", "camt.054"].contains(String(message.prefix(8))) { return nil }
                return (message, at)
            }
        }
        return nil
    }

    /// `pain.001.001.03` at `start`: four letters, a dot, three digits, and the version's digits and dots.
    private static func messageType(_ text: [UInt8], at start: Int) -> String? {
        guard start + 8 <= text.count else { return nil }
        let letters = text[start..<(start + 4)], digits = text[(start + 5)..<(start + 8)]
        guard letters.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }), text[start + 4] == UInt8(ascii: "."),
            digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        var end = start + 8
        while end < text.count, end - start < 16, text[end] == UInt8(ascii: ".") || (0x30...0x39).contains(text[end]) { end += 1 }
        while end > start + 8, text[end - 1] == UInt8(ascii: ".") { end -= 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    // MARK: Bookkeeping exports

    /// The kind a DATEV header names: `"EXTF";510;21;"Buchungsstapel";…` (DTVF in older files).
    private static func datevKind(_ line: ArraySlice<UInt8>) -> String? {
        let fields = line.prefix(512).split(separator: UInt8(ascii: ";"), maxSplits: 4, omittingEmptySubsequences: false).map(unquoted)
        guard fields.count >= 5, fields[0] == "EXTF" || fields[0] == "DTVF", Int(fields[1]) != nil, Int(fields[2]) != nil else { return nil }
        let kind = fields[3]
        return kind.isEmpty || kind.count > 40 ? "format \(fields[2])" : kind
    }

    /// The record type of an IIF header line (`!TRNS`, `!ACCNT`…), which opens every IIF file.
    private static func iifKeyword(_ line: ArraySlice<UInt8>) -> String? {
        guard line.first == UInt8(ascii: "!") else { return nil }
        let keyword = line.dropFirst().prefix { $0 >= 0x41 && $0 <= 0x5A }
        let next = line.dropFirst(1 + keyword.count).first
        guard next == nil || next == 0x09 else { return nil }
        let name = String(decoding: keyword, as: UTF8.self)
        return iifRecords.contains(name) ? name : nil
    }

    /// IIF's list and transaction record types (QuickBooks' import reference).
    private static let iifRecords: Set<String> = [
        "TRNS", "SPL", "ENDTRNS", "ACCNT", "CUST", "VEND", "EMP", "OTHERNAME", "INVITEM", "CLASS", "HDR", "CTYPE", "VTYPE",
        "TERMS", "PAYMETH", "SHIPMETH", "BUD", "TIMEACT", "TODO", "SALESREP", "PRICELEVEL", "INVMEMO", "CUSTITEMDICT",
    ]

    /// A journal's header: a journal number beside an account and its debit and credit (or net
    /// amount) columns, the words of an accounting program's journal report.
    private static func journalHeader(_ names: [String]) -> String? {
        let journal = ["journalnumber", "journal no.", "journal no", "journal number", "journal #"]
        let account = ["account", "accountname", "accountcode", "account name", "account code"]
        guard let number = names.first(where: journal.contains), let named = names.first(where: account.contains) else { return nil }
        if names.contains("netamount") { return "'\(number)', '\(named)', 'netamount'" }
        guard names.contains("debit"), names.contains("credit") else { return nil }
        return "'\(number)', '\(named)', 'debit', 'credit'"
    }

    // MARK: Bank formats pfin does not read

    /// BAI2 (`01,` file header … `/`, then `02,` group and `03,` account records), CODA (128-column
    /// records, `0` header, `1` old balance with the account), CFONB 120 (120-column records `01`
    /// old balance, `04` movement, `05` its details, `07` new balance).
    private static func bankRecords(_ input: SniffInput, head: ArraySlice<UInt8>) -> (format: String, evidence: String)? {
        let lines = input.lines(limit: 60).filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        guard lines.count >= 2 else { return nil }
        let line = input.line(at: lines[0].startIndex)
        func trailing(_ l: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            var l = l
            while l.last == 0x20 { l = l.dropLast() }
            return l
        }
        if lines[0].starts(with: Array("01,".utf8)), trailing(lines[0]).last == UInt8(ascii: "/"), lines[1].starts(with: Array("02,".utf8)),
            trailing(lines[1]).last == UInt8(ascii: "/")
        {
            return ("BAI2", "a BAI2 file header record '01,…/' at line \(line) and a group header '02,…/' after it")
        }
        if lines[0].count == 128, lines[0].starts(with: Array("00000".utf8)), lines[1].count == 128, lines[1].first == UInt8(ascii: "1") {
            return ("CODA", "a 128-column CODA header record '0000…' at line \(line) and an old-balance record '1…' after it")
        }
        if let records = recordFormat(lines, line: line) { return records }
        let cfonb = lines.prefix(20)
        let currency = lines[0].dropFirst(16).prefix(3)
        if lines[0].starts(with: Array("01".utf8)), currency.count == 3, currency.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }),
            cfonb.allSatisfy({ $0.count == 120 && ["01", "04", "05", "07"].contains(String(decoding: $0.prefix(2), as: UTF8.self)) })
        {
            return ("CFONB 120", "120-column CFONB records from an old-balance record '01…\(String(decoding: currency, as: UTF8.self))…' at line \(line)")
        }
        return nil
    }

    /// Danish BankData (BEC) `ED` records (`ED000…` header, `ED0101…` movements, `ED999…` trailer
    /// with the count and total) and Japan's Zengin (全銀協) records (`1` header with the kind
    /// code, `2` data, `8` trailer, `9` end), as CSV or as 200-byte fixed records.
    private static func recordFormat(_ lines: [ArraySlice<UInt8>], line: Int) -> (format: String, evidence: String)? {
        func unquoted(_ l: ArraySlice<UInt8>) -> ArraySlice<UInt8> { l.first == UInt8(ascii: "\"") ? l.dropFirst() : l }
        if unquoted(lines[0]).starts(with: Array("ED0000".utf8)), unquoted(lines[1]).starts(with: Array("ED".utf8)) {
            return ("BankData's ED record format (Danish banks)", "a BankData header record 'ED0000…' at line \(line) and an 'ED' record after it")
        }
        let first = lines[0].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        if first.count >= 10, first[0].elementsEqual("1".utf8), first[1].count == 2, first[1].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            lines[1].starts(with: Array("2,".utf8))
        {
            let kind = String(decoding: first[1], as: UTF8.self)
            return ("the Zengin (全銀協) record format", "a Zengin header record '1,\(kind),…' at line \(line) and data records '2,…' after it")
        }
        if lines[0].count == 200, lines[0].first == UInt8(ascii: "1"), lines[1].count == 200, lines[1].first == UInt8(ascii: "2") {
            return ("the Zengin (全銀協) record format", "200-byte Zengin records: a header '1…' at line \(line) and data records '2…' after it")
        }
        return nil
    }

    /// `#FLAGGA` or `#SIETYP`, labels every SIE file opens with, among the first lines of `#` labels.
    private static func sieLabel(_ head: ArraySlice<UInt8>) -> (label: String, offset: Int)? {
        guard head.first == UInt8(ascii: "#") else { return nil }
        var start = head.startIndex
        var count = 0
        while start < head.endIndex, count < 20 {
            let end = head[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? head.endIndex
            for label in ["FLAGGA", "SIETYP"] where head[start..<end].starts(with: Array("#\(label) ".utf8)) { return (label, start) }
            start = end < head.endIndex ? head.index(after: end) : end
            count += 1
        }
        return nil
    }

    // MARK: Lines and fields

    private static func firstLine(_ head: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        head[..<(head.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? head.endIndex)]
    }

    /// A header line's names, folded to lower case, without quotes, cut at tabs, `|`, `;` or `,`.
    private static func headerNames(_ line: ArraySlice<UInt8>) -> [String] {
        let cut: Set<UInt8> = [0x09, UInt8(ascii: "|"), UInt8(ascii: ";"), UInt8(ascii: ",")]
        return line.prefix(2048).split(omittingEmptySubsequences: false) { cut.contains($0) }.prefix(64).map { unquoted($0).lowercased() }
    }

    private static func unquoted(_ field: ArraySlice<UInt8>) -> String {
        var field = field
        while field.first == 0x20 { field = field.dropFirst() }
        while field.last == 0x20 { field = field.dropLast() }
        if field.count >= 2, field.first == UInt8(ascii: "\""), field.last == UInt8(ascii: "\"") { field = field.dropFirst().dropLast() }
        return String(decoding: field, as: UTF8.self)
    }
}
