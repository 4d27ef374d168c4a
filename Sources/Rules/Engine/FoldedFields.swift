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
/// The folded bytes live in one `ScratchTable`, a region per field, and are read only inside
/// `withBytes`: folding (which may grow the table, replacing it) happens before the scope opens,
/// so no pointer outlives the table it points into. Every region has `padding` readable bytes past
/// its end, so that the index and the comparisons can load whole 8-byte words near the end of a
/// field; those bytes never decide a result.
final class FoldedFields {
    static let padding = 8
    private static let fieldCount = TextField.allCases.count
    /// Every field's region, at `start(i)`, `capacity(i) + padding` bytes long.
    @exclusivity(unchecked) private var storage: ScratchTable<UInt8>
    /// Per field `i`: the region's start (`i`), capacity (`fieldCount + i`) and folded length
    /// (`2 * fieldCount + i`); then where name, memo and address stand in the `text` region (start and
    /// end of each, in that order).
    private let layout: ScratchTable<Int>
    /// Bit `i`: field `i`'s region holds its current value (bit `text.slot` for the four text fields).
    private var valid: UInt16 = 0

    init() {
        let n = Self.fieldCount
        layout = .make(count: 3 * n + 6, repeating: 0)
        layout.withElements { layout in
            for i in 0..<n {
                layout[i] = i * (256 + Self.padding)
                layout[n + i] = 256
            }
        }
        storage = .make(count: n * (256 + Self.padding), repeating: 0)
    }

    /// A new transaction: nothing folded yet.
    @inline(__always)
    func reset() { valid = 0 }

    /// A rule changed `field`: its folded form must be redone.
    @inline(__always)
    func invalidate(_ field: TextField) {
        valid &= ~(1 << UInt16(field.isPartOfText ? TextField.text.slot : field.slot))
    }

    /// Calls `body` with the folded bytes of `field` of `activity`, folding them first if they are not
    /// current; `padding` readable bytes follow them. The bytes are valid only inside `body`.
    @inline(__always)
    func withBytes<R>(
        _ field: TextField, of activity: UnsafeMutablePointer<PaymentActivity>, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        let slot = field.slot
        let i = slot < 3 ? TextField.text.slot : slot
        if valid & (1 << UInt16(i)) == 0 {
            refold(field, into: i, of: activity)
            valid |= 1 << UInt16(i)
        }
        let n = Self.fieldCount
        let (lower, upper) = layout.withElements { layout in
            slot < 3
                ? (layout[i] + layout[3 * n + 2 * slot], layout[i] + layout[3 * n + 2 * slot + 1])
                : (layout[i], layout[i] + layout[2 * n + i])
        }
        return storage.withElements { body(UnsafeBufferPointer(start: $0 + lower, count: upper - lower)) }
    }

    /// Where name, memo and address of `activity` stand in the bytes of `.text`, folding them first
    /// if they are not current.
    @inline(__always)
    func textParts(of activity: UnsafeMutablePointer<PaymentActivity>) -> (name: Range<Int>, memo: Range<Int>, address: Range<Int>) {
        let i = TextField.text.slot
        if valid & (1 << UInt16(i)) == 0 {
            refold(.text, into: i, of: activity)
            valid |= 1 << UInt16(i)
        }
        let at = 3 * Self.fieldCount
        return layout.withElements { p in (p[at]..<p[at + 1], p[at + 2]..<p[at + 3], p[at + 4]..<p[at + 5]) }
    }

    @inline(never)
    private func refold(_ field: TextField, into i: Int, of activity: UnsafeMutablePointer<PaymentActivity>) {
        setCount(0, of: i)
        if i == TextField.text.slot { foldText(of: activity) } else { fold(field, of: activity, into: i) }
    }

    @inline(__always)
    private func count(of i: Int) -> Int { layout.withElements { $0[2 * Self.fieldCount + i] } }

    @inline(__always)
    private func setCount(_ count: Int, of i: Int) { layout.withElements { $0[2 * Self.fieldCount + i] = count } }

    @inline(__always)
    private func setPart(_ k: Int, _ offset: Int) { layout.withElements { $0[3 * Self.fieldCount + k] = offset } }

    /// Name, memo and address into the `text` region, recording where each stands. The strings are
    /// read in place through the pointer (`withUTF8` needs mutable access but does not change a native
    /// string): reading them into a value would retain and release each.
    private func foldText(of p: UnsafeMutablePointer<PaymentActivity>) {
        let i = TextField.text.slot
        setPart(0, 0)
        var ascii = p.pointee.name.withUTF8 { appendASCII($0, to: i) }
        if !ascii { appendFolded(p.pointee.name, to: i) }
        setPart(1, count(of: i))
        for part in 1...2 {
            let start = count(of: i)
            let empty = part == 1 ? p.pointee.memo?.isEmpty ?? true : p.pointee.address?.isEmpty ?? true
            if !empty {
                if start > 0 { append(byte: 0x0A, to: i) }
                let from = count(of: i)
                ascii = part == 1 ? p.pointee.memo!.withUTF8 { appendASCII($0, to: i) } : p.pointee.address!.withUTF8 { appendASCII($0, to: i) }
                if !ascii { appendFolded(part == 1 ? p.pointee.memo! : p.pointee.address!, to: i) }
                setPart(2 * part, from)
            } else {
                setPart(2 * part, start)
            }
            setPart(2 * part + 1, count(of: i))
        }
    }

    private func fold(_ field: TextField, of p: UnsafeMutablePointer<PaymentActivity>, into i: Int) {
        var ascii = true
        switch field {
        case .account: ascii = p.pointee.account?.withUTF8 { appendASCII($0, to: i) } ?? true
        case .category: ascii = p.pointee.category?.withUTF8 { appendASCII($0, to: i) } ?? true
        case .currency: if let currency = p.pointee.currency { append(currency.description, to: i) }
        case .type: append(p.pointee.type.rawValue, to: i)
        case .rawName:
            ascii = p.pointee.rawName != nil ? p.pointee.rawName!.withUTF8 { appendASCII($0, to: i) } : p.pointee.name.withUTF8 { appendASCII($0, to: i) }
        case .name, .memo, .address, .text: break
        }
        if !ascii { appendFolded(TransactionText.value(field, of: p.pointee), to: i) }
    }

    private func append(byte: UInt8, to i: Int) {
        let at = reserve(1, in: i)
        storage.withElements { $0[at] = byte }
        setCount(count(of: i) + 1, of: i)
    }

    private func append(_ text: String, to i: Int) {
        if !text.withUTF8Bytes({ appendASCII($0, to: i) }) { appendFolded(text, to: i) }
    }

    /// Appends `source` folded, if it is all ASCII; false (nothing appended) if it is not.
    @inline(__always)
    private func appendASCII(_ source: UnsafeBufferPointer<UInt8>, to i: Int) -> Bool {
        guard let from = source.baseAddress else { return true }
        let at = reserve(source.count, in: i)
        guard storage.withElements({ ASCIIFold.fold(from, source.count, into: $0 + at) }) else { return false }
        setCount(count(of: i) + source.count, of: i)
        return true
    }

    @inline(never)
    private func appendFolded(_ text: String, to i: Int) {
        var folded: [UInt8] = []
        RuleRegex.appendFolded(text, to: &folded)
        let at = reserve(folded.count, in: i)
        storage.withElements { to in folded.withUnsafeBufferPointer { (to + at).update(from: $0.baseAddress!, count: $0.count) } }
        setCount(count(of: i) + folded.count, of: i)
    }

    /// Room for `extra` more bytes in region `i` (plus the padding, which the capacity leaves out);
    /// returns where they go in `storage`.
    @inline(__always)
    private func reserve(_ extra: Int, in i: Int) -> Int {
        let n = Self.fieldCount
        let (capacity, count) = layout.withElements { ($0[n + i], $0[2 * n + i]) }
        if count + max(extra, 8) > capacity { grow(to: count + max(extra, 8), in: i) }
        return layout.withElements { $0[i] } + count
    }

    /// Region `i` with room for `needed` bytes: a larger table, every region's bytes copied over.
    @inline(never)
    private func grow(to needed: Int, in i: Int) {
        let n = Self.fieldCount
        let old = storage
        layout.withElements { layout in
            var capacity = layout[n + i]
            while capacity < needed { capacity *= 2 }
            let oldStarts = (0..<n).map { layout[$0] }
            layout[n + i] = capacity
            var start = 0
            for j in 0..<n {
                layout[j] = start
                start += layout[n + j] + Self.padding
            }
            let grown = ScratchTable<UInt8>.make(count: start, repeating: 0)
            grown.withElements { to in
                old.withElements { from in
                    for j in 0..<n { (to + layout[j]).update(from: from + oldStarts[j], count: layout[2 * n + j]) }
                }
            }
            storage = grown
        }
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
        case .rawName: return 8
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
        case .rawName: return a.rawName ?? a.name
        case .text:
            var text = a.name
            if let memo = a.memo, !memo.isEmpty { text += text.isEmpty ? memo : "\n" + memo }
            if let address = a.address, !address.isEmpty { text += text.isEmpty ? address : "\n" + address }
            return text
        }
    }
}
