import FinanceCore
import StatementFormats

/// The CSV profile check: a profile that parses prints back (as a complete profile, its gaps
/// filled) to the same settings; one that does not has every error located inside its text; and
/// a fixed CSV file read with the profile pinned keeps every location inside that file.
enum ProfileCheck {
    /// A small export the fuzzed profile is applied to: three columns, a header, two rows.
    static let csvFile = "fixed.csv"
    static let csvBytes = Array("Date,Description,Amount\n2024-05-01,Coffee shop,-3.50\n2024-05-02,Salary,2500.00\n".utf8)

    static func run(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let shape = InputShape(Array(text.utf8))
        switch CSVProfile.parse(text, file: FuzzTarget.inputName) {
        case .failure(let errors):
            if errors.diagnostics.isEmpty { return ["a failed profile parse has no diagnostic"] }
            return errors.diagnostics.compactMap { d in shape.problem(with: d.location).map { "profile \(d.code): \($0)" } }
        case .success(let profile):
            return roundTrip(completed(profile)) + applied(profile)
        }
    }

    /// `profile` with every missing setting given the value detection would most often find.
    static func completed(_ profile: CSVProfile) -> CSVDialect {
        let columns =
            profile.columns.flatMap { $0.isEmpty ? nil : $0 }
            ?? [.date: .position(1), .name: .position(2), .amount: .position(3)]
        return CSVDialect(
            encoding: profile.encoding ?? .utf8, delimiter: profile.delimiter ?? UInt8(ascii: ","),
            skip: profile.skip ?? 0, hasHeader: profile.hasHeader ?? true,
            dateFormat: profile.dateFormat ?? DateFormat("yyyy-mm-dd")!,
            decimalMark: profile.decimalMark ?? UInt8(ascii: "."), columns: columns,
            account: profile.account, currency: profile.currency, amountSign: profile.amountSign ?? .asIs,
            accountKind: profile.accountKind, writtenByPfin: profile.writtenByPfin ?? false)
    }

    /// The dialect printed as a profile must parse, and to exactly the dialect's settings.
    static func roundTrip(_ dialect: CSVDialect) -> [String] {
        let printed = dialect.profileText(source: "fuzz")
        switch CSVProfile.parse(printed, file: "printed") {
        case .failure(let errors):
            return ["the printed profile does not parse: \(errors.diagnostics.map(\.description)); text:\n\(printed)"]
        case .success(let back):
            return back == CSVProfile(dialect) ? [] : ["the printed profile reads back different: \(back) vs \(CSVProfile(dialect)); text:\n\(printed)"]
        }
    }

    /// Reads the fixed CSV with the profile pinned (as `convert --profile` does).
    static func applied(_ profile: CSVProfile) -> [String] {
        var sink = CollectingSink()
        var found: [String] = []
        do {
            try CSVStatementReader().read(ByteInput(bytes: csvBytes, displayName: csvFile), options: ReadOptions(csvProfile: profile), into: &sink)
        } catch {
            found.append("the reader threw \(error)")
        }
        let shape = InputShape(csvBytes)
        for d in sink.diagnostics { if let p = shape.problem(with: d.location, file: csvFile) { found.append("reading with the profile, \(d.code): \(p)") } }
        for a in sink.activities { if let p = shape.problem(with: a.source, file: csvFile) { found.append("reading with the profile, activity: \(p)") } }
        return found
    }
}
