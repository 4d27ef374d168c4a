import Testing

@testable import FinanceCore

@Suite struct ActivityIDTests {
    static let usd = CurrencyCode("USD")!
    static let day = LocalDate(year: 2024, month: 5, day: 3)!
    static let coffee = Money(units: -5420, scale: 2, currency: usd)

    /// The documented id: SipHash-2-4 keyed with `pfin activity id`, fields separated by 0x1F.
    /// Expected values were computed by an independent implementation (Python) from the layout in
    /// `ActivityID`'s doc comment, so a change of layout or key shows up here.
    struct Golden: Sendable, CustomTestStringConvertible {
        let name: String
        let layout: String
        let hex: String
        var testDescription: String { name }
    }

    static let goldens: [Golden] = [
        .init(
            name: "row: account, date, amount, currency, name",
            layout: "r\u{1F}acct\u{1F}2024-05-03\u{1F}-54.20\u{1F}USD\u{1F}COFFEE", hex: "992702eec7bde1e8"),
        .init(
            name: "second identical row appends #1",
            layout: "r\u{1F}acct\u{1F}2024-05-03\u{1F}-54.20\u{1F}USD\u{1F}COFFEE\u{1F}#1", hex: "c63779d8bc6edc55"),
        .init(
            name: "third identical row appends #2",
            layout: "r\u{1F}acct\u{1F}2024-05-03\u{1F}-54.20\u{1F}USD\u{1F}COFFEE\u{1F}#2", hex: "9919f263f7f48e43"),
        .init(name: "bank id", layout: "b\u{1F}acct\u{1F}FIT-001", hex: "11b67d27786e40e4"),
        .init(
            name: "no account and no currency leave empty fields",
            layout: "r\u{1F}\u{1F}2024-05-03\u{1F}-54.20\u{1F}\u{1F}COFFEE", hex: "20b6901869e8f4e5"),
        .init(
            name: "yen amount without decimals, accented name in UTF-8",
            layout: "r\u{1F}acct\u{1F}2024-05-03\u{1F}-1500\u{1F}JPY\u{1F}Café", hex: "9709a8ddecdb653c"),
    ]

    @Test(arguments: goldens)
    func documentedLayout(_ c: Golden) {
        // The key is `pfin activity id` read as two little-endian words.
        let keyBytes = Array("pfin activity id".utf8)
        let word = { (offset: Int) in (0..<8).reduce(UInt64(0)) { $0 | UInt64(keyBytes[offset + $1]) << (8 * UInt64($1)) } }
        #expect(ActivityIDBuilder.key == (word(0), word(8)))
        let digest = Array(c.layout.utf8).withUnsafeBufferPointer { SipHash24.hash($0, key: ActivityIDBuilder.key) }
        #expect(ActivityID(value: digest).description == c.hex)
    }

    @Test func builderFollowsTheDocumentedLayout() {
        var builder = ActivityIDBuilder()
        let ids = (0..<3).map { _ in builder.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE") }
        #expect(ids.map(\.description) == ["992702eec7bde1e8", "c63779d8bc6edc55", "9919f263f7f48e43"])
        #expect(builder.id(account: "acct", bankID: "FIT-001", date: Self.day).description == "11b67d27786e40e4")
        let unknownCurrency = Money(units: -5420, scale: 2)
        #expect(builder.id(account: nil, date: Self.day, amount: unknownCurrency, name: "COFFEE").description == "20b6901869e8f4e5")
        let yen = Money(units: -1500, scale: 0, currency: CurrencyCode("JPY"))
        #expect(builder.id(account: "acct", date: Self.day, amount: yen, name: "Café").description == "9709a8ddecdb653c")
        #expect(builder.lostTrackOfDate == nil)
    }

    @Test func identicalRowsGetDistinctIDs() {
        var builder = ActivityIDBuilder()
        let ids = (0..<5).map { _ in builder.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE") }
        #expect(Set(ids).count == 5)
    }

    @Test func identicalBankIDsAreNumberedToo() {
        var builder = ActivityIDBuilder()
        let first = builder.id(account: "acct", bankID: "DUP", date: Self.day)
        let second = builder.id(account: "acct", bankID: "DUP", date: Self.day)
        #expect(first != second)
    }

    /// The same rows in the same order give the same ids in a fresh builder: re-importing is stable.
    @Test func sameSequenceTwiceGivesSameIDs() {
        func run() -> [ActivityID] {
            var builder = ActivityIDBuilder()
            return [
                builder.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE"),
                builder.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE"),
                builder.id(account: "acct", date: Self.day.adding(days: 1), amount: Self.coffee, name: "COFFEE"),
                builder.id(account: "acct", bankID: "X1", date: Self.day),
            ]
        }
        #expect(run() == run())
    }

    /// Counters are per distinct row: other rows in between do not change a row's number.
    @Test func numberingIsPerDistinctRow() {
        var a = ActivityIDBuilder()
        let plain = [
            a.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE"),
            a.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE"),
        ]
        var b = ActivityIDBuilder()
        let first = b.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE")
        _ = b.id(account: "acct", date: Self.day, amount: Self.coffee, name: "TEA")
        let second = b.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE")
        #expect([first, second] == plain)
    }

    struct Variation: Sendable, CustomTestStringConvertible {
        let name: String
        let account: String?
        let date: LocalDate
        let amount: Money
        let payee: String
        var testDescription: String { name }
    }

    static let variations: [Variation] = [
        .init(name: "different account", account: "other", date: day, amount: coffee, payee: "COFFEE"),
        .init(name: "no account", account: nil, date: day, amount: coffee, payee: "COFFEE"),
        .init(name: "empty account writes the same empty field as no account", account: "", date: day, amount: coffee, payee: "COFFEE"),
        .init(name: "next day", account: "acct", date: day.adding(days: 1), amount: coffee, payee: "COFFEE"),
        .init(name: "one cent more", account: "acct", date: day, amount: Money(units: -5421, scale: 2, currency: usd), payee: "COFFEE"),
        .init(name: "sign flipped", account: "acct", date: day, amount: Money(units: 5420, scale: 2, currency: usd), payee: "COFFEE"),
        .init(name: "other currency", account: "acct", date: day, amount: Money(units: -5420, scale: 2, currency: CurrencyCode("EUR")), payee: "COFFEE"),
        .init(name: "name case differs", account: "acct", date: day, amount: coffee, payee: "Coffee"),
        .init(name: "field boundary moved (acct|COFFEE vs acctC|OFFEE)", account: "acctC", date: day, amount: coffee, payee: "OFFEE"),
    ]

    @Test(arguments: variations)
    func anyFieldChangesTheID(_ c: Variation) {
        var builder = ActivityIDBuilder()
        let base = builder.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE")
        var fresh = ActivityIDBuilder()
        let other = fresh.id(account: c.account, date: c.date, amount: c.amount, name: c.payee)
        if c.account == "" {
            // nil and "" both write an empty field, so they are the same row; documented here.
            var none = ActivityIDBuilder()
            #expect(other == none.id(account: nil, date: c.date, amount: c.amount, name: c.payee))
        } else {
            #expect(other != base)
        }
    }

    @Test func sameValueAtAnotherScaleGivesTheSameID() {
        var a = ActivityIDBuilder(), b = ActivityIDBuilder()
        // `-54.2` and `-54.20` render alike at the currency's two digits.
        #expect(
            a.id(account: "acct", date: Self.day, amount: Money(units: -542, scale: 1, currency: Self.usd), name: "COFFEE")
                == b.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE"))
    }

    @Test func bankIDAndRowIDsNeverCollideOnSameText() {
        var builder = ActivityIDBuilder()
        let byBank = builder.id(account: "acct", bankID: "COFFEE", date: Self.day)
        let byRow = builder.id(account: "acct", date: Self.day, amount: Self.coffee, name: "COFFEE")
        #expect(byBank != byRow)
    }

    @Test(arguments: [0, 1, 0xF, 0x0123_4567_89ab_cdef, 0xa129_ca61_49be_45e5, .max] as [UInt64])
    func hexIsSixteenLowercaseDigits(_ value: UInt64) {
        let text = ActivityID(value: value).description
        #expect(text.utf8.count == 16)
        #expect(text.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(UInt64(text, radix: 16) == value)
        #expect(ActivityID(hex: text)?.value == value)
        #expect(ActivityID(hex: text.uppercased())?.value == value, "either case parses")
    }

    @Test(arguments: [
        "", "123", "0123456789abcde",  // too short
        "0123456789abcdef0",  // too long
        "0123456789abcdeg",  // not hex
        "0x23456789abcdef",  // a prefix is not a digit
        "+123456789abcdef",  // a sign is not a digit either, though UInt64(_:radix:) accepts it
        "-000000000000000",
        " 123456789abcdef",
    ])
    func malformedHexRejected(_ text: String) {
        #expect(ActivityID(hex: text) == nil)
    }

    @Test func idsOrderByValue() {
        #expect(ActivityID(value: 1) < ActivityID(value: 2))
        #expect(ActivityID(value: 0x8000_0000_0000_0000) > ActivityID(value: 0x7fff_ffff_ffff_ffff))
        var out: [UInt8] = [0x3E]
        ActivityID(value: 0xab).appendHex(to: &out)
        #expect(String(decoding: out, as: UTF8.self) == ">00000000000000ab")
    }

    // MARK: Releasing counters in long files

    static func date(_ offset: Int) -> LocalDate { LocalDate(year: 2024, month: 1, day: 1)!.adding(days: offset) }

    @Test func smallFilesNeverLoseTrack() {
        var builder = ActivityIDBuilder()
        for offset in [40, 30, 20, 10, 0, 50, 5] {
            _ = builder.id(account: nil, date: Self.date(offset), amount: Self.coffee, name: "x\(offset)")
        }
        #expect(builder.lostTrackOfDate == nil)
    }

    @Test func ascendingFileReturningToAReleasedDateIsReported() {
        var builder = ActivityIDBuilder(sortedRowLimit: 4, unsortedRowLimit: 4)
        for offset in [0, 10, 20, 30, 40] {  // the fifth distinct row releases dates before day 33
            _ = builder.id(account: nil, date: Self.date(offset), amount: Self.coffee, name: "x\(offset)")
        }
        #expect(builder.lostTrackOfDate == nil)
        _ = builder.id(account: nil, date: Self.date(35), amount: Self.coffee, name: "y")
        #expect(builder.lostTrackOfDate == nil, "day 35 is within the week kept")
        _ = builder.id(account: nil, date: Self.date(5), amount: Self.coffee, name: "late")
        #expect(builder.lostTrackOfDate == Self.date(5))
        _ = builder.id(account: nil, date: Self.date(1), amount: Self.coffee, name: "later")
        #expect(builder.lostTrackOfDate == Self.date(5), "only the first lost date is kept")
    }

    @Test func descendingFileReturningToAReleasedDateIsReported() {
        var builder = ActivityIDBuilder(sortedRowLimit: 4, unsortedRowLimit: 4)
        for offset in [40, 30, 20, 10, 0] {  // newest first: releases dates after day 7
            _ = builder.id(account: nil, date: Self.date(offset), amount: Self.coffee, name: "x\(offset)")
        }
        #expect(builder.lostTrackOfDate == nil)
        _ = builder.id(account: nil, date: Self.date(50), amount: Self.coffee, name: "late")
        #expect(builder.lostTrackOfDate == Self.date(50))
    }

    @Test func rowsWithinTheKeptWeekStayNumberedAfterARelease() {
        var builder = ActivityIDBuilder(sortedRowLimit: 4, unsortedRowLimit: 4)
        let first = builder.id(account: nil, date: Self.date(38), amount: Self.coffee, name: "same")
        for offset in [0, 10, 20, 40] {
            _ = builder.id(account: nil, date: Self.date(offset), amount: Self.coffee, name: "x\(offset)")
        }
        let again = builder.id(account: nil, date: Self.date(38), amount: Self.coffee, name: "same")
        #expect(first != again, "day 38 is within a week of day 40, so its counter survived")
        #expect(builder.lostTrackOfDate == nil)
    }
}
