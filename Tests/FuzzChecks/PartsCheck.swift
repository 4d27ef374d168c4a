import FinanceCore
import StatementFormats

/// Reading a file in parts on two threads (`PartReading`: CSV and JSON Lines) must give what
/// reading it in order gives: the same activities with the same ids, the same diagnostics,
/// statements and skipped lines, each in the same order.
enum PartsCheck {
    /// Every call a reading makes, but row balances (a reading in parts asks for none).
    struct Calls: ActivitySink {
        var activities: [PaymentActivity] = []
        var diagnostics: [String] = []
        var statements: [String] = []
        var skipped: [String] = []

        mutating func accept(_ activity: PaymentActivity) throws { activities.append(activity) }
        mutating func report(_ diagnostic: Diagnostic) throws { diagnostics.append(diagnostic.description) }
        mutating func statement(_ info: StatementInfo) throws { statements.append("\(info)") }
        mutating func skipped(_ lines: SkippedLines) throws { skipped.append("\(lines)") }
    }

    /// A part's activities, as its thread read them.
    final class Rows {
        var activities: [PaymentActivity] = []
    }

    final class Worker: PartWorker {
        private var rows: Rows?
        func start(_ part: AnyObject) { rows = part as? Rows }
        func accept(_ activity: consuming PaymentActivity) -> Bool {
            rows?.activities.append(activity)
            return rows != nil
        }
    }

    static func plan(partSize: Int) -> PartReading<Calls, Rows> {
        PartReading<Calls, Rows>(
            threads: 2, partSize: partSize, makeWorker: { _ in Worker() }, makePart: { Rows() },
            begin: { _, rows in rows.activities.removeAll() },
            adopt: { sink, rows, count, renumbered in
                var activities = rows.activities
                for (row, id) in renumbered.changed { activities[row].id = id }
                if activities.count != count { sink.diagnostics.append("a part said \(count) rows and held \(activities.count)") }
                sink.activities += activities
            })
    }

    /// A CSV file with the dialect detected, in parts of `partSize` bytes.
    static func differences(_ bytes: [UInt8], detection: DialectDetection, partSize: Int) -> [String] {
        let reader = CSVStatementReader()
        return compare(partSize: partSize) { sink, parts in
            try reader.read(ByteInput(bytes: bytes, displayName: FuzzTarget.inputName), detection: detection, options: ReadOptions(), into: &sink, parts: parts)
        }
    }

    /// A JSON Lines file in parts of `partSize` bytes.
    static func differences(jsonLines bytes: [UInt8], partSize: Int) -> [String] {
        let reader = JSONLinesReader()
        return compare(partSize: partSize) { sink, parts in
            try reader.read(ByteInput(bytes: bytes, displayName: FuzzTarget.inputName), options: ReadOptions(), into: &sink, parts: parts)
        }
    }

    /// Reads in order (`parts` nil) and in parts, and names what differs.
    private static func compare(partSize: Int, _ read: (inout Calls, PartReading<Calls, Rows>?) throws -> Void) -> [String] {
        var inOrder = Calls()
        var inParts = Calls()
        do {
            try read(&inOrder, nil)
            try read(&inParts, plan(partSize: partSize))
        } catch {
            return ["reading in order or in parts threw \(error)"]
        }
        var found: [String] = []
        if inOrder.activities != inParts.activities {
            let at =
                zip(inOrder.activities, inParts.activities).enumerated().first { $1.0 != $1.1 }?.offset
                ?? min(inOrder.activities.count, inParts.activities.count)
            found.append("in parts of \(partSize) bytes, activity \(at) differs (\(inOrder.activities.count) against \(inParts.activities.count))")
        }
        if inOrder.diagnostics != inParts.diagnostics { found.append("in parts of \(partSize) bytes, the diagnostics differ") }
        if inOrder.statements != inParts.statements { found.append("in parts of \(partSize) bytes, the statements differ") }
        if inOrder.skipped != inParts.skipped { found.append("in parts of \(partSize) bytes, the skipped lines differ") }
        return found
    }
}
