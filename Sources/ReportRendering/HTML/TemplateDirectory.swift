import Glibc

/// Reads the `.mustache` files of a templates directory with plain POSIX calls: the library
/// stays free of Foundation, and a directory of a few small files needs nothing more.
enum TemplateDirectory {
    static let fileExtension = ".mustache"

    /// Template name (file name without `.mustache`) → file path, for every such file in `path`.
    static func list(_ path: String) throws(HTMLTemplateError) -> [String: String] {
        guard let directory = opendir(path) else {
            throw .unreadableDirectory(path: path, reason: errnoText())
        }
        defer { closedir(directory) }
        var files: [String: String] = [:]
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(fileExtension), name.count > fileExtension.count, !name.hasPrefix(".") else { continue }
            files[String(name.dropLast(fileExtension.count))] = join(path, name)
        }
        return files
    }

    /// The whole file as text (invalid UTF-8 repaired, which a template author will see).
    static func contents(_ path: String) throws(HTMLTemplateError) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadableFile(path: path, reason: errnoText()) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadableFile(path: path, reason: errnoText())
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `dir/name`, without doubling a trailing slash the user typed.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func errnoText() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text).lowercased()
    }
}
