import Foundation
import Testing

@testable import StatementFormats

@Suite struct ByteInputTests {
    /// Reads everything left, `maxCount` bytes at a time.
    static func readAll(_ input: ByteInput, maxCount: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        while try input.read(appendingTo: &out, maxCount: maxCount) > 0 {}
        return out
    }

    static let content = Array("Date,Amount\n2024-05-03,-5.00\n".utf8)

    @Test(arguments: [1, 3, 64])
    func inMemoryPeekIsReplayed(maxCount: Int) throws {
        let input = ByteInput(bytes: Self.content, displayName: "memory.csv")
        #expect(input.displayName == "memory.csv")
        #expect(try input.peek(upTo: 4) == Array("Date".utf8))
        #expect(try input.peek(upTo: 4) == Array("Date".utf8), "peeking does not consume")
        #expect(try input.peek(upTo: 1000) == Self.content, "a peek past the end returns what there is")
        #expect(try Self.readAll(input, maxCount: maxCount) == Self.content)
        var more: [UInt8] = []
        #expect(try input.read(appendingTo: &more, maxCount: 10) == 0)
    }

    @Test func peekAfterAPartialRead() throws {
        let input = ByteInput(bytes: Self.content, displayName: "m")
        var out: [UInt8] = []
        #expect(try input.read(appendingTo: &out, maxCount: 5) == 5)
        #expect(try input.peek(upTo: 6) == Array("Amount".utf8), "peek starts where reading stopped")
        #expect(try Self.readAll(input, maxCount: 7) == Array(Self.content.dropFirst(5)))
    }

    @Test func emptyInput() throws {
        let input = ByteInput(bytes: [], displayName: "empty")
        #expect(try input.peek(upTo: 8).isEmpty)
        #expect(try Self.readAll(input, maxCount: 8).isEmpty)
    }

    @Test(arguments: [(4, 1), (4, 5), (200, 3), (0, 16)])
    func fileWithPeekThenRead(peek: Int, maxCount: Int) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pfin-byteinput-\(UUID().uuidString).csv")
        try Data(Self.content).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let input = try ByteInput(path: url.path)
        #expect(input.displayName == url.path)
        #expect(try input.peek(upTo: peek) == Array(Self.content.prefix(peek)))
        #expect(try Self.readAll(input, maxCount: maxCount) == Self.content, "the peeked prefix is replayed, then the rest read")
    }

    @Test func missingFileThrowsWithPathAndReason() {
        let path = "/nonexistent-pfin-dir/statement.csv"
        #expect {
            _ = try ByteInput(path: path)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.path == path && error.errno == ENOENT
                && error.description == "cannot read '\(path)': no such file or directory"
        }
    }

    @Test func directoryIsRejected() {
        let path = FileManager.default.temporaryDirectory.path
        #expect {
            _ = try ByteInput(path: path)
        } throws: { error in
            (error as? InputError)?.errno == EISDIR
        }
    }

    @Test func dashMeansStandardInput() throws {
        #expect(try ByteInput(path: "-").displayName == "<stdin>")
    }
}
