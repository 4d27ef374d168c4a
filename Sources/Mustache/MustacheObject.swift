/// Named values for a template, in the order given.
///
/// Rendering looks names up far more often than objects are built (a 100,000-row table with eight
/// fields asks a million times), so the keys sit in one array: a linear scan over a handful of
/// short strings beats hashing, since equal-length small Swift strings compare as two machine
/// words. Objects with more than ``indexThreshold`` keys also get a hash index.
///
/// When a key appears twice, the first pair wins.
///
/// ```swift
/// let account = MustacheObject([("name", "Checking"), ("iban", "DE89 3704 0044 0532 0130 00")])
/// account["name"]   // .string("Checking")
/// ```
public struct MustacheObject: Sendable {
    /// Above this many keys a lookup hashes instead of scanning.
    public static let indexThreshold = 16

    /// The keys, in the order given.
    public let keys: [String]
    /// The values, parallel to ``keys``.
    public let values: [MustacheValue]
    private let index: [String: Int]?

    /// Builds an object from (key, value) pairs, keeping their order.
    public init(_ pairs: [(String, MustacheValue)]) {
        keys = pairs.map(\.0)
        values = pairs.map(\.1)
        if pairs.count > Self.indexThreshold {
            index = Dictionary(zip(keys, keys.indices), uniquingKeysWith: { first, _ in first })
        } else {
            index = nil
        }
    }

    /// Builds an object from a dictionary; the keys are sorted so output never depends on hashing.
    public init(_ dictionary: [String: MustacheValue]) {
        self.init(dictionary.sorted { $0.key < $1.key })
    }

    /// The number of pairs.
    public var count: Int { keys.count }

    /// The value for `key`, or `nil` when the object has no such key.
    public subscript(key: String) -> MustacheValue? {
        guard let position = position(of: key) else { return nil }
        return values[position]
    }

    func position(of key: String) -> Int? {
        if let index { return index[key] }
        for position in keys.indices where keys[position] == key {
            return position
        }
        return nil
    }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(elements)
    }
}
