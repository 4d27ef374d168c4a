import Glibc

/// Where an atomic output really goes: `-o` onto a symbolic link writes through to the link's
/// target (the temporary is made in the target's directory and renamed over the target), so the
/// link stays a link, as editors and `cp` treat it.
enum OutputPath {
    /// `path` with every symbolic link along its last component followed (a dangling link gives the
    /// path it names, which is then created). Links in the directories above are left to the
    /// kernel: renaming within the same directory follows them anyway.
    static func resolvingLinks(_ path: String) throws(OutputError) -> String {
        var current = path
        // Linux's own limit on links followed in one lookup (MAXSYMLINKS).
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = buffer.withUnsafeMutableBytes { readlink(current, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
            guard n > 0 else { throw OutputError(path: path, errno: n < 0 ? errno : ENOENT) }
            let link = String(decoding: buffer[..<n], as: UTF8.self)
            current = link.hasPrefix("/") ? link : split(current).directory + link
        }
        throw OutputError(path: path, errno: ELOOP)
    }

    /// The directory part of `path` (empty or ending in `/`) and the name after it.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// Names under `/dev` and `/proc` (`/dev/stdout`, `/proc/self/fd/1`) are the process's own
    /// descriptors or devices: written in place (appending), never replaced by a renamed file.
    static func isSystemName(_ path: String) -> Bool {
        path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
    }
}
