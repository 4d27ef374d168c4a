// swift-tools-version:6.0
//
// An app's view of pfin: a package that depends on it as any app would (here by path; a
// versioned dependency works the same, since pfin's targets use no unsafe flags) and uses only
// its public API. CI builds and runs it:
//
//   swift run --package-path Examples/MonthSummary MonthSummary Samples/de-dkb-giro.csv Samples/rules.pfin
import Foundation
import PackageDescription

/// A path dependency's identity is its folder's name, which differs between clones.
let pfin = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "month-summary",
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "MonthSummary",
            dependencies: [
                .product(name: "FinanceCore", package: pfin),
                .product(name: "StatementFormats", package: pfin),
                .product(name: "Rules", package: pfin),
                .product(name: "StatementPipeline", package: pfin),
                .product(name: "Reports", package: pfin),
            ])
    ]
)
