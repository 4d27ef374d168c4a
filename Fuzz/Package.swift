// swift-tools-version:6.0
//
// The libFuzzer driver of pfin's fuzz targets, apart from the main package so that its normal
// `swift build` and `swift test` never see it. Built only by Scripts/fuzz:
//
//   swift build -c release --package-path Fuzz --product pfin-fuzz --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address
//
// The checks themselves are the main package's FuzzChecks (Tests/FuzzChecks), which
// `swift test` also runs over every saved input.
import Foundation
import PackageDescription

/// A path dependency's identity is its folder's name, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "pfin-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // No main.swift: under --sanitize fuzzer, libFuzzer's own main runs LLVMFuzzerTestOneInput.
        .executableTarget(name: "pfin-fuzz", dependencies: [.product(name: "FuzzChecks", package: root)], path: "Driver"),
        // The same checks over saved inputs, without sanitizers: `swift build -c release --package-path Fuzz
        // --product pfin-fuzz-replay --scratch-path Fuzz/.build-replay` (Scripts/fuzz replay).
        .executableTarget(name: "pfin-fuzz-replay", dependencies: [.product(name: "FuzzChecks", package: root)], path: "Replay"),
    ]
)
