import Foundation
import Testing

/// Every writer keeps a text on its own line, whatever line breaks the reader gave it: a journal
/// whose description line is broken does not read in hledger, a QIF or OFX 1.x record is read a
/// line a field.
struct OneLineFieldsTests {
    /// A JSON Lines record whose texts hold LF, CRLF and CR.
    static let record =
        #"{"id":"a1","account":"Checking\n1234","date":"2024-05-03","name":"Whole\nFoods\r\nMarket","address":"1 Main St\nSpringfield","#
        + #""amount":"-54.20","currency":"USD","memo":"POS 0503\n   second line\rthird","type":"expense","category":"Food:\nGroceries","#
        + #""fitid":"F\n1","checkNumber":"12\n3","source":"x.csv:2"}"# + "\n"

    static func convert(to format: String) throws -> PfinProcess.Result {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-breaks-\(UUID().uuidString).jsonl")
        try Data(record.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        return try PfinProcess.run(["convert", input.path, "--to", format])
    }

    @Test("no line break inside a field", arguments: ["ledger", "beancount", "qif", "ofx", "ofx1"])
    func noLineBreakInsideAField(_ format: String) throws {
        let result = try Self.convert(to: format)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        for (start, end) in [("Whole", "Market"), ("POS 0503", "third"), ("1 Main St", "Springfield")] where result.stdout.contains(start) {
            let line = try #require(lines.first { $0.contains(start) })
            #expect(line.contains(end), "\(format): '\(start)' and '\(end)' on one line, not \(line)")
        }
        #expect(!lines.contains { $0.hasPrefix("   second") || $0.hasPrefix("Foods") || $0.hasPrefix("Groceries") })
    }

    @Test("hledger reads the journal", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger")))
    func hledgerReadsIt() throws {
        let journal = try Self.convert(to: "ledger")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-breaks-\(UUID().uuidString).journal")
        try Data(journal.stdout.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hledger")
        process.arguments = ["-f", file.path, "-s", "print"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(complaint)")
        #expect(printed.contains("Whole Foods Market | POS 0503"))
    }
}
