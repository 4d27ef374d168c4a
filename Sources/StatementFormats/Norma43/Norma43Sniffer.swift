/// Recognises Norma 43 by its records' fixed-width digit fields: an account header (11) whose
/// bank, branch, account, dates, balance and currency columns are digits where the layout puts
/// them, then movements (22), an account end (33) and an end-of-file record (88).
///
/// Only columns before the holder's name are looked at, so a Windows-1252 or UTF-8 name does not
/// shift them, and lines may be shorter than 80 (trailing blanks trimmed) or end in CRLF.
enum Norma43Sniffer {
    static func sniff(_ input: SniffInput) -> Sniff {
        let lines = input.lines(limit: 400)
        for (index, line) in lines.enumerated() {
            guard let header = header(line) else { continue }
            var evidence = ["an account header (record 11) at line \(index + 1): \(header)"]
            var movements = 0, firstMovement = 0, accountEnd = 0, fileEnd = 0
            for (offset, next) in lines[(index + 1)...].enumerated() {
                let number = index + offset + 2
                if isMovement(next) {
                    movements += 1
                    if firstMovement == 0 { firstMovement = number }
                } else if accountEnd == 0 && isAccountEnd(next) {
                    accountEnd = number
                } else if fileEnd == 0 && isFileEnd(next) {
                    fileEnd = number
                }
            }
            var score = 60
            if movements > 0 {
                score = 90
                evidence.append("\(movements) movement \(movements == 1 ? "record" : "records") (22) from line \(firstMovement)")
            }
            if accountEnd > 0 {
                score += 3
                evidence.append("an account end record (33) at line \(accountEnd)")
            }
            if fileEnd > 0 {
                score += 2
                evidence.append("an end-of-file record (88) at line \(fileEnd)")
            }
            return Sniff(score: min(score, 95), evidence: evidence)
        }
        return .no("no line starting 11 with a Norma 43 account header's digit fields (bank, branch, account, YYMMDD dates, balance, currency)")
    }

    /// A summary of the header, when `line` is one: `bank 2100, branch 0418, account 0200051332,
    /// 240501 to 240531, currency 978`.
    private static func header(_ line: ArraySlice<UInt8>) -> String? {
        let c = Array(line)
        guard c.count >= 51, c[0] == 0x31, c[1] == 0x31, digits(c, 3...50), c[32] == 0x31 || c[32] == 0x32,
            isDate(c, 21), isDate(c, 27)
        else { return nil }
        func text(_ columns: ClosedRange<Int>) -> String { String(decoding: c[(columns.lowerBound - 1)..<columns.upperBound], as: UTF8.self) }
        return "bank \(text(3...6)), branch \(text(7...10)), account \(text(11...20)), \(text(21...26)) to \(text(27...32)), currency \(text(48...50))"
    }

    private static func isMovement(_ line: ArraySlice<UInt8>) -> Bool {
        let c = Array(line)
        return c.count >= 42 && c[0] == 0x32 && c[1] == 0x32 && digits(c, 11...22) && isDate(c, 11)
            && (c[27] == 0x31 || c[27] == 0x32) && digits(c, 29...42)
    }

    private static func isAccountEnd(_ line: ArraySlice<UInt8>) -> Bool {
        let c = Array(line)
        return c.count >= 73 && c[0] == 0x33 && c[1] == 0x33 && digits(c, 3...73) && (c[58] == 0x31 || c[58] == 0x32)
    }

    private static func isFileEnd(_ line: ArraySlice<UInt8>) -> Bool {
        let c = Array(line)
        return c.count >= 26 && c[0] == 0x38 && c[1] == 0x38 && c[2..<20].allSatisfy { $0 == 0x39 } && digits(c, 21...26)
    }

    /// Whether the 1-based `columns` of `c` are all digits.
    private static func digits(_ c: [UInt8], _ columns: ClosedRange<Int>) -> Bool {
        c[(columns.lowerBound - 1)..<columns.upperBound].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Whether the six columns from `column` are a plausible `YYMMDD` (month 01–12, day 01–31).
    private static func isDate(_ c: [UInt8], _ column: Int) -> Bool {
        let i = column - 1
        let month = Int(c[i + 2] - 0x30) * 10 + Int(c[i + 3] - 0x30), day = Int(c[i + 4] - 0x30) * 10 + Int(c[i + 5] - 0x30)
        return (1...12).contains(month) && (1...31).contains(day)
    }
}
