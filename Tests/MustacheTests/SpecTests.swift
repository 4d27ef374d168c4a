import Foundation
import Mustache
import Testing

/// The Mustache spec's own test files, run case by case.
///
/// They live outside the repository, in `../shared/mustache-spec` beside the clone (as on the
/// build machines and in CI). When that folder is missing the tests are reported as skipped, not
/// passed, so a green run always means the spec ran.
struct SpecTests {
    @Test(.enabled(if: SpecSuite.isAvailable, SpecSuite.missingReason), arguments: SpecSuite.cases)
    func specCase(_ spec: SpecCase) throws {
        let library = try MustacheLibrary(templates: spec.partials.merging([SpecCase.templateName: spec.template]) { _, main in main })
        let rendered = library.render(SpecCase.templateName, spec.data)
        #expect(rendered == spec.expected, "\(spec.description)")
    }

    /// Every module the engine implements is there and readable, so a renamed or broken file
    /// cannot shrink the suite without notice.
    @Test(.enabled(if: SpecSuite.isAvailable, SpecSuite.missingReason), arguments: SpecSuite.requiredFiles)
    func specFileLoads(_ file: String) throws {
        let cases = try SpecSuite.load(file)
        #expect(!cases.isEmpty)
    }
}

/// One case of a spec file: a template, its partials, the data and the expected output.
struct SpecCase: Sendable, CustomTestStringConvertible {
    static let templateName = "spec-case.mustache"

    let file: String
    let name: String
    let description: String
    let template: String
    let partials: [String: String]
    let data: MustacheValue
    let expected: String

    var testDescription: String { "\(file): \(name)" }
}

enum SpecSuite {
    /// `Tests/MustacheTests/SpecTests.swift` → repository root → `../shared/mustache-spec`.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/mustache-spec")

    static let isAvailable = FileManager.default.fileExists(atPath: folder.path)
    static let missingReason: Comment = "the Mustache spec is not at ../shared/mustache-spec beside the repository"

    /// The spec's required modules plus the optional inheritance module, which the engine implements.
    static let requiredFiles = [
        "comments.json", "delimiters.json", "interpolation.json", "inverted.json", "partials.json",
        "sections.json", "~inheritance.json",
    ]
    /// Optional modules the engine does not implement: lambdas need code in the data, dynamic
    /// names (`{{>*name}}`) are not supported.
    static let unsupportedFiles: Set<String> = ["~lambdas.json", "~dynamic-names.json"]

    /// Every case of every spec file present, except the unsupported modules.
    static let cases: [SpecCase] = {
        guard isAvailable, let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") && !unsupportedFiles.contains($0) }.sorted()
            .flatMap { (try? load($0)) ?? [] }
    }()

    static func load(_ file: String) throws -> [SpecCase] {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        return try JSONDecoder().decode(SpecFile.self, from: data).tests.map { test in
            SpecCase(
                file: file, name: test.name, description: test.desc, template: test.template,
                partials: test.partials ?? [:], data: test.data.mustacheValue, expected: test.expected)
        }
    }

    private struct SpecFile: Decodable {
        struct Test: Decodable {
            let name: String
            let desc: String
            let template: String
            let partials: [String: String]?
            let data: JSONValue
            let expected: String
        }

        let tests: [Test]
    }
}

/// A JSON value as the spec files hold it, turned into the engine's data.
enum JSONValue: Decodable {
    case null, bool(Bool), integer(Int), number(Double), string(String)
    case array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Numbers become their shortest text (`1.210` → `1.21`, `85` → `85`), as the spec expects.
    var mustacheValue: MustacheValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let integer): .string(String(integer))
        case .number(let number): .string("\(number)")
        case .string(let text): .string(text)
        case .array(let items): .list(items.map(\.mustacheValue))
        case .object(let fields): .object(MustacheObject(fields.mapValues(\.mustacheValue)))
        }
    }
}
