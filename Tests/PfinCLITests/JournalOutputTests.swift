import Foundation
import Testing

/// `pfin convert --to ledger` and `--to beancount` end to end, on a sample with the sample rules.
struct JournalOutputTests {
    @Test("journal output is stable", arguments: [("ledger", "us-checking-chase.journal"), ("beancount", "us-checking-chase.beancount")])
    func stable(_ format: String, _ golden: String) throws {
        let result = try PfinProcess.run(["convert", Repository.sample("us-checking-chase.csv"), "--rules", "Samples/rules.pfin",
                                          "--currency", "USD", "--account", "Chase Checking", "--to", format])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "a currency was given, so no warning")
        Golden.check(result.stdout, "output/\(golden)")
    }

    @Test("one transaction per activity, the ids as metadata", arguments: ["ledger", "beancount"])
    func oneTransactionPerActivity(_ format: String) throws {
        let sample = Repository.sample("multi-account-ofx2.ofx")
        let jsonl = try PfinProcess.run(["convert", sample])
        let journal = try PfinProcess.run(["convert", sample, "--to", format])
        #expect(journal.status == 0, "\(journal.stderr)")
        let ids = jsonl.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #""id":""#) else { return nil }
            return String(line[range.upperBound...].prefix(16))
        }
        let tagged = journal.stdout.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            for prefix in ["; id: ", "id: \""] where text.hasPrefix(prefix) { return String(text.dropFirst(prefix.count).prefix(16)) }
            return nil
        }
        #expect(!ids.isEmpty)
        #expect(tagged == ids)
    }

    @Test func unknownCurrencyIsWrittenAsXXXWithAWarning() throws {
        let result = try PfinProcess.run(["convert", Repository.sample("us-checking-chase.csv"), "--to", "beancount"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(" XXX\n"))
        #expect(result.stderr.contains("pfin: warning: 23 transactions have no currency; written with the commodity XXX"))
    }
}
