import FinanceCore
import Reports

/// `pfin recurring` as text (a table per currency: spending, income, stopped, each series' changes
/// below it, the spending series' yearly total), CSV (a row per series) or JSON (schema
/// `pfin.recurring/1`).
public struct RecurringRenderer: Sendable {
    public typealias Format = TableFormat

    public var format: Format
    public var colour: Bool

    public init(format: Format, colour: Bool = false) {
        self.format = format
        self.colour = colour
    }

    public static let csvHeader =
        "currency,side,payee,category,interval,usual_amount,yearly_amount,usual_day,first,last,next_expected,payments,stopped,changes"

    public func render(_ report: RecurringReport) -> [UInt8] {
        switch format {
        case .text: text(report)
        case .csv: csv(report)
        case .json: json(report)
        }
    }

    /// `--explain`: each group the text names, its payments and gaps, and the verdict.
    public func explain(_ candidates: [RecurringCandidate], asOf: LocalDate?) -> [UInt8] {
        var page = TextPage(colour: colour)
        for (index, candidate) in candidates.enumerated() {
            if index > 0 { page.blankLine() }
            let currency = candidate.currency?.description ?? "no currency"
            page.line("\(candidate.payee) · \(currency) · \(candidate.side.word)", style: .heading)
            if let series = candidate.series {
                var verdict = "a \(RecurringText.interval(series.interval)) series of \(series.payments.count) payments, usually "
                verdict += MoneyText.withSymbol(series.usualAmount)
                if let day = series.usualDay { verdict += " on the " + RecurringText.ordinal(day) }
                page.line(verdict, indent: 2)
                for change in series.changes { page.line("! " + RecurringText.describe(change, in: series), indent: 2) }
                if let next = series.nextExpected { page.line("next expected " + DateText.long(next), indent: 2, style: .note) }
            } else {
                page.line("not a series: " + (candidate.reason ?? ""), indent: 2)
            }
            var previous: LocalDate?
            for payment in candidate.payments {
                let gap = previous.map { "+\(payment.date.daysSinceEpoch - $0.daysSinceEpoch) days" } ?? ""
                page.line(
                    indent: 4,
                    [
                        .left(DateText.long(payment.date), 12), .right(MoneyText.withSymbol(payment.amount), 14),
                        .right(gap, 10, .note), .left(Self.shortSource(payment.source), 0, .note, shrinks: true),
                    ])
                previous = payment.date
            }
        }
        if candidates.isEmpty { page.line("No payee matches.", style: .note) }
        return page.bytes
    }

    /// `checking.csv:17`: the file's name without its folders, and the line.
    static func shortSource(_ source: SourceLocation) -> String {
        let name = source.file.split(separator: "/").last.map(String.init) ?? source.file
        return name + ":" + String(source.line)
    }

    private func text(_ report: RecurringReport) -> [UInt8] {
        var page = TextPage(colour: colour)
        let currencies = Self.currencies(report)
        for (index, currency) in currencies.enumerated() {
            if index > 0 { page.blankLine() }
            let series = report.series.filter { $0.currency == currency }
            var title = "Recurring payments · " + (currency?.description ?? "no currency")
            if let asOf = report.asOf { title += " · as of " + DateText.long(asOf) }
            page.line(title, style: .heading)
            let groups: [(String, [RecurringSeries])] = [
                ("Spending", series.filter { !$0.hasStopped && $0.side == .spending }),
                ("Income", series.filter { !$0.hasStopped && $0.side == .income }),
                ("Stopped", series.filter(\.hasStopped)),
            ]
            for (title, members) in groups where !members.isEmpty {
                page.blankLine()
                page.line(
                    indent: 2,
                    [
                        .left(title, 26, .heading, shrinks: true), .left("interval", 11, .note), .right("usual", 12, .note),
                        .right("last", 11, .note), .right(title == "Stopped" ? "" : "next", 12, .note),
                    ])
                for s in members {
                    page.line(
                        indent: 2,
                        [
                            .left(s.payee, 26, shrinks: true), .left(RecurringText.interval(s.interval), 11),
                            .right(MoneyText.withSymbol(s.usualAmount), 12, s.side == .income ? .income : .expense),
                            .right(DateText.long(s.last), 11), .right(s.nextExpected.map(DateText.long) ?? "", 12),
                        ])
                    for change in s.changes where change.kind != .stopped || title == "Stopped" {
                        page.line("! " + RecurringText.describe(change, in: s), indent: 4, style: change.kind == .new ? .note : nil)
                    }
                }
            }
            if let total = RecurringReport.yearlySpending(series) {
                page.blankLine()
                page.line("Spending series: " + MoneyText.withSymbol(total) + " a year at their usual amounts", indent: 2)
            }
            if series.isEmpty { page.line("No recurring payments found.", indent: 2, style: .note) }
        }
        if currencies.isEmpty { page.line("No recurring payments found.", style: .note) }
        return page.bytes
    }

    /// The currencies with series, by code (none last).
    static func currencies(_ report: RecurringReport) -> [CurrencyCode?] {
        var seen: [CurrencyCode?] = []
        for s in report.series where !seen.contains(s.currency) { seen.append(s.currency) }
        return seen.sorted { a, b in
            switch (a, b) {
            case (nil, _): false
            case (_, nil): true
            case (let x?, let y?): x < y
            }
        }
    }

    private func csv(_ report: RecurringReport) -> [UInt8] {
        var out = Array(Self.csvHeader.utf8)
        out.append(0x0A)
        for s in report.series {
            out.append(contentsOf: (s.currency?.description ?? "").utf8)
            out.append(contentsOf: ",\(s.side.word),".utf8)
            CSVField.append(s.payee, to: &out)
            out.append(UInt8(ascii: ","))
            CSVField.append(s.category ?? "", to: &out)
            out.append(contentsOf: ",\(s.interval.rawValue),".utf8)
            s.usualAmount.appendDecimal(to: &out)
            out.append(UInt8(ascii: ","))
            s.yearlyAmount?.appendDecimal(to: &out)
            out.append(contentsOf: ",\(s.usualDay.map(String.init) ?? ""),\(s.first),\(s.last),\(s.nextExpected?.description ?? ""),".utf8)
            out.append(contentsOf: "\(s.payments.count),\(s.hasStopped),".utf8)
            CSVField.append(s.changes.map { RecurringText.describe($0, in: s) }.joined(separator: "; "), to: &out)
            out.append(0x0A)
        }
        return out
    }

    private func json(_ report: RecurringReport) -> [UInt8] {
        var out = "{\n  \"schema\": \"pfin.recurring/1\",\n  \"asOf\": " + JSONText.string(report.asOf?.description)
        out += ",\n  \"series\": ["
        for (index, s) in report.series.enumerated() {
            out += index == 0 ? "\n    " : ",\n    "
            out += "{\"payee\":" + JSONText.string(s.payee) + ",\"key\":" + JSONText.string(s.key)
            out += ",\"category\":" + JSONText.string(s.category) + ",\"currency\":" + JSONText.string(s.currency?.description)
            out += ",\"side\":\"\(s.side.word)\",\"interval\":\"\(s.interval.rawValue)\""
            out += ",\"usualAmount\":\"\(s.usualAmount.decimalString)\",\"yearlyAmount\":" + JSONText.string(s.yearlyAmount?.decimalString)
            out += ",\"usualDay\":" + (s.usualDay.map(String.init) ?? "null")
            out += ",\"first\":\"\(s.first)\",\"last\":\"\(s.last)\",\"nextExpected\":" + JSONText.string(s.nextExpected?.description)
            out += ",\"payments\":\(s.payments.count),\"stopped\":\(s.hasStopped),\"changes\":["
            for (position, change) in s.changes.enumerated() {
                if position > 0 { out += "," }
                out += "{\"kind\":\"\(change.kind.rawValue)\",\"date\":\"\(change.date)\""
                out += ",\"from\":" + JSONText.string(change.from?.decimalString) + ",\"to\":" + JSONText.string(change.to?.decimalString)
                out += ",\"change\":" + JSONText.string(change.share.map(PercentText.decimal))
                out += ",\"count\":" + (change.count.map(String.init) ?? "null")
                out += ",\"text\":" + JSONText.string(RecurringText.describe(change, in: s)) + "}"
            }
            out += "]}"
        }
        out += report.series.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Array(out.utf8)
    }
}

/// JSON strings for documents built as text (small ones: `pfin recurring`).
enum JSONText {
    /// `"text"` escaped, or `null`.
    static func string(_ text: String?) -> String {
        guard let text else { return "null" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
