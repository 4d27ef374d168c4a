import FinanceCore
import Glibc
import StatementFormats

/// The defaults people repeat, in `$XDG_CONFIG_HOME/pfin/config` (else `~/.config/pfin/config`):
/// the syntax of profiles, one setting a line.
///
///     # grammar
///     config   := line*
///     line     := setting? comment?
///     setting  := "rules" PATH+ | "currency" CODE | "db" PATH
///               | "match" PATTERN (("account" NAME) | ("profile" PROFILE))+
///     comment  := "#" any-text
///
///     rules ~/finance/rules.pfin
///     currency EUR
///     db ~/finance/ledger.sqlite
///     match "*chase*.csv" account "Chase Checking" profile chase
///
/// Paths may start with `~/`; relative ones are taken from the configuration's folder. A PROFILE
/// that is a bare name (`chase`) is `profiles/NAME.profile` there. A PATTERN is a shell pattern
/// matched against a file's name, or against its whole path when the pattern holds a `/`; the
/// first `match` that fits a file gives its account and profile.
///
/// Command-line flags win over the environment ($PFIN_DB), which wins over this file, which wins
/// over the built-in defaults. `pfin config` shows the effective settings and where each came from.
struct Configuration {
    struct Setting<Value> {
        var value: Value
        /// `FILE:LINE`, where the setting was read.
        var origin: String
    }

    struct Match {
        var pattern: String
        var account: String?
        /// The profile's path.
        var profile: String?
        var origin: String

        func fits(_ path: String) -> Bool {
            let subject = pattern.contains("/") ? path : String(path.split(separator: "/").last ?? Substring(path))
            return fnmatch(pattern, subject, 0) == 0
        }
    }

    /// The file read, if there was one.
    var file: String?
    var rules: Setting<[String]>?
    var currency: Setting<CurrencyCode>?
    var db: Setting<String>?
    var matches: [Match] = []

    /// The settings of this run, loaded before the command runs (`Pfin.dispatch`).
    nonisolated(unsafe) static var current = Configuration()

    static let keywords = ["rules", "currency", "db", "match"]

    /// Where the configuration is looked for: `$XDG_CONFIG_HOME/pfin/config` (an absolute one, as
    /// the XDG spec says), else `$HOME/.config/pfin/config`.
    static func path(environment: (String) -> String? = Configuration.environment) -> String? {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return "\(config)/pfin/config" }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return "\(home)/.config/pfin/config"
    }

    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The configuration at `path()`, empty when there is none; `nil` after printing its errors.
    static func load(printer: inout DiagnosticPrinter) -> Configuration? {
        guard let path = path(), access(path, F_OK) == 0 else { return Configuration() }
        guard let input = try? ByteInput(path: path) else {
            printer.fail("cannot read the configuration '\(path)': \(String(cString: strerror(errno)).lowercased())")
            return nil
        }
        var bytes: [UInt8] = []
        while (try? input.read(appendingTo: &bytes, maxCount: 1 << 16)) ?? 0 > 0, bytes.count <= 1 << 20 {}
        switch parse(String(decoding: bytes, as: UTF8.self), file: path) {
        case .success(let configuration): return configuration
        case .failure(let errors):
            for error in errors.diagnostics { printer.print(error) }
            return nil
        }
    }

    struct Errors: Error { var diagnostics: [Diagnostic] }

    static func parse(_ text: String, file: String) -> Result<Configuration, Errors> {
        var configuration = Configuration(file: file)
        var errors: [Diagnostic] = []
        let folder = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : "."
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let origin = "\(file):\(number)"
            func fail(_ column: Int, _ message: String, notes: [String] = []) {
                errors.append(
                    Diagnostic(
                        .error, code: "config.invalid", at: SourceLocation(file: file, line: number, column: column),
                        message, notes: notes))
            }
            let words: [ProfileWord]
            switch ProfileWord.split(String(line)) {
            case .success(let found): words = found
            case .failure(let quote):
                fail(quote.column, "this quote is never closed; expected a closing \" on the same line")
                continue
            }
            guard let key = words.first else { continue }
            let values = Array(words.dropFirst())
            switch key.text {
            case "rules":
                guard !values.isEmpty else { fail(key.column, "expected the path of a rules file after 'rules'"); continue }
                configuration.rules = Setting(value: values.map { resolve($0.text, in: folder) }, origin: origin)
            case "currency":
                guard values.count == 1, let code = CurrencyCode(values[0].text) else {
                    fail(values.first?.column ?? key.column, "expected one ISO 4217 currency code after 'currency', such as EUR or USD")
                    continue
                }
                configuration.currency = Setting(value: code, origin: origin)
            case "db":
                guard values.count == 1 else { fail(values.dropFirst().first?.column ?? key.column, "expected one ledger path after 'db'"); continue }
                configuration.db = Setting(value: resolve(values[0].text, in: folder), origin: origin)
            case "match":
                guard let pattern = values.first else { fail(key.column, "expected a file pattern after 'match', such as \"*chase*.csv\""); continue }
                var match = Match(pattern: pattern.text, origin: origin)
                var rest = values.dropFirst()[...]
                guard !rest.isEmpty else {
                    fail(pattern.column, "expected 'account NAME' or 'profile PROFILE' after the pattern")
                    continue
                }
                while let word = rest.popFirst() {
                    guard let value = rest.popFirst() else { fail(word.column, "expected a value after '\(word.text)'"); break }
                    switch word.text {
                    case "account": match.account = value.text
                    case "profile": match.profile = profilePath(value.text, in: folder)
                    default:
                        fail(
                            word.column, "unknown part '\(word.text)' of a match; expected account or profile",
                            notes: Spelling.closest(to: word.text, in: ["account", "profile"]).map { ["did you mean '\($0)'?"] } ?? [])
                    }
                }
                configuration.matches.append(match)
            default:
                fail(
                    key.column, "unknown setting '\(key.text)'; expected \(keywords.joined(separator: ", "))",
                    notes: Spelling.closest(to: key.text, in: keywords).map { ["did you mean '\($0)'?"] } ?? [])
            }
        }
        return errors.isEmpty ? .success(configuration) : .failure(Errors(diagnostics: errors))
    }

    /// The first match that fits `path`.
    func match(for path: String) -> Match? { matches.first { $0.fits(path) } }

    /// `~/x` from `$HOME`, `x` from the configuration's folder, `/x` as it is.
    private static func resolve(_ path: String, in folder: String) -> String {
        if path.hasPrefix("~/"), let home = environment("HOME") { return home + path.dropFirst() }
        if path.hasPrefix("/") { return path }
        return folder + "/" + path
    }

    private static func profilePath(_ name: String, in folder: String) -> String {
        name.contains("/") || name.hasSuffix(".profile") ? resolve(name, in: folder) : "\(folder)/profiles/\(name).profile"
    }
}
