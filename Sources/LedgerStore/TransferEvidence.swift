/// Which side of a pair a reason is about.
public enum TransferSide: String, Sendable, Hashable {
    case out, `in`
}

/// One named reason to believe that two transactions are the two legs of one transfer.
public enum TransferReason: Sendable, Hashable, CustomStringConvertible {
    /// Both sides are typed transfer (by the file, a rule or the user, or a `Transfers` category).
    case bothTypedTransfer
    /// One side is typed transfer.
    case typedTransfer(TransferSide)
    /// The side's name, memo or category names the other side's account (`what`: the account's
    /// name or its last digits as found, `…1234`).
    case namesAccount(TransferSide, what: String)
    /// The side's name or memo says transfer (`word` from `TransferText.words`).
    case transferWord(TransferSide, word: String)
    /// Opposite amounts of the same magnitude and currency, `days` apart: never enough alone.
    case sameAmount(days: Int)
    /// Another transaction is as good a partner of one of the sides: a suggestion at most.
    case ambiguous
    /// A side's type was set to something else by a rule or the user: a suggestion at most.
    case typeLocked(TransferSide)
    /// The user accepted the pair.
    case acceptedByUser

    /// The stored form: a code, then its values, separated by tabs (the values are folded text
    /// or digits, which hold no tabs).
    public var code: String {
        switch self {
        case .bothTypedTransfer: return "both-typed-transfer"
        case .typedTransfer(let side): return "typed-transfer\t\(side.rawValue)"
        case .namesAccount(let side, let what): return "names-account\t\(side.rawValue)\t\(what)"
        case .transferWord(let side, let word): return "transfer-word\t\(side.rawValue)\t\(word)"
        case .sameAmount(let days): return "same-amount\t\(days)"
        case .ambiguous: return "ambiguous"
        case .typeLocked(let side): return "type-locked\t\(side.rawValue)"
        case .acceptedByUser: return "accepted-by-user"
        }
    }

    /// The reason of a stored `code`; `nil` for one this pfin does not know.
    public init?(code: String) {
        let parts = code.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let side = parts.count > 1 ? TransferSide(rawValue: parts[1]) : nil
        switch parts[0] {
        case "both-typed-transfer": self = .bothTypedTransfer
        case "typed-transfer": guard let side else { return nil }; self = .typedTransfer(side)
        case "names-account": guard let side, parts.count > 2 else { return nil }; self = .namesAccount(side, what: parts[2])
        case "transfer-word": guard let side, parts.count > 2 else { return nil }; self = .transferWord(side, word: parts[2])
        case "same-amount": guard parts.count > 1, let days = Int(parts[1]) else { return nil }; self = .sameAmount(days: days)
        case "ambiguous": self = .ambiguous
        case "type-locked": guard let side else { return nil }; self = .typeLocked(side)
        case "accepted-by-user": self = .acceptedByUser
        default: return nil
        }
    }

    /// The reason's name, for JSON: the code's first part.
    public var name: String { String(code.prefix { $0 != "\t" }) }

    /// The reason in words.
    public var description: String {
        func side(_ s: TransferSide) -> String { s == .out ? "the money-out" : "the money-in" }
        switch self {
        case .bothTypedTransfer: return "both sides are typed transfer"
        case .typedTransfer(let s): return "\(side(s)) is typed transfer"
        case .namesAccount(let s, let what): return "\(side(s)) names the other account (\"\(what)\")"
        case .transferWord(let s, let word): return "\(side(s)) says \"\(word)\""
        case .sameAmount(let days):
            return days == 0 ? "same amount, same day" : "same amount, \(days) day\(days == 1 ? "" : "s") apart"
        case .ambiguous: return "another transaction of the same amount could be the other side"
        case .typeLocked(let s): return "a rule or an edit gave \(side(s)) another type"
        case .acceptedByUser: return "accepted by you"
        }
    }

    /// Whether this reason is evidence beyond the amount.
    var isEvidence: Bool {
        switch self {
        case .bothTypedTransfer, .typedTransfer, .namesAccount, .transferWord, .acceptedByUser: return true
        case .sameAmount, .ambiguous, .typeLocked: return false
        }
    }
}

/// How sure pairing is that two sides are one transfer.
public enum TransferConfidence: String, Sendable, Hashable, Comparable {
    /// Both typed transfer, or one names the other's account.
    case high
    /// A transfer word, or one side typed transfer, plus the amount.
    case medium
    /// The amount and dates only: a coincidence as likely as not.
    case low

    /// The confidence `reasons` give.
    public init(_ reasons: [TransferReason]) {
        var best = TransferConfidence.low
        for reason in reasons {
            switch reason {
            case .bothTypedTransfer, .namesAccount, .acceptedByUser: best = .high
            case .typedTransfer, .transferWord: if best == .low { best = .medium }
            case .sameAmount, .ambiguous, .typeLocked: break
            }
        }
        self = best
    }

    private var rank: Int { self == .high ? 2 : self == .medium ? 1 : 0 }
    public static func < (a: TransferConfidence, b: TransferConfidence) -> Bool { a.rank < b.rank }
}
