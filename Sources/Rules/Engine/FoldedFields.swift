import FinanceCore

/// The text fields of the transaction being ruled on, case-folded once into reused buffers.
///
/// Every text condition and the literal index compare folded bytes. Folding happens on first use
/// of a field and again only after a rule changes it (`invalidate`); ASCII (almost every bank's
/// text) is folded a word at a time (`ASCIIFold`), anything else through the regex engine's case
/// folding, so that a literal the index finds is exactly what the matcher would find.
///
/// Name, memo and address are folded together into one buffer laid out as `text` is (the parts that
/// have text, a line each), and each part is a slice of it: one fold and one scan serve all four
/// fields. Folding is per scalar, so the folded parts joined are the joined text folded.
///
/// Every buffer has `padding` readable bytes past its end, so that the index and the comparisons
/// can load whole 8-byte words near the end of a field; those bytes never decide a result.
final class FoldedFields {
    static let padding = 8
    private static let fieldCount = TextField.allCases.count
    private let buffers: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>
    private let capacities: UnsafeMutablePointer<Int>
    private let counts: UnsafeMutablePointer<Int>
    /// Where name, memo and address stand in the `text` buffer: start and end of each, in that order.
    private let parts: UnsafeMutablePointer<Int>
    /// Bit `i`: field `i`'s buffer holds its current value (bit `text.slot` for the four text fields).
    private var valid: UInt16 = 0

    init() {
        buffers = .allocate(capacity: Self.fieldCount)
        capacities = .allocate(capacity: Self.fieldCount)
        counts = .allocate(capacity: Self.fieldCount)
        for i in 0..<Self.fieldCount {
            buffers[i] = .allocate(capacity: 256 + Self.padding)
            buffers[i].initialize(repeating: 0, count: 256 + Self.padding)
            capacities[i] = 256
            counts[i] = 0
        }
        parts = .allocate(capacity: 6)
        parts.initialize(repeating: 0, count: 6)
    }

    deinit {
        for i in 0..<Self.fieldCount { buffers[i].deallocate() }
        buffers.deallocate()
        capacities.deallocate()
        counts.deallocate()
        parts.deallocate()
    }

    /// A new transaction: nothing folded yet.
    @inline(__always)
    func reset() { valid = 0 }

    /// A rule changed `field`: its folded form must be redone.
    @inline(__always)
    func invalidate(_ field: TextField) {
        valid &= ~(1 << UInt16(field.isPartOfText ? TextField.text.slot : field.slot))
    }

    /// The folded bytes of `field` of `activity` (valid until the next call that folds this field),
    /// with `padding` readable bytes after them.
    @inline(__always)
    func bytes(_ field: TextField, of activity: UnsafeMutablePointer<PaymentActivity>) -> UnsafeBufferPointer<UInt8> {
        let slot = field.slot
        let i = slot < 3 ? TextField.text.slot : slot
        if valid & (1 << UInt16(i)) == 0 {
            counts[i] = 0
            if i == TextField.text.slot { foldText(of: activity) } else { fold(field, of: activity, into: i) }
            valid |= 1 << UInt16(i)
        }
        if slot < 3 { return UnsafeBufferPointer(start: buffers[i] + parts[2 * slot], count: parts[2 * slot + 1] - parts[2 * slot]) }
        return UnsafeBufferPointer(start: buffers[i], count: counts[i])
    }

    /// Where the text part in `slot` (name 0, memo 1 or address 2) stands in `bytes(.text, …)`, as
    /// folded last.
    @inline(__always)
    func range(ofPart slot: Int) -> Range<Int> {
        parts[2 * slot]..<parts[2 * slot + 1]
    }

    /// Name, memo and address into the `text` buffer, recording where each stands. The strings are
    /// read in place through the pointer (`withUTF8` needs mutable access but does not change a native
    /// string): reading them into a value would retain and release each.
    private func foldText(of p: UnsafeMutablePointer<PaymentActivity>) {
        let i = TextField.text.slot
        parts[0] = 0
        var ascii = p.pointee.name.withUTF8 { appendASCII($0, to: i) }
        if !ascii { appendFolded(p.pointee.name, to: i) }
        parts[1] = counts[i]
        for part in 1...2 {
            let start = counts[i]
            let empty = part == 1 ? p.pointee.memo?.isEmpty ?? true : p.pointee.address?.isEmpty ?? true
            if !empty {
                if start > 0 { append(byte: 0x0A, to: i) }
                let from = counts[i]
                ascii = part == 1 ? p.pointee.memo!.withUTF8 { appendASCII($0, to: i) } : p.pointee.address!.withUTF8 { appendASCII($0, to: i) }
                if !ascii { appendFolded(part == 1 ? p.pointee.memo! : p.pointee.address!, to: i) }
                parts[2 * part] = from
            } else {
                parts[2 * part] = start
            }
            parts[2 * part + 1] = counts[i]
        }
    }

    private func fold(_ field: TextField, of p: UnsafeMutablePointer<PaymentActivity>, into i: Int) {
        var ascii = true
        switch field {
        case .account: ascii = p.pointee.account?.withUTF8 { appendASCII($0, to: i) } ?? true
        case .category: ascii = p.pointee.category?.withUTF8 { appendASCII($0, to: i) } ?? true
        case .currency: if let currency = p.pointee.currency { append(currency.description, to: i) }
        case .type: append(p.pointee.type.rawValue, to: i)
        case .name, .memo, .address, .text: break
        }
        if !ascii { appendFolded(TransactionText.value(field, of: p.pointee), to: i) }
    }

    private func append(byte: UInt8, to i: Int) {
        reserve(1, in: i)
        buffers[i][counts[i]] = byte
        counts[i] += 1
    }

    private func append(_ text: String, to i: Int) {
        if !text.withUTF8Bytes({ appendASCII($0, to: i) }) { appendFolded(text, to: i) }
    }

    /// Appends `source` folded, if it is all ASCII; false (nothing appended) if it is not.
    @inline(__always)
    private func appendASCII(_ source: UnsafeBufferPointer<UInt8>, to i: Int) -> Bool {
        guard let from = source.baseAddress else { return true }
        reserve(source.count, in: i)
        guard ASCIIFold.fold(from, source.count, into: buffers[i] + counts[i]) else { return false }
        counts[i] += source.count
        return true
    }

    @inline(never)
    private func appendFolded(_ text: String, to i: Int) {
        var folded: [UInt8] = []
        RuleRegex.appendFolded(text, to: &folded)
        reserve(folded.count, in: i)
        folded.withUnsafeBufferPointer { (buffers[i] + counts[i]).update(from: $0.baseAddress!, count: $0.count) }
        counts[i] += folded.count
    }

    /// Room for `extra` more bytes (plus the padding, which the capacity leaves out).
    @inline(__always)
    private func reserve(_ extra: Int, in i: Int) {
        if counts[i] + max(extra, 8) > capacities[i] { grow(to: counts[i] + max(extra, 8), in: i) }
    }

    @inline(never)
    private func grow(to needed: Int, in i: Int) {
        var capacity = capacities[i]
        while capacity < needed { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + Self.padding)
        grown.initialize(repeating: 0, count: capacity + Self.padding)
        grown.update(from: buffers[i], count: counts[i])
        buffers[i].deallocate()
        buffers[i] = grown
        capacities[i] = capacity
    }
}

extension TextField {
    /// A small index per field, for tables.
    @inline(__always)
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

    /// Name, memo and address: the fields `text` is made of.
    @inline(__always)
    var isPartOfText: Bool { slot < 3 }

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
