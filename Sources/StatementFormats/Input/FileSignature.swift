/// Recognises the binary files people mistake for CSV exports, to say what they are.
enum FileSignature: CustomStringConvertible {
    case zipOrXLSX
    case legacyExcel
    case pdf

    static func binaryKind(_ prefix: [UInt8]) -> FileSignature? {
        if prefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zipOrXLSX }
        if prefix.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return .legacyExcel }
        if prefix.starts(with: Array("%PDF-".utf8)) { return .pdf }
        return nil
    }

    var description: String {
        switch self {
        case .zipOrXLSX: return "a ZIP archive (an Excel .xlsx workbook?)"
        case .legacyExcel: return "an Excel .xls workbook"
        case .pdf: return "a PDF document"
        }
    }

    var advice: String {
        switch self {
        case .zipOrXLSX, .legacyExcel: return "open it in a spreadsheet and save it as CSV, or download the CSV export from your bank"
        case .pdf: return "download the statement from your bank as CSV, OFX or QIF instead; PDF statements are not read"
        }
    }
}
