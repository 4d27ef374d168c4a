import FinanceCore
import Testing

@testable import StatementFormats

/// Account names for the journals: the shared mapping (`JournalAccounts`) and each tool's spelling.
@Suite struct JournalAccountNameTests {
    struct Spelling: CustomTestStringConvertible, Sendable {
        var quirk: String
        var raw: String
        var spelled: String
        var testDescription: String { quirk }

        init(_ quirk: String, _ raw: String, _ spelled: String) {
            self.quirk = quirk
            self.raw = raw
            self.spelled = spelled
        }
    }

    static let ledgerCases: [Spelling] = [
        Spelling("plain word", "Groceries", "Groceries"),
        Spelling("single spaces stay", "Coffee & Snacks", "Coffee & Snacks"),
        Spelling("two spaces would end the name", "Coffee  &   Snacks", "Coffee & Snacks"),
        Spelling("tab becomes a space", "Coffee\t& Snacks", "Coffee & Snacks"),
        Spelling("line break becomes a space", "Line one\nLine two", "Line one Line two"),
        Spelling("spaces at the ends dropped", "  Rent ", "Rent"),
        Spelling("semicolon becomes a comma", "Food; Drinks", "Food, Drinks"),
        Spelling("brackets inside are fine", "Food (Takeaway) [x]", "Food (Takeaway) [x]"),
        Spelling("non-ASCII kept", "Épargne Café 日本", "Épargne Café 日本"),
        Spelling("DEL and C1 controls become spaces", "a\u{7F}b\u{85}c", "a b c"),
        Spelling("nothing printable", " \t ", ""),
    ]

    @Test("ledger/hledger component spelling", arguments: ledgerCases)
    func ledger(_ c: Spelling) {
        #expect(LedgerAccountName.component(Substring(c.raw)) == c.spelled)
    }

    static let beancountCases: [Spelling] = [
        Spelling("capitalised word", "Groceries", "Groceries"),
        Spelling("lower-case word capitalised", "groceries", "Groceries"),
        Spelling("words joined by dashes", "coffee & snacks", "Coffee-Snacks"),
        Spelling("account number", "Checking 1234", "Checking-1234"),
        Spelling("starts with a digit", "401(k)", "401-K"),
        Spelling("dash is a separator too", "e-mail", "E-Mail"),
        Spelling("non-ASCII letters kept, first upper-cased", "crédit agricole", "Crédit-Agricole"),
        Spelling("upper-case non-ASCII start", "Épargne", "Épargne"),
        Spelling("Greek", "λογαριασμός", "Λογαριασμός"),
        Spelling("no upper case in the script", "日本", "X-日本"),
        Spelling("sharp s upper-cases to SS", "ßtraße", "SStraße"),
        Spelling("combining mark dropped", "Cafe\u{301}", "Cafe"),
        Spelling("underscores and dots separate", "my_account.v2", "My-Account-V2"),
        Spelling("only punctuation", "&&&", ""),
        Spelling("empty", "", ""),
    ]

    @Test("beancount component spelling", arguments: beancountCases)
    func beancount(_ c: Spelling) {
        let spelled = BeancountAccountName.component(Substring(c.raw))
        #expect(spelled == c.spelled)
        if !spelled.isEmpty { #expect(Self.isBeancountComponent(spelled), "\(spelled)") }
    }

    /// beancount.core.account's component pattern, `[\p{Lu}\p{Nd}][\p{L}\p{Nd}\-]*`, checked here by hand.
    static func isBeancountComponent(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(),
            [.uppercaseLetter, .decimalNumber].contains(first.properties.generalCategory)
        else { return false }
        while let s = scalars.next() {
            let category = s.properties.generalCategory
            let ok =
                s == "-" || category == .decimalNumber
                || [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter].contains(category)
            if !ok { return false }
        }
        return true
    }

    struct Mapping: CustomTestStringConvertible, Sendable {
        var quirk: String
        var category: String?
        var type: PaymentType
        var ledger: String
        var beancount: String
        var testDescription: String { quirk }
    }

    static let mappings: [Mapping] = [
        Mapping(
            quirk: "expense category under Expenses", category: "Food:Groceries", type: .expense,
            ledger: "Expenses:Food:Groceries", beancount: "Expenses:Food:Groceries"),
        Mapping(
            quirk: "a category not under Income is spending, money in a refund", category: "Gifts", type: .income,
            ledger: "Expenses:Gifts", beancount: "Expenses:Gifts"),
        Mapping(
            quirk: "pay named as the root is income, under Income", category: "Salary", type: .income,
            ledger: "Income:Salary", beancount: "Income:Salary"),
        Mapping(
            quirk: "category naming its root keeps it", category: "Income:Salary", type: .income,
            ledger: "Income:Salary", beancount: "Income:Salary"),
        Mapping(
            quirk: "root matched ignoring case", category: "liabilities:car loan", type: .expense,
            ledger: "Liabilities:car loan", beancount: "Liabilities:Car-Loan"),
        Mapping(
            quirk: "refund of a spending category books under Expenses", category: "Food:Groceries", type: .income,
            ledger: "Expenses:Food:Groceries", beancount: "Expenses:Food:Groceries"),
        Mapping(
            quirk: "income given back stays under Income", category: "Income:Salary", type: .expense,
            ledger: "Income:Salary", beancount: "Income:Salary"),
        Mapping(
            quirk: "a transfer with an income category never posts to Income", category: "Income:From People",
            type: .transfer, ledger: "Assets:Transfers:From People", beancount: "Assets:Transfers:From-People"),
        Mapping(
            quirk: "a Transfers category is a transfer whatever the type", category: "Transfers:Savings", type: .expense,
            ledger: "Assets:Transfers:Savings", beancount: "Assets:Transfers:Savings"),
        Mapping(
            quirk: "Assets category is a transfer to that account", category: "Assets:Cash", type: .expense,
            ledger: "Assets:Cash", beancount: "Assets:Cash"),
        Mapping(
            quirk: "uncategorised expense", category: nil, type: .expense,
            ledger: "Expenses:Uncategorised", beancount: "Expenses:Uncategorised"),
        Mapping(
            quirk: "uncategorised income", category: nil, type: .income,
            ledger: "Income:Uncategorised", beancount: "Income:Uncategorised"),
        Mapping(
            quirk: "transfer drops a leading Transfers", category: "Transfers:Credit Card", type: .transfer,
            ledger: "Assets:Transfers:Credit Card", beancount: "Assets:Transfers:Credit-Card"),
        Mapping(
            quirk: "transfer without category", category: nil, type: .transfer,
            ledger: "Assets:Transfers:Unmatched", beancount: "Assets:Transfers:Unmatched"),
        Mapping(
            quirk: "transfer named only Transfers", category: "Transfers", type: .transfer,
            ledger: "Assets:Transfers:Unmatched", beancount: "Assets:Transfers:Unmatched"),
        Mapping(
            quirk: "empty components dropped", category: ":Food::Groceries:", type: .expense,
            ledger: "Expenses:Food:Groceries", beancount: "Expenses:Food:Groceries"),
        Mapping(
            quirk: "components that spell to nothing fall back", category: "&&&", type: .expense,
            ledger: "Expenses:&&&", beancount: "Expenses:Uncategorised"),
        Mapping(
            quirk: "a root alone gets the default leaf", category: "Expenses", type: .expense,
            ledger: "Expenses:Uncategorised", beancount: "Expenses:Uncategorised"),
        Mapping(
            quirk: "coffee & snacks", category: "Food:coffee & snacks", type: .expense,
            ledger: "Expenses:Food:coffee & snacks", beancount: "Expenses:Food:Coffee-Snacks"),
    ]

    @Test("category to the other side's account", arguments: mappings)
    func counterpart(_ m: Mapping) {
        #expect(JournalAccounts.counterpart(category: m.category, type: m.type, spelling: LedgerAccountName.component) == m.ledger)
        #expect(JournalAccounts.counterpart(category: m.category, type: m.type, spelling: BeancountAccountName.component) == m.beancount)
    }

    @Test func bankSide() {
        #expect(JournalAccounts.bank("Checking 1234", spelling: LedgerAccountName.component) == "Assets:Bank:Checking 1234")
        #expect(JournalAccounts.bank("Checking 1234", spelling: BeancountAccountName.component) == "Assets:Bank:Checking-1234")
        #expect(JournalAccounts.bank(nil, spelling: LedgerAccountName.component) == "Assets:Bank:Unnamed")
        #expect(
            JournalAccounts.bank("Chase:Card", spelling: BeancountAccountName.component) == "Assets:Bank:Chase:Card",
            "a colon in an account name makes a sub-account")
        #expect(JournalAccounts.bank("***", spelling: BeancountAccountName.component) == "Assets:Bank:Unnamed")
    }
}
