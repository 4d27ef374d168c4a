/// Files that are not bank statements but arrive in their place: a bank's login page saved as
/// `statement.ofx`, a PDF statement, a workbook in a format pfin does not read, a ZIP of exports.
/// Identification names them, so that the user hears "this is a PDF document", never a CSV error.
public enum ForeignFile: Sendable, Equatable, CustomStringConvertible {
    /// A ZIP archive that is not a workbook pfin reads; `entries` are the member names seen.
    case zip(entries: [String])
    /// An OpenDocument spreadsheet (LibreOffice's `.ods`).
    case openDocument
    /// An OLE2 compound file (the container of Office 97–2003 files) that holds no Excel workbook
    /// pfin reads, nor a Word document or presentation: a damaged `.xls`, or another program's file.
    case legacyExcel
    /// Excel's binary workbook (`.xlsb`): a ZIP like `.xlsx`, but its parts are binary records.
    case binaryWorkbook
    /// An Apple Numbers spreadsheet (`.numbers`), or another iWork document when `numbers` is false.
    case iWork(numbers: Bool)
    /// A password-protected Office file: an OLE2 compound file holding an `EncryptedPackage`
    /// (an encrypted `.xlsx` keeps its name, so it looks like a workbook).
    case encryptedOffice
    /// A word-processing document or a presentation, described (`a Word document (.docx)`).
    case document(String)
    /// A SWIFT FIN message other than a statement (its message type: `101`, `103`…).
    case swiftMessage(String)
    case pdf
    /// An HTML page: a bank's login, session-expired or error page saved under the statement's name.
    case html
    /// An HTML statement page whose table (at `line`) is headed by a date and an amount, but whose
    /// rows hold no dates pfin reads.
    case htmlStatement(line: Int)
    /// JSON that is not pfin's JSON Lines (an API response, a whole array).
    case json
    /// A picture (`png`, `jpeg`, `gif`, `webp`, `tiff`, `bmp`): a screenshot of a statement.
    case image(String)
    /// A compressed file (`gzip`, `bzip2`, `xz`, `7-zip`, `rar`).
    case compressed(String)
    case rtf
    case empty
    /// A bookkeeping tool's own ledger file: a ledger/hledger journal, or beancount's.
    case bookkeeping(beancount: Bool)
    /// A bookkeeping program's export or book: FEC, IIF, DATEV, a journal CSV, GnuCash, KMyMoney, SIE.
    case accounting(AccountingFile)
    /// A bank statement in a format pfin does not read (`BAI2`, `CODA`, `CFONB 120`).
    case unreadStatement(String)
    /// An ISO 20022 message other than a statement, report or notification (`pain.001.001.03`).
    case isoMessage(String)
    /// A FinTS (HBCI) message: a home-banking protocol's dialogue, saved to a file.
    case fints
    /// An app's or platform's table that lists money but no account's movements (a group's
    /// expenses, an order history, a trade list…).
    case appExport(AppExport)

    /// What the file is, with the evidence that shows it; `nil` when it may be a statement.
    public static func identify(_ input: SniffInput) -> (kind: ForeignFile, evidence: String)? {
        let raw = input.raw
        if raw.isEmpty { return (.empty, "the file has no bytes") }
        if raw.starts(with: [0x50, 0x4B, 0x03, 0x04]) || raw.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return zipKind(raw)
        }
        if raw.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return compoundFileKind(raw) }
        let signatures: [([UInt8], ForeignFile, String)] = [
            (Array("%PDF-".utf8), .pdf, "'%PDF-' at offset 0"),
            ([0x89, 0x50, 0x4E, 0x47], .image("png"), "the PNG signature at offset 0"),
            ([0xFF, 0xD8, 0xFF], .image("jpeg"), "the JPEG signature at offset 0"),
            (Array("GIF8".utf8), .image("gif"), "'GIF8' at offset 0"),
            (Array("II*\u{0}".utf8), .image("tiff"), "the TIFF signature at offset 0"),
            (Array("MM\u{0}*".utf8), .image("tiff"), "the TIFF signature at offset 0"),
            ([0x1F, 0x8B], .compressed("gzip"), "the gzip signature at offset 0"),
            (Array("BZh".utf8), .compressed("bzip2"), "'BZh' at offset 0"),
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], .compressed("xz"), "the xz signature at offset 0"),
            ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], .compressed("7-zip"), "the 7-zip signature at offset 0"),
            (Array("Rar!".utf8), .compressed("rar"), "'Rar!' at offset 0"),
            (Array("{\\rtf".utf8), .rtf, "'{\\rtf' at offset 0"),
        ]
        for (signature, kind, evidence) in signatures where raw.starts(with: signature) { return (kind, evidence) }
        if raw.count >= 12, raw.starts(with: Array("RIFF".utf8)), Array(raw[8..<12]) == Array("WEBP".utf8) {
            return (.image("webp"), "'RIFF…WEBP' at offset 0")
        }
        if raw.starts(with: Array("BM".utf8)), raw.count > 26, !input.isText { return (.image("bmp"), "'BM' at offset 0 and binary bytes") }
        guard input.isText else { return nil }
        let start = SniffPrefix.contentStart(input.text)
        let head = input.text[start...]
        if head.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) && input.isComplete {
            return (.empty, raw.starts(with: [0xEF, 0xBB, 0xBF]) ? "the file holds a byte-order mark and nothing else" : "the file holds only white space")
        }
        if let (beancount, line) = BookkeepingText.find(head, line: input.line(at: start)) {
            return (
                .bookkeeping(beancount: beancount),
                beancount
                    ? "beancount directives ('YYYY-MM-DD open', '*' transactions, 'option') from line \(line)"
                    : "a dated transaction with indented postings to account paths at line \(line)"
            )
        }
        if let (type, block) = swiftMessageType(head) {
            return (.swiftMessage(type), "a SWIFT FIN message of type MT\(type) (block 2 '{2:' at line \(input.line(at: block)))")
        }
        if startsWithIgnoringCase(head, "<!doctype html") || startsWithIgnoringCase(head, "<html") {
            let opening = String(decoding: head.prefix(head.starts(with: Array("<!".utf8)) ? 14 : 5), as: UTF8.self)
            return htmlKind(input, "'\(opening)' at line \(input.line(at: start))")
        }
        if let found = ForeignText.identify(input, head: head) { return found }
        if head.first == UInt8(ascii: "<"), let at = input.firstOffset(of: "<html"), input.firstOffset(of: "<ofx") == nil,
            input.firstOffset(of: "urn:iso:std:iso:20022") == nil
        {
            return htmlKind(input, "an '<html' element at line \(input.line(at: at))")
        }
        if head.first == UInt8(ascii: "[") || head.first == UInt8(ascii: "{") && !Self.isJSONLinesShaped(head) {
            if head.first == UInt8(ascii: "[") {
                var i = head.index(after: head.startIndex)
                while i < head.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(head[i]) { i += 1 }
                // `[` opens a JSON array only when a value follows; `[Account]` is a QIF or INI line.
                guard i < head.endIndex, [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "]")].contains(head[i]) else { return nil }
                return (.json, "a JSON array opens at line \(input.line(at: start))")
            }
            return (.json, "a JSON value spans several lines from line \(input.line(at: start)); JSON Lines has one object a line")
        }
        return nil
    }

    /// An HTML page that no reader reads: a statement page when one of its tables is headed by
    /// a date and an amount (its rows' dates were not readable), else a login or error page.
    private static func htmlKind(_ input: SniffInput, _ evidence: String) -> (kind: ForeignFile, evidence: String) {
        let parser = HTMLTableParser.parsed(input.text, limit: SniffInput.window * 4)
        guard let (line, header) = parser.statementTable else { return (.html, evidence) }
        let shown = header.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
        return (.htmlStatement(line: line), "\(evidence); a table at line \(line) headed \(shown)\(header.count > 4 ? "…" : "")")
    }

    /// A ZIP archive: a document format built on ZIP, named by its members, or an archive of files.
    private static func zipKind(_ raw: [UInt8]) -> (kind: ForeignFile, evidence: String) {
        let entries = ZIPLocalHeaders.names(raw)
        if entries.first == "mimetype" {
            let types: [(String, ForeignFile)] = [
                ("application/vnd.oasis.opendocument.spreadsheet", .openDocument),
                ("application/vnd.oasis.opendocument.text", .document("an OpenDocument text document (.odt)")),
                ("application/vnd.oasis.opendocument.presentation", .document("an OpenDocument presentation (.odp)")),
            ]
            for (type, kind) in types where raw.firstRange(of: Array(type.utf8)) != nil {
                return (kind, "a ZIP archive whose 'mimetype' member is '\(type)'")
            }
            if SniffPrefix.contains("application/vnd.oasis.opendocument", in: raw) {
                return (.openDocument, "a ZIP archive whose 'mimetype' member is an OpenDocument type")
            }
        }
        let members: [(String, ForeignFile)] = [
            ("xl/workbook.bin", .binaryWorkbook),
            ("word/document.xml", .document("a Word document (.docx)")),
            ("ppt/presentation.xml", .document("a PowerPoint presentation (.pptx)")),
            ("Index/CalculationEngine.iwa", .iWork(numbers: true)),
        ]
        for (member, kind) in members where entries.contains(member) { return (kind, "a ZIP archive with the member '\(member)'") }
        if let part = entries.first(where: { $0.hasPrefix("Index/") && $0.hasSuffix(".iwa") }) {
            return (.iWork(numbers: false), "a ZIP archive with the member '\(part)' (Apple's iWork archive format)")
        }
        return (.zip(entries: entries), "the ZIP signature 'PK\\x03\\x04' at offset 0")
    }

    /// An OLE2 compound file (Office 97–2003), named by the streams its directory lists (their
    /// names are UTF-16LE): an encrypted Office file, a Word document, else an Excel workbook.
    private static func compoundFileKind(_ raw: [UInt8]) -> (kind: ForeignFile, evidence: String) {
        func holds(_ stream: String) -> Bool {
            raw.firstRange(of: stream.utf8.flatMap { [$0, 0] }) != nil
        }
        if holds("EncryptedPackage") {
            return (.encryptedOffice, "an OLE2 compound file with an 'EncryptedPackage' stream (a password-protected Office file)")
        }
        if holds("WordDocument") { return (.document("a Word 97–2003 document (.doc)"), "an OLE2 compound file with a 'WordDocument' stream") }
        if holds("PowerPoint Document") {
            return (.document("a PowerPoint 97–2003 presentation (.ppt)"), "an OLE2 compound file with a 'PowerPoint Document' stream")
        }
        return (.legacyExcel, "the OLE2 compound-file signature at offset 0, and no 'Workbook' stream in its directory")
    }

    /// The message type of a SWIFT FIN message that is not a statement pfin reads (`{1:…}{2:I101…`),
    /// and the offset of its block 2; `nil` for MT940, MT942 and MT950, and for text that is no FIN
    /// message. MT920 asks for a statement (`:12:940`) and is named, not read as the MT942 it resembles.
    private static func swiftMessageType(_ head: ArraySlice<UInt8>) -> (type: String, block: Int)? {
        guard head.starts(with: Array("{1:".utf8)) else { return nil }
        let window = Array(head.prefix(256))
        guard let block = window.firstRange(of: Array("{2:".utf8)), block.upperBound + 4 <= window.count else { return nil }
        let direction = window[block.upperBound]
        guard direction == UInt8(ascii: "I") || direction == UInt8(ascii: "O") else { return nil }
        let digits = window[(block.upperBound + 1)..<(block.upperBound + 4)]
        guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let type = String(decoding: digits, as: UTF8.self)
        return ["940", "942", "950"].contains(type) ? nil : (type, head.startIndex + block.lowerBound)
    }

    /// Whether the first line is one whole object, as JSON Lines has.
    private static func isJSONLinesShaped(_ head: ArraySlice<UInt8>) -> Bool {
        guard let end = head.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return true }
        var depth = 0
        var inString = false
        var escaped = false
        for byte in head[..<end] {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return depth == 0
    }

    private static func startsWithIgnoringCase(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        let t = Array(text.utf8)
        guard bytes.count >= t.count else { return false }
        return Swift.zip(bytes.prefix(t.count), t).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
    }

    public var description: String {
        switch self {
        case .zip(let entries) where entries.isEmpty: return "a ZIP archive"
        case .zip(let entries):
            let shown = entries.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
            return "a ZIP archive holding \(shown)\(entries.count > 8 ? " and \(entries.count - 8) more" : "")"
        case .openDocument: return "an OpenDocument spreadsheet (.ods)"
        case .legacyExcel: return "an OLE2 compound file without an Excel workbook in it (a damaged .xls, or another Office 97–2003 file)"
        case .binaryWorkbook: return "an Excel binary workbook (.xlsb)"
        case .iWork(let numbers): return numbers ? "an Apple Numbers spreadsheet" : "an Apple iWork document (Pages, Numbers or Keynote)"
        case .encryptedOffice: return "a password-protected Office file (an encrypted workbook or document)"
        case .document(let what): return what
        case .swiftMessage(let type): return "a SWIFT MT\(type) message"
        case .pdf: return "a PDF document"
        case .html: return "an HTML page (a bank's login or error page saved under the statement's name?)"
        case .htmlStatement(let line): return "an HTML statement pfin could not read (table at line \(line): fewer than two rows with a date it reads)"
        case .json: return "a JSON document, not JSON Lines"
        case .image(let kind): return "an image (\(kind))"
        case .compressed(let kind): return "a \(kind)-compressed file"
        case .rtf: return "an RTF document"
        case .empty: return "an empty file"
        case .bookkeeping(let beancount): return beancount ? "a beancount ledger" : "a ledger/hledger journal"
        case .accounting(let file): return file.description
        case .unreadStatement(let format): return "a bank statement in \(format), which pfin does not read"
        case .isoMessage(let message): return ISO20022Message.describe(message)
        case .fints: return "a FinTS (HBCI) message, not a statement file"
        case .appExport(let export): return export.description
        }
    }

    /// Whether the signature names the file whatever a reader scored it: a message's own type
    /// (a SWIFT block 2, an ISO 20022 namespace, a FinTS message header) outranks the fields it
    /// shares with a statement (an MT920's `:25:` and `:34F:`, the MT940 a FinTS answer embeds).
    public var outranksReaders: Bool {
        switch self {
        case .swiftMessage, .isoMessage, .fints: return true
        default: return false
        }
    }

    /// Whether the kind is text (a page, a document of JSON, RTF or SWIFT fields), not binary.
    public var isText: Bool {
        switch self {
        case .html, .htmlStatement, .json, .rtf, .swiftMessage, .empty, .bookkeeping, .accounting, .unreadStatement, .isoMessage, .fints, .appExport:
            return true
        default: return false
        }
    }

    /// How to get a file pfin reads instead.
    public var advice: String {
        switch self {
        case .zip(let entries) where !entries.isEmpty:
            let shown = entries.prefix(3).joined(separator: ", ")
            return "pfin reads the statements in a ZIP archive file by file, and none of this one's files (\(shown)) is one; unzip it to see what it holds"
        case .zip: return "pfin reads the statements in a ZIP archive file by file, and this one holds none; unzip it to see what it holds"
        case .openDocument: return "save the sheet as .xlsx or CSV in LibreOffice, then read that"
        case .legacyExcel:
            return
                "pfin reads Excel 97–2003 workbooks, and this file holds none: download it again, or open it in Excel or LibreOffice and save it as .xlsx or CSV"
        case .binaryWorkbook:
            return "open it in Excel and save it as .xlsx or CSV, or convert it with 'libreoffice --headless --convert-to xlsx FILE', then read that"
        case .iWork(let numbers):
            return numbers
                ? "in Numbers, choose File › Export To › CSV (or Excel), then read that"
                : "export it from the app as CSV or Excel (File › Export To), then read that"
        case .encryptedOffice:
            return "open it with its password in Excel or LibreOffice and save a copy without one as .xlsx or CSV, then read that"
        case .document:
            return "download the statement from your bank as CSV, OFX, QIF, CAMT or MT940 instead; documents are not read"
        case .swiftMessage:
            return "only the SWIFT statements MT940, MT942 and MT950 list an account's transactions; ask your bank for one of those, or for CAMT.053"
        case .pdf: return "download the statement from your bank as CSV, OFX, QIF, CAMT or MT940 instead; PDF statements are not read"
        case .html: return "sign in to your bank again and download the export; this page is what the bank sent instead of the file"
        case .htmlStatement:
            return "download the statement as CSV, OFX or XLSX if your bank offers it; or open the page in a spreadsheet, "
                + "save the table as CSV and name its columns in a profile ('pfin identify' on the CSV shows them)"
        case .json: return "pfin reads JSON Lines (one transaction object a line); convert the document, e.g. with 'jq -c .[]'"
        case .image: return "download the statement from your bank as CSV, OFX, QIF, CAMT or MT940; pictures of statements are not read"
        case .compressed: return "decompress it first and pass the file inside to pfin"
        case .rtf: return "download the statement from your bank as CSV or OFX instead"
        case .empty: return "download the export again; this file has nothing in it"
        case .bookkeeping(let beancount):
            return beancount
                ? "export its postings as CSV, one row per posting (date, description, account, amount, currency), which pfin reads as your accounts' transactions"
                : "export its postings as CSV, which pfin reads as your accounts' transactions: 'hledger -f FILE print -O csv > books.csv' (or 'ledger -f FILE csv > books.csv'), then read books.csv"
        case .accounting(let file): return file.advice
        case .unreadStatement: return "ask your bank for the statement as CAMT.053, MT940 or OFX, which pfin reads"
        case .isoMessage:
            return "only camt.053 statements, camt.052 account reports and camt.054 notifications list an account's transactions; "
                + "download the account statement in camt.053 format"
        case .fints:
            return "a FinTS client or the bank's site can save the account's transactions as CAMT.053 or MT940, which pfin reads"
        case .appExport(let export): return export.advice
        }
    }
}

/// The member names of a ZIP archive, from the local file headers in its first bytes (APPNOTE 4.3.7).
enum ZIPLocalHeaders {
    static func names(_ bytes: [UInt8], limit: Int = 64) -> [String] {
        var names: [String] = []
        var i = 0
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        while i + 30 <= bytes.count, names.count < limit,
            bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x03, bytes[i + 3] == 0x04
        {
            let flags = u16(i + 6)
            let compressed = u32(i + 18)
            let nameLength = u16(i + 26), extraLength = u16(i + 28)
            guard i + 30 + nameLength <= bytes.count else { break }
            names.append(ZIPArchive.name(bytes[(i + 30)..<(i + 30 + nameLength)], flags: flags))
            let next = i + 30 + nameLength + extraLength
            if flags & 0x08 == 0 {
                i = next + compressed
                continue
            }
            // A member whose sizes follow its data (bit 3): look for the next header's signature.
            i = next
            while i + 4 <= bytes.count, !(bytes[i] == 0x50 && bytes[i + 1] == 0x4B && bytes[i + 2] == 0x03 && bytes[i + 3] == 0x04) { i += 1 }
        }
        return names
    }
}
