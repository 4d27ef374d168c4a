import FinanceCore
import StatementFormats

/// The QIF reader's promise that nothing is lost unsaid: every transaction record becomes one
/// activity or more (one per split) at its first line, or has an error inside its lines; every
/// section the reader does not read as transactions (investment accounts, lists, unknown headers)
/// is named by a warning at its header; records before any header are warned about; lines
/// starting with `#` outside a record are comments. Account
/// blocks (`!Account`) and options (`!Option:`, `!Clear:`) hold no transactions. No activity is
/// placed anywhere but at a record's first line.
///
/// Sections and records are found again here from the bytes, as Quicken's QIF lays them out: a
/// `!` line starts a section, a record is a run of field lines ended by `^`, by a header or by the
/// end of the file, and lines end with LF (or CR in a file without LF). Only ASCII bytes decide
/// this, so a single-byte code page splits as its UTF-8 decoding does; UTF-16 and input with NUL
/// bytes (which the reader refuses as binary) are not checked this way.
enum QIFRecordCheck {
    enum Section { case none, transactions, account, skipped }

    struct Record {
        var first: Int
        var last: Int
    }

    struct Layout {
        /// Transaction records, including those before any header.
        var records: [Record] = []
        /// Lines of headers whose sections are skipped.
        var skippedHeaders: [Int] = []
        /// The first line of a record before any header, if one is.
        var headerless: Int?
    }

    static func unaccounted(_ bytes: [UInt8], sink: CollectingSink) -> [String] {
        guard let layout = layout(bytes) else { return [] }
        let errorLines = sink.diagnostics.filter { $0.severity == .error }.map(\.location.line).sorted()
        let activityLines = Set(sink.activities.map(\.source.line))
        var found: [String] = []
        for record in layout.records where !activityLines.contains(record.first) {
            if errorLines.contains(where: { (record.first...record.last).contains($0) }) { continue }
            found.append("the record of lines \(record.first)–\(record.last) is neither an activity nor has an error")
            if found.count == 3 { break }
        }
        let starts = Set(layout.records.map(\.first))
        for line in activityLines.subtracting(starts).sorted().prefix(3) {
            found.append("an activity at line \(line), which starts no transaction record")
        }
        let warnings = Set(sink.diagnostics.filter { $0.severity == .warning }.map(\.location.line))
        for line in layout.skippedHeaders where !warnings.contains(line) {
            found.append("the section of line \(line) is skipped without a warning there")
        }
        if let line = layout.headerless, !sink.diagnostics.contains(where: { $0.code == "qif.no-header" && $0.location.line == line }) {
            found.append("the record on line \(line) comes before any header, without a warning there")
        }
        return found
    }

    /// The sections and records of `bytes`, or nil when this check does not apply.
    static func layout(_ bytes: [UInt8]) -> Layout? {
        guard !bytes.isEmpty, !bytes.contains(0), !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]) else { return nil }
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        let lineBreak: UInt8 = !text.contains(0x0A) && text.contains(0x0D) ? 0x0D : 0x0A
        var layout = Layout()
        var section = Section.none
        var open: Record?
        func close() {
            if let record = open { layout.records.append(record) }
            open = nil
        }
        for (index, raw) in text.split(separator: lineBreak, omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = trimmed(raw)
            guard let letter = line.first else { continue }
            if letter == UInt8(ascii: "^") {
                close()
            } else if letter == UInt8(ascii: "!") {
                close()
                let next = header(line, after: section)
                // An option inside a skipped section leaves it skipped, warned about at its own header.
                if next == .skipped && !isOption(line) { layout.skippedHeaders.append(number) }
                section = next
            } else if letter == UInt8(ascii: "#"), section == .none || section == .transactions && open == nil {
                continue  // a comment line (`### … ###`), which the reader skips with a warning
            } else if section == .transactions || section == .none {
                if section == .none {
                    layout.headerless = layout.headerless ?? number
                    section = .transactions
                }
                if open == nil { open = Record(first: number, last: number) }
                open?.last = number
            }
        }
        close()
        return layout
    }

    /// The section a header line starts; options leave the current one as it is.
    static func header(_ line: ArraySlice<UInt8>, after section: Section) -> Section {
        let lower = String(decoding: line.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        if lower.hasPrefix("!type:") {
            let name = String(decoding: trimmed(Array(lower.utf8).dropFirst(6)), as: UTF8.self)
            return ["bank", "ccard", "cash", "oth a", "oth l"].contains(name) ? .transactions : .skipped
        }
        if lower == "!account" { return .account }
        return isOption(line) ? section : .skipped
    }

    /// `!Option:…` or `!Clear:…`, in any case.
    static func isOption(_ line: ArraySlice<UInt8>) -> Bool {
        let lower = String(decoding: line.prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        return lower.hasPrefix("!option:") || lower.hasPrefix("!clear:")
    }

    /// Without spaces, tabs and carriage returns at either end.
    static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var line = line
        while let first = line.first, first == 0x20 || first == 0x09 || first == 0x0D { line = line.dropFirst() }
        while let last = line.last, last == 0x20 || last == 0x09 || last == 0x0D { line = line.dropLast() }
        return line
    }
}
