/// Folded words and what each stands for (a spelling), looked up by a slice of a name's bytes
/// without allocating or SipHashing an array: an open-addressed table of indices, found by a
/// multiplicative hash of the bytes and confirmed byte for byte. Title case asks it about every
/// word of every name, twice.
final class PayeeWordMap: Sendable {
    private let keys: [[UInt8]]
    private let values: [[UInt8]]
    /// Index + 1 into `keys`, 0 for an empty slot.
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
        self.keys = keys
        self.values = values
        self.slots = slots
        self.mask = mask
    }

    var pairs: [(key: [UInt8], value: [UInt8])] { Array(zip(keys, values)) }

    /// The value of the folded word `word`, if the map has it.
    func value(of word: ArraySlice<UInt8>) -> [UInt8]? {
        word.withUnsafeBufferPointer { bytes in
            var slot = Self.hash(bytes) & mask
            while true {
                let found = Int(slots[slot])
                if found == 0 { return nil }
                if keys[found - 1].withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return values[found - 1] }
                slot = (slot + 1) & mask
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
