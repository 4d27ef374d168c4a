import FinanceCore
import StatementFormats

/// The check of a ZIP archive of statements (`StatementArchive.read`, as `pfin convert` reads an
/// archive): what every reader's output must have, and every location in the archive, named
/// `ARCHIVE` or `ARCHIVE/MEMBER`. Run by the `xlsx` target, whose inputs are ZIP archives.
enum ArchiveCheck {
    static func run(_ bytes: [UInt8]) -> [String] {
        let input = ByteInput(bytes: bytes, displayName: FuzzTarget.inputName)
        guard let identification = try? StatementIdentification.identify(input) else { return [] }
        var sink = CollectingSink()
        var found: [String] = []
        do {
            try StatementArchive.read(input, identification, options: ReadOptions(), into: &sink)
        } catch let diagnostic as Diagnostic {
            sink.diagnostics.append(diagnostic)
        } catch {
            found.append("reading the archive threw \(error)")
        }
        let inArchive = { (file: String) in file == FuzzTarget.inputName || file.hasPrefix(FuzzTarget.inputName + "/") }
        for diagnostic in sink.diagnostics where !inArchive(diagnostic.location.file) {
            found.append("diagnostic \(diagnostic.code) is located outside the archive: \(diagnostic.location)")
        }
        for activity in sink.activities where !inArchive(activity.source.file) {
            found.append("activity's source is outside the archive: \(activity.source)")
        }
        return found + sink.violations(in: InputShape(bytes), checksLines: false)
    }
}
