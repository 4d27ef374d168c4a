/// A parsed Mustache template (placeholder: the engine is being written).
public struct MustacheTemplate: Sendable {
    public let name: String
    public init(name: String) { self.name = name }
}
