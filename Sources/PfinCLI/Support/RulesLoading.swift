import FinanceCore
import Glibc
import Rules
import StatementFormats

/// `--rules FILE` (repeatable): rules files read, parsed and compiled once.
enum RulesLoading {
    static let rules = Option(
        "--rules", value: "FILE", repeatable: true,
        help: "Categorise with a rules file; several apply in the order given (see 'pfin help rules').")
    static let rawNames = Flag(
        "--raw-names", help: "Keep names as the bank wrote them: no payee normalisation (see 'pfin help rules').")
    static let specs = [rules.spec, rawNames.spec]

    /// The rule set of `paths` in order; every error of every file is printed, and `nil` returned
    /// when there was one.
    static func ruleSet(_ paths: [String], printer: inout DiagnosticPrinter) -> RuleSet? {
        var set = RuleSet()
        var failed = false
        for path in paths {
            guard let text = readText(path, printer: &printer) else {
                failed = true
                continue
            }
            switch RulesParser.parse(text, file: path) {
            case .success(let rules): set = set.appending(rules)
            case .failure(let errors):
                for diagnostic in errors.diagnostics { printer.print(diagnostic) }
                failed = true
            }
        }
        return failed ? nil : set
    }

    /// The compiled rules of `--rules` (none given: the configuration's `rules`), with payee
    /// normalisation unless `--raw-names`; `.some(nil)` when there are no rules and names are
    /// normalised (the rules stage's standard), `nil` on errors.
    static func load(_ arguments: ParsedArguments, printer: inout DiagnosticPrinter) -> RuleEngine?? {
        let given = arguments.all(rules)
        let paths = given.isEmpty ? Configuration.current.rules?.value ?? [] : given
        let raw = arguments[rawNames]
        guard !paths.isEmpty || raw else { return .some(nil) }
        guard var set = paths.isEmpty ? RuleSet() : ruleSet(paths, printer: &printer) else { return nil }
        if raw { set.normalisesPayees = false }
        return .some(RuleEngine(set))
    }

    /// A small text file, whole.
    static func readText(_ path: String, printer: inout DiagnosticPrinter) -> String? {
        do {
            let input = try ByteInput(path: path)
            var bytes: [UInt8] = []
            while try input.read(appendingTo: &bytes, maxCount: 1 << 16) > 0 {
                if bytes.count > 16 << 20 {
                    printer.fail("'\(path)' is larger than 16 MiB; is it a rules file?")
                    return nil
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            printer.fail("cannot read '\(path)': \(String(cString: strerror(error.errno)).lowercased())")
            return nil
        }
    }
}
