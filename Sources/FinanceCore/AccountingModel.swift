/// What a transaction counts as in every total pfin computes: income, spending or a transfer.
///
/// `PaymentType` is a label a transaction carries (from its sign, the file or a rule);
/// `AccountingSide` is what `AccountingModel` decides from that label and the category, and what
/// reports, the ledger's summaries, journals and beancount all count by.
public enum AccountingSide: UInt8, Sendable, CaseIterable, Hashable {
    case income
    case spending
    case transfer

    /// The word reports and JSON use: `income`, `spending`, `transfer`.
    public var word: String {
        switch self {
        case .income: "income"
        case .spending: "spending"
        case .transfer: "transfer"
        }
    }
}

/// The side a transaction counts on, and whether its amount runs against that side.
public struct Booking: Hashable, Sendable {
    public var side: AccountingSide
    /// Money back on the spending side (a positive amount in a spending category, a **refund**: it
    /// lowers that category's spending), or money given back on the income side (a negative amount
    /// in an income category: it lowers income). Never set for transfers.
    public var isReversal: Bool

    public init(side: AccountingSide, isReversal: Bool) {
        self.side = side
        self.isReversal = isReversal
    }
}

/// The kind of account a category names, from its first component.
public enum CategoryKind: Sendable, Hashable {
    /// Under `Income` (or `Revenue`, `Revenues`, `Paycheck`, `Paychecks`, YNAB's `Inflow`, `Ready to
    /// Assign`, `To be Budgeted`; pay and dividends: `Salary`, `Salaries`, `Wage`, `Wages`, `Payroll`,
    /// `Dividend`, `Dividends`, and `Gehalt`, `Lohn`, `Einnahmen`, `Einkommen`, `Salaire`, `Salaires`,
    /// `Revenus`, `Nómina`, `Ingresos`, `Salario`, `Stipendio`, `Entrate`, `Salaris`, `Inkomsten`, and
    /// their like in Portuguese, Polish, Czech, the Nordic languages, Turkish, Russian, Ukrainian, Greek,
    /// Hebrew, Arabic, Chinese, Japanese and Korean: `Lön`, `Palkka`, `Пополнения`, `收入`), or
    /// a first component ending in the word `Income` (`Other Income`, `Interest Income`: banks' own
    /// categories); a category that is one snake_case word by its first word (Neon's `income_salary`,
    /// Plaid's `INCOME_WAGES`).
    case income
    /// Under `Transfers` or `Transfer`, or a balance-sheet root (`Assets`, `Liabilities`, `Equity`):
    /// money that stays the user's.
    case transfer
    /// Anything else, `Expenses:…` included.
    case spending
}

/// The one accounting model: for a transaction, whether it is income, spending or a transfer.
///
/// Every consumer calls `booking(_:)` (or the field-wise form), so a report, `pfin summary`, the
/// HTML pages, the ledger's queries, `--to ledger` and `--to beancount` cannot disagree:
///
/// 1. Type `transfer` (from the file, such as OFX `XFER`, or a rule) is a transfer, whatever the
///    category: a transfer is never income or spending.
/// 2. Otherwise, with a category, the category's kind decides (`CategoryKind`): under `Income`
///    (or `Revenue`, `Paycheck`, or a first component such as `Interest Income`) is income; under `Transfers`, `Assets`, `Liabilities` or `Equity` is a transfer; any other
///    category is spending. A positive amount in a spending category is a refund and a negative one
///    in an income category a reversal of income (`Booking.isReversal`); both lower their side.
/// 3. Without a category, the type decides; it follows the amount's sign unless the file or a rule
///    set it.
///
/// A rule that sets `type income` or `type expense` together with a category of the other kind is
/// a contradiction (`contradiction(type:category:)`): the category decides, and `pfin rules check`
/// and every run say so.
public enum AccountingModel {
    /// The booking of `activity`.
    @inlinable
    public static func booking(_ activity: PaymentActivity) -> Booking {
        booking(type: activity.type, category: activity.category, amount: activity.amount)
    }

    /// The booking of a transaction with these fields.
    @inlinable
    public static func booking(type: PaymentType, category: String?, amount: Money) -> Booking {
        let side = self.side(type: type, category: category)
        switch side {
        case .income: return Booking(side: .income, isReversal: amount.isNegative)
        case .spending: return Booking(side: .spending, isReversal: !amount.isNegative && !amount.isZero)
        case .transfer: return Booking(side: .transfer, isReversal: false)
        }
    }

    /// The side alone (rules 1 to 3 above).
    @inlinable
    public static func side(type: PaymentType, category: String?) -> AccountingSide {
        if type == .transfer { return .transfer }
        if let category, let kind = kind(ofCategory: category) {
            switch kind {
            case .income: return .income
            case .transfer: return .transfer
            case .spending: return .spending
            }
        }
        return type == .income ? .income : .spending
    }

    /// The kind of `category`, or `nil` when it names nothing (empty, or only spaces and colons).
    ///
    /// Reads the first component's bytes in place: it runs for every transaction of a report, and
    /// most categories are told apart by their first letter.
    public static func kind(ofCategory category: String) -> CategoryKind? {
        if let fast = category.utf8.withContiguousStorageIfAvailable({ kind(ofCategoryBytes: $0) }) { return fast }
        return Array(category.utf8).withUnsafeBufferPointer { kind(ofCategoryBytes: $0) }
    }

    /// The lowercased roots that are not spending, with their kinds.
    private static let roots: [(word: [UInt8], kind: CategoryKind)] = [
        (Array("income".utf8), .income), (Array("revenue".utf8), .income), (Array("revenues".utf8), .income),
        (Array("paycheck".utf8), .income), (Array("paychecks".utf8), .income),
        // Pay and returns that only ever come in, as apps and banks name their categories (Spendee's
        // and Firefly III's `Salary`), in English, German, French, Spanish, Italian and Dutch.
        (Array("salary".utf8), .income), (Array("salaries".utf8), .income), (Array("wage".utf8), .income),
        (Array("wages".utf8), .income), (Array("payroll".utf8), .income), (Array("dividend".utf8), .income),
        (Array("dividends".utf8), .income), (Array("gehalt".utf8), .income), (Array("lohn".utf8), .income),
        (Array("einnahmen".utf8), .income), (Array("einkommen".utf8), .income), (Array("salaire".utf8), .income),
        (Array("salaires".utf8), .income), (Array("revenus".utf8), .income), (Array("nómina".utf8), .income),
        (Array("nomina".utf8), .income), (Array("ingresos".utf8), .income), (Array("salario".utf8), .income),
        (Array("stipendio".utf8), .income), (Array("entrate".utf8), .income), (Array("salaris".utf8), .income),
        (Array("inkomsten".utf8), .income),
        // The same in the other languages banks and apps export their categories in: Portuguese,
        // Polish, Czech, Swedish, Danish, Norwegian, Finnish, Turkish (letters beyond ASCII compared
        // as written, lowercase).
        (Array("salário".utf8), .income), (Array("rendimentos".utf8), .income), (Array("wynagrodzenie".utf8), .income),
        (Array("przychody".utf8), .income), (Array("dochody".utf8), .income), (Array("wpływy".utf8), .income),
        (Array("pensja".utf8), .income), (Array("příjmy".utf8), .income), (Array("mzda".utf8), .income),
        (Array("inkomster".utf8), .income), (Array("lön".utf8), .income), (Array("indtægter".utf8), .income),
        (Array("indkomst".utf8), .income), (Array("løn".utf8), .income), (Array("inntekter".utf8), .income),
        (Array("lønn".utf8), .income), (Array("tulot".utf8), .income), (Array("palkka".utf8), .income),
        (Array("gelir".utf8), .income), (Array("gelirler".utf8), .income), (Array("maaş".utf8), .income),
        // GnuCash's top-level income account in its German and Portuguese templates.
        (Array("erträge".utf8), .income), (Array("receitas".utf8), .income),
        // Aggregators' money in that is no refund (Empower's `Deposits`).
        (Array("deposit".utf8), .income), (Array("deposits".utf8), .income),
        // Budgeting apps' money to budget (YNAB's `Inflow: Ready to Assign`, formerly `To be Budgeted`).
        (Array("inflow".utf8), .income), (Array("ready to assign".utf8), .income), (Array("to be budgeted".utf8), .income),
        (Array("transfers".utf8), .transfer), (Array("transfer".utf8), .transfer),
        // Banks' own categories for money moved in and out (NAB's `Transfers in`, `Transfers out`).
        (Array("transfers in".utf8), .transfer), (Array("transfers out".utf8), .transfer),
        (Array("transfer in".utf8), .transfer), (Array("transfer out".utf8), .transfer),
        (Array("assets".utf8), .transfer), (Array("liabilities".utf8), .transfer), (Array("equity".utf8), .transfer),
    ]
    /// Income roots written in scripts beyond Latin (Cyrillic, Greek, Hebrew, Arabic, Chinese,
    /// Japanese, Korean), lowercased: T-Bank's `Пополнения` (top-ups), `Зарплата`, a Chinese app's
    /// `收入`. Looked up only when a category's first byte is not ASCII.
    private static let scriptRoots: Set<String> = [
        "пополнения", "пополнение", "зарплата", "заработная плата", "доходы", "доход", "поступления",
        "поповнення", "доходи", "надходження", "заробітна плата", "έσοδα", "μισθός", "μισθοδοσία",
        "הכנסות", "משכורת", "دخل", "راتب", "رواتب", "收入", "工资", "薪资", "薪水", "収入", "給与", "給料", "수입", "급여",
    ]
    private static let incomeSuffix = Array(" income".utf8)
    /// Bit `c & 0x1F` set for the first letter `c` of each root.
    private static let rootInitials: UInt32 = roots.reduce(0) { $0 | 1 << UInt32($1.word[0] & 0x1F) }

    private static func kind(ofCategoryBytes bytes: UnsafeBufferPointer<UInt8>) -> CategoryKind? {
        // The first component, spaces around it dropped; empty components before it skipped.
        // Components are separated by `:`, or by `>`, `/` or ` - ` as some apps and banks write them
        // (MoneyWiz's `Income > Salary`, Empower's `Paychecks/Salary`, mBank's `Wpływy - inne`).
        var start = 0
        while start < bytes.count && (bytes[start] == 0x20 || bytes[start] == 0x3A) { start += 1 }
        guard start < bytes.count else { return nil }
        var end = start
        while end < bytes.count && bytes[end] != 0x3A && bytes[end] != 0x3E && bytes[end] != 0x2F {
            if bytes[end] == 0x2D, end > start, bytes[end - 1] == 0x20, end + 1 < bytes.count, bytes[end + 1] == 0x20 { break }
            end += 1
        }
        while end > start && bytes[end - 1] == 0x20 { end -= 1 }
        if let kind = rootKind(bytes, start, end) { return kind }
        // One snake_case identifier (Neon's `income_salary`, Plaid's `INCOME_WAGES`,
        // `TRANSFER_IN_DEPOSIT`): its first word is its root, as a first component would be.
        var snake = start
        while snake < end && bytes[snake] != 0x5F && bytes[snake] != 0x20 { snake += 1 }
        if snake < end, bytes[snake] == 0x5F, !bytes[snake..<end].contains(0x20), let kind = rootKind(bytes, start, snake) { return kind }
        return .spending
    }

    /// The kind `bytes[start..<end]` names as a first component: an income, transfer or
    /// balance-sheet root, or a name ending in the word `Income`; `nil` for any other (spending).
    /// `_` counts as a space (`ready_to_assign`, `other_income`).
    private static func rootKind(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> CategoryKind? {
        let length = end - start
        // ASCII letters compared without case, `_` as a space; other bytes (`ó`) as they are.
        @inline(__always) func folded(_ b: UInt8) -> UInt8 { b &- 0x41 < 26 ? b | 0x20 : b == 0x5F ? 0x20 : b }
        // A bank's or an aggregator's `Other Income`, `Interest Income`, `Rental Income`.
        if length > incomeSuffix.count {
            var same = true
            for k in 0..<incomeSuffix.count where folded(bytes[end - incomeSuffix.count + k]) != incomeSuffix[k] {
                same = false
                break
            }
            if same { return .income }
        }
        if bytes[start] >= 0x80 {
            let component = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            return scriptRoots.contains(component.lowercased()) ? .income : nil
        }
        let first = bytes[start] | 0x20
        // The roots' first letters (i, r, p, t, a, l, e; s, w, d, g, n): any other is spending.
        guard rootInitials & (1 << UInt32(first & 0x1F)) != 0, first >= 0x61, first <= 0x7A else { return nil }
        for root in roots where root.word.count == length {
            var same = true
            for k in 0..<length where folded(bytes[start + k]) != root.word[k] {
                same = false
                break
            }
            if same { return root.kind }
        }
        return nil
    }

    /// Why a type contradicts a category, when it does: type `transfer` with a category under
    /// `Income`, type `income` with a spending or
    /// transfer category, type `expense` with an income or transfer category. `nil` when they agree
    /// or there is no category.
    ///
    /// A transfer with a spending category (`Savings`) is not a contradiction: such categories name
    /// where the money went, and the transfer stays a transfer.
    public static func contradiction(type: PaymentType, category: String?) -> String? {
        guard let category, let kind = kind(ofCategory: category) else { return nil }
        switch (type, kind) {
        case (.transfer, .income):
            return "type 'transfer' with the income category '\(category)': counted as a transfer, never as income"
        case (.income, .spending):
            return "type 'income' with the spending category '\(category)': counted as spending (money in is a refund)"
        case (.income, .transfer):
            return "type 'income' with the transfer category '\(category)': counted as a transfer"
        case (.expense, .income):
            return "type 'expense' with the income category '\(category)': counted as income (money out lowers income)"
        case (.expense, .transfer):
            return "type 'expense' with the transfer category '\(category)': counted as a transfer"
        default:
            return nil
        }
    }
}
