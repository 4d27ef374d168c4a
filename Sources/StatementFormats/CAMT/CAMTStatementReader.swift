import FinanceCore

/// Reads ISO 20022 bank-to-customer cash management messages, versions .001.02 to .14 (later
/// versions with a warning): CAMT.053 statements (`BkToCstmrStmt`/`Stmt`), CAMT.052 intraday
/// account reports (`BkToCstmrAcctRpt`/`Rpt`) and CAMT.054 debit/credit notifications
/// (`BkToCstmrDbtCdtNtfctn`/`Ntfctn`), several accounts per file, in two layers: libxml2 through
/// `CAMTParser` on a second thread, and `CAMTStatementMapper` on the caller's.
///
/// Booked entries become activities; a batched entry (several `TxDtls`) becomes one activity per
/// transaction. Pending (`PDNG`) and information-only (`INFO`) entries, which intraday reports
/// are full of, are skipped with a warning each: they are not on the account yet, and the same
/// entries come back booked in a later report or statement, where importing them twice would
/// double them.
public struct CAMTStatementReader: StatementReader {
    public static let format = StatementFormat.camt

    public init() {}

    /// High for XML that names a camt.052, camt.053 or camt.054 namespace or message element,
    /// with evidence saying which message type it is; lower for other ISO 20022 messages
    /// (pain.001), so that reading them says what they are. OFX 2.x is XML too, but never has
    /// these names.
    public static func sniff(_ input: SniffInput) -> Sniff {
        let text = input.text
        let i = SniffPrefix.contentStart(text)
        guard i < text.count, text[i] == UInt8(ascii: "<") else { return .no("the text does not start with an XML element") }
        // The earliest marker decides the message type (a namespace comes before its elements).
        var found: (offset: Int, message: CAMTMessage, marker: String)?
        for message in CAMTMessage.allCases {
            for marker in ["\(message.code).", "<\(message.root.name)"] {
                if let at = input.firstOffset(of: marker, ignoringCase: false), at < (found?.offset ?? Int.max) {
                    found = (at, message, marker)
                }
            }
        }
        if let found {
            // A namespace's whole message id (`camt.052.001.02`), an element's name as it is.
            var end = found.offset + found.marker.utf8.count
            if !found.marker.hasPrefix("<") {
                while end < text.count, end - found.offset < 24, text[end] == UInt8(ascii: ".") || (0x30...0x39).contains(text[end]) { end += 1 }
            }
            let marker = String(decoding: text[(found.offset + (found.marker.hasPrefix("<") ? 1 : 0))..<end], as: UTF8.self)
            return .yes(95, "message type \(found.message.title): '\(marker)' at line \(input.line(at: found.offset))")
        }
        if let (message, at) = ForeignText.isoMessage(input) {
            return .no("the ISO 20022 message type '\(message)' at line \(input.line(at: at)) is no statement, report or notification")
        }
        if let at = input.firstOffset(of: "urn:iso:std:iso:20022:tech:xsd:", ignoringCase: false) {
            return .yes(60, "an ISO 20022 namespace at line \(input.line(at: at)), but no CAMT message type")
        }
        return .no("no CAMT namespace or BkToCstmr… element in the first 64 KiB")
    }

    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        let file = input.displayName
        let prefix = try input.peek(upTo: 1 << 12)
        // libxml2 takes the XML declaration only at the very start: skip a byte-order mark and
        // blank lines before it (editors and banks' download scripts leave both), keeping the
        // file's line numbers.
        var skip = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0, lines = 0
        while skip < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[skip]) {
            if prefix[skip] == 0x0A { lines += 1 }
            skip += 1
        }
        guard skip < prefix.count else {
            return try sink.report(CAMTIssue.empty.diagnostic(at: SourceLocation(file: file, line: 1)).notingIdentify())
        }
        if prefix.starts(with: [0xFF, 0xFE]) || prefix.starts(with: [0xFE, 0xFF]) {
            return try sink.report(CAMTIssue.utf16.diagnostic(at: SourceLocation(file: file, line: 1, column: 1)).notingIdentify())
        }
        guard prefix[skip] == UInt8(ascii: "<") else {
            return try sink.report(CAMTIssue.notStatement("not XML").diagnostic(at: SourceLocation(file: file, line: lines + 1, column: 1)).notingIdentify())
        }
        var mapper = CAMTStatementMapper(sink: sink, file: file, options: options)
        defer { sink = mapper.sink }
        let parser = CAMTParser(input: input, skip: skip, linesBefore: lines)
        let failure: InputError?
        do {
            failure = try BatchPipeline.run(
                produce: { parser.produce(into: $0) }, consume: { try $0.replay(into: &mapper) },
                clear: { $0.clear() })
        } catch is CAMTNotAStatement {
            return
        }
        if let failure {
            try mapper.sink.report(
                Diagnostic(
                    .error, code: "input.unreadable", at: SourceLocation(file: file, line: 0),
                    "reading stopped: \(failure)"))
        }
    }
}
