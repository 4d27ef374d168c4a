/// `:61:` lines a bank wrapped onto a second line.
///
/// SWIFT lines hold 65 characters; some banks cut a longer `:61:` at that width (or before the
/// bank's reference) and go on on the next line, where the standard has the supplementary
/// details. A first line that stops before a part SWIFT requires (inside the dates, before the
/// mark, the amount or the transaction type, with no owner's reference, or with `//` and nothing
/// after it, a bank's reference on the next line) was cut: its second line is read as its rest, and the lines after it as the
/// supplementary details.
extension MT940StatementLine {
    /// How a `:61:` first line ends.
    enum Ending: UInt8 {
        /// With the bank's reference: all of subfields 1–8.
        case complete
        /// Right after the amount: no transaction type.
        case afterAmount
        /// Right after the transaction type: no owner's reference, which is mandatory.
        case afterType
        /// With `//` and no bank's reference after it.
        case afterSlashes
        /// With the owner's reference and no `//` part (which is optional).
        case withoutBankReference
    }

    /// Parses a `:61:` field, its first two lines as one when the first was cut (see above).
    /// `wrapped` says that they were.
    static func parse(_ field: MT940Field) -> (Result<MT940StatementLine, Problem>, wrapped: Bool) {
        let first = parse(field.firstLine, continuation: field.continuation)
        guard field.lineStarts.count > 0 else { return (first, false) }
        let secondEnd = field.lineStarts.count > 1 ? field.lineStarts[1] : field.value.count
        let second = UnsafeBufferPointer(rebasing: field.value[field.lineStarts[0]..<secondEnd])
        let wraps: Bool
        switch first {
        case .failure(let problem):
            // The line ended inside the part the parser was reading.
            wraps = problem.offset + problem.text.utf8.count >= field.firstLine.count
        case .success(let line):
            switch line.ending {
            case .complete: wraps = false
            case .afterAmount: wraps = Self.continuesAmount(second)
            // Only a reference's worth: Citi ends every line with `//` and puts its supplementary
            // details (`/ABC/DEF/MISCELLANEOUS`) on the next line.
            case .afterSlashes: wraps = Self.isReference(second, before: 0, needsSlashes: false)
            case .afterType: wraps = Self.isReference(second, before: 0, needsSlashes: false)
            case .withoutBankReference:
                wraps = Self.isReference(second, before: line.customerReference?.utf8.count ?? 0, needsSlashes: true)
            }
        }
        guard wraps else { return (first, false) }
        let merged = parse(
            UnsafeBufferPointer(rebasing: field.value[..<secondEnd]),
            continuation: UnsafeBufferPointer(rebasing: field.value[secondEnd...]))
        guard case .success = merged else { return (first, false) }
        return (merged, true)
    }

    /// Whether `next` goes on with an amount's digits or comma, or starts a transaction type
    /// (`NTRF`, `FCHK`, `S103`).
    private static func continuesAmount(_ next: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let c = next.first else { return false }
        if (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: ",") { return true }
        guard next.count >= 4, c == UInt8(ascii: "N") || c == UInt8(ascii: "F") || c == UInt8(ascii: "S") else { return false }
        return next[1..<4].allSatisfy { MT940Values.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// Whether `next` reads as the rest of an owner's reference (16 characters at most with the
    /// `before` already on the first line, no spaces) and, when `needsSlashes`, the `//` of the
    /// bank's reference after it: supplementary details are free text and rarely look so.
    private static func isReference(_ next: UnsafeBufferPointer<UInt8>, before: Int, needsSlashes: Bool) -> Bool {
        let slash = doubleSlash(in: next)
        if needsSlashes && slash == nil { return false }
        let head = UnsafeBufferPointer(rebasing: next[..<(slash ?? next.count)])
        guard before + head.count <= 16, before + head.count > 0 || slash != nil else { return false }
        return !head.contains(0x20)
    }
}
