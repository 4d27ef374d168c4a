import FinanceCore
import Foundation

@testable import StatementFormats

/// Collects everything an OFX read produces, statements included (the plain `Collector` drops them).
struct StatementCollector: ActivitySink {
    var activities: [PaymentActivity] = []
    var diagnostics: [Diagnostic] = []
    var statements: [StatementInfo] = []

    mutating func accept(_ activity: PaymentActivity) throws { activities.append(activity) }
    mutating func report(_ diagnostic: Diagnostic) throws { diagnostics.append(diagnostic) }
    /// Every statement once: the OFX reader sends a statement's account first and the whole
    /// statement at its end (the same `source`), which replaces it here; `sent` keeps both.
    mutating func statement(_ info: StatementInfo) throws {
        sent.append(info)
        activitiesAtStatement.append(activities.count)
        if let last = statements.last, last.source == info.source { statements[statements.count - 1] = info } else { statements.append(info) }
    }
    /// Every `statement(_:)` call, in order.
    var sent: [StatementInfo] = []
    /// How many activities had arrived at each `statement(_:)` call.
    var activitiesAtStatement: [Int] = []

    var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// Every diagnostic as `code@line` (`code@line:column` when the column is known).
    var codes: [String] {
        diagnostics.map { d in "\(d.code)@\(d.location.line)" + (d.location.column.map { ":\($0)" } ?? "") }
    }
    /// Every activity as `date|name|amount|currency|account`.
    var rows: [String] { activities.map(ofxBrief) }
}

/// One activity as `date|name|amount|currency|account` (empty fields when unknown).
func ofxBrief(_ a: PaymentActivity) -> String {
    "\(a.date)|\(a.name)|\(a.amount.decimalString)|\(a.currency?.description ?? "")|\(a.account ?? "")"
}

/// Reads OFX bytes from memory through the public reader, as `pfin` does for a file.
func readOFX(_ bytes: [UInt8], options: ReadOptions = ReadOptions()) throws -> StatementCollector {
    var collector = StatementCollector()
    try OFXStatementReader().read(ByteInput(bytes: bytes, displayName: "t.ofx"), options: options, into: &collector)
    return collector
}

func readOFX(_ text: String, options: ReadOptions = ReadOptions()) throws -> StatementCollector {
    try readOFX(Array(text.utf8), options: options)
}

/// Small OFX documents to put transactions in.
enum OFXDocument {
    /// The usual OFX 1.0.2 header, LF line ends, ten lines with the blank one (body on line 11).
    static let sgmlHeader = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:1252
        COMPRESSION:NONE
        OLDFILEUID:NONE
        NEWFILEUID:NONE


        """

    /// An OFX 2.2 header: two lines (body on line 3).
    static let xmlHeader = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>

        """

    /// A 1.x bank statement (no header) around `transactions`; `<STMTRS>` and its children up to
    /// `<BANKTRANLIST>` take lines 1–15, so the first transaction starts on line 16.
    static func sgmlBank(
        _ transactions: String, account: String = "111222333", currency: String = "USD",
        trailer: String = ""
    ) -> String {
        """
        <OFX>
        <SIGNONMSGSRSV1>
        <SONRS>
        <STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <DTSERVER>20240201120000
        <LANGUAGE>ENG
        </SONRS>
        </SIGNONMSGSRSV1>
        <BANKMSGSRSV1>
        <STMTTRNRS>
        <TRNUID>1
        <STMTRS>
        <CURDEF>\(currency)
        <BANKACCTFROM><BANKID>121000248<ACCTID>\(account)<ACCTTYPE>CHECKING</BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20240101<DTEND>20240131
        \(transactions)
        </BANKTRANLIST>
        \(trailer)
        </STMTRS>
        </STMTTRNRS>
        </BANKMSGSRSV1>
        </OFX>

        """
    }

    /// A 2.x bank statement (with its header) around `transactions`; the first transaction starts
    /// on line 18.
    static func xmlBank(_ transactions: String, account: String = "111222333", currency: String = "USD") -> String {
        xmlHeader + """
            <OFX>
            <SIGNONMSGSRSV1>
            <SONRS>
            <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
            <DTSERVER>20240201120000</DTSERVER>
            <LANGUAGE>ENG</LANGUAGE>
            </SONRS>
            </SIGNONMSGSRSV1>
            <BANKMSGSRSV1>
            <STMTTRNRS>
            <TRNUID>1</TRNUID>
            <STMTRS>
            <CURDEF>\(currency)</CURDEF>
            <BANKACCTFROM><BANKID>121000248</BANKID><ACCTID>\(account)</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>
            \(transactions)
            </BANKTRANLIST>
            </STMTRS>
            </STMTTRNRS>
            </BANKMSGSRSV1>
            </OFX>

            """
    }

    /// A 1.x transaction: seven lines, plus one per line of `extra` (put before `</STMTTRN>`).
    static func sgmlTransaction(
        _ fitid: String?, type: String = "DEBIT", date: String? = "20240105", amount: String? = "-10.00",
        name: String? = "Shop", extra: String? = nil
    ) -> String {
        var lines = ["<STMTTRN>", "<TRNTYPE>\(type)"]
        if let date { lines.append("<DTPOSTED>\(date)") }
        if let amount { lines.append("<TRNAMT>\(amount)") }
        if let fitid { lines.append("<FITID>\(fitid)") }
        if let name { lines.append("<NAME>\(name)") }
        if let extra { lines.append(extra) }
        lines.append("</STMTTRN>")
        return lines.joined(separator: "\n")
    }

    /// A closed-leaf 2.x transaction on one line.
    static func xmlTransaction(
        _ fitid: String, date: String = "20240105", amount: String = "-10.00", name: String = "Shop",
        extra: String = ""
    ) -> String {
        "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>\(date)</DTPOSTED><TRNAMT>\(amount)</TRNAMT><FITID>\(fitid)</FITID>"
            + "<NAME>\(name)</NAME>\(extra)</STMTTRN>"
    }
}

/// Records what an `OFXEventHandler` receives, one readable line per event:
/// `start STMTTRN @3:1`, `leaf NAME=Foo @4:1`, `end STMTTRN @6:1`,
/// `problem unexpectedEndTag("FOO") @5:3`. Unknown elements show as `?`.
struct EventRecorder: OFXEventHandler {
    /// Each event without its position.
    var shapes: [String] = []
    var positions: [OFXPosition] = []
    var problems: [OFXSyntaxProblem] = []
    /// Leaves' values as raw bytes, in order, to check exact decoding.
    var leafValues: [[UInt8]] = []

    /// Each event with its position.
    var events: [String] { zip(shapes, positions).map { "\($0) @\($1.line):\($1.column)" } }

    private static func name(_ tag: OFXTag) -> String { tag == .unknown ? "?" : tag.name }

    mutating func start(_ tag: OFXTag, at position: OFXPosition) throws {
        shapes.append("start \(Self.name(tag))")
        positions.append(position)
    }

    mutating func leaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, at position: OFXPosition) throws {
        shapes.append("leaf \(Self.name(tag))=\(String(decoding: value, as: UTF8.self))")
        positions.append(position)
        leafValues.append(Array(value))
    }

    mutating func end(_ tag: OFXTag, at position: OFXPosition) throws {
        shapes.append("end \(Self.name(tag))")
        positions.append(position)
    }

    mutating func problem(_ problem: OFXSyntaxProblem) throws {
        shapes.append("problem \(problem.kind)\(problem.isFatal ? " fatal" : "")")
        positions.append(problem.position)
        problems.append(problem)
    }
}

/// A fresh empty directory under the system's temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-ofx-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
