import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// Budgeting apps' own marks of a transfer between the user's accounts (`ColumnRole.transfer`,
/// `transfer-account`, the two sides of Firefly III's rows): found only by the app's header
/// signature with every value the app's, printed in a profile and read back the same; a bank's
/// `Transfer` type is left alone. The apps' files themselves are quirks (`quirks/csv.json`).
@Suite struct CSVAppTransferTests {
    static func quirk(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Repository.fixtures.appendingPathComponent("quirks/csv/\(name)")))
    }

    @Test(arguments: [
        "internal-transfer-type-copilot.csv", "transfer-flag-column-wallet-budgetbakers.csv",
        "outgoing-and-incoming-transfer-types-spendee.csv", "transfers-column-names-the-other-account-moneywiz.csv",
        "transfers-both-sides-and-opening-balance-firefly-iii.csv", "conversion-between-own-balances-wise.csv",
        "monefy-transfers-income.csv", "paypal-activity-pending-funding-in-balance.csv",
        "paypal-aktivitaet-bankgutschrift-ausstehend-im-guthaben.csv",
    ])
    func detectedProfileNamesTheMarksAndReadsTheSame(_ file: String) throws {
        let bytes = try Self.quirk(file)
        let dialect = try detectCSV(bytes, name: file).dialect
        #expect(dialect.columns[.transfer] != nil || dialect.columns[.transferAccount] != nil)
        let text = dialect.profileText(source: file)
        let profile = try csvProfile(text)
        #expect(profile == CSVProfile(dialect), "\(text)")
        let plain = try readCSV(bytes, name: file)
        let pinned = try readCSV(bytes, name: file, options: ReadOptions(csvProfile: profile))
        #expect(pinned.activities == plain.activities)
        #expect(pinned.activities.contains { $0.type == .transfer })
    }

    @Test("Wise: a conversion between the user's balances and a top-up are transfers; TRANSFER is money sent to someone")
    func wiseConversionAndTopUpAreTheTransfers() throws {
        let bytes = try Self.quirk("conversion-between-own-balances-wise.csv")
        let read = try readCSV(bytes)
        #expect(read.activities.map(\.type) == [.expense, .transfer, .expense, .income, .transfer])
        #expect(try detectCSV(bytes).dialect.transferWords == ["conversion", "incoming cross balance", "money added", "outgoing cross balance"])
    }

    @Test("PayPal: a pending funding the balance counts is read, one the balance leaves out skipped; --strict skips both")
    func paypalPendingFundingInTheBalance() throws {
        let bytes = try Self.quirk("paypal-activity-pending-funding-in-balance.csv")
        let read = try readCSV(bytes)
        #expect(read.activities.filter { $0.memo == "Bank Deposit to PP Account" }.map(\.type) == [.transfer, .transfer])
        #expect(!read.activities.contains { $0.name == "Corner Cafe" })
        #expect(read.diagnostics.filter { $0.code == "csv.lenient.pending-in-balance" }.count == 1)
        let strict = try readCSV(bytes, options: ReadOptions(strict: true))
        #expect(strict.activities.count == 8)
        #expect(!strict.activities.contains { $0.memo == "Bank Deposit to PP Account" })
    }

    @Test("A pending row the balance counts is read in any bank's export with a status and a balance column")
    func pendingInBalanceIsGeneral() throws {
        let text = """
            Date,Description,Status,Amount,Balance
            2024-05-01,Salary,Posted,1000.00,1000.00
            2024-05-02,Grocer,Pending,-40.00,960.00
            2024-05-03,Cinema,Pending,-12.00,960.00
            2024-05-04,Bakery,Posted,-5.00,955.00
            """
        let read = try readCSV(text)
        #expect(read.activities.map(\.name) == ["Salary", "Grocer", "Bakery"])
        #expect(read.diagnostics.map(\.code) == ["csv.lenient.pending-in-balance", "csv.pending-row"])
    }

    @Test("Monefy: money in is income; without Monefy's header, To '…' is a category and money in a refund")
    func monefyOnlyByItsHeader() throws {
        let monefy = try detectCSV(Self.quirk("monefy-transfers-income.csv")).dialect
        #expect(monefy.incomeBySign)
        #expect(monefy.profileText(source: "x.csv").contains("income-by-sign yes"))
        let other = "Date,Account,Category,Amount,Description\n2024-03-18,Cash,To 'Card',-100.00,\n2024-03-19,Cash,Savings,50.00,x\n"
        let read = try readCSV(other)
        #expect(read.activities.map(\.type) == [.expense, .income])
        #expect(read.activities.map(\.category) == ["To 'Card'", "Savings"])
        #expect(try !detectCSV(Array(other.utf8)).dialect.incomeBySign)
    }

    @Test(arguments: [("To 'Payment card'", "Payment card"), ("From 'Cash'", "Cash"), ("To ''", nil), ("To Cash", nil), ("Tom's", nil)])
    func monefyTransferCategoryNamesTheOtherAccount(_ cell: String, _ account: String?) {
        #expect(AppTransferWords.otherAccount(cell).map(String.init) == account)
    }

    @Test func fireflySidesArePrintedAsRoles() throws {
        let text = try detectCSV(Self.quirk("transfers-both-sides-and-opening-balance-firefly-iii.csv")).dialect.profileText(source: "x.csv")
        #expect(
            text.contains(
                "transfer=type transaction-id=journal_id source-account=source_name source-account-type=source_type destination-account=destination_name destination-account-type=destination_type"
            ), "\(text)")
    }

    struct MarkCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let csv: String
    }

    /// An app's header with a value the app never writes in its mark column, or a bank's type
    /// column with the app's words but not the app's header: no mark is read, every row counts by
    /// its sign.
    @Test(arguments: [
        MarkCase(
            testDescription: "Copilot's header, a type the app never writes",
            csv: """
                date,name,amount,status,category,parent category,excluded,tags,type,account,account mask,note,recurring
                2024-03-18,Trader Joe's,61.35,posted,Groceries,Food & Drink,false,,regular,Card,8812,,
                2024-03-16,Card Payment,500.00,posted,,,false,,internal transfer,Checking,3301,,
                2024-03-16,Wire,-500.00,posted,,,false,,wire,Card,8812,,

                """),
        MarkCase(
            testDescription: "Spendee's types without Spendee's header (a bank's Type column)",
            csv: """
                Date,Description,Type,Amount
                2024-03-14,To Jane Doe,Outgoing Transfer,-300.00
                2024-03-15,Northwind GmbH,Income,2750.00
                2024-03-16,From John Roe,Incoming Transfer,40.00

                """),
        MarkCase(
            testDescription: "a Transfer column of true and false without Wallet's header",
            csv: """
                Date,Description,Amount,Transfer
                2024-03-14,To Jane Doe,-300.00,true
                2024-03-15,Northwind GmbH,2750.00,false

                """),
        MarkCase(
            testDescription: "Firefly III's types without its sides (a bank's Type column of Withdrawal, Deposit, Transfer)",
            csv: """
                Date,Description,Type,Amount
                2024-03-14,ONLINE TRANSFER TO J DOE,Transfer,-300.00
                2024-03-15,PAYROLL,Deposit,2750.00
                2024-03-16,ATM,Withdrawal,-60.00

                """),
        MarkCase(
            testDescription: "Monzo's header, but its Type holds another transfer word beside Pot transfer",
            csv: """
                Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Category split,Money Out,Money In
                tx_1,2024-03-14,08:00:00,Transfer,Jane Doe,,General,-300.00,GBP,,-300.00,
                tx_2,2024-03-15,09:00:00,Pot transfer,Savings,,Savings,-100.00,GBP,,-100.00,
                tx_3,2024-03-16,10:00:00,Faster payment,ACME LTD,,Income,2750.00,GBP,,,2750.00

                """),
        MarkCase(
            testDescription: "Pot transfer in a Type column without Monzo's header",
            csv: """
                Date,Description,Type,Amount
                2024-03-14,Savings,Pot transfer,-100.00
                2024-03-15,ACME LTD,Faster payment,2750.00

                """),
    ])
    func noMarkWithoutTheAppsHeaderAndVocabulary(_ c: MarkCase) throws {
        let detection = try detectCSV(c.csv)
        #expect(detection.dialect.columns[.transfer] == nil)
        let read = try readCSV(c.csv)
        #expect(!read.activities.isEmpty)
        #expect(read.activities.allSatisfy { $0.type != .transfer }, "\(read.activities.map(\.type))")
    }

    @Test func aProfileCanNameAMarkColumn() throws {
        let csv = "Date,Description,Amount,Moved\n2024-03-14,To savings,-300.00,yes\n2024-03-15,Salary,2750.00,no\n"
        var profile = CSVProfile()
        profile.columns = [.date: .name("Date"), .name: .name("Description"), .amount: .name("Amount"), .transfer: .name("Moved")]
        let read = try readCSV(csv, options: ReadOptions(csvProfile: profile))
        #expect(read.activities.map(\.type) == [.transfer, .income])
    }

    @Test(arguments: ["true", "TRUE", "Yes", "Transfer", "internal transfer", "Outgoing Transfer", " Incoming  Transfer "])
    func transferWords(_ cell: String) {
        #expect(AppTransferWords.isTransfer(cell))
    }

    @Test(arguments: ["false", "no", "regular", "Income", "Expense", "Withdrawal", "Deposit", "Opening balance", "transfer fee", ""])
    func otherWords(_ cell: String) {
        #expect(!AppTransferWords.isTransfer(cell))
    }

    /// A row of Firefly III's layout where neither side is one of the user's accounts: an error on
    /// its line, never a transaction on a guessed side.
    @Test func neitherSideTheUsersIsAnError() throws {
        let csv = """
            journal_id,type,amount,description,date,source_name,source_type,destination_name,destination_type
            1,Withdrawal,-8.40,Bread,2024-03-05T00:00:00+01:00,Checking,Asset account,Bakery,Expense account
            2,Withdrawal,-3.00,Odd,2024-03-06T00:00:00+01:00,Someone,Revenue account,Bakery,Expense account
            3,Deposit,20.00,Refund,2024-03-07T00:00:00+01:00,Shop,Revenue account,Checking,Asset account

            """
        let read = try readCSV(csv)
        #expect(read.activities.map(\.amount.decimalString) == ["-8.40", "20.00"])
        #expect(read.activities.map(\.account) == ["Checking", "Checking"])
        #expect(read.errors.map(\.code) == ["csv.no-own-account"])
        #expect(read.errors.first?.location.line == 3)
        #expect(
            read.errors.first?.message
                == "neither side of this row is one of your accounts: from 'Someone' (Revenue account) to 'Bakery' (Expense account), type 'Withdrawal'"
        )
    }

    /// `--account` names the file's account: a transfer row is read on it alone, signed by its side.
    @Test func commandLineAccountReadsOneSide() throws {
        let read = try readFile(
            Repository.fixtures.appendingPathComponent("quirks/csv/transfers-both-sides-and-opening-balance-firefly-iii.csv").path,
            options: ReadOptions(account: "Everything"))
        #expect(read.activities.count == 6)
        #expect(Set(read.activities.compactMap(\.account)) == ["Everything"])
    }

    /// Copilot's layout flips the signs, however few the rows; unless its own `income` rows are
    /// all positive (a file someone signed the usual way already).
    @Test func copilotsLayoutFlipsUnlessItsIncomeRowsArePositive() throws {
        let header = "date,name,amount,status,category,parent category,excluded,tags,type,account,account mask,note,recurring\n"
        let flipped = try readCSV(header + "2024-05-06,Whole Foods,58.12,posted,Groceries,Food,,,regular,Checking,4417,,\n")
        #expect(flipped.activities.map(\.amount.decimalString) == ["-58.12"])
        #expect(flipped.diagnostics.map(\.code) == ["csv.sign-inverted"])
        let asIs = try readCSV(
            header + "2024-05-06,Whole Foods,-58.12,posted,Groceries,Food,,,regular,Checking,4417,,\n"
                + "2024-05-10,Acme Corp Payroll,2450.00,posted,Paycheck,Income,,,income,Checking,4417,,\n")
        #expect(asIs.activities.map(\.amount.decimalString) == ["-58.12", "2450.00"])
        #expect(asIs.diagnostics.isEmpty)
    }

    /// Wallet's type column signs unsigned amounts; where the amounts carry their own signs, no
    /// cell is flipped by it (a positive `Expense` row is money back).
    @Test func aTypeColumnNeverFlipsSignedAmounts() throws {
        let header = "account;category;currency;amount;ref_currency_amount;type;payment_type;note;date;transfer;payee;labels\n"
        let unsigned = try readCSV(
            header + "Bank;Groceries;EUR;42.35;42.35;Expense;Cash;;2024-05-04T10:15:40.310Z;false;Lidl;\n"
                + "Bank;Freelance;EUR;480;480;Income;Cash;;2024-05-06T09:00:00.000Z;false;Studio Nord;\n")
        #expect(unsigned.activities.map(\.amount.decimalString) == ["-42.35", "480.00"])
        let signed = try readCSV(
            header + "Bank;Groceries;EUR;-42.35;-42.35;Expense;Cash;;2024-05-04T10:15:40.310Z;false;Lidl;\n"
                + "Bank;Groceries;EUR;5.00;5.00;Expense;Cash;;2024-05-05T10:15:40.310Z;false;Lidl;\n")
        #expect(signed.activities.map(\.amount.decimalString) == ["-42.35", "5.00"])
    }
}
