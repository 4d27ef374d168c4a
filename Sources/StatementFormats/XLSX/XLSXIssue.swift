import FinanceCore

/// What stops a workbook from being read, as data; `diagnostic(file:)` words it.
enum XLSXIssue: Error, Sendable, Equatable {
    /// The ZIP container is damaged, truncated or of a kind pfin does not read.
    case zip(String)
    /// A member is encrypted (a password-protected workbook is an encrypted OLE2 file instead,
    /// but ZIP encryption exists too).
    case encrypted(member: String)
    case unsupportedMethod(member: String, method: Int)
    /// A member inflates past the cap: a ZIP bomb, or a sheet too large to read.
    case tooLarge(member: String, size: Int, limit: Int, compressed: Int)
    case corruptData(member: String, detail: String)
    case crcMismatch(member: String, expected: UInt32, actual: UInt32)
    case sizeMismatch(member: String, declared: Int, actual: Int)
    /// A part the workbook needs is not in the archive.
    case missingPart(String)
    case noSheets
    case unknownSheet(String, available: [String])
    case notAWorksheet(String)
    /// A part is not well-formed XML, or holds what the safe parser refuses (a DOCTYPE).
    case xml(part: String, line: Int, message: String)
    /// A part holds what the safe parser refuses: a DOCTYPE or an entity reference.
    case refusedXML(part: String, line: Int, what: String)
    /// The input (standard input, or a file) is larger than pfin buffers.
    case inputTooLarge(limit: Int)
    /// The sheet renders to more CSV text than pfin holds.
    case sheetTooLarge(limit: Int)

    /// The error, located at the workbook's line 1 as other whole-file errors are.
    func diagnostic(file: String) -> Diagnostic {
        let identify = Diagnostic.identifyNote(file)
        let resave = "open the workbook in Excel or LibreOffice and save it again as .xlsx, or save the sheet as CSV"
        let at = SourceLocation(file: file, line: 1)
        switch self {
        case .zip(let detail):
            return Diagnostic(
                .error, code: "xlsx.bad-zip", at: at, "the workbook's ZIP container cannot be read: \(detail)",
                notes: ["download or copy the workbook again; " + resave, identify])
        case .encrypted(let member):
            return Diagnostic(
                .error, code: "xlsx.encrypted", at: at, "the workbook's member '\(member)' is encrypted; pfin reads unprotected workbooks",
                notes: ["remove the password in Excel or LibreOffice and save again, or save the sheet as CSV", identify])
        case .unsupportedMethod(let member, let method):
            return Diagnostic(
                .error, code: "xlsx.bad-zip", at: at,
                "the workbook's member '\(member)' uses ZIP compression method \(method); expected stored (0) or deflated (8)",
                notes: [resave, identify])
        case .tooLarge(let member, let size, let limit, let compressed):
            return Diagnostic(
                .error, code: "xlsx.too-large", at: at,
                "the workbook's member '\(member)' inflates to \(size) bytes from \(compressed), past the \(limit)-byte cap (1 GiB, and 200 times the compressed size past 1 MiB); refused as a possible ZIP bomb",
                notes: ["a real statement sheet is far smaller; if this one is genuine, save it as CSV and read that", identify])
        case .corruptData(let member, let detail):
            return Diagnostic(
                .error, code: "xlsx.bad-zip", at: at, "the workbook's member '\(member)' cannot be decompressed: \(detail)",
                notes: ["the file is damaged or truncated; download or copy it again", identify])
        case .crcMismatch(let member, let expected, let actual):
            return Diagnostic(
                .error, code: "xlsx.bad-zip", at: at,
                "the workbook's member '\(member)' fails its CRC check (expected \(Self.hex(expected)), computed \(Self.hex(actual))); the file is damaged",
                notes: ["download or copy the workbook again", identify])
        case .sizeMismatch(let member, let declared, let actual):
            return Diagnostic(
                .error, code: "xlsx.bad-zip", at: at,
                "the workbook's member '\(member)' holds \(actual) bytes but its directory entry says \(declared); the file is damaged",
                notes: ["download or copy the workbook again", identify])
        case .missingPart(let part):
            return Diagnostic(
                .error, code: "xlsx.missing-part", at: at, "the workbook has no '\(part)'; expected an Office Open XML spreadsheet",
                notes: [resave, identify])
        case .noSheets:
            return Diagnostic(
                .error, code: "xlsx.no-sheets", at: at, "the workbook lists no worksheets",
                notes: [resave, identify])
        case .unknownSheet(let name, let available):
            return Diagnostic(
                .error, code: "xlsx.unknown-sheet", at: at,
                "the workbook has no sheet '\(name)'; its sheets are \(available.map { "'\($0)'" }.joined(separator: ", "))",
                notes: ["pass one of them with --sheet NAME (names are compared exactly, then ignoring case)"])
        case .notAWorksheet(let name):
            return Diagnostic(
                .error, code: "xlsx.not-a-worksheet", at: at, "the sheet '\(name)' is a chart or dialog sheet, not a worksheet with cells",
                notes: ["pass the sheet that holds the transactions with --sheet NAME"])
        case .xml(let part, let line, let message):
            return Diagnostic(
                .error, code: "xlsx.bad-xml", at: at, "the workbook's part '\(part)' is not well-formed XML at its line \(line): \(message)",
                notes: [resave, identify])
        case .refusedXML(let part, let line, let what):
            return Diagnostic(
                .error, code: "xlsx.bad-xml", at: at,
                "the workbook's part '\(part)' holds \(what) at its line \(line), which pfin refuses: workbook parts have no use for one, and it could load outside files",
                notes: [resave, identify])
        case .inputTooLarge(let limit):
            return Diagnostic(
                .error, code: "xlsx.too-large", at: at,
                "the workbook is larger than \(ByteCountText.describe(limit)), the most pfin reads into memory",
                notes: ["save the sheet as CSV and read that; CSV is read as a stream"])
        case .sheetTooLarge(let limit):
            return Diagnostic(
                .error, code: "xlsx.too-large", at: at,
                "the sheet's cells come to more than \(ByteCountText.describe(limit)) of text, the most pfin holds for a sheet",
                notes: ["save the sheet as CSV and read that; CSV is read as a stream"])
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
