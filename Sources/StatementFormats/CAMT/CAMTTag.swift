/// The CAMT elements pfin reads, by their local names (ISO 20022 message definitions
/// `BankToCustomerAccountReportV02`…`V08` (camt.052), `BankToCustomerStatementV02`…`V08`
/// (camt.053) and `BankToCustomerDebitCreditNotificationV02`…`V08` (camt.054); the names are the
/// XML tags of the schemas). The three share every element below the report, statement or
/// notification. Names are case-sensitive in XML; anything else is `unknown` and only keeps the
/// element nesting.
enum CAMTTag: UInt8, Sendable, CaseIterable {
    case unknown
    // The message.
    case document, bkToCstmrStmt, stmt
    case bkToCstmrAcctRpt, rpt, bkToCstmrDbtCdtNtfctn, ntfctn
    // Statement: id, account, period and balances.
    case id, acct, iban, othr, ccy, frToDt, frDtTm, toDtTm
    case bal, tp, cdOrPrtry, cd, prtry, amt, cdtDbtInd, dt, dtTm
    // Entry.
    case ntry, rvslInd, sts, bookgDt, valDt, acctSvcrRef, addtlNtryInf, bkTxCd, domn, fmly, subFmlyCd
    case ntryDtls, txDtls
    // Transaction details.
    case refs, endToEndId, chqNb, amtDtls, txAmt
    // Amount details: the instructed amount and the exchange.
    case instdAmt, ccyXchg, srcCcy, trgtCcy, unitCcy, xchgRate
    case rltdPties, dbtr, cdtr, ultmtDbtr, ultmtCdtr, pty, nm
    case pstlAdr, strtNm, bldgNb, pstCd, twnNm, ctry, adrLine
    case rmtInf, ustrd, strd, cdtrRefInf, ref, addtlTxInf
    // A return's reason, charges, the counter-value amount.
    case rtrInf, chrgs, rcrd, chrgInclInd, ttlChrgsAndTaxAmt, cntrValAmt
    // A batch's summary (`NtryDtls/Btch`).
    case btch, nbOfTxs

    /// The element's name in CAMT files.
    var name: String { CAMTTag.names[Int(rawValue)] }

    private static let names: [String] = [
        "*",
        "Document", "BkToCstmrStmt", "Stmt",
        "BkToCstmrAcctRpt", "Rpt", "BkToCstmrDbtCdtNtfctn", "Ntfctn",
        "Id", "Acct", "IBAN", "Othr", "Ccy", "FrToDt", "FrDtTm", "ToDtTm",
        "Bal", "Tp", "CdOrPrtry", "Cd", "Prtry", "Amt", "CdtDbtInd", "Dt", "DtTm",
        "Ntry", "RvslInd", "Sts", "BookgDt", "ValDt", "AcctSvcrRef", "AddtlNtryInf", "BkTxCd", "Domn", "Fmly", "SubFmlyCd",
        "NtryDtls", "TxDtls",
        "Refs", "EndToEndId", "ChqNb", "AmtDtls", "TxAmt",
        "InstdAmt", "CcyXchg", "SrcCcy", "TrgtCcy", "UnitCcy", "XchgRate",
        "RltdPties", "Dbtr", "Cdtr", "UltmtDbtr", "UltmtCdtr", "Pty", "Nm",
        "PstlAdr", "StrtNm", "BldgNb", "PstCd", "TwnNm", "Ctry", "AdrLine",
        "RmtInf", "Ustrd", "Strd", "CdtrRefInf", "Ref", "AddtlTxInf",
        "RtrInf", "Chrgs", "Rcrd", "ChrgInclInd", "TtlChrgsAndTaxAmt", "CntrValAmt",
        "Btch", "NbOfTxs",
    ]

    private static let byName: [String: CAMTTag] = Dictionary(uniqueKeysWithValues: allCases.dropFirst().map { ($0.name, $0) })

    /// Looks a local name up. Called once per distinct name of a file (`CAMTParser` caches by
    /// libxml2's interned name), so a dictionary is fast enough.
    static func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> CAMTTag {
        guard bytes.count <= 24 else { return .unknown }
        return byName[String(decoding: bytes, as: UTF8.self)] ?? .unknown
    }
}
