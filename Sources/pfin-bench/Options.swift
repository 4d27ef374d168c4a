/// `--name VALUE` options of a benchmark suite.
struct BenchOptions {
    let arguments: [String]

    /// The integer after `name`, or `fallback`.
    func int(_ name: String, _ fallback: Int) -> Int {
        string(name).flatMap { Int($0) } ?? fallback
    }

    /// The word after `name`, if given.
    func string(_ name: String) -> String? {
        guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
        return arguments[i + 1]
    }
}
