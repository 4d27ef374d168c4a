import Foundation
import Testing

/// `pfin convert --to ledger` and `--to beancount` end to end, on a sample with the sample rules.
struct JournalOutputTests {
    @Test("journal output is stable", arguments: [("ledger", "us-checking-chase.journal"), ("beancount", "us-checking-chase.beancount")])
    func stable(_ format: String, _ golden: String) throws {
        let result = try PfinProcess.run([
            "convert", Repository.sample("us-checking-chase.csv"), "--rules", "Samples/rules.pfin",
            "--currency", "USD", "--account", "Chase Checking", "--to", format,
        ])
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

/// Balance assertions and card accounts in the journals.
struct JournalBalanceTests {
    @Test func ledgerAssertsEachClosingBalanceAfterBookingTheOpening() throws {
        let result = try PfinProcess.run(["convert", Repository.sample("de-mt940-commerzbank.sta"), "--to", "ledger"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                """
                2023-12-22 * Opening balance
                    ; source: Samples/de-mt940-commerzbank.sta:1
                    Assets:Bank:30040000/0612345600                  1843.27 EUR
                    Equity:Opening Balances                         -1843.27 EUR

                2023-12-29 * Closing balance
                    ; source: Samples/de-mt940-commerzbank.sta:1
                    Assets:Bank:30040000/0612345600                     0.00 EUR = 3987.62 EUR

                """))
        #expect(
            result.stdout.contains(
                """
                2024-01-03 * Closing balance
                    ; source: Samples/de-mt940-commerzbank.sta:50
                    Assets:Bank:30040000/0612345600                     0.00 EUR = 3514.63 EUR

                """))
        #expect(result.stdout.components(separatedBy: "Opening balance").count == 2, "one opening per account")
    }

    @Test func beancountChecksTheDayAfter() throws {
        let result = try PfinProcess.run(["convert", Repository.sample("us-checking-ofx102.ofx"), "--to", "beancount"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                """
                2024-02-01 balance Assets:Bank:7730012345  3246.83 USD
                  source: "Samples/us-checking-ofx102.ofx:
                """))
        // No opening stated: closing less the transactions, on the day of the first one.
        #expect(
            result.stdout.contains(
                """
                2024-01-02 * "Opening balance" ""
                """))
        #expect(result.stdout.contains("  Assets:Bank:7730012345                             2847.16 USD\n"))
    }

    @Test(
        "card statements post to a liability",
        arguments: [
            ("us-creditcard.qfx", "Liabilities:Card:4111111111111111"),
            ("us-quicken-export.qif", "Liabilities:Card:Visa Signature"),
            ("us-card-apple.csv", "Liabilities:Card:Unnamed"),
        ])
    func cardsAreLiabilities(_ sample: String, _ account: String) throws {
        let result = try PfinProcess.run(["convert", Repository.sample(sample), "--currency", "USD", "--to", "ledger"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\n    \(account) "))
        #expect(!result.stdout.contains(account.replacingOccurrences(of: "Liabilities:Card:", with: "Assets:Bank:")))
    }

    /// OFX `ACCTTYPE CREDITLINE` (a line of credit; csv2ofx writes it for credit cards) in a bank
    /// statement: a liability like a card in journals and QIF, and still a bank statement in OFX.
    @Test(
        "a CREDITLINE account is a liability",
        arguments: [
            ("ledger", "\n    Liabilities:Card:5500111122223333 "), ("beancount", "Liabilities:Card:5500111122223333"),
            ("qif", "!Type:CCard\n"), ("ofx", "<ACCTTYPE>CREDITLINE</ACCTTYPE>"),
        ])
    func creditLine(_ format: String, _ mark: String) throws {
        let ofx = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102
            SECURITY:NONE
            ENCODING:USASCII
            CHARSET:1252
            COMPRESSION:NONE
            OLDFILEUID:NONE
            NEWFILEUID:NONE

            <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>CAD
            <BANKACCTFROM><BANKID>0<ACCTID>5500111122223333<ACCTTYPE>CREDITLINE</BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20240101<DTEND>20240131
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240110<TRNAMT>-36.33<FITID>a1<NAME>Grocery Mart</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("creditline-\(UInt32.random(in: 0...UInt32.max)).ofx")
        try ofx.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try PfinProcess.run(["convert", file.path, "--to", format])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(mark))
        #expect(!result.stdout.contains("Assets:Bank"))
    }

    /// A card CSV (amounts inverted by detection, or a profile's `account-type card`) is a card
    /// from its first posting on, in every writer that knows card accounts.
    @Test(
        "a card CSV is a card account",
        arguments: [
            ("beancount", "Liabilities:Card:Unnamed"), ("ofx", "<CCSTMTRS>"), ("qif", "!Type:CCard\n"),
        ])
    func cardCSV(_ format: String, _ mark: String) throws {
        let result = try PfinProcess.run(["convert", Repository.sample("us-card-apple.csv"), "--to", format])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(mark))
        #expect(!result.stdout.contains("Assets:Bank"))
    }

    @Test func accountTypeCardInAProfileMakesACardAccount() throws {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("card-\(UInt32.random(in: 0...UInt32.max)).profile")
        try "account-type card\naccount \"Visa Gold\"\n".write(to: profile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: profile) }
        let result = try PfinProcess.run([
            "convert", Repository.sample("us-checking-chase.csv"), "--profile", profile.path,
            "--currency", "USD", "--to", "ledger",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\n    Liabilities:Card:Visa Gold "))
        #expect(!result.stdout.contains("Assets:Bank"))
    }
}
