import FinanceCore

/// How many of a column's values each candidate date layout reads: the vote both the column
/// statistics and the layout choice rest on.
///
/// The values' bytes are laid out once, one after the other, and each layout then walks them all:
/// asking each layout of each value again copied the layout (and its arrays) and looked up the
/// value's bytes 24 times per value. A value without a digit (ASCII, Arabic-Indic or Persian) is no
/// date in any layout.
enum DateLayoutHits {
    /// `counts[k]` is the number of `values` that `formats[k]` parses.
    static func count(_ values: some Sequence<String>, formats: [DateFormat] = DateFormat.candidates) -> [Int] {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        // Each cell as `DateCellVariant` rewrites it, worked out once for all the layouts (an end
        // of -1: nothing to rewrite).
        var variants: [UInt8] = []
        var variantEnds: [Int] = []
        // Cells with a digit: ASCII, or Arabic-Indic and Persian (lead bytes D9, DB; `DateCellVariant`).
        for value in values where value.utf8.contains(where: { $0 &- UInt8(ascii: "0") < 10 || $0 == 0xD9 || $0 == 0xDB }) {
            let start = bytes.count
            bytes.append(contentsOf: value.utf8)
            ends.append(bytes.count)
            if let variant = bytes.withUnsafeBufferPointer({ DateCellVariant.rewrite(UnsafeBufferPointer(rebasing: $0[start...])) }) {
                variants += variant
                variantEnds.append(variants.count)
            } else {
                variantEnds.append(-1)
            }
        }
        return bytes.withUnsafeBufferPointer { all in
            variants.withUnsafeBufferPointer { rewritten in
                formats.map { format in
                    var hits = 0
                    var start = 0
                    var variantStart = 0
                    for (k, end) in ends.enumerated() {
                        if format.parseAsWritten(UnsafeBufferPointer(rebasing: all[start..<end])) != nil {
                            hits += 1
                        } else if variantEnds[k] >= 0, format.parseAsWritten(UnsafeBufferPointer(rebasing: rewritten[variantStart..<variantEnds[k]])) != nil {
                            hits += 1
                        }
                        start = end
                        if variantEnds[k] >= 0 { variantStart = variantEnds[k] }
                    }
                    return hits
                }
            }
        }
    }
}
