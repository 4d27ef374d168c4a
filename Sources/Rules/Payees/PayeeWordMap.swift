import Glibc

/// Folded words and what each stands for (a spelling), looked up by a slice of a name's bytes
/// without allocating or SipHashing an array: an open-addressed table of indices, found by a
/// multiplicative hash of the bytes and confirmed byte for byte. Title case asks it about every
/// word of every name, twice. Keys and values lie in two byte arrays, each entry an offset into
/// them, so that a lookup retains no inner array.
final class PayeeWordMap: Sendable {
    /// Entry `e`'s key is `keyBytes[keyStart[e] ..< keyStart[e + 1]]`, its value likewise.
    private let keyBytes: [UInt8]
    private let keyStart: [Int32]
    private let valueBytes: [UInt8]
    private let valueStart: [Int32]
    /// Index + 1 of an entry, 0 for an empty slot.
    private let slots: [Int32]
    private let mask: Int

    /// `pairs` in order: a later pair for the same key replaces an earlier one.
    init(_ pairs: [(key: [UInt8], value: [UInt8])]) {
        var keys: [[UInt8]] = [], values: [[UInt8]] = []
        var capacity = 16
        while capacity < pairs.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (key, value) in pairs {
            var slot = key.withUnsafeBufferPointer { Self.hash($0) } & mask
            while true {
                let found = Int(slots[slot])
                if found == 0 {
                    keys.append(key)
                    values.append(value)
                    slots[slot] = Int32(keys.count)
                    break
                }
                if keys[found - 1] == key {
                    values[found - 1] = value
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        (keyBytes, keyStart) = Self.flattened(keys)
        (valueBytes, valueStart) = Self.flattened(values)
        self.slots = slots
        self.mask = mask
    }

    private static func flattened(_ parts: [[UInt8]]) -> ([UInt8], [Int32]) {
        var bytes: [UInt8] = []
        var starts: [Int32] = [0]
        for part in parts {
            bytes += part
            starts.append(Int32(bytes.count))
        }
        return (bytes, starts)
    }

    var pairs: [(key: [UInt8], value: [UInt8])] {
        var pairs: [(key: [UInt8], value: [UInt8])] = []
        for e in 0..<(keyStart.count - 1) {
            let key = Array(keyBytes[Int(keyStart[e])..<Int(keyStart[e + 1])])
            let value = Array(valueBytes[Int(valueStart[e])..<Int(valueStart[e + 1])])
            pairs.append((key, value))
        }
        return pairs
    }

    /// Appends the value of the folded word `word` to `out` and returns true, if the map has it.
    func appendValue(of word: ArraySlice<UInt8>, to out: inout [UInt8]) -> Bool {
        guard let e = entry(of: word) else { return false }
        valueBytes.withUnsafeBufferPointer { out.append(contentsOf: $0[Int(valueStart[e])..<Int(valueStart[e + 1])]) }
        return true
    }

    private func entry(of word: ArraySlice<UInt8>) -> Int? {
        word.withUnsafeBufferPointer { bytes in
            slots.withUnsafeBufferPointer { slots in
                keyBytes.withUnsafeBufferPointer { keyBytes in
                    keyStart.withUnsafeBufferPointer { keyStart in
                        var slot = Self.hash(bytes) & mask
                        while true {
                            let found = Int(slots[slot])
                            if found == 0 { return nil }
                            let from = Int(keyStart[found - 1]), to = Int(keyStart[found])
                            if to - from == bytes.count && (bytes.isEmpty || memcmp(keyBytes.baseAddress! + from, bytes.baseAddress!, bytes.count) == 0) {
                                return found - 1
                            }
                            slot = (slot + 1) & mask
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: h ^ (h >> 32))
    }
}
