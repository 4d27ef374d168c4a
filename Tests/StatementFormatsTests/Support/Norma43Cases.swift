import FinanceCore
import Foundation

@testable import StatementFormats

/// Reads Norma 43 text from memory through the public reader, as `pfin` does for a file.
func readNorma43(_ bytes: [UInt8], options: ReadOptions = ReadOptions()) throws -> StatementCollector {
    var collector = StatementCollector()
    try Norma43StatementReader().read(ByteInput(bytes: bytes, displayName: "t.n43"), options: options, into: &collector)
    return collector
}

func readNorma43(_ text: String, options: ReadOptions = ReadOptions()) throws -> StatementCollector {
    try readNorma43(Array(text.utf8), options: options)
}

/// Norma 43 records written from the Cuaderno 43 layout, 80 columns each, for tests to vary.
enum Norma43Text {
    static func text(_ s: String, _ width: Int) -> String {
        let cut = String(s.prefix(width))
        return cut + String(repeating: " ", count: width - cut.count)
    }

    static func digits(_ value: Int64, _ width: Int) -> String {
        let s = String(value)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    static func header(
        bank: String = "2100", branch: String = "0418", account: String = "0200051332", start: String = "240501",
        end: String = "240531", initial: Int64 = 100_000, currency: String = "978", name: String = "TALLERES MENDEZ SL"
    ) -> String {
        "11" + bank + branch + account + start + end + (initial < 0 ? "1" : "2") + digits(abs(initial), 14) + currency + "3"
            + text(name, 26) + "   "
    }

    static func movement(
        _ cents: Int64, date: String = "240502", common: String = "99", own: String = "000",
        reference2: String = ""
    ) -> String {
        "22" + "    " + "0418" + date + date + common + own + (cents < 0 ? "1" : "2") + digits(abs(cents), 14) + "0000000000"
            + "000000000000" + text(reference2, 16)
    }

    static func concept(_ number: Int, _ first: String, _ second: String = "") -> String {
        "23" + digits(Int64(number), 2) + text(first, 38) + text(second, 38)
    }

    static func equivalence(_ currency: String, _ cents: Int64) -> String {
        text("2401" + currency + digits(cents, 14), 80)
    }

    /// The account end record the bank would write for these movements.
    static func end(
        bank: String = "2100", branch: String = "0418", account: String = "0200051332", initial: Int64 = 100_000,
        movements: [Int64], currency: String = "978"
    ) -> String {
        let debits = movements.filter { $0 < 0 }, credits = movements.filter { $0 >= 0 }
        let final = initial + movements.reduce(0, +)
        return "33" + bank + branch + account + digits(Int64(debits.count), 5) + digits(-debits.reduce(0, +), 14)
            + digits(Int64(credits.count), 5) + digits(credits.reduce(0, +), 14) + (final < 0 ? "1" : "2") + digits(abs(final), 14)
            + currency + "    "
    }

    static func fileEnd(_ count: Int) -> String { text("88" + String(repeating: "9", count: 18) + digits(Int64(count), 6), 80) }

    /// A whole file: `records`, then the end-of-file record counting them; CRLF line ends.
    static func file(_ records: [String]) -> String {
        (records + [fileEnd(records.count)]).joined(separator: "\r\n") + "\r\n"
    }

    /// One account with a movement per amount (each with a 23 01 concept `MOVIMIENTO n`).
    static func account(initial: Int64 = 100_000, _ movements: [Int64]) -> [String] {
        var records = [header(initial: initial)]
        for (i, cents) in movements.enumerated() {
            records += [movement(cents, date: "2405\(digits(Int64(i + 2), 2))"), concept(1, "MOVIMIENTO \(i + 1)")]
        }
        return records + [end(initial: initial, movements: movements)]
    }
}
