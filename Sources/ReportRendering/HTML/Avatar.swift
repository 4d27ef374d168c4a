/// The coloured initial beside a payee: a letter in a circle, so that a long list can be scanned
/// by eye the way banking apps show merchants.
///
/// The colour comes from a hash of the name's bytes, so the same payee has the same colour on
/// every page and in every run, without any state. Eight colours (`a0`…`a7` in the stylesheet)
/// keep neighbours apart while staying readable in light and dark mode.
enum Avatar {
    static let colourCount = 8
    private static let classes = (0..<colourCount).map { "a" + String($0) }

    /// The CSS class of `name`'s colour, `a0`…`a7`: FNV-1a over the UTF-8 bytes.
    static func colourClass(_ name: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return classes[Int(hash % UInt32(colourCount))]
    }

    /// The first letter or digit of `name`, upper-cased (`whole foods` → `W`, `<script>` → `S`,
    /// `東京駅` → `東`); `#` when there is none.
    static func initial(_ name: String) -> String {
        // Only the first few characters are looked at: grapheme breaking is the costly part.
        for character in name.prefix(16) where character.isLetter || character.isNumber {
            return character.uppercased()
        }
        return "#"
    }
}
