import Testing

@testable import Rules

/// The token shapes the payee steps remove: each test reads one word's bytes.
struct PayeeShapeTests {
    static let datesAndTimes: [(word: String, isDateOrTime: Bool)] = [
        ("02.05.2024", true), ("13/04", true), ("05/22", true), ("29.12.", true), ("10.31", true), ("18:42", true),
        ("18:42:07", true), ("2024-05-27", true), ("2024-05-27T11:45", true), ("2024-05-27T11:45:30", true),
        ("2023-12-28T11.05", true), ("31.03.2017/13:30", true), ("31.03.2017/13:30:05", true), ("8PM", true), ("11am", true),
        // Not dates: out of range, too many parts, a suffix that is no am/pm, a trailing separator.
        ("13/45", false), ("2024-13-01", false), ("13pm", false), ("8PMX", false), ("8P", false), ("1.", false),
        ("12345", false), ("1.2.3.4.5.6.7", false), ("2024-05-27T11:45:30:10", false), ("12-", false), ("A12", false),
    ]

    @Test(arguments: datesAndTimes)
    func dateOrTime(_ example: (word: String, isDateOrTime: Bool)) {
        let tokens = PayeeTokens()
        tokens.bytes = Array(example.word.utf8)
        tokens.folded = PayeeText.folded(example.word)
        tokens.split(0..<tokens.bytes.count)
        #expect(tokens.count == 1)
        #expect(tokens.isDateOrTime(0) == example.isDateOrTime, "\(example.word)")
    }

    @Test func lastKeptSaysWhetherOthersStayBeforeIt() {
        let tokens = PayeeTokens()
        tokens.bytes = Array("TESCO STORES 1234 BCC".utf8)
        tokens.folded = PayeeText.folded("TESCO STORES 1234 BCC")
        tokens.split(0..<tokens.bytes.count)
        #expect(tokens.lastKept! == (3, true))
        tokens.remove(1..<4)
        #expect(tokens.lastKept! == (0, false))
        tokens.remove(0)
        #expect(tokens.lastKept == nil)
        #expect(tokens.keptIndices.isEmpty)
        tokens.restore(2)
        #expect(tokens.keptIndices == [2])
    }
}
