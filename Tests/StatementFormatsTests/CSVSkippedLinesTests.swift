import FinanceCore
import StatementFormats
import Testing

/// Every record of a CSV export is a transaction, a row in error, or lines the reader says it
/// skipped and why: the preamble, the header (and its repeats), balances, a footer, or the rest
/// of a file whose reading stopped. `LineCensus` tallies them as `pfin identify` shows them.
@Suite struct CSVSkippedLinesTests {
    static func census(_ text: String, profile: String? = nil) throws -> [String] {
        var options = ReadOptions()
        if let profile { options.csvProfile = try CSVProfile.parse(profile, file: "p.profile").get() }
        var census = LineCensus()
        try CSVStatementReader().read(ByteInput(bytes: Array(text.utf8), displayName: "t.csv"), options: options, into: &census)
        return census.runs.map { run in
            let span = run.last.map { $0 == run.first ? "\(run.first)" : "\(run.first)-\($0)" } ?? "\(run.first)-end"
            return "\(span) \(run.kind.name) \(run.count)"
        }
    }

    @Test func aPreambleTheHeaderAndALabelledFooterAreSkippedWithTheirReasons() throws {
        let runs = try Self.census(
            """
            Kontonummer;DE12 3456 7890
            Zeitraum;01.05.2024 - 31.05.2024

            Buchungstag;Verwendungszweck;Betrag
            02.05.2024;Gehalt;1.200,00
            10.05.2024;REWE;-54,20
            20.05.2024;Telekom;-45,80

            Summe Umsätze;;1.100,00
            Erstellt am 01.06.2024;;

            """)
        #expect(runs == ["1-3 preamble 1", "4 header 1", "5-7 transactions 3", "9-10 footer 1"])
    }

    @Test func aRepeatedHeaderAndBalanceRowsInsideTheTableAreSkipped() throws {
        let runs = try Self.census(
            """
            Date,Description,Amount
            2024-05-01,Opening balance,100.00
            2024-05-02,Coffee,-3.50
            Date,Description,Amount
            2024-05-03,Lunch,-8.00
            2024-05-04,Closing balance,88.50

            """)
        #expect(
            runs == [
                "1 header 1", "2 balance-row 1", "3 transactions 1", "4 repeated-header 1", "5 transactions 1",
                "6 balance-row 1",
            ])
    }

    @Test func aBadRowInTheMiddleIsAnErrorBetweenTransactions() throws {
        let runs = try Self.census(
            """
            Date,Description,Amount
            2024-05-01,Rent,-800.00
            2024-05-02,Coffee,lots
            2024-05-03,Lunch,-8.00
            2024-05-04,Salary,2000.00

            """)
        #expect(runs == ["1 header 1", "2 transactions 1", "3 errors 1", "4-5 transactions 2"])
    }

    @Test func aProfileNamingAColumnTheHeaderLacksLeavesTheFileUnread() throws {
        let runs = try Self.census(
            """
            Date,Description,Amount
            2024-05-01,Rent,-800.00

            """, profile: "columns date=Date name=Payee amount=Amount\n")
        #expect(runs == ["1 errors 1", "1-end unread 1"])
    }

    @Test func aHeaderFarTooWideEndsTheReadingAfterIt() throws {
        let header = (1...1_100).map { "c\($0)" }.joined(separator: ",")
        let runs = try Self.census("Account export\n\(header)\n2024-05-01,Rent,-800.00\n", profile: "skip 1\n")
        #expect(runs == ["1 preamble 1", "2 errors 1", "3-end unread 1"])
    }

    @Test func aFileWithoutATableIsUnreadFromItsFirstLine() throws {
        let runs = try Self.census("")
        #expect(runs == ["1 errors 1", "1-end unread 1"])
    }

    @Test func multiLineRecordsCountOnceAtTheLineTheyStart() throws {
        let runs = try Self.census("Date,Description,Amount\n2024-05-01,\"Rent\nMay\",-800.00\n2024-05-02,Coffee,-3.50\n")
        #expect(runs == ["1 header 1", "2-4 transactions 2"])
    }
}
