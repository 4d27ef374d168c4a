import FinanceCore
import Foundation

@testable import StatementFormats

/// Reads CAMT bytes from memory through the public reader, as `pfin` does for a file.
func readCAMT(_ bytes: [UInt8], options: ReadOptions = ReadOptions()) throws -> StatementCollector {
    var collector = StatementCollector()
    try CAMTStatementReader().read(ByteInput(bytes: bytes, displayName: "t.xml"), options: options, into: &collector)
    return collector
}

func readCAMT(_ text: String, options: ReadOptions = ReadOptions()) throws -> StatementCollector {
    try readCAMT(Array(text.utf8), options: options)
}

/// Reads a fixture from `Fixtures/camt/`.
func readCAMTFixture(_ name: String, options: ReadOptions = ReadOptions()) throws -> StatementCollector {
    var collector = StatementCollector()
    let path = Repository.fixtures.appendingPathComponent("camt").appendingPathComponent(name).path
    try CAMTStatementReader().read(ByteInput(path: path), options: options, into: &collector)
    return collector
}

/// Small CAMT.053 documents to put entries in. Line 1 is the XML declaration, the first `<Ntry>`
/// is on line 11 (entries are written one per line).
enum CAMTDocument {
    static func statement(_ entries: [String], version: String = "08", opening: String = "100.00", closing: String? = nil) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.\(version)\">",
            "<BkToCstmrStmt>",
            "<GrpHdr><MsgId>T</MsgId><CreDtTm>2024-06-01T06:00:00</CreDtTm></GrpHdr>",
            "  <Stmt>",
            "    <Id>S1</Id>",
            "    <Acct><Id><IBAN>DE75512108001245126199</IBAN></Id><Ccy>EUR</Ccy></Acct>",
            balance("OPBD", opening, "2024-05-01"),
        ]
        lines.append(closing.map { balance("CLBD", $0, "2024-05-31") } ?? "<!-- no closing balance -->")
        lines.append("<!-- entries -->")
        lines += entries.map { "    " + $0 }
        lines += ["  </Stmt>", "</BkToCstmrStmt>", "</Document>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func balance(_ code: String, _ amount: String, _ date: String) -> String {
        let indicator = amount.hasPrefix("-") ? "DBIT" : "CRDT"
        return "    <Bal><Tp><CdOrPrtry><Cd>\(code)</Cd></CdOrPrtry></Tp><Amt Ccy=\"EUR\">\(amount.trimmingCharacters(in: ["-"]))</Amt>"
            + "<CdtDbtInd>\(indicator)</CdtDbtInd><Dt><Dt>\(date)</Dt></Dt></Bal>"
    }

    /// One entry on one line; `details` goes inside `<NtryDtls>` when given.
    static func entry(
        _ amount: String = "10.00", _ indicator: String = "DBIT", date: String = "2024-05-14", status: String = "<Sts><Cd>BOOK</Cd></Sts>",
        reference: String? = nil, details: String? = nil, extra: String = ""
    ) -> String {
        let amountElement = amount.isEmpty ? "" : "<Amt Ccy=\"EUR\">\(amount)</Amt>"
        let indicatorElement = indicator.isEmpty ? "" : "<CdtDbtInd>\(indicator)</CdtDbtInd>"
        return "<Ntry>\(amountElement)\(indicatorElement)\(status)<BookgDt><Dt>\(date)</Dt></BookgDt>"
            + (reference.map { "<AcctSvcrRef>\($0)</AcctSvcrRef>" } ?? "")
            + (details.map { "<NtryDtls>\($0)</NtryDtls>" } ?? "") + extra + "</Ntry>"
    }

    static func transaction(_ inner: String) -> String { "<TxDtls>\(inner)</TxDtls>" }
}
