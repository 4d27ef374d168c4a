/// The structures that show a table is an `AppExport`, judged on its header and first rows.
///
/// Each test is a layout's shape, not one vendor's header: members' columns that add up to zero
/// on every row (a group's shares), an order id beside an item (an order history), a trade word
/// on rows whose amount carries no sign (a trade list). A bank statement has none of them.
enum AppExportSignature {
    /// What the text is, with the evidence; `nil` when no signature holds.
    static func identify(_ input: SniffInput, head: ArraySlice<UInt8>) -> (kind: ForeignFile, evidence: String)? {
        if let evidence = pdfText(input) { return (.appExport(.pdfText), evidence) }
        guard let table = SniffTable(input, from: head.startIndex) else { return nil }
        let checks: [(SniffTable) -> (AppExport, String)?] = [groupExpenses, orderHistory, merchantPayments, tradeList, cryptoLedger, paymentRegister]
        for check in checks {
            if let (kind, evidence) = check(table) { return (.appExport(kind), "\(evidence), header at line \(table.headerLine)") }
        }
        return nil
    }

    // MARK: Group expenses

    /// `Paid by` beside `Paid for`/`For whom`, or two or more members' columns at the end of the
    /// header whose numbers add up to zero on every row (each member's paid minus owed share).
    private static func groupExpenses(_ t: SniffTable) -> (AppExport, String)? {
        if let paid = t.column({ $0 == "paid by" || $0 == "who paid" }),
            let share = t.column({ $0.hasPrefix("paid for") || $0 == "for whom" || $0.hasPrefix("impact on") })
        {
            return (.groupExpenses, "the columns '\(t.header[paid])' and '\(t.header[share])'")
        }
        var first = t.header.count
        while first > 1, isMemberColumn(t, first - 1) { first -= 1 }
        let members = first..<t.header.count
        guard members.count >= 2 else { return nil }
        var balanced = 0
        for row in t.rows {
            let values = members.map { $0 < row.count ? SniffNumber.millionths(row[$0]) ?? 0 : 0 }
            guard values.contains(where: { $0 != 0 }) else { continue }
            // A cent of rounding: a cost split three ways leaves one.
            guard abs(values.reduce(0, +)) <= 10_000 else { return nil }
            balanced += 1
        }
        guard balanced >= 3 else { return nil }
        let shown = members.prefix(3).map { "'\(t.header[$0])'" }.joined(separator: ", ")
        return (.groupExpenses, "\(members.count) members' columns (\(shown)…) that add up to zero on each of \(balanced) rows")
    }

    /// A column of numbers (or empty cells) under a header that names no amount: a member.
    private static func isMemberColumn(_ t: SniffTable, _ index: Int) -> Bool {
        let name = t.header[index]
        let words = name.split { !$0.isLetter }.map(String.init)
        guard !words.isEmpty, !words.contains(where: moneyWords.contains), !["in", "out"].contains(name) else { return false }
        let cells = t.cells(index).filter { !$0.isEmpty }
        return !cells.isEmpty && cells.allSatisfy { SniffNumber.millionths($0) != nil }
    }

    /// Words of a header that names money or a key, never a member (compared word by word:
    /// `David` is no `id`).
    private static let moneyWords: Set<String> = [
        "amount", "balance", "debit", "credit", "total", "betrag", "saldo", "montant", "importe", "valor", "cost",
        "price", "fee", "rate", "quantity", "sum", "paid", "value", "net", "gross", "id", "number", "code", "soll", "haben",
    ]

    // MARK: Orders and merchants

    /// An order id beside an item and an order's detail (status, unit price, quantity).
    private static func orderHistory(_ t: SniffTable) -> (AppExport, String)? {
        guard let order = t.column({ ["order id", "order number", "order no", "order no.", "order #"].contains($0) }),
            let item = t.column({ ["asin", "product name", "item title", "item name", "product title", "product", "title"].contains($0) }),
            let detail = t.column({ ["order status", "shipment status", "unit price", "item price", "quantity", "ship date"].contains($0) })
        else { return nil }
        return (.orderHistory, "the columns '\(t.header[order])', '\(t.header[item])' and '\(t.header[detail])'")
    }

    /// Charges with their refunded amount and capture or card details (Stripe), or a point of
    /// sale's gross and net sales (Square).
    private static func merchantPayments(_ t: SniffTable) -> (AppExport, String)? {
        if let refunded = t.column({ $0 == "amount refunded" || $0 == "refunded amount" }),
            let detail = t.column({ ["captured", "card funding", "card brand", "customer email", "paymentintent id", "payment intent"].contains($0) })
        {
            return (.merchantPayments, "the columns '\(t.header[refunded])' and '\(t.header[detail])'")
        }
        if let gross = t.column({ $0 == "gross sales" }), let net = t.column({ $0 == "net sales" }) {
            return (.merchantPayments, "the columns '\(t.header[gross])' and '\(t.header[net])'")
        }
        if t.header.first == "id", let fee = t.column({ $0 == "fee" }),
            let id = t.cells(0).first, ["ch_", "py_", "pi_"].contains(where: id.hasPrefix)
        {
            return (.merchantPayments, "charge ids ('\(id.prefix(3))…') in 'id' and a '\(t.header[fee])' column")
        }
        return nil
    }

    // MARK: Trades and assets

    /// A quantity column beside a security or a price, and buy rows whose amounts carry no sign:
    /// the securities' side of each trade. A broker's cash statement writes a buy's cash
    /// negative (Schwab, Fidelity, Robinhood, TD Ameritrade), and is read.
    private static func tradeList(_ t: SniffTable) -> (AppExport, String)? {
        guard let quantity = t.column(isQuantity),
            t.column({ name in securityWords.contains { name == $0 || name.hasPrefix($0 + " ") } }) != nil || t.column({ $0.contains("price") }) != nil
        else { return nil }
        let money = t.header.indices.filter { isCashColumn(t.header[$0]) }
        guard !money.isEmpty else { return nil }
        var unsigned = 0, signed = 0
        var example: String?
        for row in t.rows where row.contains(where: isBuyWord) {
            let signs = money.compactMap { $0 < row.count ? SniffNumber.sign(row[$0]) : nil }
            if signs.contains(-1) {
                signed += 1
            } else if signs.contains(1) {
                unsigned += 1
                if example == nil, let word = row.first(where: isBuyWord) { example = word }
            }
        }
        guard unsigned > 0, signed == 0, let example else { return nil }
        let shown = money.prefix(2).map { "'\(t.header[$0])'" }.joined(separator: ", ")
        return (
            .tradeList,
            "'\(t.header[quantity])' beside a security or price, and \(unsigned) '\(example)' rows with no sign on \(shown)"
        )
    }

    private static func isQuantity(_ name: String) -> Bool {
        !name.contains("price") && ["quantity", "shares", "units", "amount asset", "no. of shares"].contains { name.contains($0) }
    }

    private static let securityWords = ["isin", "ticker", "symbol", "instrument", "asset", "security", "product", "cusip"]

    /// A column of the trade's money: an amount, total or value, not a price, fee or balance.
    private static func isCashColumn(_ name: String) -> Bool {
        ["amount", "total", "money", "value", "net"].contains(where: name.contains)
            && !["price", "fee", "commission", "balance", "quantity", "units", "shares", "asset", "equity", "tax", "rate", "refund", "currency"]
                .contains(where: name.contains)
    }

    /// A cell that names a buy: `Buy`, `Market buy`, `BUY - MARKET`, `Bought 30 BP`, `Open Position`.
    private static func isBuyWord(_ cell: String) -> Bool {
        let lower = cell.lowercased()
        guard lower.count <= 40 else { return false }
        let first = lower.split(whereSeparator: { $0 == " " || $0 == "-" }).first ?? ""
        return ["buy", "bought", "purchase", "purchased"].contains(first) || lower.hasSuffix(" buy") || lower == "open position"
    }

    /// An asset column holding two or more assets, or a currency or asset column holding a crypto
    /// asset's ticker.
    private static func cryptoLedger(_ t: SniffTable) -> (AppExport, String)? {
        for (index, name) in t.header.enumerated() {
            let isAsset = assetHeaders.contains(name)
            guard isAsset || name.contains("currency") || name == "fiat" else { continue }
            let values = Set(t.cells(index).map { $0.uppercased() }.filter { !$0.isEmpty && $0.count <= 10 })
            if let crypto = values.sorted().first(where: cryptoTickers.contains) {
                return (.cryptoLedger, "the crypto asset '\(crypto)' in the column '\(name)'")
            }
            if isAsset, values.count >= 2 {
                return (.cryptoLedger, "\(values.count) assets (\(values.sorted().prefix(3).joined(separator: ", "))) in the column '\(name)'")
            }
        }
        return nil
    }

    private static let assetHeaders: Set<String> = ["asset", "coin", "amount/balance unit", "token", "cryptocurrency", "crypto", "asset symbol"]

    /// The most traded crypto assets' tickers, none an ISO 4217 code nor a word a bank writes for
    /// its currency (`SOL` is left out: Peru's banks write it for PEN).
    private static let cryptoTickers: Set<String> = [
        "BTC", "XBT", "ETH", "ETH2", "USDT", "USDC", "BUSD", "BNB", "XRP", "LTC", "ADA", "DOGE", "DOT", "MATIC",
        "XLM", "TRX", "BCH", "EOS", "LINK", "NEXO", "SHIB", "AVAX", "ATOM", "XMR", "UNI", "ALGO", "NANO", "XTZ", "ETC", "MIOTA",
    ]

    // MARK: Registers

    /// Payees' names, their account numbers and amounts, with no date in the header or the rows.
    private static func paymentRegister(_ t: SniffTable) -> (AppExport, String)? {
        let names = ["surname", "last name", "first name", "фамилия", "employee", "beneficiary", "payee name"]
        guard let name = t.column({ n in names.contains(where: n.contains) }),
            let account = t.column({ n in ["account number", "account no", "iban", "номер счета", "номер счёта"].contains(where: n.contains) }),
            let amount = t.column({ n in ["amount", "сумма", "salary", "net pay"].contains(where: n.contains) }),
            t.column({ n in ["date", "дата", "datum", "fecha", "data"].contains(where: n.contains) }) == nil,
            !t.rows.contains(where: { $0.contains(where: looksLikeDate) })
        else { return nil }
        return (.paymentRegister, "the columns '\(t.header[name])', '\(t.header[account])' and '\(t.header[amount])' and no date")
    }

    /// `31.12.2024`, `2024-12-31`, `12/31/24`: three groups of digits, one cut repeated.
    private static func looksLikeDate(_ cell: String) -> Bool {
        for cut in [Character("."), "-", "/"] {
            let parts = cell.prefix(10).split(separator: cut, omittingEmptySubsequences: false)
            if parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) { return true }
        }
        return false
    }

    // MARK: PDF text

    /// A page marker (`Page 1 of 2`, `----- Page 1-----`, `стр 1 из 4`, a form feed) and lines whose
    /// columns are aligned with runs of spaces, where a table export cuts them with a delimiter.
    private static func pdfText(_ input: SniffInput) -> String? {
        let lines = input.lines(limit: 400)
        var aligned = 0, nonEmpty = 0
        for line in lines {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0C }) else { continue }
            nonEmpty += 1
            if line.contains(0x09) { return nil }
            if hasAlignedColumns(line) { aligned += 1 }
        }
        // The page marker is looked for only in text laid out in columns: searching every line of
        // every file for page words made identifying a CSV file 50 times slower.
        guard aligned >= 5, aligned * 4 >= nonEmpty,
            let marker = lines.lazy.compactMap({ line in pageMarker(line).map { (line: input.line(at: line.startIndex), text: $0) } }).first
        else { return nil }
        return "the page marker '\(marker.text)' at line \(marker.line) and \(aligned) lines whose columns are aligned with spaces"
    }

    /// Whether a run of three or more spaces sits between two pieces of text.
    private static func hasAlignedColumns(_ line: ArraySlice<UInt8>) -> Bool {
        var seenText = false, run = 0
        for byte in line {
            if byte == 0x20 {
                run += 1
            } else {
                if seenText, run >= 3 { return true }
                seenText = true
                run = 0
            }
        }
        return false
    }

    /// The page marker in a line: a page word and its number.
    private static func pageMarker(_ line: ArraySlice<UInt8>) -> String? {
        if line.contains(0x0C) { return "form feed" }
        let text = String(decoding: line.prefix(400), as: UTF8.self).lowercased()
        for word in ["page ", "page", "стр ", "стр. ", "seite ", "página ", "pagina ", "strona ", "sida ", "sivu "] {
            for range in text.ranges(of: word) {
                let after = text[range.upperBound...]
                let number = after.prefix(while: { $0.isNumber })
                let before = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
                if !number.isEmpty, !before.isLetter, !(after.dropFirst(number.count).first?.isLetter ?? false) {
                    return String(text[range.lowerBound..<number.endIndex])
                }
            }
        }
        return nil
    }
}
