import Foundation
import FuzzChecks
import Testing

/// Every input a fuzz campaign ever saved, replayed through its target's check: each crash found
/// stays fixed, and the seed corpora hold the properties too. Inputs are read from the source tree.
struct FuzzRegressionTests {
    /// One saved input: its target and file, named in the test's arguments.
    struct Input: CustomTestStringConvertible, Sendable {
        var target: FuzzTarget
        var path: String
        var testDescription: String { "\(target.rawValue)/\((path as NSString).lastPathComponent)" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files of `folder/<target>/` (relative to the package), for every target.
    static func inputs(under folder: String) -> [Input] {
        FuzzTarget.allCases.flatMap { target -> [Input] in
            let directory = root.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { Input(target: target, path: directory.appendingPathComponent($0).path) }
        }
    }

    static let regressions = inputs(under: "Tests/Fixtures/fuzz-regressions")
    static let seeds = inputs(under: "Fuzz/seeds")

    @Test("a crash the fuzzer found", arguments: regressions)
    func regression(_ input: Input) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input.path)))
        #expect(input.target.check(bytes) == [])
    }

    @Test("a seed of the corpus", arguments: seeds)
    func seed(_ input: Input) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input.path)))
        #expect(input.target.check(bytes) == [])
    }

    /// Every target has seeds, so that a campaign never starts from nothing.
    @Test func everyTargetHasSeeds() {
        let seeded = Set(Self.seeds.map(\.target))
        #expect(FuzzTarget.allCases.filter { !seeded.contains($0) } == [])
    }
}
