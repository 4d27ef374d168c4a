/// Named values for a template, in the order given.
///
/// Rendering looks names up far more often than objects are built (a 100,000-row table with eight
/// fields asks a million times), so lookup is tuned for small objects: the keys sit in one array
/// beside a cheap fingerprint of each, and a scan compares fingerprints (one integer each) before
/// comparing any string. Objects with more than ``indexThreshold`` keys also get a hash index.
/// The arrays share one reference, so passing an object around costs one retain, not three.
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

    private final class Storage: Sendable {
        let keys: [String]
        let fingerprints: [Int]
        let values: [MustacheValue]
        let index: [String: Int]?

        convenience init(keys: [String], values: [MustacheValue]) {
            self.init(keys: keys, fingerprints: keys.map(MustacheObject.fingerprint), values: values)
        }

        init(keys: [String], fingerprints: [Int], values: [MustacheValue]) {
            self.keys = keys
            self.values = values
            self.fingerprints = fingerprints
            index =
                keys.count > MustacheObject.indexThreshold
                ? Dictionary(zip(keys, keys.indices), uniquingKeysWith: { first, _ in first }) : nil
        }
    }

    private let storage: Storage

    /// Builds an object from (key, value) pairs, keeping their order.
    public init(_ pairs: [(String, MustacheValue)]) {
        storage = Storage(keys: pairs.map(\.0), values: pairs.map(\.1))
    }

    /// Builds an object with the keys of `shape` and `values` in the same order (missing values
    /// are null, extra ones ignored): for the thousands of rows of one table, whose keys and their
    /// fingerprints are then computed and stored once instead of once per row.
    public init(_ shape: Shape, _ values: [MustacheValue]) {
        var values = values
        if values.count != shape.keys.count {
            values = shape.keys.indices.map { $0 < values.count ? values[$0] : .null }
        }
        storage = Storage(keys: shape.keys, fingerprints: shape.fingerprints, values: values)
    }

    /// The keys of many objects built alike, prepared once (see ``init(_:_:)``).
    public struct Shape: Sendable {
        let keys: [String]
        let fingerprints: [Int]

        public init(_ keys: [String]) {
            self.keys = keys
            fingerprints = keys.map(MustacheObject.fingerprint)
        }
    }

    /// Builds an object from a dictionary; the keys are sorted so output never depends on hashing.
    public init(_ dictionary: [String: MustacheValue]) {
        self.init(dictionary.sorted { $0.key < $1.key })
    }

    /// The keys, in the order given.
    public var keys: [String] { storage.keys }
    /// The values, parallel to ``keys``.
    public var values: [MustacheValue] { storage.values }
    /// The number of pairs.
    public var count: Int { storage.keys.count }

    /// The value for `key`, or `nil` when the object has no such key.
    public subscript(key: String) -> MustacheValue? {
        value(for: key, fingerprint: Self.fingerprint(key))
    }

    /// The lookup behind the subscript, with the key's ``fingerprint(_:)`` computed beforehand
    /// (templates compute it once per tag, when they are parsed).
    @inline(__always)
    func value(for key: String, fingerprint: Int) -> MustacheValue? {
        let storage = storage
        if let index = storage.index {
            guard let position = index[key] else { return nil }
            return storage.values[position]
        }
        for position in storage.fingerprints.indices where storage.fingerprints[position] == fingerprint {
            if storage.keys[position] == key { return storage.values[position] }
        }
        return nil
    }

    /// A cheap, stable hash of a key's bytes: equal keys have equal fingerprints, and different
    /// short keys almost never do, which is all the scan needs.
    static func fingerprint(_ key: String) -> Int {
        var hash = key.utf8.count
        for byte in key.utf8 { hash = hash &* 31 &+ Int(byte) }
        return hash
    }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(elements)
    }
}
