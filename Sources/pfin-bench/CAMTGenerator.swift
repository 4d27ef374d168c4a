import FinanceCore
import Glibc

/// A deterministic CAMT.053.001.08 statement as a German bank sends it: one giro account, entries
/// over ten years that give `count` activities in all: card payments, SEPA direct debits with
/// mandates, incoming transfers with postal addresses, and every 40th entry a batch of three
/// transfers. Opening + entries = closing, so the reader's balance check passes.
enum CAMTGenerator {
    static func write(count: Int, to path: String) -> Int {
        guard let file = fopen(path, "w") else { return 0 }
        defer { fclose(file) }
        var total = 0
        func emit(_ text: String) {
            var text = text
            text.withUTF8 { total += fwrite($0.baseAddress, 1, $0.count, file) }
        }
        emit(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <BkToCstmrStmt>
                <GrpHdr>
                  <MsgId>053D2025010106000001</MsgId>
                  <CreDtTm>2025-01-01T06:00:00.0+01:00</CreDtTm>
                </GrpHdr>
                <Stmt>
                  <Id>053D20250101060000010001</Id>
                  <Acct>
                    <Id>
                      <IBAN>DE44500105175407324931</IBAN>
                    </Id>
                    <Ccy>EUR</Ccy>
                  </Acct>
                  <Bal>
                    <Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp>
                    <Amt Ccy="EUR">1000.00</Amt>
                    <CdtDbtInd>CRDT</CdtDbtInd>
                    <Dt><Dt>2014-12-31</Dt></Dt>
                  </Bal>

            """)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var balance: Int64 = 100_000
        var chunk = ""
        var produced = 0, entry = 0
        let perDay = max(1, count / 3650 + 1)
        while produced < count {
            entry += 1
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let date = LocalDate(year: 2015, month: 1, day: 1)!.adding(days: produced / perDay).description
            let payee = escaped(CSVGenerator.payees[Int((state >> 20) % UInt64(CSVGenerator.payees.count))])
            let kind = entry % 40 == 0 && count - produced >= 3 ? 3 : Int(state % 3)
            let cents = Int64(150 + state % 20_000)
            var amount = cents
            var details = ""
            switch kind {
            case 3:
                amount = 0
                for k in 0..<3 {
                    let part = cents + Int64(k) * 1_234
                    amount += part
                    details += transaction(amount: part, credit: false, endToEnd: "SAMMLER-\(entry)-\(k)", party: payee, info: "Rechnung \(entry)/\(k)")
                }
                produced += 3
            case 2:
                details = transaction(
                    amount: cents * 9, credit: true, endToEnd: "E2E-\(entry)", party: payee, info: "Gutschrift \(entry)",
                    address:
                        "<PstlAdr><StrtNm>Hauptstraße</StrtNm><BldgNb>\(entry % 200)</BldgNb><PstCd>60311</PstCd><TwnNm>Frankfurt am Main</TwnNm><Ctry>DE</Ctry></PstlAdr>"
                )
                amount = cents * 9
                produced += 1
            case 1:
                details = transaction(
                    amount: cents, credit: false, endToEnd: "E2E-\(entry)", party: payee,
                    info: "Lastschrift Kd-Nr \(state % 1_000_000) Mandat M-\(entry % 97)")
                produced += 1
            default:
                details = transaction(amount: cents, credit: false, endToEnd: "NOTPROVIDED", party: payee, info: "Kartenzahlung girocard \(date)")
                produced += 1
            }
            let credit = kind == 2
            balance += credit ? amount : -amount
            chunk += """
                      <Ntry>
                        <Amt Ccy="EUR">\(decimal(amount))</Amt>
                        <CdtDbtInd>\(credit ? "CRDT" : "DBIT")</CdtDbtInd>
                        <Sts><Cd>BOOK</Cd></Sts>
                        <BookgDt><Dt>\(date)</Dt></BookgDt>
                        <ValDt><Dt>\(date)</Dt></ValDt>
                        <AcctSvcrRef>\(date.replacingDashes())\(entry)</AcctSvcrRef>
                        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>\(credit ? "RCDT" : "ICDT")</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
                        <NtryDtls>
                \(details)        </NtryDtls>
                      </Ntry>

                """
            if chunk.utf8.count > 1 << 20 {
                emit(chunk)
                chunk = ""
            }
        }
        emit(chunk)
        emit(
            """
                  <Bal>
                    <Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>
                    <Amt Ccy="EUR">\(decimal(balance.magnitude))</Amt>
                    <CdtDbtInd>\(balance < 0 ? "DBIT" : "CRDT")</CdtDbtInd>
                    <Dt><Dt>2024-12-31</Dt></Dt>
                  </Bal>
                </Stmt>
              </BkToCstmrStmt>
            </Document>

            """)
        return total
    }

    private static func transaction(amount: Int64, credit: Bool, endToEnd: String, party: String, info: String, address: String = "") -> String {
        let (debtor, creditor) = credit ? (party, "Jana Beispiel") : ("Jana Beispiel", party)
        return """
                      <TxDtls>
                        <Refs><EndToEndId>\(endToEnd)</EndToEndId></Refs>
                        <Amt Ccy="EUR">\(decimal(amount))</Amt>
                        <CdtDbtInd>\(credit ? "CRDT" : "DBIT")</CdtDbtInd>
                        <RltdPties>
                          <Dbtr><Pty><Nm>\(debtor)</Nm>\(credit ? address : "")</Pty></Dbtr>
                          <Cdtr><Pty><Nm>\(creditor)</Nm></Pty></Cdtr>
                        </RltdPties>
                        <RmtInf><Ustrd>\(info)</Ustrd></RmtInf>
                      </TxDtls>

            """
    }

    private static func decimal<T: BinaryInteger>(_ cents: T) -> String {
        let rest = Int(cents % 100)
        return "\(cents / 100).\(rest < 10 ? "0" : "")\(rest)"
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for ch in text { out += ch == "&" ? "&amp;" : ch == "<" ? "&lt;" : String(ch) }
        return out
    }
}

extension String {
    fileprivate func replacingDashes() -> String { String(filter { $0 != "-" }) }
}
