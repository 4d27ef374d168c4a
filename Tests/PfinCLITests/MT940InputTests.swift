import Foundation
import Testing

/// `pfin convert` reads MT940 end to end: detected by content whatever the file's name, `--from
/// mt940` and `--account`, errors printed compiler-style with the exit status of other readers.
struct MT940InputTests {
    static let sample = Repository.sample("de-mt940-commerzbank.sta")

    @Test func sampleIsDetectedAndConverted() throws {
        let detected = try PfinProcess.run(["convert", Self.sample])
        #expect(detected.status == 0, "\(detected.stderr)")
        #expect(detected.stderr.isEmpty)
        let lines = detected.stdout.split(separator: "\n")
        #expect(lines.count == 20)
        #expect(lines.first?.hasPrefix(#"{"id":""#) == true)
        #expect(
            lines.first?.contains(
                #""account":"30040000/0612345600","date":"2023-12-27","name":"Stadtwerke Lindenau Energie GmbH","address":null,"amount":"-54.37","currency":"EUR","memo":"Rechnung Dezember 2023 Kd-Nr. 7712003 Strom","type":"expense","category":null,"fitid":"RW-2023-12-8841","checkNumber":null,"source":"Samples/de-mt940-commerzbank.sta:5"}"#
            ) == true)
        let named = try PfinProcess.run(["convert", "--from", "mt940"], stdin: try Data(contentsOf: Repository.root.appendingPathComponent(Self.sample)))
        #expect(named.status == 0)
        #expect(named.stdout.replacingOccurrences(of: "<stdin>", with: Self.sample) == detected.stdout)
    }

    @Test func accountOptionAndLedgerOutput() throws {
        let result = try PfinProcess.run(["convert", Self.sample, "--account", "Giro", "--to", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { $0.split(separator: ",")[1] == "Giro" })
    }

    @Test func badStatementLineIsReportedAndTheRestConverted() throws {
        let result = try PfinProcess.run(["convert", Repository.fixture("bad-mark.sta")])
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(
            result.stderr == """
                Tests/PfinCLITests/Fixtures/bad-mark.sta:4:11: error: expected a debit/credit mark C, D, RC or RD in the :61: statement line, found 'X'
                Tests/PfinCLITests/Fixtures/bad-mark.sta:4:11: note: the transaction was skipped; a :61: line reads like '2403150315D1234,56NTRFNONREF//BANKREF'
                pfin: 1 error; skipped the bad rows and wrote the other 1 transaction to standard output

                """)
    }
}
