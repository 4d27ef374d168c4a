import FinanceCore
import Testing

@testable import Rules

/// The normaliser cleans a text once and remembers it; the memo never gives one text's name to another.
@Suite struct PayeeMemoTests {
    @Test func aRepeatedTextGetsTheSameNameAsTheFirstTime() {
        let normaliser = PayeeNormaliser()
        for raw in ["SQ *BLUE BOTTLE COFFEE", "Hausverwaltung Schäfer & Söhne", "SQ *BLUE BOTTLE COFFEE", ""] {
            var first = PaymentActivity.memoFixture(raw), again = PaymentActivity.memoFixture(raw)
            normaliser.normalise(&first)
            normaliser.normalise(&again)
            #expect(first.name == again.name && first.rawName == again.rawName)
            #expect(first.name == normaliser.clean(raw))
        }
    }

    @Test func textsSharingSlotsAreToldApartByTheirBytes() {
        let memo = PayeeMemo()
        // Same length, first and last eight bytes: the same two slots by construction.
        let a = "ABCDEFGH-one-STUVWXYZ", b = "ABCDEFGH-two-STUVWXYZ", c = "ABCDEFGH-3rd-STUVWXYZ"
        #expect(PayeeMemo.slot(of: a) == PayeeMemo.slot(of: b) && PayeeMemo.slot(of: a) == PayeeMemo.slot(of: c))
        #expect(PayeeMemo.slot(of: a) % 2 == 0)
        #expect(memo.find(a).name == nil)
        memo.store(a, name: "One", slot: memo.find(a).slot)
        #expect(memo.find(b).name == nil)
        memo.store(b, name: nil, slot: memo.find(b).slot)
        // Two texts that take turns both stay: neither is cleaned again.
        for _ in 0..<3 {
            #expect(memo.find(a).name == .some("One"))
            #expect(memo.find(b).name == .some(nil))
        }
        // A third replaces the one used less recently (`a`, since `b` was found last).
        memo.store(c, name: "Three", slot: memo.find(c).slot)
        #expect(memo.find(a).name == nil)
        #expect(memo.find(b).name == .some(nil))
        #expect(memo.find(c).name == .some("Three"))
        // Short texts (small strings, under eight bytes) and the empty text have slots too.
        memo.store("", name: nil, slot: memo.find("").slot)
        #expect(memo.find("").name == .some(nil))
        #expect(memo.find("Café").name == nil)
    }

    /// The memo's purpose, measured in cleanings: three hundred payees in turn are each cleaned
    /// once, however their texts fall into slots.
    @Test func aFewHundredTextsInTurnAreCleanedOnce() {
        let memo = PayeeMemo()
        let texts = (0..<300).map { "MERCHANT \(["MAPLE", "HERON", "CEDAR"][$0 % 3]) STORE \($0)" }
        var misses = 0
        for _ in 0..<20 {
            for text in texts {
                let found = memo.find(text)
                if found.name == nil {
                    misses += 1
                    memo.store(text, name: text.lowercased(), slot: found.slot)
                }
            }
        }
        // Only a set of three or more of the 300 texts (2,048 pairs of slots) could take turns
        // evicting each other.
        #expect(misses < 330, "\(misses) cleanings for 300 texts seen 20 times")
    }
}

extension PaymentActivity {
    fileprivate static func memoFixture(_ name: String) -> PaymentActivity {
        PaymentActivity(
            id: ActivityID(value: 1), account: nil, date: LocalDate(iso: "2024-05-01")!, name: name, address: nil,
            amount: Money(units: -100, scale: 2, currency: nil), memo: nil, type: .expense, category: nil,
            source: SourceLocation(file: "memo.csv", line: 2))
    }
}

/// The word sets the steps ask about every word: short words packed into one key, longer ones apart.
@Suite struct PayeeWordSetTests {
    @Test func membersAndNonMembersAtEveryLength() {
        let words = ["wa", "nsw", "s.a.r.l.", "gmbh", "harbour", "junction", "a"].map { Array($0.utf8) }
        let set = PayeeWordSet(words)
        for word in words { #expect(set.contains(word[...]), "\(String(decoding: word, as: UTF8.self))") }
        for other in ["w", "was", "nswx", "gmb", "harbou", "harbours", "junctio", "", "b", "s.a.r.l", "wa\u{0}"] {
            #expect(!set.contains(Array(other.utf8)[...]), "\(other)")
        }
        // A slice of a longer array, as the steps pass a token of a name.
        let name = Array("ROSE BAY nsw 2029".utf8)
        #expect(set.contains(name[9..<12]))
        #expect(!set.contains(name[0..<4]))
    }

    @Test func manyWordsStillFound() {
        let words = (0..<1000).map { Array("w\($0)".utf8) }
        let set = PayeeWordSet(words)
        #expect(words.allSatisfy { set.contains($0[...]) })
        #expect(!set.contains(Array("w1000".utf8)[...]))
    }
}
