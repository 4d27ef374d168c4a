import FinanceCore

/// `set FIELD = VALUE`, with a value that needs no captures worked out once, and one that does
/// (`"$1 payroll"`) laid out as byte pieces, rendered in one allocation from `RegexCaptures`.
///
/// The rendered string has exactly the bytes `Template.render` gives: the literal parts' UTF-8 and
/// the captured bytes, which start and end on scalar boundaries of the text the regex matched.
struct CompiledAction {
    let field: SettableField
    /// The field whose folded text and scan the action invalidates.
    let textField: TextField
    let template: Template
    /// The value when it has no `$N`, in storage of this engine's own (see `init`).
    let fixed: String?
    /// For `set type`: the type, when fixed.
    let fixedType: PaymentType?
    /// The literal parts' UTF-8, one after another.
    private let literalBytes: [UInt8]
    /// In order: `(start, count)` of a literal part in `literalBytes`, or `(group, -1)` for `$group`.
    private let pieces: [(Int, Int)]

    init(_ action: Action) {
        field = action.field
        textField = TextField(action.field)
        template = action.value
        // A copy, not the rule set's string (`render` hands back a lone literal as it is): every
        // transaction the action sets retains and releases it, and engines on two threads
        // (`RuleEngine.sibling()`) sharing one reference count contend for its cache line. With
        // the copy, a profile of two threads and two fallback rules puts retain and release at
        // 25% of the time instead of 35%.
        fixed = action.value.usesCaptures ? nil : String(decoding: Array(action.value.render([]).utf8), as: UTF8.self)
        fixedType = fixed.flatMap { PaymentType(rawValue: $0) }
        var bytes: [UInt8] = []
        var pieces: [(Int, Int)] = []
        for part in action.value.parts {
            switch part {
            case .literal(let text):
                pieces.append((bytes.count, text.utf8.count))
                bytes += text.utf8
            case .capture(let n):
                pieces.append((n, -1))
            }
        }
        literalBytes = bytes
        self.pieces = pieces
    }

    /// The value with the captured groups filled in (a group that took part in no match, or that
    /// the regex does not have, gives empty text, as in `Template.render`).
    func render(_ captures: RegexCaptures) -> String {
        var total = 0
        for (a, b) in pieces { total += b >= 0 ? b : (captures.range(a)?.count ?? 0) }
        return captures.withText { captured in
            literalBytes.withUnsafeBufferPointer { literal in
                String(unsafeUninitializedCapacity: total) { out in
                    var at = 0
                    for (a, b) in pieces {
                        let piece: UnsafeBufferPointer<UInt8>
                        if b >= 0 {
                            piece = UnsafeBufferPointer(rebasing: literal[a..<(a + b)])
                        } else {
                            guard let range = captures.range(a) else { continue }
                            piece = UnsafeBufferPointer(start: captured + range.lowerBound, count: range.count)
                        }
                        guard let base = piece.baseAddress, !piece.isEmpty else { continue }
                        (out.baseAddress! + at).update(from: base, count: piece.count)
                        at += piece.count
                    }
                    return at
                }
            }
        }
    }
}
