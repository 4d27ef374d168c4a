/// What banks write in the date cell of a transaction that is not booked yet: `pending`,
/// `Vorgemerkt`, `en attente`, `—`. Such a row is no transaction of the statement (yet); it is
/// reported at its line, and the column is still the date column.
enum PendingDateWords {
    /// Whether a date cell (trimmed) marks a pending transaction; `folded` is the cell after
    /// `TextFolding.fold`, when the caller has it already.
    static func isPending(_ cell: String, folded: String? = nil) -> Bool {
        if dashes.contains(cell) { return true }
        return words.contains(folded ?? TextFolding.fold(cell))
    }

    /// Whether a cell is only a dash: pending in a date cell, but nothing in any other.
    static func isDash(_ cell: String) -> Bool { dashes.contains(cell) }

    private static let dashes: Set<String> = ["-", "--", "—", "–", "―", "‒"]

    /// The words (folded), without the dashes: a status cell of `-` says nothing.
    static let words: Set<String> = [
        "pending", "pend", "pending transaction", "authorised", "authorized", "unposted", "not yet posted", "processing",
        "on hold", "hold", "vorgemerkt", "vormerkung", "vorgemerkte umsatze", "offen", "in bearbeitung", "ausstehend",
        "en attente", "en cours", "a venir", "pendiente", "en proceso", "en curso", "in sospeso", "in attesa",
        "in lavorazione", "in behandeling", "in afwachting", "wachtend", "gereserveerd",
        "oczekujaca", "oczekujace", "w realizacji", "ceka", "nezauctovano", "blokovano", "laukiama", "gaida",
        "в обработке", "ожидает", "в процесі",
    ]
}
