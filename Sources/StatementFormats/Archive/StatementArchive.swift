import FinanceCore
import Glibc

/// A ZIP archive of statement files, read member by member.
///
/// Banks deliver camt.052, camt.053 and camt.054 downloads as a ZIP of one XML file per day or
/// account (EBICS's C52/C53/C54 orders, most German and Swiss e-banking portals), and some deliver
/// MT940 or CSV exports the same way. Each member is a file of its own, named `ARCHIVE/MEMBER` in
/// diagnostics and sources, read with the reader its content calls for.
///
/// Bounded like a workbook (`ZIPArchive`, `ZIPMemberStream`): the archive is held in memory up to
/// `maximumSize`, a member inflates to at most `maximumMemberSize` (and never past the ZIP-bomb
/// ratio or the size its directory entry declares), one member at a time, its CRC-32 checked.
/// Folders and the metadata macOS and Windows add (`__MACOSX/`, `.DS_Store`, `Thumbs.db`) are
/// passed over; a member inside a member is not opened (one level).
public struct StatementArchive {
    /// The largest archive read, as for a workbook.
    public static let maximumSize = 256 << 20
    /// The largest member inflated.
    public static let maximumMemberSize = 256 << 20

    /// A file in the archive.
    public struct Member: Sendable, Equatable {
        /// The member's path inside the archive.
        public let name: String
        /// How diagnostics and sources name it: `ARCHIVE/MEMBER`.
        public let displayName: String
    }

    /// The archive's name (its path, as given).
    public let file: String
    /// The files to read, in the archive's order.
    public let members: [Member]
    private let archive: ZIPArchive
    private let entries: [ZIPArchive.Entry]

    /// Reads `input` whole and its ZIP directory: the archive, or the error that stops it
    /// (too large, damaged, split).
    public static func open(_ input: ByteInput) throws(InputError) -> Result<StatementArchive, Diagnostic> {
        let file = input.displayName
        var bytes: [UInt8] = []
        while try input.read(appendingTo: &bytes, maxCount: 1 << 20) > 0 {
            if bytes.count > maximumSize {
                return .failure(
                    Diagnostic(
                        .error, code: "zip.too-large", at: SourceLocation(file: file, line: 1),
                        "the ZIP archive is larger than \(ByteCountText.describe(maximumSize)), the most pfin reads at once",
                        notes: ["unzip it and pass the statements inside to pfin"]))
            }
        }
        do throws(XLSXIssue) {
            return .success(StatementArchive(file: file, archive: try ZIPArchive(bytes)))
        } catch {
            return .failure(Self.diagnostic(error, file: file))
        }
    }

    private init(file: String, archive: ZIPArchive) {
        self.file = file
        self.archive = archive
        entries = archive.entries.filter { !Self.isPassedOver($0.name) }
        members = entries.map { Member(name: $0.name, displayName: file + "/" + $0.name) }
    }

    /// Member `index`'s bytes as an input of its own, or the error that stops it (encrypted,
    /// damaged, past the caps): an error about the archive at that member.
    public func input(_ index: Int) -> Result<ByteInput, Diagnostic> {
        let entry = entries[index]
        let member = members[index]
        guard entry.uncompressedSize <= Self.maximumMemberSize else {
            return .failure(
                Diagnostic(
                    .error, code: "zip.too-large", at: SourceLocation(file: member.displayName, line: 1),
                    "the member inflates to \(ByteCountText.describe(entry.uncompressedSize)), more than the \(ByteCountText.describe(Self.maximumMemberSize)) pfin reads of one file in an archive",
                    notes: ["unzip the archive and pass this file to pfin on its own"]))
        }
        do throws(XLSXIssue) {
            let bytes = try ZIPMemberStream(archive, entry).readAll()
            return .success(ByteInput(bytes: bytes, displayName: member.displayName))
        } catch {
            return .failure(Self.diagnostic(error, file: member.displayName))
        }
    }

    /// Folders, and what archivers add beside the files: macOS's `__MACOSX/` resource forks and
    /// `.DS_Store`, AppleDouble `._name` files, Windows's `Thumbs.db` and `desktop.ini`.
    static func isPassedOver(_ name: String) -> Bool {
        if name.hasSuffix("/") || name.hasSuffix("\\") || name.hasPrefix("__MACOSX/") { return true }
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? name
        return last.hasPrefix(".") || last == "Thumbs.db" || last == "desktop.ini"
    }

    /// A damaged member or archive, in the archive's words (the workbook's say "the workbook").
    private static func diagnostic(_ issue: XLSXIssue, file: String) -> Diagnostic {
        let at = SourceLocation(file: file, line: 1)
        let again = "download or copy the archive again"
        switch issue {
        case .encrypted:
            return Diagnostic(
                .error, code: "zip.encrypted", at: at, "the file is encrypted in its ZIP archive; pfin reads archives without a password",
                notes: ["unzip it with its password and pass the statements inside to pfin"])
        case .unsupportedMethod(_, let method):
            return Diagnostic(
                .error, code: "zip.bad-zip", at: at, "the file uses ZIP compression method \(method); expected stored (0) or deflated (8)",
                notes: ["unzip it with the tool that made it and pass the statements inside to pfin"])
        case .tooLarge(_, let size, let limit, let compressed):
            return Diagnostic(
                .error, code: "zip.too-large", at: at,
                "the file inflates to \(size) bytes from \(compressed), past the \(limit)-byte cap (200 times the compressed size past 1 MiB); refused as a possible ZIP bomb",
                notes: ["a real statement is far smaller; if this one is genuine, unzip it and pass the file to pfin"])
        case .zip(let detail):
            return Diagnostic(.error, code: "zip.bad-zip", at: at, "the ZIP archive cannot be read: \(detail)", notes: [again])
        case .corruptData(_, let detail):
            return Diagnostic(.error, code: "zip.bad-zip", at: at, "the file cannot be decompressed: \(detail)", notes: [again])
        case .crcMismatch(_, let expected, let actual):
            return Diagnostic(
                .error, code: "zip.bad-zip", at: at,
                "the file fails its CRC check (expected \(XLSXIssue.hex(expected)), computed \(XLSXIssue.hex(actual))); the archive is damaged", notes: [again])
        case .sizeMismatch(_, let declared, let actual):
            return Diagnostic(
                .error, code: "zip.bad-zip", at: at, "the file holds \(actual) bytes but its directory entry says \(declared); the archive is damaged",
                notes: [again])
        default:
            return Diagnostic(.error, code: "zip.bad-zip", at: at, "the ZIP archive cannot be read", notes: [again])
        }
    }
}

extension StatementArchive {
    /// A file in an archive by the name diagnostics and sources give it, `ARCHIVE/MEMBER`: its
    /// bytes, named so, when a leading part of `path` is a ZIP archive holding `MEMBER`; else `nil`.
    /// For a path that opening failed on with `ENOTDIR` (a file where a folder should be), so that
    /// `pfin identify camt.zip/2024-03-01.xml` and `pfin convert` take the names pfin prints.
    public static func member(atPath path: String) -> ByteInput? {
        var end = path.endIndex
        while let slash = path[..<end].lastIndex(of: "/") {
            let archivePath = String(path[..<slash])
            var info = stat()
            if !archivePath.isEmpty, stat(archivePath, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFREG, let input = try? ByteInput(path: archivePath),
                    case .success(let archive)? = try? open(input)
                else { return nil }
                let name = String(path[path.index(after: slash)...])
                guard let index = archive.members.firstIndex(where: { $0.name == name }),
                    case .success(let member) = archive.input(index)
                else { return nil }
                return member
            }
            end = slash
        }
        return nil
    }
}
