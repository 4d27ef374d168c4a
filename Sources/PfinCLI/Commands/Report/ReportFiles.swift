import Glibc
import StatementFormats

/// Where `pfin report --out-dir DIR` puts its files: the directory (created with its parents when
/// missing) and, in it, one file per month plus the index, each written atomically.
///
/// File names come from the month alone (`2024-05.html`), never from the data, so nothing is
/// written outside the directory the user named.
struct ReportFiles {
    let directory: String

    /// Makes sure `directory` exists and is a directory.
    static func prepare(_ directory: String) throws(OutputError) -> ReportFiles {
        var path = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            path += component
            if mkdir(path, 0o777) != 0 && errno != EEXIST { throw OutputError(path: path, errno: errno) }
            path += "/"
        }
        var info = stat()
        guard stat(directory, &info) == 0 else { throw OutputError(path: directory, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw OutputError(path: directory, errno: ENOTDIR) }
        return ReportFiles(directory: directory)
    }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Writes `bytes` to a temporary beside `name`, flushed and closed, to be renamed into place by
    /// `commit()` (or removed by `discard()`): a batch stages all its files first, so that it lands
    /// whole or not at all, while holding one open descriptor per worker rather than one per month
    /// (a report over 1,500 months stays far below the usual limit of 1,024 open files).
    func stage(_ bytes: [UInt8], as name: String) throws(OutputError) -> ByteOutput {
        let output = try ByteOutput.atomicFile(path(name))
        do throws(OutputError) {
            try output.write(bytes)
            try output.seal()
        } catch {
            output.discard()
            throw error
        }
        return output
    }
}
