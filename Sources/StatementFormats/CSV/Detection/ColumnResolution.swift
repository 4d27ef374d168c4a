import FinanceCore

/// Turning a profile's column references into positions, and positions back into references.
enum ColumnResolution {
    struct Failure: Error {
        var text: String
        var notes: [String]
    }

    /// The 0-based index a reference names in `header` (names match ignoring case and accents,
    /// and `ue` matches `ü`).
    static func resolve(_ reference: ColumnReference, header: [String]?) -> Result<Int, Failure> {
        switch reference {
        case .position(let p):
            if let header, p > header.count {
                return .failure(Failure(text: "column \(p) does not exist; the header has \(header.count) columns", notes: []))
            }
            return .success(p - 1)
        case .name(let name):
            guard let header else {
                return .failure(
                    Failure(
                        text: "column '\(name)' is named, but the file has no header",
                        notes: ["refer to columns by position (date=1 amount=4) when there is no header"]))
            }
            if let exact = header.firstIndex(of: name) { return .success(exact) }
            let wanted = Set(HeaderMatching.foldedNames(name))
            if let index = header.firstIndex(where: { !wanted.isDisjoint(with: HeaderMatching.foldedNames($0)) }) {
                return .success(index)
            }
            let suggestion = Spelling.closest(to: name, in: header).map { "did you mean '\($0)'? " } ?? ""
            return .failure(
                Failure(
                    text: "no column named '\(name)' in the header",
                    notes: [suggestion + "the header has: " + header.map { "'\($0)'" }.joined(separator: ", ")]))
        }
    }

    /// A reference to column `index`: its header name when that name is unique, else its position.
    /// A name that is a number (`2024`) would read back from a profile as a position, so such a
    /// column is referred to by its position too, and so is one whose name holds a line break (a
    /// quoted header cell over two lines): a profile's value cannot span lines.
    static func reference(for index: Int, header: [String]?) -> ColumnReference {
        if let header, index < header.count, !header[index].isEmpty, Int(header[index]) == nil,
            !header[index].unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }),
            header.filter({ $0 == header[index] }).count == 1
        {
            return .name(header[index])
        }
        return .position(index + 1)
    }
}
