import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// The QIF reader on the sample export and on the fixtures: records, splits, transfers, accounts,
/// encodings, and every kind of bad input.
@Suite struct QIFReaderTests {
    @Test func sampleGivesEveryRecordAndSplitWithExactSumsPerAccount() throws {
        let result = try readDetected(Repository.sample("us-quicken-export.qif"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.activities.count == 28)
        var totals: [String: Money] = [:]
        for a in result.activities { totals[a.account ?? "∅"] = totals[a.account ?? "∅"].map { $0.adding(a.amount)! } ?? a.amount }
        #expect(totals.mapValues(\.decimalString) == ["Everyday Checking": "-215.82", "Visa Signature": "-447.02"])
        #expect(result.activities.filter { $0.account == "Everyday Checking" }.count == 15)
        #expect(result.activities.filter { $0.type == .transfer }.count == 3)
    }

    @Test func commentLinesAreSkippedAndSplitsKeepTheTransactionsDate() throws {
        let result = try readDetected(Repository.fixtures.appendingPathComponent("quirks/qif/comment-lines-and-split-dates.qif").path)
        #expect(result.activities.map(\.date.description) == ["2024-03-01", "2024-03-05", "2024-03-05"], "the split's D2/05'2024 is not used")
        #expect(result.diagnostics.map(\.code) == ["qif.lenient.comment-lines", "qif.lenient.split-date"])
        #expect(result.diagnostics.map(\.location.line) == [1, 17])
    }

    @Test func sampleFieldsOfAPlainRecordACheckASplitAndBothSidesOfATransfer() throws {
        let a = try readDetected(Repository.sample("us-quicken-export.qif")).activities
        try #require(a.count == 28)
        #expect(fields(a[0]) == "2024-05-01|Northwind Logistics Payroll|2150.00|∅|income|Everyday Checking|∅|Semi-monthly salary|Income:Salary|∅|∅")
        #expect(a[0].source == SourceLocation(file: Repository.sample("us-quicken-export.qif"), line: 18, column: 1))
        #expect(
            fields(a[1])
                == "2024-05-02|Maple Court Property Mgmt|-1850.00|∅|expense|Everyday Checking|1402 Maple Court, Portland, OR 97205|May rent, unit 4B|Housing:Rent|∅|1046"
        )
        // `NATM`: a code, not a check number; the record has its own memo.
        #expect(fields(a[3]) == "2024-05-06|ATM Withdrawal|-60.00|∅|expense|Everyday Checking|∅|Hawthorne Blvd branch|Cash|∅|∅")
        #expect(fields(a[4]) == "2024-05-08|Greenleaf Market|-248.19|∅|expense|Everyday Checking|∅|Groceries|Food:Groceries|∅|∅")
        #expect(fields(a[5]) == "2024-05-08|Greenleaf Market|-64.45|∅|expense|Everyday Checking|∅|Prescription refill|Health:Pharmacy|∅|∅")
        #expect(a[4].id.value >> 12 == a[5].id.value >> 12)
        #expect(a[4].id.value & 0xFFF == 1 && a[5].id.value & 0xFFF == 2)
        #expect(a[4].source == a[5].source)
        // `NXFER` and no memo: the code becomes the memo.
        #expect(fields(a[7]) == "2024-05-13|Transfer to Rainy Day Savings|-500.00|∅|transfer|Everyday Checking|∅|XFER|Transfers:Rainy Day Savings|∅|∅")
        #expect(
            fields(a[9]) == "2024-05-20|Visa Signature Payment|-1284.30|∅|transfer|Everyday Checking|∅|Statement closing 05/14|Transfers:Visa Signature|∅|∅")
        #expect(fields(a[24]) == "2024-05-20|Payment - Thank You|1284.30|∅|transfer|Visa Signature|∅|∅|Transfers:Everyday Checking|∅|∅")
        // `LAuto:Fuel/Business`: the class is dropped.
        #expect(fields(a[16]) == "2024-05-04|Pacific Fuel Stop|-123.45|∅|expense|Visa Signature|∅|Pump 6|Auto:Fuel|∅|∅")
    }

    @Test func accountAndCurrencyOptionsApply() throws {
        let result = try readDetected(
            Repository.sample("us-quicken-export.qif"),
            options: ReadOptions(account: "Household", currency: CurrencyCode("USD")))
        #expect(result.activities.allSatisfy { $0.account == "Household" && $0.currency?.description == "USD" })
    }

    /// `$` is a sign several dollars share: `--currency` names the one it is.
    @Test func aDollarSignYieldsToTheCurrencyOption() throws {
        let text = "!Type:Bank\nD04/01/2024\nT-$45.20\nPShop\n^\nD04/02/2024\nT12.00\nPRefund\n^\n"
        let told = try readQIF(Array(text.utf8), options: ReadOptions(currency: CurrencyCode("CAD")))
        #expect(told.activities.map { $0.currency?.description } == ["CAD", "CAD"])
        let untold = try readQIF(Array(text.utf8))
        #expect(untold.activities.map { $0.currency?.description } == ["USD", nil])
    }

    @Test func dayFirstDatesAndDecimalCommaAreDecidedFromTheFile() throws {
        let result = try readQIFFixture("dd-mm-decimal-comma.qif")
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.activities.map(fields) == [
                "2024-05-03|Hausverwaltung Lindenhof|-1234.56|∅|expense|∅|∅|Miete Mai|Wohnen:Miete|∅|∅",
                "2024-05-15|Musterfirma GmbH|2500.00|∅|income|∅|∅|Gehalt|Einkommen:Gehalt|∅|∅",
                "2024-06-07|Bäckerei Kornblume|-12.50|∅|expense|∅|∅|∅|∅|∅|∅",
            ])
    }

    @Test func windows1252IsDecodedWhenTheBytesAreNotUTF8() throws {
        let result = try readQIFFixture("windows-1252.qif")
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.activities.map(fields) == [
                "2024-06-14|Café Lumière|-48.90|∅|expense|∅|∅|Petit-déjeuner €|Restaurants|∅|∅",
                "2024-06-15|Müller Drogerie|-19.99|∅|expense|∅|∅|∅|∅|∅|∅",
            ])
    }

    @Test func badDatesAmountsAndIncompleteRecordsAreLocatedErrors() throws {
        let result = try readQIFFixture("bad-records.qif")
        #expect(
            located(result.diagnostics) == [
                "2:2: error: expected a date like 05/03'24 or 05/03/2024 (read as mm/dd/yyyy), found '02/30/2024'; the record starting on line 2 is skipped",
                "7:2: error: expected an amount like -1,234.56 in the 'T' field, found '-1O.00'; the record starting on line 6 is skipped",
                "10:1: error: the record starting here has no date ('D' line); it is skipped",
                "13:1: error: the record starting here has no amount ('T' line); it is skipped",
            ])
        #expect(result.diagnostics.allSatisfy { $0.notes.count == 1 })
        #expect(result.activities.map(fields) == ["2024-05-17|Good one|-7.25|∅|expense|∅|∅|∅|∅|∅|∅"])
        #expect(result.diagnostics[0].description.hasPrefix(Repository.fixtures.path + "/qif/bad-records.qif:2:2: error: "))
    }

    @Test func aLastRecordWithoutCaretIsStillRead() throws {
        let result = try readQIFFixture("no-final-caret.qif")
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.activities.map(fields) == [
                "2024-05-13|Corner Coffee|-3.50|∅|expense|∅|∅|∅|∅|∅|∅",
                "2024-05-14|Corner Coffee|-4.25|∅|expense|∅|∅|∅|∅|∅|∅",
            ])
    }

    @Test func otherSectionsAreSkippedWithOneWarningEach() throws {
        let result = try readQIFFixture("invst-section.qif")
        #expect(
            located(result.diagnostics) == [
                "5:1: warning: skipping the '!Type:Invst' section: pfin reads bank, credit card, cash and other asset/liability transactions only",
                "27:1: warning: the '!Type:Cat' section is a category list, not transactions: no category in the file's category lists is marked income ('I'), so pfin takes nothing from them",
            ])
        #expect(
            result.activities.map(fields) == [
                "2024-05-15|City Parking|-20.00|∅|expense|Checking|∅|∅|∅|∅|∅",
                "2024-05-16|Mortgage Principal|-250.00|∅|expense|Checking|∅|∅|∅|∅|∅",
            ])
    }

    @Test func splitsThatMissTheTotalGetTheRestAsASplitOfItsOwn() throws {
        let result = try readQIFFixture("split-mismatch.qif")
        #expect(
            located(result.diagnostics) == [
                "2:1: warning: the splits of this record add up to -90.00, its total ('T') is -100.00; the -10.00 left is read as a split of its own, without a category, as Quicken keeps it"
            ])
        #expect(
            result.activities.map(fields) == [
                "2024-05-20|Hardware Barn|-60.00|∅|expense|∅|∅|Lumber|Home:Repairs|∅|∅",
                "2024-05-20|Hardware Barn|-30.00|∅|expense|∅|∅|Weekend project|Home:Garden|∅|∅",
                "2024-05-20|Hardware Barn|-10.00|∅|expense|∅|∅|Weekend project|∅|∅|∅",
            ])
        let ids = result.activities.map(\.id.value)
        #expect(ids.map { $0 & 0xFFF } == [1, 2, 3], "the rest is numbered after the record's splits")
        #expect(Set(ids.map { $0 >> 12 }).count == 1)
    }

    @Test func splitsThatAddUpKeepTheirIDs() throws {
        let lines = ["!Type:Bank", "D05/20/2024", "T-90.00", "PHardware Barn", "SHome:Repairs", "$-60.00", "SHome:Garden", "$-30.00", "^"]
        let short = lines.map { $0 == "T-90.00" ? "T-100.00" : $0 }
        let whole = try readQIF(lines)
        #expect(whole.diagnostics.isEmpty)
        #expect(whole.activities.map { $0.id.value & 0xFFF } == [1, 2])
        #expect(try readQIF(lines).activities.map(\.id) == whole.activities.map(\.id))
        #expect(try readQIF(short).activities.count == 3)
    }

    @Test func anUnreadableSplitAmountIsWhatTheTotalLeaves() throws {
        // The QIF spec's own sample writes `$=746.36`.
        let result = try readQIF([
            "!Type:Bank", "D6/1/94", "T-1,000.00", "PBank Of Mortgage", "S[Savings]", "$-253.64", "SMort Int", "$=746.36", "^",
        ])
        #expect(
            located(result.diagnostics) == [
                "8:2: warning: split 2 has an amount that cannot be read ('$=746.36'); read as -746.36, what the total ('T' -1000.00) leaves after the other splits"
            ])
        #expect(result.activities.map(\.amount.decimalString) == ["-253.64", "-746.36"])
        #expect(result.activities.map { $0.category ?? "∅" } == ["Transfers:Savings", "Mort Int"])
    }

    @Test(arguments: [
        ("no total", ["!Type:Bank", "D6/1/94", "PShop", "SA", "$-1.00", "SB", "$=2.00", "^"]),
        ("two unreadable", ["!Type:Bank", "D6/1/94", "T-3.00", "PShop", "SA", "$=1.00", "SB", "$=2.00", "^"]),
    ])
    func anUnreadableSplitAmountTheTotalCannotTellIsAnError(name: String, lines: [String]) throws {
        let result = try readQIF(lines)
        #expect(result.activities.isEmpty, "\(name)")
        #expect(!result.diagnostics.isEmpty && result.diagnostics.allSatisfy { $0.severity == .error && $0.code == "qif.bad-amount" }, "\(name)")
    }

    @Test func aSplitWithoutAmountIsWhatTheTotalLeaves() throws {
        let result = try readQIF(["!Type:Bank", "D05/20/2024", "T-10.00", "PShop", "SA", "$-4.00", "SB", "^"])
        #expect(
            located(result.diagnostics) == [
                "7:1: warning: split 2 has no amount ('$' line); read as -6.00, what the total ('T' -10.00) leaves after the other splits"
            ])
        #expect(result.activities.map(\.amount.decimalString) == ["-4.00", "-6.00"])
        #expect(result.activities.map { $0.category ?? "∅" } == ["A", "B"])
    }

    @Test func aSplitWithoutAmountThatTheTotalLeavesNothingIsNoTransaction() throws {
        // A category kept for its memo, its `$` line left out rather than written `$0.00`.
        let result = try readQIF(["!Type:Bank", "D05/20/2024", "T-10.00", "PShop", "SA", "$-10.00", "SPledge", "EFor May", "^"])
        #expect(located(result.diagnostics).map { $0.hasSuffix("leaves after the other splits: no transaction") } == [true])
        #expect(result.activities.map(\.amount.decimalString) == ["-10.00"])
    }

    @Test func twoSplitsWithoutAmountAreErrors() throws {
        let result = try readQIF(["!Type:Bank", "D05/20/2024", "T-10.00", "PShop", "SA", "$-4.00", "SB", "SC", "^"])
        #expect(
            located(result.diagnostics) == [
                "7:1: error: split 2 of this record has no amount ('$' line); the split is skipped",
                "8:1: error: split 3 of this record has no amount ('$' line); the split is skipped",
            ])
        #expect(result.activities.map(\.amount.decimalString) == ["-4.00"])
    }

    @Test func autoSwitchAccountListsDoNotNameTheAccount() throws {
        let lines = [
            "!Option:AutoSwitch", "!Account", "NListed Only", "TBank", "^", "!Clear:AutoSwitch",
            "!Account", "NJoint Checking", "TBank", "^", "!Type:Bank", "D05/14/2024", "T-1.00", "PA", "^",
            "!Account", "NPlatinum Card", "TCCard", "!Type:CCard", "D05/15/2024", "T-2.00", "PB", "^",
        ]
        #expect(try readQIF(lines).activities.map { $0.account ?? "∅" } == ["Joint Checking", "Platinum Card"])
        let overridden = try readQIF(lines, options: ReadOptions(account: "Mine"))
        #expect(overridden.activities.map { $0.account ?? "∅" } == ["Mine", "Mine"])
    }

    @Test func anAutoSwitchNeverClearedStillNamesEachSection() throws {
        let lines = [
            "!Option:AutoSwitch", "!Account", "NSavings", "TBank", "^", "!Type:Bank", "D05/14/2024", "T1.00", "^",
            "!Account", "NCard", "TCCard", "^", "!Type:CCard", "D05/15/2024", "T-2.00", "^",
        ]
        #expect(try readQIF(lines).activities.map { $0.account ?? "∅" } == ["Savings", "Card"])
    }

    @Test func identicalRecordsOnOneDayStayTwoWithStableIDs() throws {
        let lines = ["!Type:Cash", "D05/14/2024", "T-3.50", "PCoffee", "^", "D05/14/2024", "T-3.50", "PCoffee", "^"]
        let once = try readQIF(lines).activities.map(\.id)
        #expect(once.count == 2 && once[0] != once[1])
        #expect(try readQIF(lines).activities.map(\.id) == once)
        #expect(try readQIF(lines, name: "renamed.qif").activities.map(\.id) == once, "the file name is not in the id")
    }

    @Test func fieldsOfOneRecord() throws {
        let result = try readQIF([
            "!Type:Bank", "D 1/ 5'24", "U-1,234.5", "CR", "N0107", "P  Padded Payee  ", "MMemo",
            "A1 Main St", "A", "ASpringfield", "L/Business", "^",
            "D12/31'23", "T0.00", "NDEP", "L[ Savings ]/Joint", "^",
        ])
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.activities.map(fields) == [
                "2024-01-05|Padded Payee|-1234.50|∅|expense|∅|1 Main St, Springfield|Memo|∅|∅|0107",
                "2023-12-31||0.00|∅|transfer|∅|∅|DEP|Transfers:Savings|∅|∅",
            ])
    }

    @Test func unknownFieldsWarnOncePerLetterAndHeadersAreChecked() throws {
        let result = try readQIF([
            "D05/14/2024", "T-1.00", "Xone", "Xtwo", "Kk", "^", "!Budget", "D05/15/2024", "T-2.00", "^",
            "!type:bank", "D05/16/2024", "T-3.00", "^",
        ])
        #expect(
            located(result.diagnostics) == [
                "1:1: warning: records before any '!Type:' line are read as '!Type:Bank'",
                "3:1: warning: unknown field 'X' ignored (reported once per letter)",
                "5:1: warning: unknown field 'K' ignored (reported once per letter)",
                "7:1: warning: unknown QIF header '!Budget'; its records are skipped",
            ])
        #expect(result.activities.map(\.amount.decimalString) == ["-1.00", "-3.00"])
    }

    @Test func contradictoryDatesWarnOnceAndFailOneByOne() throws {
        let result = try readQIF(["!Type:Bank", "D05/14/2024", "T-1.00", "^", "D05/20/2024", "T-2.00", "^", "D25/05/2024", "T-3.00", "^"])
        #expect(
            located(result.diagnostics) == [
                "1: warning: the dates fit no single order of day and month: line 8 reads only as day/month, line 2 only as month/day; read as mm/dd/yyyy, as most dates need",
                "8:2: error: expected a date like 05/03'24 or 05/03/2024 (read as mm/dd/yyyy), found '25/05/2024'; the record starting on line 8 is skipped",
            ])
        #expect(result.activities.count == 2)
    }

    @Test func anOptionLineOrTheDateFormatFlagPinsTheDateOrder() throws {
        let result = try readQIF(["!Option:DMY", "!Type:Bank", "D05/04/2024", "T-1.00", "^"])
        #expect(result.activities.map(\.date.description) == ["2024-04-05"])
        var profile = CSVProfile()
        profile.dateFormat = DateFormat("mm/dd/yyyy")
        profile.decimalMark = UInt8(ascii: ",")
        let pinned = try readQIF(["!Option:DMY", "!Type:Bank", "D05/04/2024", "T-1.000", "^"], options: ReadOptions(csvProfile: profile))
        #expect(
            pinned.activities.map { "\($0.date) \($0.amount.decimalString)" } == ["2024-05-04 -1000.00"],
            "a comma decimal mark makes the dot a thousands separator")
    }

    @Test func invalidUTF8InAUTF8FileIsAWarningOnItsLine() throws {
        // Mostly good UTF-8 (three accented letters) with one damaged byte: still UTF-8, not Windows-1252.
        var bytes = Array("!Type:Bank\nD05/14/2024\nT-1.00\nPCaf\u{E9} cr\u{E8}me br\u{FB}l\u{E9}e\n^\nD05/15/2024\nT-2.00\nPBad ".utf8)
        bytes += [0xFF]
        bytes += Array("\n^\n".utf8)
        let result = try readQIF(bytes)
        #expect(located(result.diagnostics) == ["8:1: warning: text is not valid UTF-8; the bad bytes were replaced with U+FFFD"])
        #expect(result.activities.map(\.name) == ["Café crème brûlée", "Bad \u{FFFD}"])
    }

    @Test func binaryEmptyAndOverlongInputsAreErrorsNotCrashes() throws {
        #expect(located(try readQIF(Array("!Type:Bank\nD\0\0\n".utf8)).diagnostics) == ["2: error: the file contains NUL bytes; expected QIF text"])
        #expect(located(try readQIF([UInt8]()).diagnostics) == ["1: error: the file is empty; expected a QIF statement starting with '!Type:'"])
        let long = "!Type:Bank\nD05/14/2024\nT-1.00\nP" + String(repeating: "x", count: 300) + "\n^\nD05/15/2024\nT-2.00\n^\n"
        let result = try readQIF(Array(long.utf8), maximumLineBytes: 100, chunkSize: 64)
        #expect(located(result.diagnostics) == ["4:1: error: line longer than 100 bytes; expected a QIF field, skipped to the end of the line"])
        #expect(result.activities.map(\.amount.decimalString) == ["-1.00", "-2.00"])
    }

    @Test(arguments: [1, 2, 7, 64, 4096])
    func chunkBoundariesDoNotChangeTheResult(_ chunkSize: Int) throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Repository.sample("us-quicken-export.qif"))))
        let whole = try readQIF(bytes)
        let chunked = try readQIF(bytes, chunkSize: chunkSize)
        #expect(chunked.activities == whole.activities)
        #expect(chunked.diagnostics.isEmpty)
        let latin = try Array(Data(contentsOf: Repository.fixtures.appendingPathComponent("qif/windows-1252.qif")))
        #expect(try readQIF(latin, chunkSize: chunkSize).activities == (try readQIF(latin)).activities)
    }

    @Test func classicMacLineEndsAreLineEnds() throws {
        let result = try readQIF(Array("!Type:Bank\rD05/14/2024\rT-1.00\rPOld Mac\r^\rD05/15/2024\rT2.00\r^\r".utf8), chunkSize: 5)
        #expect(result.diagnostics.isEmpty)
        #expect(result.activities.map(fields) == ["2024-05-14|Old Mac|-1.00|∅|expense|∅|∅|∅|∅|∅|∅", "2024-05-15||2.00|∅|income|∅|∅|∅|∅|∅|∅"])
        #expect(result.activities.map(\.source.line) == [2, 6])
    }

    @Test func sniffWantsAHeaderFirst() {
        #expect(QIFStatementReader.sniff(Array("!Type:Bank\r\nD05/14/2024".utf8)) == 95)
        #expect(QIFStatementReader.sniff([0xEF, 0xBB, 0xBF] + Array("\n  !Account\nNChecking".utf8)) == 95)
        #expect(QIFStatementReader.sniff(Array("!option:AutoSwitch\n".utf8)) == 95)
        #expect(QIFStatementReader.sniff(Array("Date,Amount\n!Type:Bank\n".utf8)) == 0)
        #expect(QIFStatementReader.sniff(Array("D05/14/2024\nT-1.00\n^\n".utf8)) == 0)
        #expect(StatementReaders.detect(Array("!Type:CCard\n".utf8)) == .qif)
    }
}
