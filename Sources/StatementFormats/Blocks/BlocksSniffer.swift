/// Recognises blocks of labelled lines by a line starting `Date:` and a numeric date (`29/12/2012`)
/// followed in its block (before the next blank line) by one starting `Amount:`, labels in any case,
/// anywhere in the first 64 KiB. (An e-mail's `Date: Mon, 3 Jun 2024` is no block's date.)
///
/// Only ASCII labels are looked at, so the encoding does not matter: a Windows-1252 no-break space
/// (0xA0) or a UTF-8 one after the colon, or none, alike.
enum BlocksSniffer {
    static func sniff(_ input: SniffInput) -> Sniff {
        let lines = input.lines(limit: 4000)
        var blocks = 0, withBalance = 0
        var firstDate = 0, firstAmount = 0
        var header: [String] = []
        var date = 0, amount = 0, balance = false
        func endBlock() {
            if date > 0 && amount > 0 {
                blocks += 1
                if balance { withBalance += 1 }
                if firstDate == 0 { (firstDate, firstAmount) = (date, amount) }
            }
            (date, amount, balance) = (0, 0, false)
        }
        for (index, line) in lines.enumerated() {
            let number = index + 1
            guard let label = label(line) else {
                if isBlank(line) { endBlock() }
                continue
            }
            switch label {
            case "date" where opensWithNumericDate(line):
                if date > 0 { endBlock() }
                date = number
            case "amount" where date > 0 && amount == 0: amount = number
            case "balance" where date > 0: balance = true
            case "from" where date == 0 && blocks == 0 && header.count < 2, "account" where date == 0 && blocks == 0 && header.count < 2:
                header.append("'\(label == "from" ? "From" : "Account"):' at line \(number)")
            default: break
            }
        }
        endBlock()
        guard blocks > 0 else {
            return .no("no line starting 'Date:' followed in its block by one starting 'Amount:'")
        }
        var evidence = ["'Date:' at line \(firstDate) and 'Amount:' at line \(firstAmount) in one block"]
        var score = 70
        if blocks > 1 {
            score = 85
            evidence.append("\(blocks) blocks with a date and an amount")
        }
        if withBalance > 0 {
            score += 5
            evidence.append("'Balance:' in \(withBalance == blocks ? "every block" : "\(withBalance) of them")")
        }
        if !header.isEmpty {
            score += 3
            evidence.append("a header: " + header.joined(separator: ", "))
        }
        return Sniff(score: min(score, 95), evidence: evidence)
    }

    /// The line's label in lower case when it is one a block or its header has.
    private static func label(_ line: ArraySlice<UInt8>) -> String? {
        var i = line.startIndex
        while i < line.endIndex, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
        for label in ["date", "amount", "balance", "from", "account"] {
            let word = Array(label.utf8)
            guard line.endIndex - i > word.count else { continue }
            var k = 0
            while k < word.count, line[i + k] | 0x20 == word[k] { k += 1 }
            guard k == word.count else { continue }
            var j = i + k
            while j < line.endIndex, line[j] == 0x20 { j += 1 }
            if j < line.endIndex, line[j] == UInt8(ascii: ":") { return label }
        }
        return nil
    }

    /// Whether the value after the line's colon opens with a date in digits: `29/12/2012`, `1.5.24`.
    private static func opensWithNumericDate(_ line: ArraySlice<UInt8>) -> Bool {
        guard var i = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
        i += 1
        while i < line.endIndex, line[i] == 0x20 || line[i] == 0x09 || line[i] == 0xA0 || line[i] == 0xC2 { i += 1 }
        var groups = 0
        while groups < 3 {
            let start = i
            while i < line.endIndex, line[i] >= 0x30 && line[i] <= 0x39 { i += 1 }
            guard i > start else { return false }
            groups += 1
            guard groups < 3 else { break }
            guard i < line.endIndex, line[i] == UInt8(ascii: "/") || line[i] == UInt8(ascii: ".") || line[i] == UInt8(ascii: "-") else { return false }
            i += 1
        }
        return true
    }

    /// Spaces, tabs and no-break spaces (Windows-1252 `A0`, UTF-8 `C2 A0`) only.
    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0xA0 || $0 == 0xC2 }
    }
}
