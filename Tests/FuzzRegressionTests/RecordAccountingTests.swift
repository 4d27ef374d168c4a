import FinanceCore
import Foundation
import Testing

@testable import FuzzChecks

/// The JSON Lines accounting property holds a reader to "one activity or one error per line with
/// text", and says so when a reading loses a line or invents one.
struct RecordAccountingTests {
    static let bytes = Array("\u{FEFF}{\"date\":\"2024-05-03\"}\n \t\r\n{oops\n\n{\"date\":\"2024-05-04\"}".utf8)

    static func activity(_ line: Int) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: UInt64(line)), account: nil, date: LocalDate(year: 2024, month: 5, day: 3)!, name: "x",
            amount: Money(units: 100, scale: 2), source: SourceLocation(file: "bank.csv", line: line))
    }

    static func error(at line: Int) -> Diagnostic {
        Diagnostic(.error, code: "jsonl.test", at: SourceLocation(file: FuzzTarget.inputName, line: line), "bad")
    }

    @Test func aLineWithTextIsAnActivityOrAnError() {
        var sink = CollectingSink()
        sink.activities = [Self.activity(1), Self.activity(5)]
        sink.diagnostics = [Self.error(at: 3)]
        #expect(JSONLinesRecordCheck.unaccounted(Self.bytes, sink: sink) == [])
    }

    @Test func aLostLineIsFound() {
        var sink = CollectingSink()
        sink.activities = [Self.activity(1)]
        sink.diagnostics = [Self.error(at: 3)]
        #expect(JSONLinesRecordCheck.unaccounted(Self.bytes, sink: sink).count == 1)
    }

    @Test func anErrorOnABlankLineIsFound() {
        var sink = CollectingSink()
        sink.activities = [Self.activity(1), Self.activity(5)]
        sink.diagnostics = [Self.error(at: 2)]
        #expect(JSONLinesRecordCheck.unaccounted(Self.bytes, sink: sink).contains("an error on line 2, which is blank or not there"))
    }
}
