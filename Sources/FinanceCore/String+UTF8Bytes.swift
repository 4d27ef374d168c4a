extension String {
    /// Calls `body` with the string's UTF-8 bytes without copying it. Unlike `withUTF8`, this does
    /// not need a mutable copy, so the hot paths that write strings avoid a retain and release.
    /// (Public so that it inlines into the other modules, which `package` code does not.)
    @inlinable
    public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(utf8).withUnsafeBufferPointer(body)
    }
}
