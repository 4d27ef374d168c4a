/// The OFX elements pfin understands, and which of them are aggregates (elements that contain
/// other elements and, in OFX 1.x SGML, always have an end tag) rather than leaves.
///
/// Element names come from the OFX 2.2 specification: signon (§2.5), statements (§11.4), credit
/// cards (§11.4.3), investments (§13.9), common aggregates (§3.1, §5.2).
public enum OFXTag: UInt8, Sendable, CaseIterable {
    case unknown

    // Aggregates.
    case ofx, signonMessages, signonResponse, status, fi
    case bankMessages, statementTransactionResponse, statementResponse, bankAccountFrom, bankAccountTo
    case bankTransactionList, statementTransaction, payee, ledgerBalance, availableBalance, balanceList, balance
    case currency, originalCurrency
    case creditCardMessages, creditCardStatementTransactionResponse, creditCardStatementResponse
    case creditCardAccountFrom, creditCardAccountTo
    case investmentMessages, investmentStatementTransactionResponse, investmentStatementResponse
    case investmentAccountFrom, investmentTransactionList, investmentBankTransaction, investmentTransaction
    case accountInfoResponse

    // Leaves.
    case code, severity, message, dtServer, language, org, fid
    case trnuid, curdef, bankID, branchID, accountID, accountType, brokerID
    case dtStart, dtEnd, trnType, dtPosted, dtUser, dtAvail, trnAmt, fitID, checkNum, refNum
    case name, extendedName, memo, addr1, addr2, addr3, city, state, postalCode, country
    case balanceAmount, dtAsOf, currencyRate, currencySymbol, subaccountFund

    /// Whether the element contains other elements.
    public var isAggregate: Bool {
        rawValue >= OFXTag.ofx.rawValue && rawValue <= OFXTag.accountInfoResponse.rawValue
    }

    /// Whether the element is a known leaf (a value, never an end tag in OFX 1.x).
    public var isLeaf: Bool { rawValue >= OFXTag.code.rawValue }

    /// The element's name in OFX files.
    public var name: String {
        OFXTag.names[Int(rawValue)]
    }

    /// Looks a tag name up from its bytes (case-insensitive), without allocating.
    public static func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> OFXTag {
        let count = bytes.count
        guard count > 0, count <= 24 else { return .unknown }
        var hash: UInt32 = 2_166_136_261
        for b in bytes { hash = (hash ^ UInt32(upper(b))) &* 16_777_619 }
        var slot = Int(hash) & 255
        while let tag = table[slot] {
            let expected = tagBytes[Int(tag.rawValue)]
            if expected.count == count {
                var equal = true
                expected.withUnsafeBufferPointer { e in
                    for i in 0..<count where e[i] != upper(bytes[i]) {
                        equal = false
                        break
                    }
                }
                if equal { return tag }
            }
            slot = (slot + 1) & 255
        }
        return .unknown
    }

    @inline(__always)
    private static func upper(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") ? b &- 32 : b
    }

    /// FNV-1a over the upper-cased bytes.
    private static func hash<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var hash: UInt32 = 2_166_136_261
        for b in bytes { hash = (hash ^ UInt32(upper(b))) &* 16_777_619 }
        return hash
    }

    private static let names: [String] = [
        "",
        "OFX", "SIGNONMSGSRSV1", "SONRS", "STATUS", "FI",
        "BANKMSGSRSV1", "STMTTRNRS", "STMTRS", "BANKACCTFROM", "BANKACCTTO",
        "BANKTRANLIST", "STMTTRN", "PAYEE", "LEDGERBAL", "AVAILBAL", "BALLIST", "BAL",
        "CURRENCY", "ORIGCURRENCY",
        "CREDITCARDMSGSRSV1", "CCSTMTTRNRS", "CCSTMTRS", "CCACCTFROM", "CCACCTTO",
        "INVSTMTMSGSRSV1", "INVSTMTTRNRS", "INVSTMTRS", "INVACCTFROM", "INVTRANLIST", "INVBANKTRAN", "INVTRAN",
        "ACCTINFORS",
        "CODE", "SEVERITY", "MESSAGE", "DTSERVER", "LANGUAGE", "ORG", "FID",
        "TRNUID", "CURDEF", "BANKID", "BRANCHID", "ACCTID", "ACCTTYPE", "BROKERID",
        "DTSTART", "DTEND", "TRNTYPE", "DTPOSTED", "DTUSER", "DTAVAIL", "TRNAMT", "FITID", "CHECKNUM", "REFNUM",
        "NAME", "EXTDNAME", "MEMO", "ADDR1", "ADDR2", "ADDR3", "CITY", "STATE", "POSTALCODE", "COUNTRY",
        "BALAMT", "DTASOF", "CURRATE", "CURSYM", "SUBACCTFUND",
    ]

    private static let tagBytes: [[UInt8]] = names.map { Array($0.utf8) }

    /// Open addressing over the FNV-1a hash of the upper-cased name.
    private static let table: [OFXTag?] = {
        var table = [OFXTag?](repeating: nil, count: 256)
        for tag in OFXTag.allCases where tag != .unknown {
            var slot = Int(hash(tagBytes[Int(tag.rawValue)])) & 255
            while table[slot] != nil { slot = (slot + 1) & 255 }
            table[slot] = tag
        }
        return table
    }()
}
