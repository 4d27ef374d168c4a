import FinanceCore
import Foundation
import StatementFormats
import Testing

@testable import FuzzChecks

/// The QIF accounting property: it holds the real reader to "every transaction record an activity
/// or an error, every skipped section warned about", and says so when a reading loses a record.
struct QIFRecordAccountingTests {
    /// A bank record, an account list under AutoSwitch, an investment section (skipped), a bad
    /// record, an unknown header, a card record cut off by the end of the file.
    static let text = """
        !Option:AutoSwitch
        !Account
        NChecking
        TBank
        ^
        !Clear:AutoSwitch
        !Type:Bank
        D05/01/2024
        T-1.00
        PShop
        ^
        !Type:Invst
        D05/02/2024
        NBuy
        T100
        ^
        !Type:Bank
        Dnot a date
        T-2.00
        ^
        !Prices
        "AAPL",190.00,"05/03/24"
        ^
        !Type:CCard
        D05/04/2024
        T-3.00
        """

    static func read(_ text: String) -> (CollectingSink, [UInt8]) {
        let bytes = Array(text.utf8)
        let (sink, thrown) = StatementCheck.read(bytes, with: QIFStatementReader(), options: ReadOptions())
        #expect(thrown.isEmpty)
        return (sink, bytes)
    }

    @Test func theReaderAccountsForEveryRecordAndSection() throws {
        let (sink, bytes) = Self.read(Self.text)
        let layout = try #require(QIFRecordCheck.layout(bytes))
        #expect(layout.records.map(\.first) == [8, 18, 25])
        #expect(layout.skippedHeaders == [12, 21])
        #expect(layout.headerless == nil)
        #expect(sink.activities.map(\.source.line) == [8, 25])
        #expect(QIFRecordCheck.unaccounted(bytes, sink: sink) == [])
        #expect(StatementCheck.run(bytes, reader: .qif) == [])
    }

    @Test func aLostRecordIsFound() {
        var (sink, bytes) = Self.read(Self.text)
        sink.activities.removeLast()
        #expect(QIFRecordCheck.unaccounted(bytes, sink: sink) == ["the record of lines 25–26 is neither an activity nor has an error"])
    }

    @Test func aSilentlySkippedSectionIsFound() {
        var (sink, bytes) = Self.read(Self.text)
        sink.diagnostics.removeAll { $0.code == "qif.skipped-section" }
        #expect(QIFRecordCheck.unaccounted(bytes, sink: sink) == ["the section of line 12 is skipped without a warning there"])
    }

    @Test func anInventedActivityIsFound() {
        var (sink, bytes) = Self.read(Self.text)
        var extra = sink.activities[0]
        extra.source.line = 14
        sink.activities.append(extra)
        #expect(QIFRecordCheck.unaccounted(bytes, sink: sink) == ["an activity at line 14, which starts no transaction record"])
    }

    @Test func recordsBeforeAnyHeaderAreReadWithAWarning() throws {
        let (sink, bytes) = Self.read("\r\nD05/01/2024\r\nT-1.00\r\n^\r\n")
        #expect(try #require(QIFRecordCheck.layout(bytes)).headerless == 2)
        #expect(QIFRecordCheck.unaccounted(bytes, sink: sink) == [])
        #expect(sink.activities.count == 1)
    }
}
