import FinanceCore
import StatementFormats
import Testing

/// Double-entry exports, one row per posting (`postings`): detected and printed as a profile
/// setting, the user's own accounts' postings read and categorised by the other side, the rest
/// skipped, and `postings no` refusing the file.
@Suite struct CSVPostingsTests {
    static let hledger = """
        "txnidx","date","description","account","amount","commodity"
        "1","2024-05-02","Corner Grocery","expenses:food","84.37","EUR"
        "1","2024-05-02","Corner Grocery","assets:checking","-84.37","EUR"
        "2","2024-05-03","Budget move","expenses:food","-10.00","EUR"
        "2","2024-05-03","Budget move","expenses:fun","10.00","EUR"
        "3","2024-05-04","Corner Grocery","expenses:food","84.37","EUR"
        "3","2024-05-04","Corner Grocery","assets:checking","-84.37","EUR"

        """

    @Test func detectedPrintedAndReadBackAsAProfile() throws {
        let detection = try detectCSV(Self.hledger)
        #expect(detection.dialect.postings)
        #expect(detection.dialect.columns[.transaction] == .name("txnidx"))
        #expect(detection.dialect.columns[.account] == .name("account"))
        let text = detection.dialect.profileText(source: "p.csv")
        #expect(text.contains("\npostings yes  # one row per posting: your accounts' postings, categorised by the others\n"))
        #expect(try csvProfile(text).postings == true)
        #expect(detection.warnings.map(\.code) == ["csv.postings"])
    }

    @Test func ownPostingsAreReadAndATransactionWithoutOneIsSaid() throws {
        let (read, census) = try readCSVWithCensus(Self.hledger)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(brief) == ["2024-05-02|Corner Grocery|-84.37|EUR", "2024-05-04|Corner Grocery|-84.37|EUR"])
        #expect(read.activities.map(\.category) == ["expenses:food", "expenses:food"])
        #expect(read.activities.map(\.account) == ["assets:checking", "assets:checking"])
        #expect(read.warningCodes == ["csv.postings@1", "csv.postings-without-own-account@4"])
        let runs = census.runs.map { "\($0.first)-\($0.last ?? 0) \($0.kind.name)" }
        #expect(runs == ["1-1 header", "2-2 posting", "3-3 transactions", "4-6 posting", "7-7 transactions"])
    }

    @Test func identicalTransactionsStayTwoWithTwoIDs() throws {
        let text = """
            "txnidx","date","description","account","amount","commodity"
            "1","2024-05-02","Coffee","expenses:food","3.50","EUR"
            "1","2024-05-02","Coffee","assets:checking","-3.50","EUR"
            "2","2024-05-02","Coffee","expenses:food","3.50","EUR"
            "2","2024-05-02","Coffee","assets:checking","-3.50","EUR"

            """
        let (read, _) = try readCSVWithCensus(text)
        #expect(read.activities.count == 2)
        #expect(Set(read.activities.map(\.id)).count == 2)
    }

    @Test func aTransactionOfMoreThanTenThousandPostingsIsReadInGroupsOfThatSize() throws {
        var text = "txnidx,date,description,account,amount,commodity\n"
        for k in 0..<12_000 { text += k % 2 == 0 ? "1,2024-05-02,Coffee,expenses:food,3.50,EUR\n" : "1,2024-05-02,Coffee,assets:cash,-3.50,EUR\n" }
        let (read, _) = try readCSVWithCensus(text)
        #expect(read.errors.isEmpty)
        #expect(read.activities.count == 6_000)
        #expect(read.activities.allSatisfy { $0.category == "expenses:food" && $0.amount.decimalString == "-3.50" })
    }

    /// One posting to the user's account split over several categories (hledger's `eat & shop`)
    /// is one transaction per split, as QIF's splits are; a paycheck whose other postings are on
    /// both sides stays one, categorised by the largest.
    @Test func aPostingSplitOverCategoriesIsATransactionPerSplit() throws {
        let text = """
            "txnidx","date","description","account","amount","commodity"
            "1","2024-06-03","Eat & shop","expenses:food","1.00","USD"
            "1","2024-06-03","Eat & shop","expenses:supplies","2.50","USD"
            "1","2024-06-03","Eat & shop","assets:cash","-3.50","USD"
            "2","2024-06-28","Payroll","assets:checking","900.00","USD"
            "2","2024-06-28","Payroll","income:salary","-1000.00","USD"
            "2","2024-06-28","Payroll","expenses:tax","100.00","USD"

            """
        let (read, _) = try readCSVWithCensus(text)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.map(\.amount.decimalString) == ["-1.00", "-2.50", "900.00"])
        #expect(read.activities.map { $0.category ?? "∅" } == ["expenses:food", "expenses:supplies", "income:salary"])
        #expect(read.activities[0].id.value >> 12 == read.activities[1].id.value >> 12)
        #expect(read.activities.map { $0.id.value & 0xFFF }.prefix(2) == [1, 2])
    }

    @Test func postingsNoRefusesTheFile() throws {
        var profile = CSVProfile()
        profile.postings = false
        var options = ReadOptions()
        options.csvProfile = profile
        let failure = try #require(
            CSVStatementReader().detect(ByteInput(bytes: Array(Self.hledger.utf8), displayName: "p.csv"), options: options).failure)
        #expect(failure.code == "csv.journal-export")
    }

    /// GnuCash's Amount Num. is in the account's commodity, its Commodity/Currency the
    /// transaction's: a EUR account's split of a USD transaction is EUR, with the USD value as
    /// its original amount.
    @Test func aGnuCashSplitInTheAccountsOwnCurrencyKeepsTheValueAsItsOriginal() throws {
        let text = """
            "Date","Transaction ID","Description","Commodity/Currency","Full Account Name","Amount With Sym","Amount Num.","Value With Sym","Value Num."
            "3/27/25","t1","Northwind","CURRENCY::USD","Assets:Euro Wallet","-€930.00","-930.00","-$1,000.00","-1000.00"
            "3/27/25","t1","Northwind","CURRENCY::USD","Expenses:Phone","$1,000.00","1000.00","$1,000.00","1000.00"

            """
        let (read, _) = try readCSVWithCensus(text)
        #expect(read.errors.isEmpty, "\(read.errors)")
        let split = try #require(read.activities.first)
        #expect(split.amount.decimalString == "-930.00" && split.currency == CurrencyCode("EUR"))
        #expect(split.original?.currency == CurrencyCode("USD"))
        #expect(split.original?.amount?.decimalString == "-1000.00")
    }

    @Test(arguments: [("CURRENCY::USD", "USD"), ("$", "USD"), ("€", "EUR"), ("GBP", "GBP")])
    func aPostingsCurrencyCellReads(_ cell: String, _ code: String) throws {
        let text = "txnidx,date,description,account,amount,commodity\n1,2024-05-02,Tea,expenses:food,2.50,\(cell)\n1,2024-05-02,Tea,assets:cash,-2.50,\(cell)\n"
        let (read, _) = try readCSVWithCensus(text)
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.first?.currency == CurrencyCode(code))
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
