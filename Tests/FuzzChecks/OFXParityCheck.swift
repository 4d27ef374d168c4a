import FinanceCore
import StatementFormats

/// pfin reads OFX 2.x bodies with its own XML parser; this check reads an input with libxml2 as
/// well. Wherever libxml2 reads it without an XML error, the two must agree: the same activities,
/// statements, row balances and diagnostics (codes, severities, lines and messages; not columns,
/// which libxml2 does not tell). libxml2 counts only LF as a line end, where XML 1.0 §2.11 (and pfin)
/// count a lone CR too: in an input with a lone CR, lines are not compared.
public enum OFXParityCheck {
    public enum Outcome: Equatable, Sendable {
        /// Both read the input; the differences found (none when they agree).
        case compared([String])
        /// libxml2 stopped at an XML error (or the input is not OFX 2.x), or pfin departed from the
        /// declared encoding on purpose: nothing to compare.
        case notCompared
    }

    /// The diagnostics after which libxml2 read no further (or skipped a text).
    public static let stops: Set<String> = ["ofx.xml", "ofx.forbidden", "ofx.too-deep", "ofx.text-too-long", "input.unreadable"]

    public static func run(_ bytes: [UInt8]) -> Outcome {
        let (theirs, thrownByTheirs) = StatementCheck.read(bytes, with: OFXStatementReader(xmlParser: .libxml2), options: ReadOptions())
        guard thrownByTheirs.isEmpty, !theirs.diagnostics.contains(where: { stops.contains($0.code) }) else { return .notCompared }
        let (ours, thrownByOurs) = StatementCheck.read(bytes, with: OFXStatementReader(), options: ReadOptions())
        // A declaration of a single-byte encoding over UTF-8 text: pfin reads the text as UTF-8 on
        // purpose (`ofx.lenient.utf8-despite-charset`), libxml2 as declared.
        if thrownByOurs.isEmpty, ours.diagnostics.contains(where: { $0.code == "ofx.lenient.utf8-despite-charset" }) { return .notCompared }
        let loneCR = bytes.indices.contains { bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A) }
        return .compared(thrownByOurs + differences(ours, theirs, comparingLines: !loneCR))
    }

    /// What a reader sent.
    public struct Read: Sendable {
        public let activities: [PaymentActivity]
        public let diagnostics: [Diagnostic]
    }

    /// The input read by pfin's parser and by libxml2.
    public static func readBoth(_ bytes: [UInt8]) -> (ours: Read, theirs: Read) {
        let ours = StatementCheck.read(bytes, with: OFXStatementReader(), options: ReadOptions()).0
        let theirs = StatementCheck.read(bytes, with: OFXStatementReader(xmlParser: .libxml2), options: ReadOptions()).0
        return (Read(activities: ours.activities, diagnostics: ours.diagnostics), Read(activities: theirs.activities, diagnostics: theirs.diagnostics))
    }

    /// What `ours` says otherwise than `theirs`, first difference of each kind.
    static func differences(_ ours: CollectingSink, _ theirs: CollectingSink, comparingLines: Bool) -> [String] {
        var found: [String] = []
        func compare<T: Equatable>(_ what: String, _ a: [T], _ b: [T]) {
            guard a != b else { return }
            if a.count != b.count { found.append("\(what): \(a.count) from pfin's parser, \(b.count) from libxml2") }
            if let i = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                found.append("\(what) #\(i + 1): \(a[i]) from pfin's parser, \(b[i]) from libxml2")
            }
        }
        let lineless = { (activity: PaymentActivity) in
            var activity = activity
            if !comparingLines { activity.source.line = 0 }
            return activity
        }
        compare("activities", ours.activities.map(lineless), theirs.activities.map(lineless))
        let linelessStatement = { (statement: StatementInfo) in
            var statement = statement
            if !comparingLines { statement.source.line = 0 }
            return statement
        }
        compare("statements", ours.statements.map(linelessStatement), theirs.statements.map(linelessStatement))
        compare("row balances", ours.rowBalances, theirs.rowBalances)
        let said = { (d: Diagnostic) in "\(d.severity) \(d.code) line \(comparingLines ? d.location.line : 0): \(d.message)" }
        compare("diagnostics", ours.diagnostics.map(said), theirs.diagnostics.map(said))
        return found
    }
}
