/// The formats of a document that is one table (`pfin budget`, `pfin recurring`): text for a
/// terminal, CSV for spreadsheets, JSON for scripts.
public enum TableFormat: String, CaseIterable, Sendable {
    case text, csv, json
}
