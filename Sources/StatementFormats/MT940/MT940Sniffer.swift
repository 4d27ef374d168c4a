import Glibc

/// Identifies MT940 (and MT942) text by its tag structure: field tags (`:20:`, `:25:`, `:61:`…)
/// at the start of lines, wherever they stand in the first 64 KiB, after whatever envelope the
/// bank put before them (SWIFT blocks, a BIC line, `940`, `:940:`, a `0000 01…` record).
///
/// One tag is not enough, as a CSV or other text may hold a stray `:20:`: it takes a statement's
/// header (`:20:` with `:25:`, `:28C:`, `:60F:` or `:62F:`; or `:25:` with a balance), `:20:` with a
/// statement line, or statement lines that read as such (`:61:` with `:86:`, or two of them) for
/// a file of fragments without headers. A file that writes `@@` for its line breaks (German
/// banks', see `MT940FieldAssembler`) is read by the same parts.
enum MT940Sniffer {
    /// The first occurrence of a tag pfin knows.
    private struct Found {
        var name: String
        var line: Int
    }

    /// What the scan saw.
    private struct Scan {
        var found: [Found] = []
        var seen = Set<String>()
        var preamble: [String] = []
        /// `:61:` lines whose value parses as a statement line.
        var statementLines = 0

        func has(_ names: String...) -> Bool { names.contains { seen.contains($0) } }

        mutating func note(_ name: String, line: Int) {
            if seen.insert(name).inserted { found.append(Found(name: name, line: line)) }
        }
    }

    /// The tags noted, as written (`28` and `28C`, `60F` and `60M` are each other's forms).
    private static let known: Set<String> = [
        "20", "21", "25", "25P", "28", "28C", "60F", "60M", "61", "86", "62F", "62M", "64", "65",
        "13D", "34F", "90D", "90C",
    ]

    static func sniff(_ input: SniffInput) -> Sniff {
        let scan = input.text.withUnsafeBufferPointer { Self.scan($0) }
        let fields = scan.found.map { "':\($0.name):' at line \($0.line)" }
        let header = scan.has("20") && scan.has("25", "25P", "28", "28C", "60F", "60M", "62F", "62M")
        let interim = scan.has("13D", "34F", "90D", "90C") && !scan.has("60F", "60M")
        var evidence = scan.preamble
        let score: Int
        if header {
            score = 90
            if interim { evidence.append("an MT942 interim report: ':13D:'/':34F:'/':90D:' fields and no opening balance") }
        } else if scan.has("20") && scan.statementLines > 0 {
            score = 85
        } else if scan.has("25", "25P") && scan.has("60F", "60M", "62F", "62M") {
            score = 80
        } else if scan.statementLines > 0 && scan.has("86") {
            score = 75
            evidence.append("statement lines without statement headers (no ':20:', ':25:' or ':60F:')")
        } else if scan.statementLines >= 2 {
            score = 70
            evidence.append("statement lines without statement headers (no ':20:', ':25:' or ':60F:')")
        } else if scan.found.isEmpty {
            return .no("no MT940 field tags (':20:', ':25:', ':61:'…) at the start of a line")
        } else {
            return .no(
                "only " + fields.joined(separator: ", ")
                    + "; MT940 needs ':20:' with ':25:' or ':60F:', or ':61:' statement lines with ':86:'")
        }
        return Sniff(score: score, evidence: evidence + fields)
    }

    private static func scan(_ text: UnsafeBufferPointer<UInt8>) -> Scan {
        var scan = Scan()
        guard let base = text.baseAddress else { return scan }
        var start = 0
        var number = 0
        var atSignBreaks = false
        while start < text.count {
            number += 1
            let end = memchr(base + start, 0x0A, text.count - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? text.count
            let line = UnsafeBufferPointer(rebasing: text[start..<end])
            start = end + 1
            // German banks' `@@` for CR LF (`@@:20:STARTUMS@@:25:…`): the parts are the lines.
            if atSignBreaks || MT940FieldAssembler.hasAtSignTag(line) {
                if !atSignBreaks {
                    atSignBreaks = true
                    scan.preamble.append("'@@' for line breaks at line \(number) (German banks' MT940 from BTX days)")
                }
                var from = 0
                for (k, byte) in line.enumerated() where k > from && byte == 0x40 && line[k - 1] == 0x40 {
                    visit(UnsafeBufferPointer(rebasing: line[from..<(k - 1)]), number: number, into: &scan)
                    from = k + 1
                }
                visit(UnsafeBufferPointer(rebasing: line[from...]), number: number, into: &scan)
            } else {
                visit(line, number: number, into: &scan)
            }
        }
        return scan
    }

    private static func visit(_ whole: UnsafeBufferPointer<UInt8>, number: Int, into scan: inout Scan) {
        var line = whole
        // Only lines that start with a tag, a block or a preamble matter.
        guard let first = line.first, first == UInt8(ascii: ":") || first == UInt8(ascii: "{") || scan.found.isEmpty else { return }
        if line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        if line.first == UInt8(ascii: "{") {
            // `{1:…}{2:…}{3:…}{4:` then possibly the first field on the same line.
            if scan.preamble.isEmpty && scan.found.isEmpty { scan.preamble.append("SWIFT block headers '{1:…' at line \(number)") }
            guard let body = find([0x7B, 0x34, 0x3A], in: line) else { return }
            line = UnsafeBufferPointer(rebasing: line[(body + 3)...])
        }
        if line.first == UInt8(ascii: ":"), let tagEnd = MT940FieldAssembler.tagEnd(line) {
            let name = String(decoding: line[1..<tagEnd], as: UTF8.self)
            guard known.contains(name) else { return }
            if name == "61" && scan.statementLines < 2 {
                // A statement line must read as one; two are proof enough.
                let value = UnsafeBufferPointer(rebasing: line[(tagEnd + 1)...])
                guard case .success = MT940StatementLine.parse(value, continuation: UnsafeBufferPointer(rebasing: value[value.count...]))
                else { return }
                scan.statementLines += 1
            }
            scan.note(name, line: number)
            return
        }
        guard scan.found.isEmpty, scan.preamble.count < 4 else { return }
        if let kind = MT940Preamble.classify(line) {
            scan.preamble.append(kind.evidence(String(decoding: MT940Values.trimmed(line), as: UTF8.self), line: number))
        } else if MT940Values.trimmed(line).elementsEqual([UInt8(ascii: "-")]) {
            scan.preamble.append("a '-' separator line at line \(number) before the fields")
        }
    }

    private static func find(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard text.count >= needle.count else { return nil }
        for i in 0...(text.count - needle.count) where text[i..<(i + needle.count)].elementsEqual(needle) {
            return i
        }
        return nil
    }
}
