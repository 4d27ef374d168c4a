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
        // Cells with a digit: ASCII, or Arabic-Indic and Persian (lead bytes D9, DB; `DateCellVariant`).
        for value in values where value.utf8.contains(where: { $0 &- UInt8(ascii: "0") < 10 || $0 == 0xD9 || $0 == 0xDB }) {
            bytes.append(contentsOf: value.utf8)
            ends.append(bytes.count)
        }
        return bytes.withUnsafeBufferPointer { all in
            formats.map { format in
                var hits = 0
                var start = 0
                for end in ends {
                    if format.parse(UnsafeBufferPointer(rebasing: all[start..<end])) != nil { hits += 1 }
                    start = end
                }
                return hits
            }
        }
    }
}
