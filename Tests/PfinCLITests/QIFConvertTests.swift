import Foundation
import Testing

/// `pfin convert` with QIF in and out, as a user runs it.
struct QIFConvertTests {
    @Test func qifIsDetectedAndConvertsToQIFAndBackThroughAPipe() throws {
        let direct = try PfinProcess.run(["convert", Repository.sample("us-quicken-export.qif"), "--currency", "USD"])
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(direct.stderr.isEmpty)
        #expect(direct.stdout.split(separator: "\n").count == 28)

        let qif = try PfinProcess.run(["convert", Repository.sample("us-quicken-export.qif"), "--to", "qif"])
        #expect(qif.status == 0)
        #expect(qif.stdout.hasPrefix("!Account\nNEveryday Checking\nTBank\n^\n!Type:Bank\nD05/01/2024\nT2150.00\n"))
        let back = try PfinProcess.run(["convert", "-", "--currency", "USD"], stdin: qif.stdoutBytes)
        #expect(back.status == 0, "\(back.stderr)")
        func withoutIDsAndSources(_ text: String) -> [String] {
            text.split(separator: "\n").map {
                $0.replacingOccurrences(of: #""id":"[0-9a-f]{16}","#, with: "", options: .regularExpression)
                    .replacingOccurrences(of: #","source":"[^"]*""#, with: "", options: .regularExpression)
                    // QIF has no field for the bank's text: only the clean name goes through it.
                    .replacingOccurrences(of: #","rawName":"[^"]*""#, with: "", options: .regularExpression)
            }
        }
        #expect(withoutIDsAndSources(back.stdout) == withoutIDsAndSources(direct.stdout))
    }

    @Test func writingQIFWithoutCurrencyWarnsAfterwards() throws {
        let result = try PfinProcess.run(["convert", Repository.sample("de-dkb-giro.csv"), "--to", "qif"])
        #expect(result.status == 0)
        #expect(result.stderr == "pfin: warning: QIF has no currency: amounts were written without theirs; read the file back with --currency CODE\n")
    }

    @Test func badRecordsAreReportedWithLocationsAndExitOne() throws {
        let file = "Tests/StatementFormatsTests/Fixtures/qif/bad-records.qif"
        let result = try PfinProcess.run(["convert", file])
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            errors.map(String.init) == [
                "\(file):2:2: error: expected a date like 05/03'24 or 05/03/2024 (read as mm/dd/yyyy), found '02/30/2024'; the record starting on line 2 is skipped",
                "\(file):7:2: error: expected an amount like -1,234.56 in the 'T' field, found '-1O.00'; the record starting on line 6 is skipped",
                "\(file):10:1: error: the record starting here has no date ('D' line); it is skipped",
                "\(file):13:1: error: the record starting here has no amount ('T' line); it is skipped",
            ])
        #expect(result.stdout.split(separator: "\n").count == 1)
    }
}
