// swift-tools-version:6.0
//
// pfin: bank statement exports in, clean categorised transactions out.
//
// Data flows one way: bytes → reader → PaymentActivity stream → rules → store / writer / report.
// Each arrow is a module boundary below; nothing flows back.
import PackageDescription

let package = Package(
    name: "pfin",
    products: [
        .executable(name: "pfin", targets: ["pfin"]),
        .executable(name: "pfin-bench", targets: ["pfin-bench"]),
        .library(name: "FinanceCore", targets: ["FinanceCore"]),
        .library(name: "StatementFormats", targets: ["StatementFormats"]),
        .library(name: "Rules", targets: ["Rules"]),
        .library(name: "StatementPipeline", targets: ["StatementPipeline"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "ReportRendering", targets: ["ReportRendering"]),
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "LedgerStore", targets: ["LedgerStore"]),
        // The fuzz targets' checks, for the libFuzzer package in Fuzz/ (Scripts/fuzz); not an API.
        .library(name: "FuzzChecks", targets: ["FuzzChecks"]),
    ],
    targets: [
        // MARK: Libraries
        // Pure values: money, dates, activities, diagnostics. No I/O.
        .target(name: "FinanceCore"),
        // Readers and writers for every statement format, behind shared protocols.
        .target(name: "StatementFormats", dependencies: ["FinanceCore", "CLibXML2", "CZlib", "CLinux"]),
        // Rules files: grammar, parser, compiled matcher (literal index + regex), engine, lint, learning.
        .target(name: "Rules", dependencies: ["FinanceCore"]),
        // The flow from inputs to sinks, as values: where inputs come from, the rules stage, the writer, report and import ends.
        .target(name: "StatementPipeline", dependencies: ["FinanceCore", "StatementFormats", "Rules", "LedgerStore", "Reports"]),
        // Report data: monthly summaries, budgets and recurring payments computed from activities. Renders nothing.
        .target(name: "Reports", dependencies: ["FinanceCore", "Rules"]),
        // Mustache templates (the spec's required modules, plus inheritance): parse once, render many.
        .target(name: "Mustache"),
        // Text, CSV, JSON and HTML renderings of report data; the default HTML templates built in.
        .target(name: "ReportRendering", dependencies: ["FinanceCore", "Reports", "Mustache"]),
        // The ledger: an SQLite database of activities (schema, migrations, imports, queries). All the SQL lives here.
        .target(name: "LedgerStore", dependencies: ["FinanceCore", "CSQLite"]),
        // The command line: argument parsing, subcommands, diagnostics printing. `pfin` is a thin main.
        .target(name: "PfinCLI", dependencies: ["FinanceCore", "StatementFormats", "Rules", "StatementPipeline", "Reports", "ReportRendering", "LedgerStore"]),

        // MARK: System libraries
        // libxml2 for the XML formats (OFX 2.x, CAMT.053). Only XML readers import it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // zlib for the DEFLATE members of XLSX workbooks (ZIP archives). Only the XLSX reader imports it.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Linux calls glibc declares only under _GNU_SOURCE (sync_file_range). Only the outputs import it.
        .systemLibrary(name: "CLinux"),
        // SQLite 3 for the ledger. Only LedgerStore imports it.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // MARK: Executables
        .executableTarget(name: "pfin", dependencies: ["PfinCLI"]),
        .executableTarget(
            name: "pfin-bench",
            dependencies: ["FinanceCore", "StatementFormats", "StatementPipeline", "Rules", "Reports", "ReportRendering", "PfinCLI", "LedgerStore"],
            // The C floors are built by the benchmark itself, with the system's compiler.
            exclude: ["Floors"]),

        // MARK: Tests
        .testTarget(name: "FinanceCoreTests", dependencies: ["FinanceCore"]),
        .testTarget(
            name: "StatementPipelineTests", dependencies: ["StatementPipeline", "StatementFormats", "Rules", "LedgerStore", "FinanceCore", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "FinanceCore", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "FinanceCore", "TestSupport"]),
        // The store over temporary databases: schema, migrations, import semantics, queries, transfer matching.
        .testTarget(name: "LedgerStoreTests", dependencies: ["LedgerStore", "FinanceCore", "TestSupport"]),
        // Runs the Mustache spec suite from ../shared/mustache-spec when it is there.
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(
            name: "ReportRenderingTests", dependencies: ["ReportRendering", "Reports", "FinanceCore", "BrowserCheck", "TestSupport"],
            exclude: ["Golden"]),
        // Headless Chromium as a test instrument (layout at a width, screenshots), for the HTML tests.
        .target(name: "BrowserCheck", path: "Tests/BrowserCheck"),
        // What several test targets share: the seeded generator of the property tests, golden files.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // One check per input language: what each fuzz target holds the library to (Fuzz/, Scripts/fuzz).
        .target(
            name: "FuzzChecks", dependencies: ["FinanceCore", "StatementFormats", "Rules", "Mustache", "LedgerStore", "Reports"], path: "Tests/FuzzChecks"),
        // Replays every saved fuzz input (Tests/Fixtures/fuzz-regressions, Fuzz/*/seeds) through its check, unsanitised.
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzChecks"]),
        // Fixtures and golden files are read from the source tree (#filePath), not bundled.
        .testTarget(
            name: "StatementFormatsTests",
            dependencies: ["StatementFormats", "FinanceCore", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        // End-to-end: runs the built `pfin` binary.
        .testTarget(
            name: "PfinCLITests",
            dependencies: ["PfinCLI", "pfin", "BrowserCheck", "ReportRendering", "FinanceCore", "LedgerStore", "TestSupport"],
            exclude: ["Golden", "Fixtures"]
        ),
    ]
)
