import FinanceCore

/// A new row that could be a side of a transfer, as `ImportSession.add` keeps it until the commit
/// matches transfers: numbers only (the account by its name's id), 32 bytes, where a
/// `TransferCandidate` with its strings took some 70. A million-row import keeps a million of them;
/// only the few whose amount also occurs with the other sign become candidates.
struct NewSide {
    var id: UInt64
    /// The amount's magnitude, its trailing zeros dropped (`key`).
    private var keyUnits: Int64
    var day: Int32
    /// The account's id in the ledger's account names.
    private var accountID: Int32
    /// `CurrencyCode.packed` (0 for none) in the low 24 bits; the sign, whether a rule set the
    /// type, and the type above them.
    private var bits: UInt32
    private var keyScale: UInt8
    /// The scale the amount was written with.
    private var scale: UInt8

    init(id: ActivityID, account: Int64, date: LocalDate, amount: Money, type: PaymentType, typeLocked: Bool) {
        self.id = id.value
        accountID = Int32(truncatingIfNeeded: account)
        day = Int32(truncatingIfNeeded: date.daysSinceEpoch)
        scale = amount.scale
        let key = AmountKey(amount)
        keyUnits = key?.units ?? 0
        keyScale = key?.scale ?? 0
        let typeBits: UInt32
        switch type {
        case .income: typeBits = 0
        case .expense: typeBits = 1
        case .transfer: typeBits = 2
        }
        bits = (amount.currency?.packed ?? 0) | (amount.units < 0 ? 1 << 24 : 0) | (typeLocked ? 1 << 25 : 0) | typeBits << 26
    }

    var account: Int64 { Int64(accountID) }
    var isNegative: Bool { bits & 1 << 24 != 0 }
    var typeLocked: Bool { bits & 1 << 25 != 0 }
    var type: PaymentType {
        switch bits >> 26 & 3 {
        case 0: return .income
        case 1: return .expense
        default: return .transfer
        }
    }
    var date: LocalDate { LocalDate(daysSinceEpoch: Int(day)) }
    private var currency: UInt32 { bits & 0xFF_FFFF }

    /// The amount as read.
    var amount: Money {
        var units = keyUnits
        for _ in keyScale..<scale { units *= 10 }
        return Money(units: isNegative ? -units : units, scale: scale, currency: Self.currency(currency))
    }

    /// The amount without its sign, for pairing money-out with money-in; `nil` for zero and for
    /// an amount with no magnitude (`Int64.min` units).
    var key: AmountKey? { keyUnits == 0 ? nil : AmountKey(units: keyUnits, scale: keyScale, currency: currency) }

    static func currency(_ packed: UInt32) -> CurrencyCode? {
        packed == 0 ? nil : CurrencyCode(bytes: UInt8(packed >> 16 & 0xFF), UInt8(packed >> 8 & 0xFF), UInt8(packed & 0xFF))
    }
}

/// The new sides in fixed-size chunks: a million of them grow without ever being copied (an array
/// doubling its buffer holds both copies for a moment, half again the memory at the peak).
struct NewSides: RandomAccessCollection {
    private static let shift = 16
    private var chunks: [[NewSide]] = []
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> NewSide { chunks[i >> Self.shift][i & (1 << Self.shift - 1)] }

    mutating func append(_ side: NewSide) {
        if count & (1 << Self.shift - 1) == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(1 << Self.shift)
        }
        chunks[chunks.count - 1].append(side)
        count += 1
    }
}

/// An amount's magnitude and currency, its trailing zeros dropped, so that equal values are equal
/// keys whatever the scale they were written with (`1.5` and `1.50`).
struct AmountKey: Hashable, Comparable {
    var units: Int64
    var scale: UInt8
    var currency: UInt32

    init(units: Int64, scale: UInt8, currency: UInt32) {
        self.units = units
        self.scale = scale
        self.currency = currency
    }

    init?(_ signedUnits: Int64, scale: UInt8, currency: UInt32) {
        guard signedUnits != 0, signedUnits != Int64.min else { return nil }
        var units = signedUnits < 0 ? -signedUnits : signedUnits
        var scale = scale
        while scale > 0 && units % 10 == 0 {
            units /= 10
            scale -= 1
        }
        self.units = units
        self.scale = scale
        self.currency = currency
    }

    init?(_ amount: Money) {
        self.init(amount.units, scale: amount.scale, currency: amount.currency?.packed ?? 0)
    }

    static func < (a: AmountKey, b: AmountKey) -> Bool {
        (a.currency, a.scale, a.units) < (b.currency, b.scale, b.units)
    }
}
