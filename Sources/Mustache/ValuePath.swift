/// A name from a tag, split at its dots once when the template is parsed.
///
/// `{{.}}` is the implicit iterator (no parts): the value on top of the context stack.
/// `{{a.b.c}}` finds `a` anywhere on the stack, then `b` and `c` only inside what it found, as the
/// spec requires ("Dotted Names - Broken Chain Resolution").
struct ValuePath: Sendable {
    let parts: [String]

    init(_ name: String) {
        parts = name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The value `self` names in `stack` (innermost context last), or `.null` when it is missing.
    @inline(__always)
    func resolve(in stack: [MustacheValue]) -> MustacheValue {
        guard let first = parts.first else { return stack.last ?? .null }
        var position = stack.count - 1
        while position >= 0 {
            if case .object(let object) = stack[position], let found = object[first] {
                return parts.count == 1 ? found : resolveRest(of: found)
            }
            position -= 1
        }
        return .null
    }

    private func resolveRest(of start: MustacheValue) -> MustacheValue {
        var current = start
        for part in parts.dropFirst() {
            guard case .object(let object) = current, let next = object[part] else { return .null }
            current = next
        }
        return current
    }
}
