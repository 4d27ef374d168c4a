import FinanceCore

/// Thrown to stop reading a document that is not a CAMT report, statement or notification
/// (after its diagnostic).
struct CAMTNotAStatement: Error {}

/// Turns CAMT.052, CAMT.053 and CAMT.054 element events into activities, statements and
/// diagnostics. A report (`Rpt`), statement (`Stmt`) or notification (`Ntfctn`) is read alike:
/// the three messages share every element below it.
///
/// Elements are recognised by local name and parent (`Ntry/Amt` is the entry amount,
/// `Ntry/AmtDtls/…/Amt` is not), whatever the namespace version: the shape from camt.05x.001.02
/// to .14 differs only in where a few elements sit (`Sts/Cd` in v06+, `Pty/Nm` in v08), and both
/// places are read. A `Document` inside an envelope (SWIFT's `AppHdr` beside it) is read as if it
/// were the root.
struct CAMTStatementMapper<Sink: ActivitySink>: CAMTEventHandler {
    var sink: Sink
    let file: String
    let options: ReadOptions
    let ids = ActivityIDBuilder()
    private(set) var path: [CAMTTag] = []
    private var statementCount = 0
    /// Which message the document is, from the element below `Document`.
    private(set) var message: CAMTMessage?
    var statement: CAMTStatementState?
    private var balance: CAMTBalanceState?
    var entry: CAMTEntryState?
    private var transaction: CAMTTransactionState?
    /// `Dbtr`, `Cdtr`, `UltmtDbtr` or `UltmtCdtr` of the open `TxDtls/RltdPties`.
    private var party: CAMTTag?
    var activityCount = 0
    var leniencies = LeniencyLog()
    /// Elements open outside `Document`: an envelope around it (SWIFT's business application header:
    /// `<message><AppHdr>…</AppHdr><Document>…`), and where the root began.
    private var envelopeDepth = 0
    private var root: CAMTPosition?

    init(sink: Sink, file: String, options: ReadOptions) {
        self.sink = sink
        self.file = file
        self.options = options
    }

    // MARK: Events

    mutating func start(_ tag: CAMTTag, namespace: UnsafeBufferPointer<UInt8>?, at position: CAMTPosition) throws {
        if root == nil { root = position }
        // Outside `Document`: an envelope's elements, or no CAMT at all (refused when the root ends).
        // The message may sit in an envelope two levels deep, never deeper.
        if path.isEmpty && (tag != .document || envelopeDepth > 2 || message != nil) {
            envelopeDepth += 1
            return
        }
        path.append(tag)
        let parent = path.count >= 2 ? path[path.count - 2] : .unknown
        switch tag {
        case _ where path.count == 1:
            try checkNamespace(namespace.map { String(decoding: $0, as: UTF8.self) } ?? "", at: position)
        case _ where path.count == 2:
            guard let kind = CAMTMessage(root: tag) else {
                try refuse("an XML document without <BkToCstmrStmt>, <BkToCstmrAcctRpt> or <BkToCstmrDbtCdtNtfctn>", at: position)
            }
            message = kind
        case _ where path.count == 3 && tag == message?.container:
            statementCount += 1
            statement = CAMTStatementState(index: statementCount, position: position)
        case .bal where parent == message?.container:
            balance = CAMTBalanceState(position: position)
        case .ntry where parent == message?.container:
            statement?.entryCount += 1
            entry = CAMTEntryState(index: statement?.entryCount ?? 1, position: position)
        case .txDtls where entry != nil:
            transaction = CAMTTransactionState(index: (entry?.transactions.count ?? 0) + 1, position: position)
        case .dbtr, .cdtr, .ultmtDbtr, .ultmtCdtr:
            if parent == .rltdPties && transaction != nil { party = tag }
        case .rtrInf where parent == .txDtls:
            transaction?.isReturn = true
        case .rcrd where parent == .chrgs:
            if transaction != nil {
                transaction?.charges.records.append(CAMTChargesState.Record())
            } else if path.count >= 3 && path[path.count - 3] == .ntry {
                entry?.charges.records.append(CAMTChargesState.Record())
            }
        default:
            break
        }
    }

    mutating func leaf(_ tag: CAMTTag, _ value: UnsafeBufferPointer<UInt8>, currency: CurrencyCode?, at position: CAMTPosition) throws {
        if transaction != nil {
            transactionLeaf(tag, value, currency: currency, at: position)
        } else if entry != nil {
            entryLeaf(tag, value, currency: currency, at: position)
        } else if balance != nil {
            try balanceLeaf(tag, value, currency: currency, at: position)
        } else if statement != nil {
            statementLeaf(tag, value)
        }
    }

    mutating func end(_ tag: CAMTTag, at position: CAMTPosition) throws {
        if path.isEmpty {
            envelopeDepth -= 1
            if envelopeDepth == 0 && message == nil { try refuse("an XML document whose root is not <Document>", at: root ?? position) }
            return
        }
        path.removeLast()
        switch tag {
        case .txDtls:
            // `take()` moves the state out: a copy would retain every string in it once more.
            if let finished = transaction.take() { entry?.transactions.append(finished) }
        case .dbtr, .cdtr, .ultmtDbtr, .ultmtCdtr:
            if party == tag { party = nil }
        case .ntry where path.last == message?.container:
            if let finished = entry.take() { try finish(finished) }
        case .bal where path.last == message?.container:
            if let finished = balance.take() { keep(finished) }
        case _ where path.count == 2 && tag == message?.container:
            if let finished = statement.take() { try finish(finished) }
        default:
            break
        }
    }

    mutating func problem(_ problem: XMLProblem) throws {
        try sink.report(CAMTIssue.syntax(problem).diagnostic(at: location(CAMTPosition(line: problem.line, column: problem.column))))
    }

    // MARK: Leaves

    private mutating func statementLeaf(_ tag: CAMTTag, _ value: UnsafeBufferPointer<UInt8>) {
        let n = path.count
        switch tag {
        case .iban where n >= 2 && path[n - 1] == .id && path[n - 2] == .acct:
            statement?.accountID = CAMTValues.text(value)
        case .id where n >= 3 && path[n - 1] == .othr && path[n - 3] == .acct:
            if statement?.accountID == nil { statement?.accountID = CAMTValues.text(value) }
        case .ccy where path[n - 1] == .acct:
            if value.count == 3 { statement?.currency = CurrencyCode(bytes: value[0], value[1], value[2]) }
        case .frDtTm where path[n - 1] == .frToDt: statement?.start = CAMTValues.date(value)
        case .toDtTm where path[n - 1] == .frToDt: statement?.end = CAMTValues.date(value)
        default: break
        }
    }

    private mutating func balanceLeaf(
        _ tag: CAMTTag, _ value: UnsafeBufferPointer<UInt8>, currency: CurrencyCode?,
        at position: CAMTPosition
    ) throws {
        let parent = path.last ?? .unknown
        switch tag {
        case .cd where parent == .cdOrPrtry: balance?.code = CAMTValues.text(value)
        case .amt where parent == .bal:
            guard var amount = CAMTValues.amount(value) else {
                try sink.report(
                    CAMTIssue.badAmount(path: elementPath(tag), text: String(decoding: value, as: UTF8.self))
                        .diagnostic(at: location(position)))
                return
            }
            amount.currency = currency
            balance?.amount = amount
        case .cdtDbtInd where parent == .bal: balance?.isCredit = CAMTValues.isCredit(value) ?? true
        case .dt where parent == .dt, .dtTm where parent == .dt: balance?.date = CAMTValues.date(value)
        default: break
        }
    }

    private mutating func entryLeaf(_ tag: CAMTTag, _ value: UnsafeBufferPointer<UInt8>, currency: CurrencyCode?, at position: CAMTPosition) {
        let parent = path.last ?? .unknown
        switch (tag, parent) {
        case (.amt, .ntry):
            if var amount = CAMTValues.amount(value) {
                amount.currency = currency
                entry?.amount = amount
            } else {
                entryProblem(.badAmount(path: elementPath(tag), text: String(decoding: value, as: UTF8.self)), at: position)
            }
        case (.cdtDbtInd, .ntry):
            entry?.isCredit = CAMTValues.isCredit(value)
            if entry?.isCredit == nil {
                entryProblem(.badIndicator(path: elementPath(tag), text: String(decoding: value, as: UTF8.self)), at: position)
            }
        case (.rvslInd, .ntry): entry?.reversal = CAMTValues.flag(value)
        case (.sts, .ntry), (.cd, .sts): entry?.status = CAMTValues.text(value)
        case (.dt, .bookgDt), (.dtTm, .bookgDt), (.dt, .valDt), (.dtTm, .valDt):
            guard let date = CAMTValues.date(value) else {
                entryProblem(.badDate(path: elementPath(tag), text: String(decoding: value, as: UTF8.self)), at: position)
                return
            }
            if parent == .bookgDt { entry?.bookingDate = date } else { entry?.valueDate = date }
        case (.amt, .instdAmt), (.srcCcy, .ccyXchg), (.trgtCcy, .ccyXchg), (.unitCcy, .ccyXchg), (.xchgRate, .ccyXchg):
            entry?.foreign.read(tag, value, currency: currency, path: path)
        case (.acctSvcrRef, .ntry): entry?.serviceReference = CAMTValues.text(value)
        case (.subFmlyCd, .fmly): entry?.subFamily = CAMTValues.text(value)
        case (.amt, .chrgs), (.cdtDbtInd, .chrgs), (.ttlChrgsAndTaxAmt, .chrgs), (.amt, .rcrd), (.cdtDbtInd, .rcrd), (.chrgInclInd, .rcrd):
            let chargesAt = parent == .chrgs ? path.count - 2 : path.count - 3
            if chargesAt >= 0 && path[chargesAt] == .ntry { entry?.charges.read(tag, value, currency: currency, parent: parent) }
        case (.addtlNtryInf, .ntry): entry?.additionalInfo = CAMTValues.prose(value)
        case (.nbOfTxs, .btch) where path.count >= 2 && path[path.count - 2] == .ntryDtls:
            entry?.batchCount = CAMTValues.text(value).flatMap { Int($0) }
        default: break
        }
    }

    private mutating func transactionLeaf(
        _ tag: CAMTTag, _ value: UnsafeBufferPointer<UInt8>, currency: CurrencyCode?,
        at position: CAMTPosition
    ) {
        let n = path.count
        let parent = path[n - 1]
        switch tag {
        case .acctSvcrRef where parent == .refs: transaction?.serviceReference = CAMTValues.text(value)
        case .endToEndId where parent == .refs: transaction?.endToEndID = CAMTValues.text(value)
        case .chqNb where parent == .refs: transaction?.checkNumber = CAMTValues.text(value)
        case .amt where parent == .txDtls || parent == .txAmt && path[n - 2] == .amtDtls:
            guard var amount = CAMTValues.amount(value) else {
                let problem = CAMTIssue.badAmount(path: elementPath(tag), text: String(decoding: value, as: UTF8.self))
                let diagnostic = problem.diagnostic(at: location(position))
                if transaction?.problem == nil { transaction?.problem = diagnostic }
                return
            }
            amount.currency = currency
            if parent == .txDtls { transaction?.amount = amount } else { transaction?.transactionAmount = amount }
        case .amt where parent == .cntrValAmt && path[n - 2] == .amtDtls:
            transaction?.counterValue = CAMTValues.amount(value).map { Money(units: $0.units, scale: $0.scale, currency: currency) }
        case .amt where parent == .instdAmt, .srcCcy, .trgtCcy, .unitCcy, .xchgRate:
            transaction?.foreign.read(tag, value, currency: currency, path: path)
        case .cdtDbtInd where parent == .txDtls: transaction?.isCredit = CAMTValues.isCredit(value)
        case .amt, .cdtDbtInd, .ttlChrgsAndTaxAmt, .chrgInclInd:
            guard parent == .chrgs || parent == .rcrd && path[n - 2] == .chrgs else { return }
            transaction?.charges.read(tag, value, currency: currency, parent: parent)
        case .subFmlyCd where parent == .fmly && n >= 3 && path[n - 3] == .bkTxCd:
            transaction?.subFamily = CAMTValues.text(value)
        case .ustrd where parent == .rmtInf:
            if let text = CAMTValues.prose(value) { transaction?.unstructured.append(text) }
        case .ref where parent == .cdtrRefInf:
            if transaction?.creditorReference == nil { transaction?.creditorReference = CAMTValues.text(value) }
        case .addtlTxInf where parent == .txDtls: transaction?.additionalInfo = CAMTValues.prose(value)
        case .nm:
            guard let party, parent == party || parent == .pty && path[n - 2] == party, let text = CAMTValues.prose(value) else { return }
            transaction?[party: party].name = text
        case .strtNm, .bldgNb, .pstCd, .twnNm, .ctry, .adrLine:
            guard let party, parent == .pstlAdr, let text = CAMTValues.prose(value) else { return }
            transaction?[party: party].set(tag, text)
        default: break
        }
    }

    private mutating func entryProblem(_ issue: CAMTIssue, at position: CAMTPosition) {
        let diagnostic = issue.diagnostic(at: location(position))
        if entry?.problem == nil { entry?.problem = diagnostic }
    }

    // MARK: Document

    private mutating func checkNamespace(_ namespace: String, at position: CAMTPosition) throws {
        let iso = "urn:iso:std:iso:20022:tech:xsd:"
        let name: Substring
        if namespace.hasPrefix(iso) {
            name = namespace.dropFirst(iso.count)
        } else if let known = Self.embeddedVersion(in: namespace) {
            // A national variant that names the version it follows (Austria's STUZZA:
            // `ISO:camt.053.001.02:APC:STUZZA:payments:003`).
            name = known
        } else {
            if !namespace.isEmpty { try sink.report(CAMTIssue.unknownNamespace(namespace, nil).diagnostic(at: location(position))) }
            return
        }
        guard let kind = CAMTMessage(namespaceMessage: name) else {
            let names = [
                "pain.001": "a pain.001 credit transfer order", "pain.008": "a pain.008 direct debit order",
                "pain.002": "a pain.002 payment status report",
            ]
            try refuse(names[String(name.prefix(8))] ?? "an ISO 20022 \(name) message", at: position)
        }
        if !kind.knownVersions.contains(String(name)) {
            try sink.report(CAMTIssue.unknownNamespace(namespace, kind).diagnostic(at: location(position)))
        }
    }

    /// The CAMT message version a namespace outside ISO's names among its parts, if it names a known one.
    private static func embeddedVersion(in namespace: String) -> Substring? {
        for part in namespace.split(separator: ":") {
            if let kind = CAMTMessage(namespaceMessage: part), kind.knownVersions.contains(String(part)) { return part }
        }
        return nil
    }

    private mutating func refuse(_ what: String, at position: CAMTPosition) throws -> Never {
        try sink.report(CAMTIssue.notStatement(what).diagnostic(at: location(position)).notingIdentify())
        throw CAMTNotAStatement()
    }

    // MARK: Locations

    func location(_ position: CAMTPosition) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column > 0 ? position.column : nil)
    }

    /// The path of the open elements, and `leaf` below them: `Document/BkToCstmrStmt/Stmt/Ntry[4]/Amt`.
    /// Entries and transactions are numbered from 1 in their parent; statements (reports,
    /// notifications) after the first.
    func elementPath(_ leaf: CAMTTag? = nil) -> String {
        var parts: [String] = []
        for tag in path {
            switch tag {
            case _ where tag == message?.container && (statement?.index ?? 1) > 1: parts.append("\(tag.name)[\(statement?.index ?? 1)]")
            case .ntry: parts.append("Ntry[\(entry?.index ?? 0)]")
            case .txDtls: parts.append("TxDtls[\(transaction?.index ?? 0)]")
            default: parts.append(tag.name)
            }
        }
        if let leaf { parts.append(leaf.name) }
        return parts.joined(separator: "/")
    }
}
