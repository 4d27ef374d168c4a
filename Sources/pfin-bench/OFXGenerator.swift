import FinanceCore
import Glibc

/// A deterministic bank statement in OFX 1.x (SGML, unclosed leaves) or 2.x (XML), as a US bank
/// would send it: one checking account, `count` transactions over ten years.
enum OFXGenerator {
    static func write(count: Int, xml: Bool, to path: String) -> Int {
        guard let file = fopen(path, "w") else { return 0 }
        defer { fclose(file) }
        var total = 0
        func emit(_ text: String) {
            var text = text
            text.withUTF8 { total += fwrite($0.baseAddress, 1, $0.count, file) }
        }
        func leaf(_ name: String, _ value: String) -> String {
            xml ? "<\(name)>\(value)</\(name)>\n" : "<\(name)>\(value)\n"
        }
        if xml {
            emit("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n")
            emit("<?OFX OFXHEADER=\"200\" VERSION=\"220\" SECURITY=\"NONE\" OLDFILEUID=\"NONE\" NEWFILEUID=\"NONE\"?>\n")
        } else {
            emit(
                "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n"
            )
        }
        emit(
            "<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n" + leaf("CODE", "0") + leaf("SEVERITY", "INFO") + "</STATUS>\n"
                + leaf("DTSERVER", "20250101120000.000[-5:EST]") + leaf("LANGUAGE", "ENG") + "</SONRS>\n</SIGNONMSGSRSV1>\n")
        emit(
            "<BANKMSGSRSV1>\n<STMTTRNRS>\n" + leaf("TRNUID", "1") + "<STATUS>\n" + leaf("CODE", "0") + leaf("SEVERITY", "INFO")
                + "</STATUS>\n<STMTRS>\n" + leaf("CURDEF", "USD") + "<BANKACCTFROM>\n" + leaf("BANKID", "999999999")
                + leaf("ACCTID", "000123456789") + leaf("ACCTTYPE", "CHECKING") + "</BANKACCTFROM>\n<BANKTRANLIST>\n"
                + leaf("DTSTART", "20150101") + leaf("DTEND", "20241231"))
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var chunk = ""
        let perDay = max(1, count / 3650 + 1)
        var day = 0
        for i in 0..<count {
            if i % perDay == 0 { day += 1 }
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let (y, m, d) = civil(day)
            let cents = -Int64(150 + state % 20_000)
            let payee = CSVGenerator.payees[Int((state >> 20) % UInt64(CSVGenerator.payees.count))]
            chunk +=
                "<STMTTRN>\n" + leaf("TRNTYPE", "DEBIT") + leaf("DTPOSTED", "\(y)\(two(m))\(two(d))120000.000[-5:EST]")
                + leaf("TRNAMT", "-\(cents.magnitude / 100).\(two(Int(cents.magnitude % 100)))") + leaf("FITID", "\(y)\(two(m))\(two(d))\(i)")
                + leaf("NAME", payee.replacingAmpersands()) + leaf("MEMO", "POS PURCHASE") + "</STMTTRN>\n"
            if chunk.utf8.count > 1 << 20 {
                emit(chunk)
                chunk = ""
            }
        }
        emit(chunk)
        emit(
            "</BANKTRANLIST>\n<LEDGERBAL>\n" + leaf("BALAMT", "1000.00") + leaf("DTASOF", "20241231")
                + "</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n")
        return total
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Year, month and day `days` after 2015-01-01.
    private static func civil(_ days: Int) -> (Int, Int, Int) {
        let date = LocalDate(year: 2015, month: 1, day: 1)!.adding(days: days)
        return (date.year, date.month, date.day)
    }
}

extension String {
    fileprivate func replacingAmpersands() -> String {
        var out = ""
        for ch in self { out += ch == "&" ? "&amp;" : String(ch) }
        return out
    }
}
