/// An XLSX workbook's structure (ECMA-376 Part 1 §18.2, Part 2 for the package): its sheets by
/// name and the parts that hold them, the date system, and the styles that mark date cells.
struct XLSXWorkbook {
    /// One sheet of `xl/workbook.xml` (§18.2.19), in workbook order.
    struct Sheet: Sendable, Equatable {
        var name: String
        /// The part that holds its cells, `xl/worksheets/sheet1.xml`; `nil` when its relationship is missing.
        var part: String?
        var isWorksheet: Bool
        var isHidden: Bool
    }

    let archive: ZIPArchive
    private(set) var sheets: [Sheet] = []
    /// §18.2.28 `workbookPr/@date1904`: serial 0 is 1904-01-01 instead of 1899-12-31.
    private(set) var date1904 = false
    private var sharedStringsPart: String?
    private var stylesPart: String?

    private static let relationshipsNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"

    init(_ archive: ZIPArchive) throws(XLSXIssue) {
        self.archive = archive
        let workbookPart = try Self.officeDocument(archive)
        guard let workbookEntry = archive.entry(named: workbookPart) else { throw .missingPart(workbookPart) }
        let targets = try Self.relationships(of: workbookPart, in: archive)

        var sheets: [Sheet] = []
        var date1904 = false
        let scanner = XLSXAttributeScanner(try ZIPMemberStream(archive, workbookEntry), elements: ["sheet", "workbookPr"]) { tag, attributes in
            if tag == 0 {
                let name = XLSXAttributeScanner.string(attributes.value(of: "name")) ?? ""
                let target = XLSXAttributeScanner.string(attributes.value(of: "id")).flatMap { targets[$0] }
                let state = XLSXAttributeScanner.string(attributes.value(of: "state")) ?? "visible"
                sheets.append(
                    Sheet(
                        name: name, part: target?.part, isWorksheet: target?.type.hasSuffix("/worksheet") ?? false,
                        isHidden: state != "visible"))
            } else {
                let value = XLSXAttributeScanner.string(attributes.value(of: "date1904"))
                date1904 = value == "1" || value == "true"
            }
        }
        try scanner.run()
        self.sheets = sheets
        self.date1904 = date1904
        sharedStringsPart = targets.values.first { $0.type.hasSuffix("/sharedStrings") }?.part
        stylesPart = targets.values.first { $0.type.hasSuffix("/styles") }?.part
    }

    /// The sheet `name` names (exactly, else ignoring case), or the first visible worksheet.
    func sheet(named name: String?) throws(XLSXIssue) -> Sheet {
        guard !sheets.isEmpty else { throw .noSheets }
        guard let name else {
            guard let first = sheets.first(where: { $0.isWorksheet && !$0.isHidden }) ?? sheets.first(where: \.isWorksheet) else {
                throw .notAWorksheet(sheets[0].name)
            }
            return first
        }
        let matches = sheets.filter { $0.name == name }
        let folded = sheets.filter { $0.name.lowercased() == name.lowercased() }
        guard let found = matches.first ?? (folded.count == 1 ? folded.first : nil) else {
            throw .unknownSheet(name, available: sheets.map(\.name))
        }
        guard found.isWorksheet else { throw .notAWorksheet(found.name) }
        return found
    }

    /// The shared string table (§18.4), empty when the workbook has none.
    func sharedStrings() throws(XLSXIssue) -> XLSXSharedStrings {
        guard let part = sharedStringsPart, let entry = archive.entry(named: part) else { return XLSXSharedStrings() }
        return try XLSXSharedStrings.parse(ZIPMemberStream(archive, entry))
    }

    /// Which cell styles show numbers as dates (§18.8), none when the workbook has no styles.
    func styles() throws(XLSXIssue) -> XLSXStyles {
        guard let part = stylesPart, let entry = archive.entry(named: part) else { return XLSXStyles() }
        return try XLSXStyles.parse(ZIPMemberStream(archive, entry))
    }

    /// The stream of a sheet's part.
    func stream(of sheet: Sheet) throws(XLSXIssue) -> ZIPMemberStream {
        guard let part = sheet.part, let entry = archive.entry(named: part) else {
            throw .missingPart(sheet.part ?? "the part of sheet '\(sheet.name)'")
        }
        return try ZIPMemberStream(archive, entry)
    }

    // MARK: Package relationships (ECMA-376 Part 2 §9)

    /// The workbook part, from the package's `_rels/.rels`; `xl/workbook.xml` when that says nothing.
    private static func officeDocument(_ archive: ZIPArchive) throws(XLSXIssue) -> String {
        guard archive.entry(named: "_rels/.rels") != nil else { return "xl/workbook.xml" }
        let targets = try relationships(of: "", in: archive)
        return targets.values.first { $0.type.hasSuffix("/officeDocument") }?.part ?? "xl/workbook.xml"
    }

    /// The relationships of `part` (from `dir/_rels/name.rels`), by id, with targets resolved to part names.
    private static func relationships(of part: String, in archive: ZIPArchive) throws(XLSXIssue) -> [String: (type: String, part: String)] {
        let directory = part.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let fileName = part.split(separator: "/").last.map(String.init) ?? ""
        let relsName = (directory.isEmpty ? "" : directory + "/") + "_rels/" + fileName + ".rels"
        guard let entry = archive.entry(named: relsName) else {
            if part.isEmpty { return [:] }
            throw .missingPart(relsName)
        }
        var targets: [String: (type: String, part: String)] = [:]
        let scanner = XLSXAttributeScanner(try ZIPMemberStream(archive, entry), elements: ["Relationship"]) { _, attributes in
            guard let id = XLSXAttributeScanner.string(attributes.value(of: "Id")),
                let target = XLSXAttributeScanner.string(attributes.value(of: "Target")),
                XLSXAttributeScanner.string(attributes.value(of: "TargetMode")) != "External"
            else { return }
            let type = XLSXAttributeScanner.string(attributes.value(of: "Type")) ?? ""
            targets[id] = (type, resolve(target, from: directory))
        }
        try scanner.run()
        return targets
    }

    /// A relationship target as a part name: absolute (`/xl/…`) or relative to the source's folder.
    static func resolve(_ target: String, from directory: String) -> String {
        var parts: [Substring] = target.hasPrefix("/") ? [] : directory.split(separator: "/")
        for piece in target.split(separator: "/") {
            switch piece {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(piece)
            }
        }
        return parts.joined(separator: "/")
    }
}
