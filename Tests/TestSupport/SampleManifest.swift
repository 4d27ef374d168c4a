import Foundation

/// The statement samples as `Samples/samples.tsv` lists them: the one list every test (and, through
/// `.ci/interop/samples.py`, every CI script) goes over, instead of each keeping its own file
/// extensions.
public enum SampleManifest {
    public struct Entry: Sendable, Equatable {
        public let file: String
        /// The format `pfin identify` names (csv, ofx, qif, camt, mt940, norma43…).
        public let format: String
    }

    public static let samplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    /// Every entry, in the file's order (by name); empty when the manifest cannot be read, which
    /// the manifest's own test reports.
    public static let entries: [Entry] = {
        guard let text = try? String(contentsOf: samplesDirectory.appendingPathComponent("samples.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { return nil }
            return Entry(file: String(fields[0]), format: String(fields[1]))
        }
    }()

    /// The samples' file names, sorted.
    public static var files: [String] { entries.map(\.file).sorted() }

    /// The samples of one format (`csv`: the ones with a dialect).
    public static func files(format: String) -> [String] { entries.filter { $0.format == format }.map(\.file).sorted() }
}
