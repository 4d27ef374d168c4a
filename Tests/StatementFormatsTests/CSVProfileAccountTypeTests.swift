import FinanceCore
import StatementFormats
import Testing

/// The profile setting `account-type`: parsed, printed by a detected profile, and sent as the
/// statement's account kind before the first transaction.
@Suite struct CSVProfileAccountTypeTests {
    @Test(arguments: [("card", AccountKind.creditCard), ("Card", .creditCard), ("checking", .checking), ("savings", .savings)])
    func parses(_ value: String, _ kind: AccountKind) throws {
        let profile = try csvProfile("account-type \(value)\n")
        #expect(profile.accountKind == kind)
    }

    @Test func anUnknownTypeIsAnErrorWithTheClosestSpelling() throws {
        guard case .failure(let errors) = CSVProfile.parse("account-type crad\n", file: "p") else {
            Issue.record("'account-type crad' parsed")
            return
        }
        let error = try #require(errors.diagnostics.first)
        #expect(error.message == "expected one of card, checking, savings, found 'crad'")
        #expect(error.location.column == 14)
        #expect(error.notes.first?.hasPrefix("did you mean 'card'?") == true, "\(error.notes)")
    }

    @Test func aCardLookingExportPrintsAccountTypeCard() throws {
        let bytes = Array(
            "Transaction Date,Description,Amount\n05/14/2024,STARBUCKS,6.45\n05/15/2024,AMAZON,23.99\n05/16/2024,SHELL OIL,40.00\n05/20/2024,PAYMENT THANK YOU,-500.00\n"
                .utf8)
        let dialect = try detectCSV(bytes, name: "card.csv").dialect
        #expect(dialect.amountSign == .inverted)
        #expect(dialect.accountKind == .creditCard)
        let text = dialect.profileText(source: "card.csv")
        #expect(text.contains("\naccount-type card  # a card account: Liabilities:Card in journals\n"))
        #expect(try csvProfile(text).accountKind == .creditCard)
    }

    @Test func aProfilesTypeWinsOverDetectionAndArrivesFirst() throws {
        let bytes = Array("Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Salary,1200.00\n".utf8)
        var collector = StatementCollector()
        var profile = CSVProfile()
        profile.accountKind = .creditCard
        profile.account = "Visa"
        try CSVStatementReader().read(ByteInput(bytes: bytes, displayName: "t.csv"), options: ReadOptions(csvProfile: profile), into: &collector)
        #expect(collector.sent.first?.account == Account(id: "Visa", kind: .creditCard))
        #expect(collector.activitiesAtStatement.first == 0, "the kind comes before the first transaction")
        #expect(collector.statements.last?.account.kind == .creditCard)
    }

    @Test func withoutATypeAPlainExportSendsNoEarlyStatement() throws {
        let bytes = Array("Date,Description,Amount\n2024-05-01,Coffee,-3.50\n2024-05-02,Salary,1200.00\n".utf8)
        var collector = StatementCollector()
        try CSVStatementReader().read(ByteInput(bytes: bytes, displayName: "t.csv"), options: ReadOptions(), into: &collector)
        #expect(collector.activitiesAtStatement.allSatisfy { $0 == 2 })
        #expect(collector.statements.last?.account.kind == nil)
    }
}
