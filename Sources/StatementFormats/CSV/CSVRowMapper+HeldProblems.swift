import FinanceCore

/// The problems a `CSVRowMapper` holds back until it is known whether their rows are the file's
/// footer (a totals line, a signature), and their reporting: as errors, as a skipped footer, or
/// as the leniencies rows were read with.
extension CSVRowMapper {
    /// A problem held back: whether its row could be part of a footer, and whether it is reported
    /// even there (a pending or balance row, which is no footer line whatever follows).
    struct Held {
        var diagnostic: Diagnostic
        var footerLike: Bool
        var always = false
        /// A footer-like row with an amount, and one with a letter anywhere: skipping rows with
        /// amounts from a footer that starts without any label is said (`csv.footer-skipped`).
        var hasAmount = false
        var hasLetters = false
    }

    /// Reports the problems held back (as errors, or up to the footer); nothing to do on almost
    /// every row, so that check stays inline and the work does not.
    @inline(__always)
    func flushPending(asErrors: Bool, into sink: inout some ActivitySink) throws {
        guard hasPending else { return }
        try reportPending(asErrors: asErrors, into: &sink)
    }

    @inline(never)
    private func reportPending(asErrors: Bool, into sink: inout some ActivitySink) throws {
        let footerStart = asErrors ? pending.count : (pending.firstIndex { $0.footerLike } ?? pending.count)
        let held = pending
        pending.removeAll()
        hasPending = false
        var footer: [Int] = []
        // A row in the footer whose date cell holds a date is no totals line: an error like any other.
        // A footer that opens with a label (`Total`, `STATEMENT SUMMARY :-`) is one; one that opens
        // with bare numbers may be transactions without their dates.
        let labelled = footerStart < held.count && held[footerStart].hasLetters
        var withAmounts: [Held] = []
        for (index, entry) in held.enumerated() {
            if index < footerStart || entry.always || !entry.footerLike {
                try sink.report(entry.diagnostic)
            } else {
                if entry.hasAmount && !labelled { withAmounts.append(entry) }
                footer.append(entry.diagnostic.location.line)
            }
        }
        if !withAmounts.isEmpty { try sink.report(footerWarning(withAmounts)) }
        try sendSkipped(.footer, lines: footer, into: &sink)
    }

    /// Sends `lines` (ascending) as skipped, runs of consecutive lines as one range.
    private func sendSkipped(_ reason: SkippedLines.Reason, lines: [Int], into sink: inout some ActivitySink) throws {
        var index = 0
        while index < lines.count {
            var last = index
            while last + 1 < lines.count && lines[last + 1] <= lines[last] + 1 { last += 1 }
            try sink.skipped(SkippedLines(reason, at: SourceLocation(file: file, line: lines[index]), through: lines[last]))
            index = last + 1
        }
    }

    /// Says which footer lines that hold an amount were skipped: a totals line, or a transaction
    /// without its date, which is not lost unsaid.
    private func footerWarning(_ skipped: [Held]) -> Diagnostic {
        let numbers = skipped.prefix(5).map { String($0.diagnostic.location.line) }
        let lines = (skipped.count == 1 ? "line " : "lines ") + numbers.joined(separator: ", ") + (skipped.count > 5 ? "…" : "")
        let leniency = Leniency(
            code: "csv.footer-skipped",
            "\(lines) after the last transaction \(skipped.count == 1 ? "holds an amount but no date; it was" : "hold amounts but no dates; they were") taken for the file's footer (totals) and skipped",
            notes: [
                (skipped.count == 1 ? "its problem: " : "the first one's problem: ") + skipped[0].diagnostic.message,
                "if they are transactions, give them their dates and convert again; --strict refuses them",
            ],
            changesMeaning: true)
        return leniency.diagnostic(at: skipped[0].diagnostic.location, options: options)
    }

    /// Forgets the problems held back since there were `count`.
    func dropHeld(from count: Int) {
        guard pending.count > count else { return }
        pending.removeSubrange(count...)
        hasPending = !pending.isEmpty
    }

    /// Holds a problem back until it is known whether it belongs to the footer; with `always`,
    /// it is reported even there.
    func holdBack(
        _ diagnostic: Diagnostic, footerLike: Bool, always: Bool = false, hasAmount: Bool = false,
        hasLetters: Bool = false
    ) {
        pending.append(
            Held(
                diagnostic: diagnostic, footerLike: footerLike, always: always, hasAmount: hasAmount,
                hasLetters: hasLetters))
        hasPending = true
    }

    /// Holds back a leniency at `location`, reported even in the footer: a row the reader read
    /// (or skipped) its own way, said at its line.
    func holdBack(_ leniency: Leniency, at location: SourceLocation) {
        holdBack(leniency.diagnostic(at: location, options: options), footerLike: false, always: true)
    }
}
