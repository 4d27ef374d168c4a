import FinanceCore
import LedgerStore
import ReportRendering

/// `pfin transfers` output: pairs as text for a person, or one JSON document.
///
///     matched (high confidence)
///       3cc9abce  05 Mar 2024  Checking 3401  TRANSFER TO SAVINGS 9419     -$400.00
///       b7b96866  05 Mar 2024  Savings 3419   TRANSFER FROM CHECKING 3401  +$400.00
///       evidence: both sides are typed transfer; same amount, same day
///
/// In the ledger's order: matched and accepted pairs first, then the suggestions.
enum TransfersText {
    /// `idWidth`: the id digits shown, as `pfin list` shows them (`Ledger.uniquePrefixLength`).
    static func text(_ pairs: [TransferPair], idWidth: Int = 8) -> String {
        guard !pairs.isEmpty else { return "no transfer pairs or suggestions\n" }
        let applied = pairs.filter(\.status.isApplied).count, suggested = pairs.count - applied
        var text = "\(Plural.count(applied, "transfer pair")), \(Plural.count(suggested, "suggestion"))\n"
        for pair in pairs { text += "\n" + block(pair, idWidth: idWidth) }
        if suggested > 0 {
            text += "\nsuggestions are not applied: 'pfin transfers --accept ID ID' makes one a transfer, --reject dismisses it\n"
        }
        return text
    }

    /// The line after an accept or reject, and the pair.
    static func decided(_ pair: TransferPair, idWidth: Int = 8) -> String {
        let verb = pair.status == .rejected ? "rejected" : "accepted"
        let what = pair.status == .rejected ? "both keep their own types" : "both are transfers"
        return "\(verb) the pair (\(what)):\n" + rows(pair, idWidth: idWidth)
    }

    private static func block(_ pair: TransferPair, idWidth: Int) -> String {
        "\(pair.status.rawValue) (\(pair.confidence.rawValue) confidence)\n" + rows(pair, idWidth: idWidth)
            + "  evidence: " + pair.reasons.map(\.description).joined(separator: "; ") + "\n"
    }

    private static func rows(_ pair: TransferPair, idWidth: Int) -> String {
        let sides = [pair.out.activity, pair.in.activity]
        let accounts = sides.map { TextWidth.sanitized($0.account ?? "-") }
        let names = sides.map { TextWidth.truncated(TextWidth.sanitized($0.name), to: 32) }
        let amounts = sides.map { MoneyText.signed($0.amount) }
        let accountWidth = accounts.map(TextWidth.of).max() ?? 0, nameWidth = names.map(TextWidth.of).max() ?? 0
        let amountWidth = amounts.map(TextWidth.of).max() ?? 0
        return sides.indices.map { i in
            "  " + String(sides[i].id.description.prefix(idWidth)) + "  " + DateText.long(sides[i].date) + "  "
                + pad(accounts[i], accountWidth) + "  " + pad(names[i], nameWidth) + "  "
                + String(repeating: " ", count: amountWidth - TextWidth.of(amounts[i])) + amounts[i] + "\n"
        }.joined()
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }

    /// `{"pairs":[{"status":…,"confidence":…,"evidence":[{"reason":…,"text":…}],"out":{…},"in":{…},"decidedAt":…}]}`
    static func json(_ pairs: [TransferPair]) -> String {
        let items = pairs.map { pair in
            let evidence = pair.reasons.map { "{\"reason\":\(quoted($0.name)),\"text\":\(quoted($0.description))}" }
            return "{\"status\":\(quoted(pair.status.rawValue)),\"confidence\":\(quoted(pair.confidence.rawValue)),"
                + "\"evidence\":[\(evidence.joined(separator: ","))],\"out\":\(side(pair.out.activity)),\"in\":\(side(pair.in.activity)),"
                + "\"decidedAt\":\(pair.decidedAt.map(quoted) ?? "null")}"
        }
        return "{\"pairs\":[\(items.joined(separator: ","))]}\n"
    }

    private static func side(_ a: PaymentActivity) -> String {
        "{\"id\":\(quoted(a.id.description)),\"date\":\(quoted(a.date.description)),\"account\":\(a.account.map(quoted) ?? "null"),"
            + "\"name\":\(quoted(a.name)),\"amount\":\(quoted(a.amount.decimalString)),"
            + "\"currency\":\(a.currency.map { quoted($0.description) } ?? "null"),\"type\":\(quoted(a.type.rawValue))}"
    }

    private static func quoted(_ text: String) -> String { FileIdentity.quoted(text) }
}
