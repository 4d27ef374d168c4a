import Foundation
import TestSupport
import Testing

/// Round-trip properties of every writer on seeded random activities with awkward text
/// (`AwkwardActivities`): written by the built `pfin` and read back, each format gives the same
/// activities for every field it can hold (the field tables of `RoundTripTests`).
@Suite struct WriterPropertyTests {
    static let seeds: [UInt64] = [1, 2, 15, 2024]
    static let count = 150

    /// The generated activities, normalised by pfin's JSON Lines reader and writer.
    static func original(seed: UInt64) throws -> (TemporaryDirectory, String, [[String: String]]) {
        let directory = try TemporaryDirectory()
        var generator = AwkwardActivities(seed: seed)
        try generator.jsonLines(count).write(to: URL(fileURLWithPath: directory.path("generated.jsonl")))
        let path = directory.path("original.jsonl")
        let result = try PfinProcess.run(["convert", directory.path("generated.jsonl"), "--to", "jsonl", "-o", path])
        #expect(result.status == 0, "seed \(seed): \(result.stderr)")
        return (directory, path, try RoundTripTests.objects(Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static func back(_ from: String, through format: String, in directory: TemporaryDirectory) throws -> [[String: String]] {
        let written = directory.path("out.\(format)")
        try RoundTripTests.convert(from, to: format, written)
        try RoundTripTests.convert(written, to: "jsonl", directory.path("back.jsonl"))
        return try RoundTripTests.objects(Data(contentsOf: URL(fileURLWithPath: directory.path("back.jsonl"))))
    }

    /// Text fields as OFX 1.x holds them: each line break (CR LF, LF or CR) a space.
    static func spaced(_ a: [String: String]) -> [String: String] {
        var a = a
        for key in ["name", "memo", "fitid", "checkNumber"] {
            a[key] = a[key].map {
                $0.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
            }
        }
        return a
    }

    /// Text fields as OFX and QIF readers give them: without the white space (bytes up to 0x20)
    /// around them, none when nothing is left (OFX 2.2 §2.3.1: leaf values are trimmed); the
    /// memo cut to `memoLimit` characters first, as the OFX writer cuts it.
    static func trimmed(_ a: [String: String], memoLimit: Int? = nil) -> [String: String] {
        var a = a
        if let memoLimit, let memo = a["memo"] { a["memo"] = String(memo.prefix(memoLimit)) }
        for key in ["name", "memo", "address", "category", "checkNumber"] {
            guard let text = a[key] else { continue }
            let bytes = Array(text.utf8)
            var lo = 0, hi = bytes.count
            while lo < hi, bytes[lo] <= 0x20 { lo += 1 }
            while hi > lo, bytes[hi - 1] <= 0x20 { hi -= 1 }
            a[key] = lo == hi ? (key == "name" ? "" : nil) : String(decoding: bytes[lo..<hi], as: UTF8.self)
        }
        return a
    }

    @Test(arguments: seeds)
    func jsonLinesKeepsEverything(_ seed: UInt64) throws {
        let (directory, original, lines) = try Self.original(seed: seed)
        #expect(lines.count == Self.count)
        #expect(try Self.back(original, through: "jsonl", in: directory) == lines)
    }

    @Test(arguments: seeds)
    func csvKeepsEverything(_ seed: UInt64) throws {
        let (directory, original, lines) = try Self.original(seed: seed)
        let back = try Self.back(original, through: "csv", in: directory)
        #expect(back.count == lines.count)
        for (a, b) in zip(lines, back) where a != b { Issue.record("seed \(seed): \(a) came back as \(b)") }
    }

    @Test(arguments: seeds)
    func qifKeepsWhatQIFHolds(_ seed: UInt64) throws {
        let (directory, original, lines) = try Self.original(seed: seed)
        let back = try Self.back(original, through: "qif", in: directory)
        var currencies: [String: Set<String>] = [:]
        for line in lines { currencies[line["account"] ?? "", default: []].insert(line["currency"] ?? "") }
        let expected = lines.map { RoundTripTests.qifKept(Self.trimmed($0), currencyShown: (currencies[$0["account"] ?? ""]?.count ?? 0) > 1) }
        let got = back.map { RoundTripTests.qifKept($0, currencyShown: true) }
        #expect(got.count == lines.count)
        for missing in Set(expected).subtracting(got).sorted().prefix(5) {
            let came = got.filter { $0.prefix(10) == missing.prefix(10) }
            Issue.record("seed \(seed): not back from QIF: \(missing); came back: \(came)")
        }
    }

    @Test("QIF: an activity with neither account nor currency, after one in a currency, comes back without one")
    func qifKeepsTheMissingCurrency() throws {
        let directory = try TemporaryDirectory()
        let input = directory.path("in.jsonl")
        try Data(
            """
            {"id":"0000000000000002","account":null,"date":"2024-05-02","name":"B","amount":"-2.500","currency":"KWD","type":"expense","source":"g:2"}
            {"id":"0000000000000001","account":null,"date":"2024-05-01","name":"A","amount":"-1.50","currency":null,"type":"expense","source":"g:1"}

            """.utf8
        ).write(to: URL(fileURLWithPath: input))
        let back = try Self.back(input, through: "qif", in: directory)
        // The writer put its record after the KWD block, where it was read in KWD (found by the property).
        #expect(back.map { "\($0["name"]!) \($0["amount"]!) \($0["currency"] ?? "-")" }.sorted() == ["A -1.50 -", "B -2.500 KWD"])
    }

    @Test(arguments: seeds.flatMap { seed in ["ofx", "ofx1"].map { (seed, $0) } })
    func ofxKeepsWhatOFXHolds(_ seed: UInt64, _ format: String) throws {
        let (directory, original, lines) = try Self.original(seed: seed)
        let back = try Self.back(original, through: format, in: directory)
        let expected = lines.map { line in
            RoundTripTests.ofxKept(Self.trimmed(format == "ofx1" ? Self.spaced(Self.trimmed(line, memoLimit: 255)) : line, memoLimit: 255))
        }
        let got = back.map(RoundTripTests.ofxRead)
        #expect(got.count == expected.count)
        for missing in Set(expected).subtracting(got).sorted().prefix(5) { Issue.record("seed \(seed): not back from \(format): \(missing)") }
    }
}
