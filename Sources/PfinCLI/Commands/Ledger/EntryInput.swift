import FinanceCore

/// The transaction fields `pfin add` and `pfin edit` accept, read and checked.
///
/// Every check runs and every failure is kept in `problems`, in the order of the options, so that
/// one run reports them all. A field that is `nil` was not given; for the optional fields,
/// `.some(nil)` means "clear it" (`--memo ""`).
struct EntryInput {
    var name: String?
    /// The amount's magnitude as typed (no currency yet), with the text for messages.
    var magnitude: Money?
    var amountText: String?
    var type: PaymentType?
    var date: LocalDate?
    var currency: CurrencyCode?
    var address: String??
    var memo: String??
    var category: String??
    var account: String??
    private(set) var problems: [FieldProblem] = []

    /// The memo's limit: what finance apps allow, and enough for a note on a payment.
    static let memoLimit = 300

    static let name = Option("--name", value: "TEXT", help: "Who was paid, or who paid you.")
    static let amount = Option("--amount", value: "AMOUNT", help: "The amount above zero, without a sign: 12.50 or 1,234.50.")
    static let type = Option(
        "--type", value: "TYPE", completion: .values(PaymentType.allCases.map(\.rawValue)),
        help: "expense (money out, the default), income (money in) or transfer.")
    static let date = Option("--date", value: "DATE", help: "The day, YYYY-MM-DD (or today, yesterday); default today.")
    static let address = Option("--address", value: "TEXT", help: "Where it happened.")
    static let memo = Option("--memo", value: "TEXT", help: "A note, under \(memoLimit) characters.")
    static let category = Option("--category", value: "CATEGORY", completion: .category, help: "A category such as Food:Groceries.")
    static let account = Option("--account", value: "NAME", completion: .account, help: "The account it was paid from or into.")
    static let currency = Option("--currency", value: "CODE", help: "The currency (ISO 4217, e.g. EUR).")
    /// In the order problems are reported.
    static let specs = [name, amount, type, date, address, memo, category, account, currency].map(\.spec)

    /// True when no field was given.
    var isEmpty: Bool {
        name == nil && amountText == nil && type == nil && date == nil && currency == nil && address == nil
            && memo == nil && category == nil && account == nil && problems.isEmpty
    }

    /// Reads the options; `required` adds a problem for each of `--name` and `--amount` missing.
    init(_ arguments: ParsedArguments, required: Bool, today: LocalDate) {
        if let text = arguments[EntryInput.name] {
            let trimmed = EntryInput.trimmed(text)
            if trimmed.isEmpty { problems.append(EntryInput.nameProblem) } else { name = trimmed }
        } else if required {
            problems.append(EntryInput.nameProblem)
        }
        if let text = arguments[EntryInput.amount] {
            amountText = text
            switch AmountText.magnitude(text) {
            case .success(let value): magnitude = value
            case .failure(let failure): problems.append(EntryInput.amountProblem(text, failure))
            }
        } else if required {
            problems.append(
                FieldProblem(
                    "--amount", "please enter a valid amount",
                    notes: ["--amount is required", EntryInput.magnitudeNote]))
        }
        if let text = arguments[EntryInput.type] {
            if let chosen = PaymentType(rawValue: EntryInput.trimmed(text).lowercased()) {
                type = chosen
            } else {
                let names = PaymentType.allCases.map(\.rawValue)
                var notes = Spelling.closest(to: text, in: names).map { ["did you mean '\($0)'?"] } ?? []
                notes.append("expense is money out, income money in, transfer money moved between your own accounts")
                problems.append(FieldProblem("--type", "please choose income, expense or transfer", notes: notes))
            }
        }
        if let text = arguments[EntryInput.date] {
            if let day = DateArgument.parse(EntryInput.trimmed(text), today: today) {
                date = day
            } else {
                problems.append(FieldProblem("--date", "please enter a real date", notes: [DateArgument.problem(text)]))
            }
        }
        address = EntryInput.optional(arguments[EntryInput.address])
        memo = EntryInput.optional(arguments[EntryInput.memo])
        if case let memo?? = memo, memo.count >= EntryInput.memoLimit {
            problems.append(
                FieldProblem(
                    "--memo", "please keep the memo under \(EntryInput.memoLimit) characters",
                    notes: ["it has \(memo.count) characters"]))
        }
        category = EntryInput.optional(arguments[EntryInput.category])
        account = EntryInput.optional(arguments[EntryInput.account])
        if let text = arguments[EntryInput.currency] {
            if let code = CurrencyCode(EntryInput.trimmed(text)) {
                currency = code
            } else {
                problems.append(
                    FieldProblem(
                        "--currency", "please enter a currency code such as USD or EUR",
                        notes: ["'\(text)' is not a three-letter ISO 4217 code"]))
            }
        }
    }

    /// Checks the amount's digits against the currency (known only once the ledger is open: the
    /// default currency comes from it): `12.345` dollars is a typo, not a price.
    mutating func checkDigits(for currency: CurrencyCode?) {
        guard let text = amountText, let value = magnitude else { return }
        let allowed = currency?.minorDigits ?? 2
        guard Int(value.scale) > allowed else { return }
        let owner = currency.map { "\($0) amounts have" } ?? "amounts have"
        let limit = allowed == 0 ? "no digits after the point" : "at most \(allowed) digit\(allowed == 1 ? "" : "s") after the point"
        magnitude = nil
        insert(
            FieldProblem(
                "--amount", "please enter a valid amount",
                notes: [
                    "\(owner) \(limit); '\(EntryInput.trimmed(text))' has \(value.scale)",
                    EntryInput.magnitudeNote,
                ]))
    }

    /// Adds a problem found outside the options (an unknown id), keeping the options' order.
    mutating func insert(_ problem: FieldProblem) {
        let order = ["ID"] + EntryInput.specs.map(\.long)
        let rank = order.firstIndex(of: problem.option) ?? order.count
        let index = problems.firstIndex { (order.firstIndex(of: $0.option) ?? order.count) > rank } ?? problems.endIndex
        problems.insert(problem, at: index)
    }

    private static let nameProblem = FieldProblem(
        "--name", "please enter the payment name",
        notes: ["the name says who was paid or who paid you, e.g. --name \"Corner Bakery\""])

    static let magnitudeNote =
        "the amount is a number above zero without a sign, like 12.50 or 1,234.50; --type decides the sign (expense: money out, income: money in)"

    private static func amountProblem(_ text: String, _ failure: AmountText.Problem) -> FieldProblem {
        let reason: String
        switch failure {
        case .signed(let unsigned): reason = "'\(trimmed(text))' has a sign; give the magnitude, '\(trimmed(unsigned))'"
        case .notANumber:
            let parts = trimmed(text).split(separator: ",", omittingEmptySubsequences: false)
            if parts.count == 2, (1...2).contains(parts[1].count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }) {
                reason = "'\(text)' is not a number: ',' only separates thousands; write the cents after a point, \(parts[0]).\(parts[1])"
            } else if trimmed(text).isEmpty {
                reason = "--amount is empty"
            } else if trimmed(text).contains(where: { "$€£¥".contains($0) }) {
                reason = "'\(text)' is not a number: leave the currency symbol out, and give --currency CODE if needed"
            } else {
                reason = "'\(text)' is not a number"
            }
        case .zero: reason = "the amount must be above zero"
        case .tooLarge: reason = "'\(trimmed(text))' is too large; pfin keeps at most 18 digits"
        }
        return FieldProblem("--amount", "please enter a valid amount", notes: [reason, magnitudeNote])
    }

    /// `nil` when not given; `.some(nil)` when given empty or blank (clear the field).
    private static func optional(_ text: String?) -> String?? {
        guard let text else { return nil }
        let value = trimmed(text)
        return .some(value.isEmpty ? nil : value)
    }

    static func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}

extension EntryInput {
    /// The signed amount a magnitude stands for: the type decides the sign, money in positive and
    /// money out negative. A transfer keeps the sign of `previous` (an edit must not turn money
    /// into an account into money out of it) and is otherwise money out of the account.
    static func signed(_ magnitude: Money, type: PaymentType, currency: CurrencyCode?, previous: Money? = nil) -> Money {
        var amount = magnitude
        amount.currency = currency
        let negative: Bool
        switch type {
        case .income: negative = false
        case .expense: negative = true
        case .transfer: negative = previous.map { $0.isNegative || $0.isZero } ?? true
        }
        // A magnitude has at most 18 digits, so negating it cannot overflow.
        return negative ? (amount.negated ?? amount) : amount
    }
}
