/// The text side of transfer evidence: words that say "transfer" in the languages of the banks
/// pfin reads, and whether a transaction's text names another account.
///
/// Matching is on folded words: lower case, Latin accents removed (`Überweisung` is
/// `uberweisung`, `ß` is `ss`), other scripts' letters in lower case (`Перевод` is `перевод`),
/// each Chinese, Japanese or Korean character a word of its own (`转账` is two), anything but
/// letters and digits a word break. A phrase matches where its words follow each other in the
/// text, so `vir` matches `VIR Livret A` but not `VIREMENTS`.
enum TransferText {
    /// Words and phrases that say money moved between own accounts, folded. Bank wording for a
    /// purchase (`card payment`, `Kartenzahlung`) is deliberately absent: it is the opposite.
    static let words: [[String]] = [
        // English
        "transfer", "transfers", "xfer", "trf", "payment to card", "credit card payment", "card payment thank you",
        "autopay", "payment thank you", "thank you for your payment", "to savings", "from savings", "to checking",
        "from checking",
        // German
        "uberweisung", "umbuchung", "ubertrag", "zahlung kreditkarte", "kreditkartenabrechnung", "kreditkarte ausgleich",
        // French
        "virement", "vir", "vrt",
        // Spanish
        "transferencia", "traspaso",
        // Italian
        "bonifico", "giroconto",
        // Dutch
        "overboeking", "overschrijving",
        // Portuguese, Polish, Czech and Slovak, Croatian, Hungarian, Romanian, the Nordic languages,
        // Estonian, Latvian, Lithuanian, Turkish
        "transf", "przelew", "przelew wlasny", "prevod", "prijenos", "atutalas", "virament",
        "overforing", "overforsel", "tilisiirto", "omalle tilille", "ulekanne", "parskaitijums", "pavedimas", "havale",
        "virman",
        // Russian, Ukrainian, Greek, Hebrew; Chinese and Japanese (each character a word)
        "перевод", "перевод между счетами", "переказ", "μεταφορα", "μεταφορά", "העברה", "转 账", "转 帐", "轉 帳", "振 替",
    ].map { tokens($0) }

    /// The first phrase of `words` found in `text`, as written in the table.
    static func transferWord(in text: [String]) -> String? {
        words.first { contains(text, $0) }?.joined(separator: " ")
    }

    /// How `text` (folded words) and `raw` (the same text unfolded) name `account`: its name as
    /// words (three letters or more), or its last four or more digits (`…1234`, `XXXX1234`,
    /// digits grouped by spaces as IBANs are printed). `nil` when they do not.
    static func naming(_ account: String, in text: [String], raw: String) -> String? {
        let name = tokens(account)
        if name.joined().count >= 3, name.contains(where: { $0.contains(where: \.isLetter) }), contains(text, name) {
            return name.joined(separator: " ")
        }
        let digits = account.filter(\.isASCIIDigit)
        guard digits.count >= 4 else { return nil }
        for run in digitRuns(raw) where run.count >= 4 && digits.hasSuffix(run) {
            return "…" + String(run.suffix(min(run.count, 8)))
        }
        return nil
    }

    /// The runs of ASCII digits in `text`, each alone and, where runs are separated by single
    /// spaces, also joined (`DE12 3456 7890` gives `12`, `3456`, `7890` and `1234567890`).
    static func digitRuns(_ text: String) -> [String] {
        var runs: [String] = [], current = "", joined = ""
        var previous: Character = " "
        func endJoined() {
            if joined != current && !joined.isEmpty { runs.append(joined) }
            joined = ""
        }
        for c in text {
            if c.isASCIIDigit {
                current.append(c)
                joined.append(c)
            } else {
                if !current.isEmpty { runs.append(current); current = "" }
                if !(c == " " && previous.isASCIIDigit) { endJoined() }
            }
            previous = c
        }
        if !current.isEmpty { runs.append(current) }
        endJoined()
        return runs
    }

    /// Whether `phrase` occurs in `text` as consecutive words.
    static func contains(_ text: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= text.count else { return false }
        for start in 0...(text.count - phrase.count) where text[start] == phrase[0] {
            if (1..<phrase.count).allSatisfy({ text[start + $0] == phrase[$0] }) { return true }
        }
        return false
    }

    /// `text` as folded words.
    static func tokens(_ text: String) -> [String] {
        var words: [String] = [], word = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (0x30...0x39).contains(v) || (0x61...0x7A).contains(v) {
                word.unicodeScalars.append(scalar)
            } else if (0x41...0x5A).contains(v) {
                word.unicodeScalars.append(Unicode.Scalar(v + 32)!)
            } else if let folded = latin(v) {
                word += folded
            } else if v >= 0x370, scalar.properties.isAlphabetic {
                if Self.isIdeographic(v) {
                    if !word.isEmpty { words.append(word) }
                    words.append(String(scalar))
                    word = ""
                } else {
                    word += String(scalar).lowercased()
                }
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Han, kana and Hangul: scripts written without spaces, so each character is a word.
    private static func isIdeographic(_ v: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(v) || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF66...0xFF9F).contains(v)
            || v >= 0x20000
    }

    /// A Latin-1 or Latin Extended-A letter without its accent, in lower case.
    private static func latin(_ v: UInt32) -> String? {
        switch v {
        case 0xC0...0xC5, 0xE0...0xE5, 0x100...0x105: return "a"
        case 0xC6, 0xE6: return "ae"
        case 0xC7, 0xE7, 0x106...0x10D: return "c"
        case 0x10E...0x111: return "d"
        case 0xC8...0xCB, 0xE8...0xEB, 0x112...0x11B: return "e"
        case 0x11C...0x123: return "g"
        case 0x124...0x127: return "h"
        case 0xCC...0xCF, 0xEC...0xEF, 0x128...0x131: return "i"
        case 0x134, 0x135: return "j"
        case 0x136...0x138: return "k"
        case 0x139...0x142: return "l"
        case 0xD1, 0xF1, 0x143...0x14B: return "n"
        case 0xD2...0xD6, 0xD8, 0xF2...0xF6, 0xF8, 0x14C...0x151: return "o"
        case 0x152, 0x153: return "oe"
        case 0x154...0x159: return "r"
        case 0x15A...0x161: return "s"
        case 0xDF: return "ss"
        case 0x162...0x167: return "t"
        case 0xD9...0xDC, 0xF9...0xFC, 0x168...0x173: return "u"
        case 0x174, 0x175: return "w"
        case 0xDD, 0xFD, 0xFF, 0x176...0x178: return "y"
        case 0x179...0x17E: return "z"
        default: return nil
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { (0x30...0x39).contains($0) } ?? false }
}
