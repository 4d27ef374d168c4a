/// A count with its noun in the right number, for every message pfin writes: "1 error", "2 errors".
public enum Plural {
    /// `"\(count) \(noun)"`, the noun in the plural (`plural`, else `noun + "s"`) unless the count is 1.
    public static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
