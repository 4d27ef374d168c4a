/// The fuzz targets: one per input language pfin reads.
///
/// Each target is a check of one input: it feeds the bytes to the library's own entry point (the
/// one `pfin` uses) and returns the properties the result breaks, not only whether it crashed. The
/// libFuzzer driver (`Fuzz/`, built with `--sanitize fuzzer`) traps on a violation; the regression
/// tests (`FuzzRegressionTests`) replay every saved input through the same check, unsanitised.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case csv
    case csvProfile = "csv-profile"
    case ofx1
    case ofx2
    case qif
    case camt
    case mt940
    case jsonl
    case xlsx
    case xls
    case html
    case spreadsheetml
    case norma43
    case blocks
    case rules
    case mustache
    case identify
    case store
    case budget
    case prices
    case payees

    /// The name inputs carry in diagnostics; every location must name it.
    public static let inputName = "fuzz-input"

    /// Runs the check of this target on `bytes`: the properties the result breaks (empty when
    /// it holds them all).
    public func check(_ bytes: [UInt8]) -> [String] {
        switch self {
        case .csv: return CSVCheck.run(bytes)
        case .csvProfile: return ProfileCheck.run(bytes)
        case .ofx1: return StatementCheck.run(bytes, reader: .ofx)
        case .ofx2:
            guard case .compared(let differences) = OFXParityCheck.run(bytes) else { return StatementCheck.run(bytes, reader: .ofx) }
            return StatementCheck.run(bytes, reader: .ofx) + differences
        case .qif: return StatementCheck.run(bytes, reader: .qif)
        case .camt: return StatementCheck.run(bytes, reader: .camt)
        case .mt940: return StatementCheck.run(bytes, reader: .mt940)
        case .jsonl: return StatementCheck.run(bytes, reader: .jsonl)
        case .xlsx: return StatementCheck.run(bytes, reader: .xlsx) + ArchiveCheck.run(bytes)
        case .xls: return StatementCheck.run(bytes, reader: .xls)
        case .html: return StatementCheck.run(bytes, reader: .html)
        case .spreadsheetml: return StatementCheck.run(bytes, reader: .spreadsheetml)
        case .norma43: return StatementCheck.run(bytes, reader: .norma43)
        case .blocks: return StatementCheck.run(bytes, reader: .blocks)
        case .rules: return RulesCheck.run(bytes)
        case .mustache: return MustacheCheck.run(bytes)
        case .identify: return IdentificationCheck.run(bytes)
        case .store: return StoreCheck.run(bytes)
        case .budget: return BudgetCheck.run(bytes)
        case .prices: return PricesCheck.run(bytes)
        case .payees: return PayeesCheck.run(bytes)
        }
    }
}
