/// The text and the names of every template in a library, which nodes refer to by position.
///
/// Keeping them out of the nodes makes text and variable nodes plain values: rendering one reads
/// two integers instead of retaining and releasing an array, which took a fifth of the time of a
/// 100,000-row table before.
struct NodeTables: Sendable {
    /// The text between tags, of all templates one after the other.
    private(set) var text: [UInt8] = []
    /// The names used in variable and section tags.
    private(set) var paths: [ValuePath] = []

    /// Stores `bytes` and returns where they are in ``text``.
    mutating func add(text bytes: [UInt8]) -> Range<Int> {
        let start = text.count
        text += bytes
        return start..<text.count
    }

    /// Stores the name of a tag and returns its position in ``paths``.
    mutating func add(path name: String) -> Int {
        paths.append(ValuePath(name))
        return paths.count - 1
    }
}
