import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// MT940 by its tag structure, wherever it starts: after banks' preambles, as MT942, as fragments;
/// and never a text with a stray tag.
@Suite struct MT940IdentificationTests {
    static func quirk(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: Repository.fixtures.appendingPathComponent("quirks/mt940").appendingPathComponent(name)))
    }

    static func sniff(_ name: String) throws -> Sniff {
        MT940StatementReader.sniff(SniffInput(try quirk(name), isComplete: true))
    }

    @Test func evidenceNamesThePreambleAndEachFieldWithItsLine() throws {
        #expect(
            try Self.sniff("preamble-bic-line.sta")
                == Sniff(
                    score: 90,
                    evidence: [
                        "the bank's BIC 'COBADEFFXXX' at line 1 before the fields",
                        "':20:' at line 2", "':25:' at line 3", "':28C:' at line 4", "':60F:' at line 5", "':61:' at line 6", "':86:' at line 7",
                        "':62F:' at line 11",
                    ]))
    }

    struct PreambleCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let file: String
        let evidence: String
    }

    static let preambles: [PreambleCase] = [
        .init(testDescription: "a line 940", file: "preamble-940-line.sta", evidence: "the message type '940' at line 1 before the fields"),
        .init(testDescription: "a :940: line", file: "preamble-940-tag.sta", evidence: "the message type tag ':940:' at line 1 before the fields"),
        .init(
            testDescription: "a 0000 01 record", file: "preamble-transmission-header.sta",
            evidence: "a transmission header record '0000 01TESTNL2AXXXX00001' at line 1 before the fields"),
        .init(testDescription: "SWIFT blocks", file: "swift-blocks-on-separate-lines.sta", evidence: "SWIFT block headers '{1:…' at line 1"),
        .init(testDescription: "a leading -", file: "leading-separator-line.sta", evidence: "a '-' separator line at line 1 before the fields"),
        .init(
            testDescription: "BIC, 940, BIC", file: "abn-style-preamble-before-every-message.sta",
            evidence: "the bank's BIC 'ABNANL2A' at line 1 before the fields"),
    ]

    @Test(arguments: preambles)
    func preambleIsNamedAndTheFileIsMT940(_ c: PreambleCase) throws {
        let sniff = try Self.sniff(c.file)
        #expect(sniff.score == 90)
        #expect(sniff.evidence.first == c.evidence)
        #expect(StatementIdentification.identify(SniffInput(try Self.quirk(c.file), isComplete: true)).format == .mt940)
    }

    @Test func mt942AndFragmentsAreMT940() throws {
        let interim = try Self.sniff("mt942-interim-report.sta")
        #expect(interim.score == 90)
        #expect(interim.evidence.first == "an MT942 interim report: ':13D:'/':34F:'/':90D:' fields and no opening balance")
        #expect(interim.evidence.contains("':90C:' at line 15"))
        let fragments = try Self.sniff("statement-lines-only.sta")
        #expect(
            fragments
                == Sniff(
                    score: 75,
                    evidence: [
                        "statement lines without statement headers (no ':20:', ':25:' or ':60F:')", "':61:' at line 1", "':86:' at line 2",
                    ]))
        #expect(MT940StatementReader.sniff(Array(":61:240301D1,00NTRFNONREF\n:61:240302C2,00NTRFNONREF\n".utf8)) == 70)
    }

    @Test func markersFarIntoTheWindowCount() {
        let preface = String(repeating: "Kontoauszug vom 01.03.2024, Seite 1 von 1, erstellt fuer Max Muster\n", count: 300)
        let text = preface + ":20:STARTUMSE\n:25:20040000/0123456789\n:60F:C240301EUR1,00\n"
        #expect(preface.utf8.count > 16 << 10)
        let sniff = MT940StatementReader.sniff(SniffInput(Array(text.utf8)))
        #expect(sniff.score == 90)
        #expect(sniff.evidence == ["':20:' at line 301", "':25:' at line 302", "':60F:' at line 303"])
    }

    struct NegativeCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let reason: String
    }

    static let negatives: [NegativeCase] = [
        .init(
            testDescription: "one :20: at a line start in other text", text: "Notes\n:20: call the bank\nthat is all\n",
            reason: "only ':20:' at line 2; MT940 needs ':20:' with ':25:' or ':60F:', or ':61:' statement lines with ':86:'"),
        .init(
            testDescription: "the same tag twice", text: ":20:A\n:20:B\n",
            reason: "only ':20:' at line 1; MT940 needs ':20:' with ':25:' or ':60F:', or ':61:' statement lines with ':86:'"),
        .init(
            testDescription: ":61: and :86: that are not a statement line", text: ":61: see below\n:86: nothing\n",
            reason: "only ':86:' at line 2; MT940 needs ':20:' with ':25:' or ':60F:', or ':61:' statement lines with ':86:'"),
        .init(
            testDescription: "tags inside CSV cells", text: "date,memo,amount\n2024-03-01,:20: :25: :60F:,5.00\n",
            reason: "no MT940 field tags (':20:', ':25:', ':61:'…) at the start of a line"),
        .init(
            testDescription: "a BIC and 940 without fields", text: "COBADEFFXXX\n940\nDate;Amount\n",
            reason: "no MT940 field tags (':20:', ':25:', ':61:'…) at the start of a line"),
    ]

    @Test(arguments: negatives)
    func strayTagsAreNotMT940(_ c: NegativeCase) {
        #expect(MT940StatementReader.sniff(SniffInput(Array(c.text.utf8))) == .no(c.reason))
        #expect(StatementReaders.detect(Array(c.text.utf8)) != .mt940)
    }

    struct LineCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let line: String
        let kind: MT940Preamble?
    }

    static let lines: [LineCase] = [
        .init(testDescription: "BIC11", line: "COBADEFFXXX", kind: .bic),
        .init(testDescription: "BIC8 with spaces", line: "  ABNANL2A ", kind: .bic),
        .init(testDescription: "BIC with a digit in the location", line: "TESTNL2A", kind: .bic),
        .init(testDescription: "lower case is no BIC", line: "abnanl2a", kind: nil),
        .init(testDescription: "a word of nine letters is no BIC", line: "STATEMENT", kind: nil),
        .init(testDescription: "940", line: "940", kind: .messageType),
        .init(testDescription: "942", line: "942", kind: .messageType),
        .init(testDescription: "941 is no message type pfin reads", line: "941", kind: nil),
        .init(testDescription: ":940:", line: ":940:", kind: .messageTypeTag),
        .init(testDescription: "0000 01 record", line: "0000 01TESTNL2AXXXX00001", kind: .transmissionHeader),
        .init(testDescription: "0000 with two spaces", line: "0000  01ABNANL2AXXXX", kind: .transmissionHeader),
        .init(testDescription: "0000 without a BIC", line: "0000 0112345678", kind: nil),
    ]

    @Test(arguments: lines)
    func preambleLines(_ c: LineCase) {
        let bytes = Array(c.line.utf8)
        #expect(bytes.withUnsafeBufferPointer { MT940Preamble.classify($0) } == c.kind)
    }

    @Test func preambleAfterAClosingBalanceStartsTheNextMessage() throws {
        let one = ":20:A\n:25:ACC\n:60F:C240301EUR10,00\n:61:240301D1,00NTRFNONREF\n:62F:C240301EUR9,00\n"
        let two = ":20:B\n:25:ACC\n:60F:C240302EUR9,00\n:61:240302D2,00NTRFNONREF\n:62F:C240302EUR7,00\n"
        let result = try readMT940(one + "ABNANL2A\n940\n:940:\n" + two + "-\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.statements.map(\.ledgerBalance?.amount.decimalString) == ["9.00", "7.00"])
    }

    @Test func preambleShapedLinesInsideANarrativeStayText() throws {
        let text = mt940Statement(":61:240314D1,00NTRFNONREF\n:86:Payment to\nSUPERMAR\n940\n", closing: "C240315EUR999,00")
        let result = try readMT940(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.map(\.memo) == ["SUPERMAR 940"])
    }

    @Test func otherTextBeforeTheFieldsIsStillReported() throws {
        let result = try readMT940("Kontoauszug Maerz\n" + mt940Statement(""))
        #expect(result.codes == ["mt940.stray-text@1:1"])
    }
}
