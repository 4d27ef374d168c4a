import FinanceCore

/// A transaction as rules see it while they run: its fields as earlier rules left them, with each
/// text field's folded (lower-cased) bytes worked out once and kept until the field changes.
struct TransactionView {
    var activity: PaymentActivity
    /// Set when a regex gave up (ran out of steps) and its condition was taken as not holding.
    var regexGaveUp = false
    private var folded: [[UInt8]] = Array(repeating: [], count: TextField.allCases.count)
    private var foldedValid: [Bool] = Array(repeating: false, count: TextField.allCases.count)

    init(_ activity: PaymentActivity) {
        self.activity = activity
    }

    mutating func reset(_ activity: PaymentActivity) {
        self.activity = activity
        for i in foldedValid.indices { foldedValid[i] = false }
    }

    /// A text field's current value (`text` is name, memo and address, a line each).
    func value(_ field: TextField) -> String {
        switch field {
        case .name: return activity.name
        case .memo: return activity.memo ?? ""
        case .address: return activity.address ?? ""
        case .account: return activity.account ?? ""
        case .category: return activity.category ?? ""
        case .currency: return activity.currency?.description ?? ""
        case .type: return activity.type.rawValue
        case .text:
            // The fields that have text, a line each: `text ends-with "coffee"` holds for a payee
            // "Blue Bottle Coffee" with no memo or address.
            var text = activity.name
            for part in [activity.memo, activity.address] {
                guard let part, !part.isEmpty else { continue }
                text += text.isEmpty ? part : "\n" + part
            }
            return text
        }
    }

    /// The field's value, folded.
    mutating func folded(_ field: TextField) -> [UInt8] {
        let i = TextView.index(field)
        if !foldedValid[i] {
            CaseFold.fold(value(field), into: &folded[i])
            foldedValid[i] = true
        }
        return folded[i]
    }

    /// Sets a field from an action; the folded forms it affects are dropped.
    mutating func set(_ field: SettableField, _ value: String) {
        switch field {
        case .category: activity.category = value
        case .type: if let type = PaymentType(rawValue: value) { activity.type = type }
        case .name: activity.name = value
        case .memo: activity.memo = value
        case .address: activity.address = value
        case .account: activity.account = value
        }
        foldedValid[TextView.index(TextView.textField(field))] = false
        if field == .name || field == .memo || field == .address { foldedValid[TextView.index(.text)] = false }
    }
}

enum TextView {
    static func index(_ field: TextField) -> Int {
        switch field {
        case .name: return 0
        case .memo: return 1
        case .address: return 2
        case .account: return 3
        case .category: return 4
        case .currency: return 5
        case .type: return 6
        case .text: return 7
        }
    }

    static func textField(_ field: SettableField) -> TextField {
        switch field {
        case .category: return .category
        case .type: return .type
        case .name: return .name
        case .memo: return .memo
        case .address: return .address
        case .account: return .account
        }
    }
}
