/// What an ISO 20022 message that is not a statement is, by its type (the ISO 20022 message
/// catalogue): payment orders and their status reports, interbank payments, cases.
enum ISO20022Message {
    /// `an ISO 20022 pain.001 payment order (pain.001.001.03)`.
    static func describe(_ message: String) -> String {
        let type = String(message.prefix(8))
        let what = names[type].map { " \($0)" } ?? " message"
        return "an ISO 20022 \(type)\(what)\(message.count > 8 ? " (\(message))" : "")"
    }

    private static let names: [String: String] = [
        "pain.001": "payment order (a credit transfer initiation)",
        "pain.002": "payment status report",
        "pain.007": "payment reversal",
        "pain.008": "direct debit order",
        "pain.013": "request to pay",
        "pain.014": "request-to-pay status report",
        "pacs.002": "interbank payment status report",
        "pacs.003": "interbank direct debit",
        "pacs.004": "payment return",
        "pacs.008": "interbank credit transfer",
        "pacs.009": "financial institution credit transfer",
        "pacs.028": "payment status request",
        "camt.029": "resolution of investigation",
        "camt.055": "customer payment cancellation request",
        "camt.056": "payment cancellation request",
        "camt.060": "account reporting request",
        "camt.086": "bank services billing statement",
    ]
}
