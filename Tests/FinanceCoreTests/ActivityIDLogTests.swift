import FinanceCore
import TestSupport
import Testing

/// `ActivityIDLog`: ids built in parts with a log, then numbered part after part by one builder
/// (`renumber`), must be the ids one builder gives reading every row in order, including where
/// that builder releases old dates and loses track of one.
@Suite struct ActivityIDLogTests {
    struct Row {
        var date: LocalDate
        var name: String
        var bankID: String?
    }

    static func rows(count: Int, seed: UInt64, sorted: Bool) -> [Row] {
        var random = SeededRandom(seed: seed)
        let start = LocalDate(year: 2024, month: 1, day: 1)!
        return (0..<count).map { k in
            // Sorted: a day every 40 rows; unsorted: any of 200 days. Few names, so rows repeat.
            let offset = sorted ? k / 40 : Int(random.next() % 200)
            let name = "SHOP \(random.next() % 6)"
            return Row(date: start.adding(days: offset), name: name, bankID: k % 11 == 0 ? "T\(random.next() % 50)" : nil)
        }
    }

    static func id(_ row: Row, _ builder: ActivityIDBuilder) -> ActivityID {
        if let bankID = row.bankID { return builder.id(account: "A", bankID: bankID, date: row.date) }
        return builder.id(account: "A", date: row.date, amount: Money(units: -350, scale: 2), name: row.name)
    }

    /// The ids and the first lost date in order, then the same from parts of `size` rows.
    static func compare(_ rows: [Row], partSize: Int, limits: (Int, Int)) -> (direct: [ActivityID], parted: [ActivityID], lost: (LocalDate?, LocalDate?)) {
        let direct = ActivityIDBuilder(sortedRowLimit: limits.0, unsortedRowLimit: limits.1)
        var directLost: LocalDate?
        let expected = rows.map { row in
            let id = id(row, direct)
            if directLost == nil { directLost = direct.lostTrackOfDate }
            return id
        }
        let file = ActivityIDBuilder(sortedRowLimit: limits.0, unsortedRowLimit: limits.1)
        let log = ActivityIDLog()
        let part = ActivityIDBuilder(log: log)
        var parted: [ActivityID] = []
        var partedLost: LocalDate?
        for start in stride(from: 0, to: rows.count, by: partSize) {
            log.removeAll()
            var ids: [ActivityID] = []
            for (k, row) in rows[start..<min(start + partSize, rows.count)].enumerated() {
                log.mark(row: k, line: start + k + 2)
                ids.append(id(row, part))
            }
            let renumbered = file.renumber(log)
            for (row, id) in renumbered.changed { ids[row] = id }
            if partedLost == nil, let lost = renumbered.lostTrack { partedLost = lost.date }
            parted += ids
        }
        return (expected, parted, (directLost, partedLost))
    }

    @Test(arguments: [1, 7, 64, 1_000])
    func partsNumberedInOrderGiveTheIdsOfOneReading(_ partSize: Int) {
        for sorted in [true, false] {
            let rows = Self.rows(count: 3_000, seed: 5, sorted: sorted)
            let result = Self.compare(rows, partSize: partSize, limits: (1 << 13, 1 << 16))
            #expect(result.direct == result.parted)
            #expect(Set(result.direct).count == rows.count, "identical rows keep distinct ids")
        }
    }

    @Test func releasedDatesAndALostDateComeOutAlike() {
        // Tiny limits: a sorted file releases old dates, an unsorted one loses track of a date.
        for sorted in [true, false] {
            let rows = Self.rows(count: 2_000, seed: 9, sorted: sorted)
            let result = Self.compare(rows, partSize: 37, limits: (16, 32))
            #expect(result.direct == result.parted)
            #expect(result.lost.0 == result.lost.1)
            if !sorted { #expect(result.lost.0 != nil) }
        }
    }
}
