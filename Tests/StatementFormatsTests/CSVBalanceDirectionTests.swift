import FinanceCore
import Testing

@testable import StatementFormats

/// A balance with a debit/credit column of its own (`balance-direction`): Kotak Mahindra Bank's
/// `Amount,Dr / Cr,Balance,Dr / Cr`, the first `Dr / Cr` the amount's way, the second whether the
/// balance is in credit (`CR`) or overdrawn (`DR`). The amount never takes the balance's mark;
/// the balance pfin reads (row balances, the closing balance) takes it.
@Suite struct CSVBalanceDirectionTests {
    /// Kotak's layout, invented rows: the account goes overdrawn on line 10 and stays so.
    static let kotak = """
        Account No.,1234567890
        Period,01-04-2024 to 30-04-2024

        Sl. No.,Transaction Date,Value Date,Description,Chq / Ref No.,Amount,Dr / Cr,Balance,Dr / Cr
        1,01-04-2024,01-04-2024,UPI/SWIGGY/409112345678,UPI-409112345678,450.00,DR,"1,23,006.00",CR
        2,02-04-2024,02-04-2024,NEFT-ACME PVT LTD SALARY,NEFT-N0921,"1,25,000.00",CR,"2,48,006.00",CR
        3,10-04-2024,10-04-2024,EMI HOME LOAN,ACH-5555,"2,50,000.00",DR,"1,994.00",DR
        4,15-04-2024,15-04-2024,IMPS-RAHUL SHARMA,IMPS-7777,"5,000.00",DR,"6,994.00",DR
        5,20-04-2024,20-04-2024,INT.PD,,12.50,CR,"6,981.50",DR

        """

    static func read(_ text: String, options: ReadOptions = ReadOptions()) throws -> BlocksCollector {
        var collector = BlocksCollector()
        try CSVStatementReader().read(ByteInput(bytes: Array(text.utf8), displayName: "kotak.csv"), options: options, into: &collector)
        return collector
    }

    @Test func theSecondDrCrIsTheBalancesAndTheFirstTheAmounts() throws {
        let dialect = try detectCSV(Self.kotak).dialect
        #expect(dialect.columns[.direction] == .position(7), "\(dialect.columns)")
        #expect(dialect.columns[.balanceDirection] == .position(9), "\(dialect.columns)")
        #expect(dialect.profileText(source: "k.csv").contains(" balance-direction=9"))
        let read = try Self.read(Self.kotak)
        #expect(read.errors.isEmpty, "\(read.codes)")
        #expect(read.activities.map(\.amount.decimalString) == ["-450.00", "125000.00", "-250000.00", "-5000.00", "12.50"])
    }

    @Test func anOverdrawnBalanceIsNegativeWhereverPfinReadsIt() throws {
        let read = try Self.read(Self.kotak)
        #expect(read.rowBalances.map(\.amount.decimalString) == ["123006.00", "248006.00", "-1994.00", "-6994.00", "-6981.50"])
        #expect(read.statements.last?.ledgerBalance?.amount.decimalString == "-6981.50")
    }

    @Test func aProfileNamingTheColumnReadsTheSame() throws {
        let profile = try csvProfile("columns date=2 name=4 amount=6 direction=7 balance=8 balance-direction=9\nskip 3\n")
        var options = ReadOptions()
        options.csvProfile = profile
        let read = try Self.read(Self.kotak, options: options)
        #expect(read.errors.isEmpty, "\(read.codes)")
        #expect(read.rowBalances.last?.amount.decimalString == "-6981.50")
    }

    @Test("the balance's mark is the one right after it, the amount's the one beside the amount, whichever comes first")
    func balanceBeforeAmount() throws {
        let text = """
            Date,Description,Balance,Dr / Cr,Amount,Dr / Cr
            01-04-2024,UPI/SWIGGY,"1,23,006.00",CR,450.00,DR
            02-04-2024,SALARY,"2,48,006.00",CR,"1,25,000.00",CR
            13-04-2024,EMI,"8,006.00",DR,"2,56,012.00",DR

            """
        let dialect = try detectCSV(text).dialect
        #expect(dialect.columns[.direction] == .position(6), "\(dialect.columns)")
        #expect(dialect.columns[.balanceDirection] == .position(4), "\(dialect.columns)")
        let read = try Self.read(text)
        #expect(read.activities.map(\.amount.decimalString) == ["-450.00", "125000.00", "-256012.00"])
        #expect(read.rowBalances.map(\.amount.decimalString) == ["123006.00", "248006.00", "-8006.00"])
    }

    @Test("beside debit and credit columns, or a signed amount, a Dr/Cr after the balance is the balance's")
    func balanceMarkBesideOtherAmounts() throws {
        let withdrawals = """
            Date,Narration,Withdrawal,Deposit,Balance,Dr/Cr
            01/04/2024,UPI/SWIGGY,450.00,,"1,23,006.00",Cr
            02/04/2024,SALARY,,"1,25,000.00","2,48,006.00",Cr
            13/04/2024,EMI,"2,56,012.00",,"8,006.00",Dr

            """
        let signed = """
            Date,Narration,Amount,Balance,Dr/Cr
            01/04/2024,UPI/SWIGGY,-450.00,"1,23,006.00",Cr
            02/04/2024,SALARY,"1,25,000.00","2,48,006.00",Cr
            13/04/2024,EMI,"-2,56,012.00","8,006.00",Dr

            """
        for text in [withdrawals, signed] {
            let dialect = try detectCSV(text).dialect
            #expect(dialect.columns[.balanceDirection] == .name("Dr/Cr"), "\(dialect.columns)")
            #expect(dialect.columns[.direction] == nil)
            let read = try Self.read(text)
            #expect(read.activities.map(\.amount.decimalString) == ["-450.00", "125000.00", "-256012.00"])
            #expect(read.statements.last?.ledgerBalance?.amount.decimalString == "-8006.00")
        }
    }

    @Test func aLoneMarkAfterTheBalanceStillSignsAnUnsignedAmount() throws {
        let text = "Date,Narration,Amount,Balance,Dr/Cr\n01/04/2024,UPI/SWIGGY,450.00,1000.00,Dr\n13/04/2024,SALARY,2000.00,3000.00,Cr\n"
        let dialect = try detectCSV(text).dialect
        #expect(dialect.columns[.direction] == .name("Dr/Cr"))
        #expect(dialect.columns[.balanceDirection] == nil)
        #expect(try Self.read(text).activities.map(\.amount.decimalString) == ["-450.00", "2000.00"])
    }

    @Test("a balance cell's own mark wins; a mark that is no debit or credit word states no balance")
    func ownMarksAndUnreadableMarks() throws {
        let text = """
            Sl. No.,Transaction Date,Description,Amount,Dr / Cr,Balance,Dr / Cr
            1,01-04-2024,SWIGGY,450.00,DR,"1,994.00 Dr",CR
            2,02-04-2024,SALARY,"5,000.00",CR,"3,006.00",??
            3,13-04-2024,INTEREST,12.50,CR,"3,018.50",
            4,14-04-2024,REFUND,1.50,CR,"3,020.00",CR
            5,15-04-2024,TEA,20.00,DR,"3,000.00",CR
            6,16-04-2024,RENT,"4,000.00",DR,"1,000.00",DR

            """
        let dialect = try detectCSV(text).dialect
        #expect(dialect.columns[.balanceDirection] == .position(7), "\(dialect.columns)")
        let read = try Self.read(text)
        #expect(read.errors.isEmpty, "\(read.codes)")
        #expect(read.activities.count == 6)
        #expect(
            read.rowBalances.map(\.amount.decimalString) == ["-1994.00", "3018.50", "3020.00", "3000.00", "-1000.00"],
            "'??' states none; an empty mark leaves the balance as written")
    }
}
