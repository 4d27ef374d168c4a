import FinanceCore

/// What the sampled values of one column look like.
struct ColumnStats {
    let index: Int
    /// The non-empty values, in row order.
    let values: [String]
    /// The sampled row each value is in (`values[k]` is in row `valueRows[k]`).
    let valueRows: [Int32]
    let rowCount: Int
    /// Share of values that parse as a date in the layout that fits most of them.
    let dateRatio: Double
    /// Share of values that parse as an amount with one of the two decimal marks.
    let amountRatio: Double
    /// Share of values written like money: a sign or decimals (check numbers and ids have neither).
    let moneyLikeRatio: Double
    let currencyRatio: Double
    let directionRatio: Double
    /// Share of values containing letters.
    let textRatio: Double
    let distinctCount: Int
    let averageLength: Double

    var nonEmpty: Int { values.count }
    var fillRatio: Double { rowCount == 0 ? 0 : Double(values.count) / Double(rowCount) }

    /// Values looked at for the ratios.
    static let sampleSize = 1000

    /// `yearless`: days without a year count as dates (the file states its statement period);
    /// `calendar`: so do that calendar's (the file's language says it, `DateCalendarEvidence`).
    init(index: Int, rows: [SampleRecord], yearless: Bool = false, calendar: DateCalendar? = nil) {
        self.index = index
        var values: [String] = []
        var valueRows: [Int32] = []
        for (row, record) in rows.enumerated() where index < record.fields.count && !record.fields[index].isEmpty {
            values.append(record.fields[index])
            valueRows.append(Int32(truncatingIfNeeded: row))
        }
        self.values = values
        self.valueRows = valueRows
        rowCount = rows.count
        // Ratios need no more than the first thousand values; the values themselves are all kept
        // (the date layout and decimal mark are decided from every one).
        let sample = values.prefix(ColumnStats.sampleSize)
        let n = Double(max(sample.count, 1))
        // One pass per value over its bytes answers the cheap questions and rules out the costly
        // ones: without a digit a value is no amount, and with one it folds to no direction word
        // (folding keeps digits); plain ASCII counts its characters by its bytes. Every count
        // comes out as the direct tests would give it.
        let dateHits = DateLayoutHits.count(
            sample,
            formats: DateFormat.candidates + (yearless ? DateFormat.yearlessCandidates : []) + (calendar?.candidates ?? []))
        var amounts = 0, moneyLike = 0, currencies = 0, directions = 0, texts = 0, length = 0, pendings = 0
        for value in sample {
            let shape = ValueShape(value)
            if shape.hasDigit {
                if ValueKinds.isAmount(value) {
                    amounts += 1
                    if ColumnStats.looksLikeMoney(value) { moneyLike += 1 }
                }
            } else {
                let folded = TextFolding.fold(value)
                if DirectionWords.isMoneyOut(folded) != nil || DirectionWords.isNeutral(value) {
                    directions += 1
                } else if PendingDateWords.isPending(value, folded: folded) {
                    pendings += 1
                }
            }
            if shape.byteCount == 3, CurrencyText.code(value) != nil {
                currencies += 1
            } else if !shape.isASCII, shape.byteCount <= 12, CurrencyText.currency(word: value) != nil {
                currencies += 1
            } else if !shape.hasDigit, shape.byteCount <= 4, CurrencyText.currency(named: value) != nil {
                // A sign alone: ledger's `csv` and hledger's commodity column (`$`, `€`, `£`).
                currencies += 1
            }
            if shape.hasASCIILetter || (!shape.isASCII && value.unicodeScalars.contains(where: { $0.properties.isAlphabetic })) {
                texts += 1
            }
            length += shape.isASCII && !shape.hasCarriageReturn ? shape.byteCount : value.count
        }
        // `pending` and `—` in a date column are rows not booked yet, not evidence against dates.
        let dates = dateHits.max() ?? 0
        dateRatio = dates > 0 && pendings < sample.count ? Double(dates) / Double(sample.count - pendings) : Double(dates) / n
        amountRatio = Double(amounts) / n
        moneyLikeRatio = Double(moneyLike) / n
        currencyRatio = Double(currencies) / n
        directionRatio = Double(directions) / n
        textRatio = Double(texts) / n
        distinctCount = Set(sample).count
        averageLength = Double(length) / n
    }

    /// A sign, a currency, or one or two decimals: `-54.20`, `54,2`, `$5`; not `1234` or `000123`.
    static func looksLikeMoney(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        if let first = bytes.first, [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "(")].contains(first) { return true }
        if bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "$") }) { return true }
        if let mark = bytes.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) {
            let decimals = bytes[(mark + 1)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            return decimals == 1 || decimals == 2
        }
        return false
    }
}

/// What one pass over a value's bytes tells: enough to skip the tests that cannot succeed.
private struct ValueShape {
    var byteCount = 0
    var hasDigit = false
    var hasASCIILetter = false
    var isASCII = true
    /// In ASCII text only `\r\n` is one character of two bytes.
    var hasCarriageReturn = false

    init(_ value: String) {
        value.withUTF8Bytes { bytes in
            byteCount = bytes.count
            var previous: UInt8 = 0
            for b in bytes {
                if b >= 0x80 {
                    // Arabic-Indic (U+0660–U+0669) and Persian (U+06F0–U+06F9) digits are digits.
                    if ArabicDigit.value(lead: previous, next: b) != nil { hasDigit = true }
                    isASCII = false
                    previous = b
                    continue
                }
                previous = b
                if b &- UInt8(ascii: "0") < 10 { hasDigit = true }
                if (b | 0x20) &- UInt8(ascii: "a") < 26 { hasASCIILetter = true }
                if b == 0x0D { hasCarriageReturn = true }
            }
        }
    }
}
