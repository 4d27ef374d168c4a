import FinanceCore

/// The text fields of the transaction being ruled on, case-folded once into reused buffers.
///
/// Every text condition and the literal index compare folded bytes. Folding happens on first use
/// of a field and again only after a rule changes it; ASCII (almost every bank's text) is folded in
/// one pass without calls, anything else through the regex engine's case folding, so that a
/// literal the index finds is exactly what the matcher would find.
final class FoldedFields {
    private static let fieldCount = TextField.allCases.count
    private var buffers: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>
    private var capacities: UnsafeMutablePointer<Int>
    private var counts: UnsafeMutablePointer<Int>
    /// Bit `i`: field `i`'s buffer holds its current value.
    private var valid: UInt16 = 0

    init() {
        buffers = .allocate(capacity: Self.fieldCount)
        capacities = .allocate(capacity: Self.fieldCount)
        counts = .allocate(capacity: Self.fieldCount)
        for i in 0..<Self.fieldCount {
            buffers[i] = .allocate(capacity: 64)
            capacities[i] = 64
            counts[i] = 0
        }
    }

    deinit {
        for i in 0..<Self.fieldCount { buffers[i].deallocate() }
        buffers.deallocate()
        capacities.deallocate()
        counts.deallocate()
    }

    /// A new transaction: nothing folded yet.
    @inline(__always)
    func reset() { valid = 0 }

    /// A rule changed `field`: its folded form (and `text`'s) must be redone.
    @inline(__always)
    func invalidate(_ field: TextField) {
        valid &= ~(1 << UInt16(field.slot))
        if field == .name || field == .memo || field == .address { valid &= ~(1 << UInt16(TextField.text.slot)) }
    }

    /// The folded bytes of `field` of `activity` (valid until the next call that folds this field).
    @inline(__always)
    func bytes(_ field: TextField, of activity: UnsafeMutablePointer<PaymentActivity>) -> UnsafeBufferPointer<UInt8> {
        let i = field.slot
        if valid & (1 << UInt16(i)) == 0 {
            counts[i] = 0
            fold(field, of: activity, into: i)
            valid |= 1 << UInt16(i)
        }
        return UnsafeBufferPointer(start: buffers[i], count: counts[i])
    }

    private func fold(_ field: TextField, of p: UnsafeMutablePointer<PaymentActivity>, into i: Int) {
        switch field {
        case .name: append(p.pointee.name, to: i)
        case .memo: if let memo = p.pointee.memo { append(memo, to: i) }
        case .address: if let address = p.pointee.address { append(address, to: i) }
        case .account: if let account = p.pointee.account { append(account, to: i) }
        case .category: if let category = p.pointee.category { append(category, to: i) }
        case .currency: if let currency = p.pointee.currency { append(currency.description, to: i) }
        case .type: append(p.pointee.type.rawValue, to: i)
        case .text:
            // The fields that have text, a line each (see `TransactionText`).
            append(p.pointee.name, to: i)
            if let memo = p.pointee.memo, !memo.isEmpty {
                if counts[i] > 0 { append(byte: 0x0A, to: i) }
                append(memo, to: i)
            }
            if let address = p.pointee.address, !address.isEmpty {
                if counts[i] > 0 { append(byte: 0x0A, to: i) }
                append(address, to: i)
            }
        }
    }

    private func append(byte: UInt8, to i: Int) {
        reserve(1, in: i)
        buffers[i][counts[i]] = byte
        counts[i] += 1
    }

    private func append(_ text: String, to i: Int) {
        let ascii = text.withUTF8Bytes { source -> Bool in
            reserve(source.count, in: i)
            guard ASCIIFold.fold(source, into: buffers[i] + counts[i]) else { return false }
            counts[i] += source.count
            return true
        }
        if !ascii {
            var folded: [UInt8] = []
            RuleRegex.appendFolded(text, to: &folded)
            reserve(folded.count, in: i)
            folded.withUnsafeBufferPointer { (buffers[i] + counts[i]).update(from: $0.baseAddress!, count: $0.count) }
            counts[i] += folded.count
        }
    }

    private func reserve(_ extra: Int, in i: Int) {
        let needed = counts[i] + extra
        guard needed > capacities[i] else { return }
        var capacity = capacities[i]
        while capacity < needed { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: buffers[i], count: counts[i])
        buffers[i].deallocate()
        buffers[i] = grown
        capacities[i] = capacity
    }
}

extension TextField {
    /// A small index per field, for tables.
    var slot: Int {
        switch self {
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

    /// The field an action on `field` changes.
    init(_ field: SettableField) {
        switch field {
        case .category: self = .category
        case .type: self = .type
        case .name: self = .name
        case .memo: self = .memo
        case .address: self = .address
        case .account: self = .account
        }
    }
}

/// A text field's value as a string, for regexes and explanations.
enum TransactionText {
    /// `text` is the fields that have text, a line each: `text ends-with "coffee"` holds for a payee
    /// "Blue Bottle Coffee" with no memo or address.
    static func value(_ field: TextField, of a: borrowing PaymentActivity) -> String {
        switch field {
        case .name: return a.name
        case .memo: return a.memo ?? ""
        case .address: return a.address ?? ""
        case .account: return a.account ?? ""
        case .category: return a.category ?? ""
        case .currency: return a.currency?.description ?? ""
        case .type: return a.type.rawValue
        case .text:
            var text = a.name
            if let memo = a.memo, !memo.isEmpty { text += text.isEmpty ? memo : "\n" + memo }
            if let address = a.address, !address.isEmpty { text += text.isEmpty ? address : "\n" + address }
            return text
        }
    }
}

/// ASCII case folding and checks, eight bytes at a time.
enum ASCIIFold {
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// Folds ASCII `source` into `out` (room for `source.count` bytes); false, with `out` partly
    /// written, when `source` holds a byte outside ASCII.
    @inline(__always)
    static func fold(_ source: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Bool {
        guard let from = source.baseAddress else { return true }
        let n = source.count
        let raw = UnsafeRawPointer(from)
        let to = UnsafeMutableRawPointer(out)
        var k = 0
        while k + 8 <= n {
            let w = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            if w & high != 0 { return false }
            // For bytes below 0x80: the high bit of b + 0x3F is b ≥ "A", of b + 0x25 is b > "Z".
            let atLeastA = w &+ 0x3F3F_3F3F_3F3F_3F3F
            let pastZ = w &+ 0x2525_2525_2525_2525
            let capitals = atLeastA & ~pastZ & high
            to.storeBytes(of: w | (capitals >> 2), toByteOffset: k, as: UInt64.self)
            k += 8
        }
        while k < n {
            let b = from[k]
            if b >= 0x80 { return false }
            out[k] = b &- 0x41 < 26 ? b | 0x20 : b
            k += 1
        }
        return true
    }

    /// Whether every byte is ASCII.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let from = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(from)
        let n = bytes.count
        var k = 0
        var any: UInt64 = 0
        while k + 8 <= n {
            any |= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            k += 8
        }
        var tail: UInt8 = 0
        while k < n {
            tail |= from[k]
            k += 1
        }
        return any & high == 0 && tail < 0x80
    }
}
