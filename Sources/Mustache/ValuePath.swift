/// A name from a tag, split at its dots once when the template is parsed.
///
/// `{{.}}` is the implicit iterator (no parts): the value on top of the context stack.
/// `{{a.b.c}}` finds `a` anywhere on the stack, then `b` and `c` only inside what it found, as the
/// spec requires ("Dotted Names - Broken Chain Resolution").
struct ValuePath: Sendable {
    let parts: [String]
    /// `MustacheObject.fingerprint` of each part, so a lookup hashes nothing while rendering.
    let fingerprints: [Int]

    init(_ name: String) {
        parts = name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        fingerprints = parts.map(MustacheObject.fingerprint)
    }

    /// The value `self` names in `stack` (innermost context last), or `.null` when it is missing.
    @inline(__always)
    func resolve(in stack: [MustacheValue]) -> MustacheValue {
        guard let first = parts.first else { return stack.last ?? .null }
        let fingerprint = fingerprints[0]
        var position = stack.count - 1
        while position >= 0 {
            if case .object(let object) = stack[position], let found = object.value(for: first, fingerprint: fingerprint) {
                return parts.count == 1 ? found : resolveRest(of: found)
            }
            position -= 1
        }
        return .null
    }

    private func resolveRest(of start: MustacheValue) -> MustacheValue {
        var current = start
        for position in parts.indices.dropFirst() {
            guard case .object(let object) = current,
                let next = object.value(for: parts[position], fingerprint: fingerprints[position])
            else { return .null }
            current = next
        }
        return current
    }
}
