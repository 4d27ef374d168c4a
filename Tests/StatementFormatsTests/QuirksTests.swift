import FinanceCore
import Foundation
import StatementFormats
import Testing

/// One real-world quirk of a bank's (or a tool's) file: a fixture, the format it must be
/// identified as, what it must read as, and the exact warnings it must give (each once).
///
/// Cases live in `Fixtures/quirks/*.json`, one file per area, so that each format's quirks are
/// listed beside its fixtures:
///
/// ```json
/// [{"name": "OFX 1.x without the OFXHEADER line", "file": "ofx/no-ofxheader.ofx", "format": "ofx",
///   "count": 2, "sums": {"1234|USD": "-12.34"},
///   "warnings": ["the exact message"], "strictErrors": 1}]
/// ```
///
/// `sums` are keyed `ACCOUNT|CURRENCY` (`null` for none). `errors` (default 0) counts error
/// diagnostics; `strictErrors`, when given, is the number of errors when read with `--strict`.
/// `names`, when given, are the activities' names in order, as read (before payee cleaning);
/// `categories` and `types` their categories and types; `dates` their dates (`2024-03-15`).
/// `foreign` instead of `format` says the file is no statement and what `ForeignFile` calls it.
struct QuirkCase: Sendable, CustomTestStringConvertible, Decodable {
    var name: String
    var file: String
    var format: String?
    var foreign: String?
    var count: Int?
    var sums: [String: String]?
    var names: [String]?
    /// The activities' categories in order (`""` for none).
    var categories: [String]?
    /// The activities' types in order (`income`, `expense`, `transfer`).
    var types: [String]?
    /// The activities' dates in order, `yyyy-mm-dd`.
    var dates: [String]?
    var warnings: [String]?
    var errors: Int?
    var strictErrors: Int?
    var options: Options?

    struct Options: Sendable, Decodable {
        var currency: String?
        var account: String?
        var sheet: String?
    }

    var testDescription: String { name }

    static let all: [QuirkCase] = {
        let folder = Repository.fixtures.appendingPathComponent("quirks")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return names.flatMap { name -> [QuirkCase] in
            let url = folder.appendingPathComponent(name)
            do {
                return try JSONDecoder().decode([QuirkCase].self, from: Data(contentsOf: url))
            } catch {
                return [QuirkCase(name: "\(name) does not parse: \(error)", file: "")]
            }
        }
    }()

    var path: String { Repository.fixtures.appendingPathComponent("quirks").appendingPathComponent(file).path }

    func readOptions(strict: Bool) -> ReadOptions {
        ReadOptions(account: options?.account, currency: options?.currency.flatMap { CurrencyCode($0) }, strict: strict, sheet: options?.sheet)
    }
}

@Suite struct QuirksTests {
    @Test func thereAreFortyQuirksAtLeast() {
        #expect(QuirkCase.all.count >= 40, "the quirks table has \(QuirkCase.all.count) cases")
        #expect(Set(QuirkCase.all.map(\.name)).count == QuirkCase.all.count, "quirk names are unique")
    }

    @Test(arguments: QuirkCase.all)
    func quirk(_ quirk: QuirkCase) throws {
        #expect(!quirk.file.isEmpty, "\(quirk.name)")
        let identification = try StatementIdentification.identify(ByteInput(path: quirk.path))
        if let foreign = quirk.foreign {
            #expect(identification.format == nil)
            #expect(identification.foreign?.kind.description == foreign)
            return
        }
        let format = try #require(quirk.format.flatMap(StatementFormat.init(rawValue:)), "the case names a format")
        #expect(identification.format == format, "identified as \(identification.format?.name ?? "nothing")")
        #expect(identification.format != .csv || format == .csv, "fell through to CSV")
        guard let reader = StatementReaders.reader(for: format) else {
            Issue.record("no reader for \(format.name)")
            return
        }
        var collector = Collector()
        try reader.read(ByteInput(path: quirk.path), options: quirk.readOptions(strict: false), into: &collector)
        let errors = collector.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == quirk.errors ?? 0, "errors: \(errors.map(\.description))")
        if let count = quirk.count { #expect(collector.activities.count == count) }
        if let sums = quirk.sums { #expect(Self.sums(collector.activities) == sums) }
        if let names = quirk.names { #expect(collector.activities.map(\.name) == names) }
        if let categories = quirk.categories { #expect(collector.activities.map { $0.category ?? "" } == categories) }
        if let types = quirk.types { #expect(collector.activities.map(\.type.rawValue) == types) }
        if let dates = quirk.dates { #expect(collector.activities.map(\.date.description) == dates) }
        let warnings = collector.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings == (quirk.warnings ?? []), "warnings: \(warnings)")
        if let strictErrors = quirk.strictErrors {
            var strict = Collector()
            try reader.read(ByteInput(path: quirk.path), options: quirk.readOptions(strict: true), into: &strict)
            #expect(strict.errors.count == strictErrors, "under --strict: \(strict.errors.map(\.description))")
        }
    }

    /// Sums per `ACCOUNT|CURRENCY`, exactly.
    static func sums(_ activities: [PaymentActivity]) -> [String: String] {
        var totals: [String: Money] = [:]
        for a in activities {
            let key = "\(a.account ?? "null")|\(a.currency?.description ?? "null")"
            totals[key] = totals[key].map { $0.adding(a.amount)! } ?? a.amount
        }
        return totals.mapValues(\.decimalString)
    }
}
