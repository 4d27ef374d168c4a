import FinanceCore
import LedgerStore
import ReportRendering

/// A dry run's rows as text, one line each, under the file's count line:
///
///       add        2024-05-02  Giro  BAKERY SUNRISE  -€4.20
///       duplicate  2024-04-20  Giro  STADTWERKE  -€61.00  of 5d41a3c2 (2024-04-20 STADTWERKE, deleted)
///       transfer   2024-05-03  Giro  TRANSFER TO SAVINGS  -€500.00  (new, was expense)
enum ImportPreviewText {
    /// `idWidth`: the id digits shown, as `pfin list` shows them (`Ledger.uniquePrefixLength`).
    static func render(_ preview: ImportPreview, idWidth: Int = 8) -> String {
        var lines: [String] = []
        for row in preview.added { lines.append("  add        " + describe(row)) }
        for duplicate in preview.duplicates {
            lines.append("  duplicate  " + describe(duplicate.activity) + "  " + origin(duplicate.existing, idWidth: idWidth))
        }
        for change in preview.transfers {
            let whose = change.isNew ? "new" : "in the ledger"
            lines.append("  transfer   " + describe(change.activity) + "  (\(whose), was \(change.previousType.rawValue))")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `2024-05-02  Giro  BAKERY SUNRISE  -€4.20`.
    static func describe(_ activity: PaymentActivity) -> String {
        "\(activity.date)  \(TextWidth.sanitized(activity.account ?? "-"))  \(TextWidth.sanitized(activity.name))  "
            + MoneyText.signed(activity.amount)
    }

    /// Which ledger row a duplicate is already: `of 5d41a3c2 (2024-04-20 STADTWERKE, edited)`.
    static func origin(_ existing: ImportPreview.Existing?, idWidth: Int = 8) -> String {
        guard let existing else { return "of an earlier row of this file" }
        let id = String(existing.id.description.prefix(idWidth))
        if existing.inThisFile { return "of \(id), an earlier row of this file" }
        var text = "of \(id) (\(existing.date) \(TextWidth.sanitized(existing.name))"
        if existing.deleted { text += ", deleted: stays deleted" } else if existing.edited { text += ", edited: keeps the edit" }
        return text + ")"
    }
}
